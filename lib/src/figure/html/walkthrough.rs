//! The walkthrough page: `explain`'s figures as HTML, each group of boards a strip of frames
//! that the page's script steps through (previous, next, play).

use std::convert::Infallible;

use super::{
    MOST_PAGE_BYTES, MOST_WALKTHROUGH_CELLS, PageError, WALKTHROUGH_SCRIPT, document, drawing_html,
    escape, hue, mark_class,
};
use crate::figure::{Block, Drawing, Figure};
use crate::notation::state_digit;
use crate::render::{Mark, mark_name, state_mark_name};

/// The walkthroughs of every board, gathered until the page is written.
#[derive(Default)]
pub struct Walkthrough {
    sections: Vec<String>,
    /// The bytes of every section, of which only those within [`MOST_PAGE_BYTES`] are kept (a
    /// page past it is refused, and a long input is not held whole).
    bytes: usize,
    /// How many boards were explained.
    boards: usize,
    /// True when some boards given could not be read, and the page says so.
    incomplete: bool,
}

impl Walkthrough {
    /// Refuses boards too large for a walkthrough page before any is explained.
    pub fn fits(cells: u64) -> Result<(), PageError<Infallible>> {
        if cells > MOST_WALKTHROUGH_CELLS {
            return Err(PageError::BoardsTooLarge(cells));
        }
        Ok(())
    }

    /// How many boards the page explains.
    pub fn boards(&self) -> usize {
        self.boards
    }

    /// Marks the page as missing boards that could not be read: it says so at its top.
    pub fn mark_incomplete(&mut self) {
        self.incomplete = true;
    }

    /// Adds the walkthrough (or proof) of one board.
    pub fn add(&mut self, figure: &Figure) {
        self.boards += 1;
        let mut html = String::from("<section class=\"explained\">\n");
        for block in &figure.blocks {
            html.push_str(&block_html(block));
        }
        html.push_str("</section>\n");
        self.bytes += html.len();
        if self.bytes <= MOST_PAGE_BYTES {
            self.sections.push(html);
        }
    }

    /// The whole page, or the refusal of one too large.
    pub fn page(&self) -> Result<String, PageError<Infallible>> {
        let title = match self.boards {
            1 => "flipgame explain".to_string(),
            boards => format!("flipgame explain: {boards} boards"),
        };
        let note = if self.incomplete {
            "<p role=\"note\" class=\"incomplete\">Some boards given could not be read and are \
             not here: flipgame's errors say which.</p>\n"
        } else {
            ""
        };
        let body = |sections: &str| {
            format!(
                "<main id=\"app\" data-page=\"walkthrough\">\n<h1>{}</h1>\n{note}{sections}</main>",
                escape(&title)
            )
        };
        // The page is its frame and every board's section: its size is known before it is
        // written, from the sections counted even where they were not kept.
        let bytes = document(&title, &body(""), WALKTHROUGH_SCRIPT, None, None).len() + self.bytes;
        if bytes > MOST_PAGE_BYTES {
            return Err(PageError::WalkthroughTooLarge(bytes));
        }
        Ok(document(
            &title,
            &body(&self.sections.concat()),
            WALKTHROUGH_SCRIPT,
            None,
            None,
        ))
    }
}

/// One block of a figure as HTML.
fn block_html(block: &Block) -> String {
    match block {
        Block::Heading { title, detail } => format!(
            "<h2>{} <span class=\"detail\">{}</span></h2>\n",
            escape(title),
            escape(detail)
        ),
        Block::Text(text) => format!("<p>{}</p>\n", escape(text)),
        Block::Strong(text) => format!("<p><strong>{}</strong></p>\n", escape(text)),
        Block::Line(text) => format!("<pre>{}</pre>\n", escape(text)),
        Block::Blank | Block::Chart(_) => String::new(),
        Block::Boards(drawings) => boards_html(drawings),
        Block::Steps(drawings) => steps_html(drawings),
        Block::Legend(marks) => legend_html(marks, None),
        Block::StateLegend(marks, states) => legend_html(marks, Some(*states)),
    }
}

/// Boards side by side.
fn boards_html(drawings: &[Drawing]) -> String {
    let boards: String = drawings.iter().map(drawing_html).collect();
    format!("<div class=\"boards\">{boards}</div>\n")
}

/// Steps as a strip of frames with its controls, which the page's script shows one at a time
/// (without the script, every frame shows, side by side); the start alone is one board.
fn steps_html(drawings: &[Drawing]) -> String {
    if drawings.len() < 2 {
        return boards_html(drawings);
    }
    format!(
        "<div class=\"film\" data-frames=\"{}\">\n<div class=\"controls\" hidden>\
         <button type=\"button\" data-step=\"-1\">Previous</button>\
         <button type=\"button\" data-step=\"1\">Next</button>\
         <button type=\"button\" data-step=\"play\">Play</button>\
         <output aria-live=\"polite\"></output></div>\n{}</div>\n",
        drawings.len(),
        boards_html(drawings)
    )
}

/// What the marks drawn mean, and the pieces' colours.
fn legend_html(marks: &[Mark], states: Option<u8>) -> String {
    let mut items: Vec<String> = marks
        .iter()
        .map(|&mark| {
            let name = match states {
                Some(_) => state_mark_name(mark),
                None => mark_name(mark),
            };
            format!(
                "<li><span class=\"cell p0 {}\" aria-hidden=\"true\"></span> {}</li>",
                mark_class(mark),
                escape(name)
            )
        })
        .collect();
    match states {
        Some(states) => items.extend((0..states).map(|state| {
            let shown = state_digit(state);
            format!(
                "<li><span class=\"cell p{state}\"{} aria-hidden=\"true\">{shown}</span> \
                 colour {shown}</li>",
                hue(state)
            )
        })),
        None => items.extend(["black", "white"].iter().enumerate().map(|(index, name)| {
            format!(
                "<li><span class=\"cell p{}\" aria-hidden=\"true\"></span> {name}</li>",
                1 - index
            )
        })),
    }
    let numbered = states.map_or(String::new(), |states| format!(" data-states=\"{states}\""));
    format!("<ul class=\"legend\"{numbered}>{}</ul>\n", items.concat())
}
