//! The walkthrough page: `explain`'s figures as HTML, each group of boards a strip of frames
//! that the page's script steps through (previous, next, play).

use super::{document, drawing_html, escape, mark_class, within_size};
use crate::commands::Failure;
use crate::figure::{Block, Drawing, Figure};
use crate::render::{Mark, mark_name, state_mark_name};

/// The walkthroughs of every board, gathered until the page is written.
#[derive(Default)]
pub struct Walkthrough {
    sections: Vec<String>,
}

impl Walkthrough {
    /// Adds the walkthrough (or proof) of one board.
    pub fn add(&mut self, figure: &Figure) {
        let mut html = String::from("<section class=\"explained\">\n");
        for block in &figure.blocks {
            html.push_str(&block_html(block));
        }
        html.push_str("</section>\n");
        self.sections.push(html);
    }

    /// The whole page, or the refusal of one too large.
    pub fn page(&self) -> Result<String, Failure> {
        let title = match self.sections.len() {
            1 => "flipgame explain".to_string(),
            boards => format!("flipgame explain: {boards} boards"),
        };
        let body = format!(
            "<main id=\"app\" data-page=\"walkthrough\">\n<h1>{}</h1>\n{}</main>",
            escape(&title),
            self.sections.concat()
        );
        within_size(
            document(&title, &body, None),
            "large boards or many steps: --max-steps draws fewer, --map one map",
        )
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
        Block::Legend(marks) => legend_html(marks, None),
        Block::StateLegend(marks, states) => legend_html(marks, Some(*states)),
    }
}

/// Boards side by side: one drawn as it is, several as a strip of frames with its controls.
fn boards_html(drawings: &[Drawing]) -> String {
    let frames: String = drawings.iter().map(drawing_html).collect();
    if drawings.len() < 2 {
        return format!("<div class=\"boards\">{frames}</div>\n");
    }
    format!(
        "<div class=\"film\" data-frames=\"{}\">\n<div class=\"controls\" hidden>\
         <button type=\"button\" data-step=\"-1\">Previous</button>\
         <button type=\"button\" data-step=\"1\">Next</button>\
         <button type=\"button\" data-step=\"play\">Play</button>\
         <output aria-live=\"polite\"></output></div>\n<div class=\"boards\">{frames}</div>\n</div>\n",
        drawings.len()
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
            let shown = super::digit(state);
            format!(
                "<li><span class=\"cell p{state}\" aria-hidden=\"true\">{shown}</span> \
                 colour {shown}</li>"
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
