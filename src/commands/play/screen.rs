//! What `play` shows: the words of the status, and the full screen as lines of text laid out for
//! a terminal of a given size. Nothing here touches a terminal, so every screen is tested as
//! plain text.

use flipgame::game::Game;
use flipgame::notation::Cell;

use crate::commands::kind::CommandKind;
use crate::output::text::{self, Panel, Pen, View};
use flipgame::figure::html::play_title;
use flipgame::render::{self, Mark};

/// The keys, as the help line shows them.
const HELP_LINE: &[&str] = &[
    "arrows move",
    "space tap",
    "h hint",
    "s solve",
    "u undo",
    "r redo",
    "n new",
    "? keys",
    "q quit",
];

/// Every key, as `?` lists them.
const KEYS: &[(&str, &str)] = &[
    ("arrows, j k l, w a d, H S", "move the cursor"),
    ("space, enter, click", "tap the piece"),
    (
        "h",
        "hint: mark one tap of an optimal solution (again for the next)",
    ),
    ("s", "mark every tap of an optimal solution"),
    ("p", "mark the proof, when the board can never be finished"),
    ("u, ctrl-z", "undo"),
    ("r, ctrl-y", "redo"),
    ("backspace", "restart (redo makes the taps again)"),
    ("n", "a new puzzle"),
    ("?", "this list (any key closes it)"),
    ("q, esc, ctrl-c", "quit"),
];

/// Lines above the board's rows: the title and a blank line, the board's title, its column
/// labels and the line that marks the cursor's column.
const LINES_ABOVE: usize = 5;

/// What the full screen remembers between frames.
#[derive(Clone, Debug, Default)]
pub struct Ui {
    /// The first row and column shown (boards larger than the terminal scroll).
    pub top: usize,
    /// The first column shown.
    pub left: usize,
    /// True while the list of keys is shown.
    pub help: bool,
    /// A line about the last key: a hint, a refusal, the win.
    pub message: Option<String>,
    /// The seed new puzzles are dealt from.
    pub seed: u64,
}

/// One frame of the full screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The lines, top to bottom (colour codes included when colouring).
    pub lines: Vec<String>,
    /// Where the terminal's cursor goes (column, line from 0): on the piece under the game's
    /// cursor.
    pub cursor: Option<(u16, u16)>,
    /// The board part shown, and where its first piece is drawn (column, line).
    board: Option<(View, (usize, usize))>,
}

impl Frame {
    /// The square drawn at column `x`, line `y`, if any (for mouse clicks).
    pub fn square_at(&self, x: usize, y: usize) -> Option<Cell> {
        let (view, (left, top)) = self.board.as_ref()?;
        let row = view.rows.start + y.checked_sub(*top)?;
        // A cell is three columns wide and its piece is the middle one.
        let col = view.cols.start + (x + 1).checked_sub(*left)? / 3;
        (view.rows.contains(&row) && view.cols.contains(&col)).then_some(Cell::new(row, col))
    }
}

/// Draws `game` for a terminal of `width` x `height`, scrolling `ui` so the cursor is shown.
pub fn frame<K: CommandKind>(
    game: &Game<K>,
    ui: &mut Ui,
    pen: &Pen,
    (width, height): (usize, usize),
) -> Frame {
    let shape = game.shape();
    let (rows, cols) = (shape.rows() as usize, shape.cols() as usize);
    let label_width = rows.to_string().len();
    let mut lines = vec![play_title::<K>(game.puzzle()), String::new()];
    let room_for = |below: &[String]| {
        height
            .saturating_sub(LINES_ABOVE + 1 + below.len())
            .min(rows)
    };
    let mut below = below_the_board(game, ui, pen, width, true);
    if room_for(&below) == 0 {
        // The board comes first: the legend and the key line go before its last row does.
        below = below_the_board(game, ui, pen, width, false);
    }
    let shown_rows = room_for(&below);
    let shown_cols = (width.saturating_sub(label_width + 1) / 3).min(cols);
    if shown_rows == 0 || shown_cols == 0 {
        // The title goes: in a window this small every line is for what to do.
        let needed = (label_width + 4, LINES_ABOVE + 2 + below.len());
        return Frame::text(render::wrap(
            &format!(
                "Enlarge the window, or press q: a {shape} board needs {} columns and {} rows, \
                 and this one has {width} and {height}.",
                needed.0, needed.1
            ),
            width.max(1),
        ));
    }
    if ui.help {
        lines.extend(help_lines(ui, pen));
        return Frame::text(lines);
    }
    let cursor = game.cursor();
    ui.top = scrolled(ui.top, cursor.row, shown_rows, rows);
    ui.left = scrolled(ui.left, cursor.col, shown_cols, cols);
    let view = View {
        size: (rows, cols),
        rows: ui.top..ui.top + shown_rows,
        cols: ui.left..ui.left + shown_cols,
        cursor: Some((cursor.row, cursor.col)),
    };
    let panel = board_panel(game, pen, &view);
    // The board's first row comes after the lines above it; its first piece after the label,
    // a space and the cell's opening bracket.
    let first_piece = (label_width + 2, LINES_ABOVE);
    lines.extend(text::side_by_side(&[panel], width));
    lines.push(String::new());
    lines.extend(below);
    let on_screen = (
        first_piece.0 + 3 * (cursor.col - view.cols.start),
        first_piece.1 + (cursor.row - view.rows.start),
    );
    Frame {
        lines,
        cursor: Some((on_screen.0 as u16, on_screen.1 as u16)),
        board: Some((view, first_piece)),
    }
}

impl Frame {
    /// A frame of text alone, with no board and no cursor.
    fn text(lines: Vec<String>) -> Frame {
        Frame {
            lines,
            cursor: None,
            board: None,
        }
    }
}

/// The list of keys, shown in place of the board while help is on.
fn help_lines(ui: &Ui, pen: &Pen) -> Vec<String> {
    let mut lines = vec![pen.strong("Keys")];
    for (keys, what) in KEYS {
        lines.push(format!("  {keys:<28}{what}"));
    }
    lines.push(String::new());
    lines.push(format!(
        "New puzzles are dealt from --seed {}. Any key goes back to the game.",
        ui.seed
    ));
    lines
}

/// The part of the board `view` shows, titled, with hints and the proof marked.
fn board_panel<K: CommandKind>(game: &Game<K>, pen: &Pen, view: &View) -> Panel {
    let puzzle = game.puzzle();
    let shape = game.shape();
    let (rows, cols) = view.size;
    let title = if view.rows.len() < rows || view.cols.len() < cols {
        format!(
            "Rows {}-{} and columns {}-{} of {shape}",
            view.rows.start + 1,
            view.rows.end,
            view.cols.start + 1,
            view.cols.end
        )
    } else {
        format!("{shape} board")
    };
    let board = game.board();
    let marks = game.marks();
    let proof = game.proof();
    let mark = |row, col| {
        if proof.is_some_and(|proof| K::in_proof(puzzle, proof, row, col)) {
            Mark::Proof
        } else if marks.contains(&Cell::new(row, col)) {
            Mark::Hint
        } else {
            Mark::Plain
        }
    };
    let piece = |row, col| K::piece(board, row, col);
    text::grid_view(pen, &title, view, piece, mark)
}

/// The lines under the board: the status and any message, then (when `keys`) the legend and
/// the key line.
fn below_the_board<K: CommandKind>(
    game: &Game<K>,
    ui: &Ui,
    pen: &Pen,
    width: usize,
    keys: bool,
) -> Vec<String> {
    let status = game.status();
    let mut lines = render::wrap(&status.words::<K>(game.puzzle(), "n"), width);
    if let Some(message) = &ui.message {
        lines.extend(render::wrap(message, width));
    }
    if !keys {
        return lines;
    }
    let mut used = Vec::new();
    if !game.marks().is_empty() {
        used.push(Mark::Hint);
    }
    if game.proof().is_some() {
        used.push(Mark::Proof);
    }
    lines.extend(pen.legend(&used, K::recorded_states(game.puzzle()), width));
    let help: Vec<(String, usize)> = HELP_LINE
        .iter()
        .map(|item| (item.to_string(), item.len()))
        .collect();
    lines.extend(text::join_to_width(&help, "  ", width));
    lines
}

/// The first index shown of `total` when `shown` fit, moved as little as keeps `at` in view.
fn scrolled(first: usize, at: usize, shown: usize, total: usize) -> usize {
    // Up to `at` when it is above, down to show it last when it is below, and never past the
    // end (a window that grows shows more of the board, not empty space).
    let first = first.min(at).max((at + 1).saturating_sub(shown));
    first.min(total - shown)
}

#[cfg(test)]
mod tests {
    use flipgame::game::{Direction, Event};
    use flipgame::grid::{Grid, Shape};
    use flipgame::puzzle::{Goal, Puzzle};
    use flipgame::rule::Rule;
    use flipgame::solve::Solver;

    use super::*;
    use flipgame::kind::{KStates, TwoStates};

    /// Compares `text` with `src/commands/play/snapshots/NAME.txt`.
    fn snapshot(name: &str, text: &str) {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/src/commands/play/snapshots");
        crate::snapshot::snapshot(std::path::Path::new(folder), name, text);
    }

    fn game(size: (u32, u32), rule: &str, goal: Goal, board: &str) -> Game {
        let shape = Shape::new(size.0, size.1).unwrap();
        let puzzle = Puzzle::new(shape, Rule::parse(rule).unwrap(), false, goal).unwrap();
        let board = Grid::parse(board, shape).unwrap();
        Game::new(Solver::new(puzzle).unwrap(), board).unwrap()
    }

    fn sample() -> Game {
        game((4, 4), "plus", Goal::Either, "bwwb/bbwb/bwwb/bwww")
    }

    fn text<K: CommandKind>(game: &Game<K>, ui: &mut Ui, size: (usize, usize)) -> String {
        let frame = frame(game, ui, &Pen::new(false, false), size);
        let mut text = frame.lines.join("\n");
        if let Some((x, y)) = frame.cursor {
            text.push_str(&format!("\n[cursor at column {x}, line {y}]"));
        }
        text
    }

    #[test]
    fn the_start() {
        snapshot("the_start", &text(&sample(), &mut Ui::default(), (80, 24)));
    }

    /// Pieces of K colours are drawn as their digits, the hint marked, the legend naming the
    /// colours.
    #[test]
    fn a_game_of_k_colours_with_a_hint() {
        use flipgame::grid::StateBoard;
        use flipgame::puzzle::{StateGoal, StatePuzzle};
        use flipgame::solve::states::StateSolver;
        let shape = Shape::new(3, 3).unwrap();
        let puzzle = StatePuzzle::new(
            shape,
            Rule::parse("plus").unwrap(),
            false,
            3,
            StateGoal::Any,
        )
        .unwrap();
        let board = StateBoard::parse("120/011/202", shape, 3).unwrap();
        let mut game = Game::<KStates>::new(StateSolver::new(puzzle).unwrap(), board).unwrap();
        game.apply(Event::Hint).unwrap();
        let mut ui = Ui {
            message: Some("Hint: tap r1c3.".to_string()),
            ..Ui::default()
        };
        snapshot(
            "a_game_of_k_colours_with_a_hint",
            &text(&game, &mut ui, (80, 24)),
        );
    }

    #[test]
    fn a_game_of_k_colours_with_its_proof() {
        use flipgame::grid::StateBoard;
        use flipgame::puzzle::{StateGoal, StatePuzzle};
        use flipgame::solve::states::StateSolver;
        let shape = Shape::new(2, 3).unwrap();
        let rule = Rule::parse("plus").unwrap();
        let puzzle = StatePuzzle::new(shape, rule, false, 4, StateGoal::Color(0)).unwrap();
        let board = StateBoard::parse("100/000", shape, 4).unwrap();
        let mut game = Game::<KStates>::new(StateSolver::new(puzzle).unwrap(), board).unwrap();
        game.apply(Event::ShowProof).unwrap();
        let weights = &game.proof().unwrap().weights;
        // Cells weighed and cells not: the marks must follow the weights, not fill the board.
        assert!(weights.contains(&0) && weights.iter().any(|&weight| weight != 0));
        snapshot(
            "a_game_of_k_colours_with_its_proof",
            &text(&game, &mut Ui::default(), (80, 24)),
        );
    }

    #[test]
    fn after_a_hint_and_a_move() {
        let mut game = sample();
        game.apply(Event::Hint).unwrap();
        game.apply(Event::Move(Direction::Down)).unwrap();
        game.apply(Event::Move(Direction::Right)).unwrap();
        let mut ui = Ui {
            message: Some("Hint: tap r1c1.".to_string()),
            ..Ui::default()
        };
        snapshot("after_a_hint_and_a_move", &text(&game, &mut ui, (80, 24)));
    }

    #[test]
    fn solved() {
        let mut game = sample();
        for square in game.solution() {
            game.apply(Event::Tap(square)).unwrap();
        }
        snapshot("solved", &text(&game, &mut Ui::default(), (80, 24)));
    }

    /// The win is said in one sentence, measured against the fewest from the start.
    #[test]
    fn a_win_is_measured_against_the_fewest() {
        let mut game = sample();
        for square in game.solution() {
            game.apply(Event::Tap(square)).unwrap();
        }
        assert_eq!(
            game.status().words::<TwoStates>(game.puzzle(), "'new'"),
            "Solved in 4 taps, the fewest possible! 'new' deals the next."
        );
        let mut game = sample();
        game.apply(Event::Tap(Cell::new(3, 3))).unwrap();
        game.apply(Event::Tap(Cell::new(3, 3))).unwrap();
        for square in game.solution() {
            game.apply(Event::Tap(square)).unwrap();
        }
        assert_eq!(
            game.status().words::<TwoStates>(game.puzzle(), "n"),
            "Solved in 6 taps; the fewest is 4. n deals the next."
        );
    }

    #[test]
    fn impossible_with_its_proof() {
        let mut game = game((4, 4), "plus", Goal::Either, "bwbw/wwww/bbwb/bwwb");
        game.apply(Event::ShowProof).unwrap();
        let proof = game.proof().unwrap();
        let mut ui = Ui {
            message: Some(render::impossibility(game.solver().puzzle(), proof, true)),
            ..Ui::default()
        };
        snapshot("impossible_with_its_proof", &text(&game, &mut ui, (80, 24)));
    }

    #[test]
    fn a_board_larger_than_the_window_scrolls_with_the_cursor() {
        let board = vec!["bw".repeat(15); 30].join("/");
        let mut game = game((30, 30), "x", Goal::Either, &board);
        let mut ui = Ui::default();
        for _ in 0..20 {
            game.apply(Event::Move(Direction::Down)).unwrap();
            game.apply(Event::Move(Direction::Right)).unwrap();
        }
        snapshot(
            "a_board_larger_than_the_window_scrolls_with_the_cursor",
            &text(&game, &mut ui, (50, 22)),
        );
        assert_eq!((ui.top, ui.left), (10, 6));
    }

    #[test]
    fn the_title_says_which_part_of_the_board_is_shown() {
        let title = |size: (u32, u32), window: (usize, usize)| {
            let board = vec!["w".repeat(size.1 as usize); size.0 as usize].join("/");
            let game = game(size, "plus", Goal::Either, &board);
            frame(&game, &mut Ui::default(), &Pen::new(false, false), window).lines[2].clone()
        };
        assert_eq!(
            title((30, 3), (80, 20)),
            "Rows 1-11 and columns 1-3 of 30x3"
        );
        assert_eq!(
            title((3, 40), (60, 24)),
            "Rows 1-3 and columns 1-19 of 3x40"
        );
        assert_eq!(title((3, 19), (60, 24)), "3x19 board");
    }

    #[test]
    fn the_view_follows_the_cursor_both_ways_and_fills_a_larger_window() {
        assert_eq!(scrolled(0, 3, 5, 20), 0, "in view: no scrolling");
        assert_eq!(scrolled(0, 7, 5, 20), 3, "below: shown last");
        assert_eq!(scrolled(10, 4, 5, 20), 4, "above: shown first");
        assert_eq!(scrolled(10, 10, 5, 20), 10, "at the top: stays");
        assert_eq!(scrolled(10, 14, 5, 20), 10, "at the bottom: stays");
        assert_eq!(
            scrolled(15, 19, 10, 20),
            10,
            "a larger window shows no empty space"
        );
        let board = vec!["w".repeat(30); 30].join("/");
        let mut game = game((30, 30), "plus", Goal::Either, &board);
        let mut ui = Ui::default();
        for _ in 0..29 {
            game.apply(Event::Move(Direction::Down)).unwrap();
        }
        // 14 rows fit in 60x24 and 20 in 60x30.
        frame(&game, &mut ui, &Pen::new(false, false), (60, 24));
        assert_eq!(ui.top, 30 - 14);
        frame(&game, &mut ui, &Pen::new(false, false), (60, 30));
        assert_eq!(ui.top, 30 - 20, "a taller window shows more rows above");
        for _ in 0..25 {
            game.apply(Event::Move(Direction::Up)).unwrap();
        }
        frame(&game, &mut ui, &Pen::new(false, false), (60, 30));
        assert_eq!(ui.top, 4);
    }

    /// The message fits in the window it is about, 5 to 7 rows of 30 columns.
    #[test]
    fn a_window_too_small_says_so() {
        snapshot(
            "a_window_too_small_says_so",
            &text(&sample(), &mut Ui::default(), (30, 7)),
        );
        for height in 5..=7 {
            let frame = frame(
                &sample(),
                &mut Ui::default(),
                &Pen::new(false, false),
                (30, height),
            );
            assert!(frame.lines.len() <= height, "{height}: {:?}", frame.lines);
            let words = frame.lines.join(" ");
            assert!(
                words.starts_with("Enlarge the window, or press q:"),
                "{height}: {words}"
            );
        }
    }

    #[test]
    fn a_short_window_shows_rows_of_the_board_before_the_keys() {
        snapshot(
            "a_short_window_shows_rows_of_the_board_before_the_keys",
            &text(&sample(), &mut Ui::default(), (30, 10)),
        );
    }

    #[test]
    fn the_list_of_keys() {
        let mut ui = Ui {
            help: true,
            seed: 42,
            ..Ui::default()
        };
        snapshot("the_list_of_keys", &text(&sample(), &mut ui, (80, 24)));
    }

    #[test]
    fn a_click_lands_on_the_piece_drawn_there() {
        let board = vec!["w".repeat(12); 12].join("/");
        let mut game = game((12, 12), "plus", Goal::Either, &board);
        let mut ui = Ui::default();
        for _ in 0..11 {
            game.apply(Event::Move(Direction::Right)).unwrap();
        }
        game.apply(Event::Move(Direction::Down)).unwrap();
        let frame = frame(&game, &mut ui, &Pen::new(false, false), (30, 20));
        let (x, y) = frame.cursor.unwrap();
        let (x, y) = (usize::from(x), usize::from(y));
        assert_eq!(frame.square_at(x, y), Some(game.cursor()));
        // The brackets on either side of a piece belong to its cell; the labels to none.
        assert_eq!(frame.square_at(x - 1, y), Some(game.cursor()));
        assert_eq!(frame.square_at(x + 1, y), Some(game.cursor()));
        assert_eq!(frame.square_at(x - 2, y), Some(Cell::new(1, 10)));
        assert_eq!(frame.square_at(x, y - 1), Some(Cell::new(0, 11)));
        assert_eq!(frame.square_at(x, y - 2), None);
        assert_eq!(frame.square_at(x + 2, y), None);
        assert_eq!(frame.square_at(0, y), None);
        let cell: String = frame.lines[y].chars().skip(x - 1).take(3).collect();
        assert_eq!(cell.trim_end(), " ○");
        // Without colour the cursor is still shown: its row by `>` after the row's number, its
        // column by `v` over the piece on the line under the column numbers.
        assert!(frame.lines[y].starts_with(" 2> "), "{:?}", frame.lines[y]);
        assert_eq!(frame.lines[y - 2], format!("{}v", " ".repeat(x)));
        assert!(
            frame.lines[y - 3].ends_with("12"),
            "{:?}",
            frame.lines[y - 3]
        );
    }

    #[test]
    fn the_status_says_what_is_proven() {
        let game = sample();
        let mut status = game.status();
        assert_eq!(
            status.words::<TwoStates>(game.puzzle(), "n"),
            "Taps made: 0. Fewest taps left: 4, to all white. Goal: all white or all black."
        );
        status.proven = false;
        status.lower_bound = Some(2);
        status.taps_made = 1;
        assert_eq!(
            status.words::<TwoStates>(game.puzzle(), "n"),
            "Taps made: 1. Fewest taps left: at most 4, to all white (at least 2; not proven \
             minimal). Goal: all white or all black."
        );
    }
}
