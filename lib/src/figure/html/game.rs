//! The puzzle page's game, which the page's module runs: the library's [`Game`] and [`Dealer`]
//! behind the page's controls, answering each command with the position to draw.

use std::fmt;
use std::time::Duration;

use serde::Serialize;

use super::{PageData, PuzzleLook, Seed, SpecError, digits};
use crate::figure::explain::ExplainKind;
use crate::game::lines::{Command, parse};
use crate::game::{Dealer, DealerError, Event, Game, Refusal};
use crate::notation::Cell;
use crate::random::Generator;
use crate::record::{Position, Tap};

use crate::words::count_of;

/// The game of a puzzle page: its starting boards, the one played, and new ones dealt. No
/// key loses a game: a restart, a new puzzle or another of the page's puzzles leaves the game
/// where undo (or the puzzle list) finds it again.
pub struct PageGame<K: ExplainKind> {
    game: Game<K>,
    dealer: Dealer<K>,
    /// Where the seeds of new puzzles come from.
    seeds: Generator,
    /// The seed the puzzle played was dealt from, when it was dealt alone.
    seed: Option<u64>,
    starts: Vec<K::Board>,
    /// The starting board played, `None` for one dealt in the page.
    current: Option<usize>,
    /// Each starting board's taps when another was last chosen.
    progress: Vec<Vec<Cell>>,
    /// Each starting board: finished at least once.
    solved: Vec<bool>,
    /// The games a restart or a new puzzle left, newest last.
    left: Vec<LeftGame<K::Board>>,
    message: Option<String>,
}

/// A game left by a restart or a new puzzle: undo with no tap to take back goes back to it.
struct LeftGame<B> {
    start: B,
    made: Vec<Cell>,
    puzzle: Option<usize>,
    seed: Option<u64>,
}

/// Why a page's game could not begin: only a page edited by hand gets one.
#[derive(Debug)]
pub enum PageGameError<K: ExplainKind> {
    /// The puzzle could not be made again.
    Spec(SpecError),
    /// The page has no starting board.
    NoBoards,
    /// A starting board (its index) is no board of the puzzle.
    Board(usize),
    /// The puzzle is too large to solve.
    Solver(K::TooLarge),
    /// No puzzles of the taps asked for can be dealt.
    Dealer(DealerError<K>),
    /// The game refused its first board.
    Refusal(Refusal),
}

impl<K: ExplainKind> fmt::Display for PageGameError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PageGameError::Spec(error) => error.fmt(f),
            PageGameError::NoBoards => f.write_str("the page has no puzzle"),
            PageGameError::Board(index) => {
                write!(f, "the page's puzzle {} is no board of it", index + 1)
            }
            PageGameError::Solver(error) => error.fmt(f),
            PageGameError::Dealer(_) => {
                f.write_str("the page asks for puzzles of a number of taps none needs")
            }
            PageGameError::Refusal(refusal) => refusal.fmt(f),
        }
    }
}

impl<K: ExplainKind> std::error::Error for PageGameError<K> {}

/// A proof drawn on the page: each cell's weight, and the sentence for the board now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PageProof {
    /// Each cell's weight, row-major, one digit a cell (0: not in the proof).
    pub weights: String,
    /// The argument, for the board as it is now.
    pub sentence: String,
}

/// What the page draws after each command: where the game stands, and the marks, the status
/// line, the proof and any message.
#[derive(Serialize)]
#[serde(bound(serialize = ""))]
pub struct PageView<'a, K: ExplainKind> {
    /// Where the game stands, as `play --format jsonl` writes it.
    #[serde(flatten)]
    pub position: Position<'a, K>,
    /// Each cell's colour, row-major, one digit a cell.
    pub colors: String,
    /// The cells marked by hints or by the solution, oldest first, each with the taps the
    /// solution makes there (`times` for K colours).
    pub marks: Vec<Tap>,
    /// The newest mark, where the page moves the focus after a hint.
    pub newest_mark: Option<Cell>,
    /// The status line: the taps made, the fewest left and the goal, or the win.
    pub status: String,
    /// The proof, once the board can never be finished.
    pub proof: Option<PageProof>,
    /// What the last command said: a refusal, or news.
    pub message: Option<String>,
    /// The starting board played (from 0), `null` for a puzzle dealt in the page.
    pub puzzle: Option<usize>,
    /// The seed the puzzle was dealt from, when it was dealt alone: `flipgame play --seed`
    /// deals the same puzzle from it, and so does the page's `deal` (decimal text).
    pub seed: Option<Seed>,
    /// For each of the page's starting boards, whether it has been finished.
    pub puzzles_solved: Vec<bool>,
    /// True when a tap can be taken back.
    pub can_undo: bool,
    /// True when a tap taken back can be made again.
    pub can_redo: bool,
}

impl<K: ExplainKind> PageGame<K> {
    /// The game of a page's `data`, whose puzzle is `puzzle` (made from its spec), each search
    /// for the fewest taps cut at `search_time` (then the best found, not proven).
    pub fn new(
        data: &PageData,
        puzzle: K::Puzzle,
        search_time: Option<Duration>,
    ) -> Result<PageGame<K>, PageGameError<K>> {
        let starts = data
            .boards
            .iter()
            .enumerate()
            .map(|(index, text)| {
                let colors: Option<Vec<u8>> = text
                    .chars()
                    .map(|digit| {
                        digit
                            .to_digit(36)
                            .and_then(|value| u8::try_from(value).ok())
                    })
                    .collect();
                colors
                    .filter(|colors| colors.len() as u64 == K::shape(&puzzle).cells())
                    .and_then(|colors| K::board_of_colors(&puzzle, &colors).ok())
                    .ok_or(PageGameError::Board(index))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let first = starts.first().cloned().ok_or(PageGameError::NoBoards)?;
        let dealer = Dealer::new(&puzzle, data.deal.moves, data.deal.seed.0, &mut |_, _| {})
            .map_err(PageGameError::Dealer)?;
        let solver = K::solver(puzzle).map_err(PageGameError::Solver)?;
        PageGame::assemble(data, starts, first, solver, dealer, search_time)
    }

    /// The game of `data`, its boards read (`starts`, the first played) and its solver and
    /// dealer made.
    pub(super) fn assemble(
        data: &PageData,
        starts: Vec<K::Board>,
        first: K::Board,
        mut solver: K::Solver,
        dealer: Dealer<K>,
        search_time: Option<Duration>,
    ) -> Result<PageGame<K>, PageGameError<K>> {
        K::set_search_time(&mut solver, search_time);
        let game = Game::new(solver, first).map_err(PageGameError::Refusal)?;
        let mut page = PageGame {
            game,
            dealer,
            seeds: Generator::from_seed(data.deal.seed.0),
            seed: data.seed.map(|seed| seed.0),
            progress: vec![Vec::new(); starts.len()],
            solved: vec![false; starts.len()],
            starts,
            current: Some(0),
            left: Vec::new(),
            message: None,
        };
        page.prove_when_impossible();
        Ok(page)
    }

    /// How the page draws the puzzle.
    pub fn look(&self) -> PuzzleLook {
        PuzzleLook::of::<K>(self.game.puzzle())
    }

    /// The cells a tap of cell `index` (row-major from 0) changes, row-major: what the page
    /// rings under the pointer. None for a cell off the board.
    pub fn reach(&self, index: usize) -> Vec<usize> {
        let shape = self.game.shape();
        let cols = shape.cols() as usize;
        if index as u64 >= shape.cells() {
            return Vec::new();
        }
        K::reached(self.game.puzzle(), Cell::at_index(index, cols))
            .into_iter()
            .map(|cell| cell.row * cols + cell.col)
            .collect()
    }

    /// Plays one command in the words of `play --lines` (`r2c3`, `hint`, `solve`, `undo`,
    /// `redo`, `restart`, `new`); its refusal or news becomes the view's message. Undo with no
    /// tap to take back goes back to the game a restart or a new puzzle left.
    pub fn play(&mut self, word: &str) {
        let nothing_made = self.game.taps_made().is_empty();
        let command = parse(word.trim(), self.game.shape());
        if let Ok(Command::Game(Event::Undo)) = command
            && nothing_made
            && let Some(left) = self.left.pop()
        {
            self.message = self.go_back(left);
            self.after_a_command();
            return;
        }
        self.message = match command {
            Err(error) => Some(error.to_string()),
            Ok(Command::Game(Event::Restart)) if !nothing_made => {
                let left = self.leave();
                self.left.push(left);
                self.refusal(Event::Restart)
            }
            Ok(Command::Game(event)) => self.refusal(event),
            Ok(Command::New) => {
                let seed = self.seeds.below(u64::MAX);
                self.deal_from(seed)
            }
            Ok(Command::Help | Command::Quit) => None,
        };
        self.after_a_command();
    }

    /// Deals the puzzle of `seed` (the first `flipgame play --seed` deals from it) and plays
    /// it; the game left is found again by undo.
    pub fn deal(&mut self, seed: u64) {
        self.message = self.deal_from(seed);
        self.after_a_command();
    }

    /// Deals from `seed`; what went wrong, if anything.
    fn deal_from(&mut self, seed: u64) -> Option<String> {
        self.dealer.reseed(seed);
        match self.dealer.deal(self.game.puzzle()) {
            Ok(board) => {
                let left = self.leave();
                self.left.push(left);
                self.current = None;
                self.seed = Some(seed);
                self.game
                    .new_puzzle(board)
                    .err()
                    .map(|refusal| refusal.to_string())
            }
            Err(all_finished) => Some(all_finished.to_string()),
        }
    }

    /// Plays starting board `index` (from 0) where it was left; one past the last is refused.
    /// A dealt puzzle left so is found again by undo.
    pub fn select(&mut self, index: usize) {
        if index >= self.starts.len() {
            self.message = Some(format!("the page has {} puzzles", self.starts.len()));
            return;
        }
        let left = self.leave();
        if left.puzzle.is_none() {
            self.left.push(left);
        }
        let made = self.progress[index].clone();
        let start = self.starts[index].clone();
        self.message = self.resume(LeftGame {
            start,
            made,
            puzzle: Some(index),
            seed: None,
        });
        self.after_a_command();
    }

    /// The game as it is now, to be left; a starting board's taps are kept for its return.
    fn leave(&mut self) -> LeftGame<K::Board> {
        let made = self.game.taps_made().to_vec();
        if let Some(index) = self.current {
            self.progress[index].clone_from(&made);
        }
        LeftGame {
            start: self.game.start().clone(),
            made,
            puzzle: self.current,
            seed: self.seed,
        }
    }

    /// Goes back to a game left, saying so.
    fn go_back(&mut self, left: LeftGame<K::Board>) -> Option<String> {
        let made = left.made.len();
        self.resume(left).or_else(|| {
            Some(format!(
                "Back to the game before, {} made.",
                count_of(made as u64, "tap", "taps")
            ))
        })
    }

    /// Plays `left` again; the refusal, if its board is not this puzzle's.
    fn resume(&mut self, left: LeftGame<K::Board>) -> Option<String> {
        self.current = left.puzzle;
        self.seed = left.seed;
        self.game
            .resume(left.start, &left.made)
            .err()
            .map(|refusal| refusal.to_string())
    }

    /// `event` played; its refusal in words.
    fn refusal(&mut self, event: Event) -> Option<String> {
        self.game
            .apply(event)
            .err()
            .map(|refusal| refusal.to_string())
    }

    /// What every command ends with: a finished starting board is marked, and a board that
    /// can never be finished shows its proof.
    fn after_a_command(&mut self) {
        if let Some(index) = self.current
            && self.game.is_solved()
        {
            self.solved[index] = true;
        }
        self.prove_when_impossible();
    }

    /// The page shows the proof as soon as the board can never be finished.
    fn prove_when_impossible(&mut self) {
        if !self.game.status().solvable() && self.game.proof().is_none() {
            // Refused only when the solver found no proof, and then there is none to show.
            let _ = self.game.apply(Event::ShowProof);
        }
    }

    /// What the page draws now.
    pub fn view(&self) -> PageView<'_, K> {
        let game = &self.game;
        let puzzle = game.puzzle();
        let colors = K::colors_of(game.board());
        let solution = game.solution();
        let marks = game
            .marks()
            .iter()
            .map(|&cell| {
                let times = solution.iter().filter(|&&tap| tap == cell).count();
                Tap::of::<K>(cell, u8::try_from(times).unwrap_or(u8::MAX))
            })
            .collect();
        let proof = game.proof().map(|proof| {
            let weights = K::proof_weights(proof);
            let sum: u64 = weights
                .iter()
                .zip(&colors)
                .map(|(&weight, &color)| u64::from(weight) * u64::from(color))
                .sum();
            PageProof {
                weights: digits(&weights),
                sentence: K::proof_sentence_template(puzzle, proof)
                    .replace("{now}", &sum.to_string()),
            }
        });
        PageView {
            position: Position::of(game),
            colors: digits(&colors),
            marks,
            newest_mark: game.newest_mark(),
            status: game.status().words::<K>(puzzle, "New puzzle"),
            proof,
            message: self.message.clone(),
            puzzle: self.current,
            seed: self.seed.map(Seed),
            puzzles_solved: self.solved.clone(),
            can_undo: !game.taps_made().is_empty() || !self.left.is_empty(),
            can_redo: game.can_redo(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::html::{DealData, PuzzleSpec, Seed};
    use crate::grid::Shape;
    use crate::kind::{KStates, TwoStates};
    use crate::puzzle::{Goal, Puzzle, StateGoal, StatePuzzle};
    use crate::rule::Rule;

    /// The page data of `boards` (digits) of `spec`.
    fn data(spec: PuzzleSpec, boards: &[&str], moves: Option<u8>) -> PageData {
        PageData {
            title: String::new(),
            puzzle: spec,
            boards: boards.iter().map(|board| board.to_string()).collect(),
            seed: None,
            deal: DealData {
                moves,
                seed: Seed(5),
            },
        }
    }

    fn flip_game(boards: &[&str]) -> PageGame<TwoStates> {
        let puzzle = Puzzle::flip_game();
        let data = data(PuzzleSpec::of::<TwoStates>(&puzzle), boards, None);
        PageGame::new(&data, puzzle, None).unwrap()
    }

    /// The statement's board: 4 taps, a hint the first of them, the solution all of them, and
    /// the win that says they were the fewest.
    #[test]
    fn the_statement_board_is_played_to_its_win() {
        let mut page = flip_game(&["1001110110011000"]);
        assert_eq!(page.reach(5), [1, 4, 5, 6, 9]);
        assert_eq!(page.reach(15), [11, 14, 15]);
        assert!(page.reach(16).is_empty());
        let view = page.view();
        assert_eq!(view.position.moves_left, Some(4));
        assert_eq!(view.colors, "1001110110011000");
        assert!(!view.can_undo && !view.can_redo && view.proof.is_none());
        assert_eq!(view.puzzle, Some(0));
        page.play("hint");
        assert_eq!(
            page.view().marks,
            [Tap::of::<TwoStates>(Cell::new(0, 0), 1)]
        );
        assert_eq!(page.view().newest_mark, Some(Cell::new(0, 0)));
        page.play("solve");
        let marks: Vec<Cell> = page.view().marks.iter().map(|tap| tap.cell).collect();
        assert_eq!(marks.len(), 4);
        for cell in marks {
            page.play(&cell.to_string());
        }
        let view = page.view();
        assert!(view.position.solved && view.marks.is_empty() && view.can_undo);
        assert!(
            view.status
                .starts_with("Solved in 4 taps, the fewest possible!")
        );
        assert!(view.status.ends_with("New puzzle deals the next."));
    }

    /// A refused command says why and changes nothing; restart can be undone.
    #[test]
    fn refusals_are_messages_and_restart_is_undone() {
        let mut page = flip_game(&["1001110110011000"]);
        page.play("r5c1");
        assert!(
            page.view()
                .message
                .unwrap()
                .contains("outside the 4x4 board")
        );
        page.play("jump");
        assert!(
            page.view()
                .message
                .unwrap()
                .starts_with("expected a command")
        );
        page.play("r2c2");
        assert_eq!(page.view().message, None);
        let tapped = page.view().colors;
        page.play("restart");
        assert_eq!(page.view().colors, "1001110110011000");
        assert!(page.view().can_redo);
        page.play("redo");
        assert_eq!(page.view().colors, tapped);
        page.play("help");
        assert_eq!(page.view().message, None);
    }

    /// A set plays each board by its number; a new puzzle is none of them, and one past the
    /// last is refused.
    #[test]
    fn a_set_is_played_by_number_and_new_puzzles_are_dealt() {
        let mut page = flip_game(&["1001110110011000", "1111000000000000"]);
        page.select(1);
        assert_eq!(page.view().colors, "1111000000000000");
        assert_eq!(page.view().puzzle, Some(1));
        page.select(2);
        assert_eq!(
            page.view().message.as_deref(),
            Some("the page has 2 puzzles")
        );
        assert_eq!(page.view().puzzle, Some(1));
        page.play("new");
        let view = page.view();
        assert_eq!(view.puzzle, None);
        assert!(view.position.solvable && !view.position.solved);
    }

    /// Restart and a new puzzle are taken back by undo: no key loses a game.
    #[test]
    fn restart_and_new_puzzles_are_undone() {
        let mut page = flip_game(&["1001110110011000"]);
        page.play("undo");
        assert_eq!(
            page.view().message.as_deref(),
            Some("nothing to undo: no taps made")
        );
        page.play("r2c2");
        page.play("r3c3");
        let played = page.view().colors;
        page.play("restart");
        assert_eq!(page.view().colors, "1001110110011000");
        assert!(page.view().can_undo);
        page.play("undo");
        let view = page.view();
        assert_eq!(
            (view.colors.as_str(), view.position.taps_made),
            (played.as_str(), 2)
        );
        assert_eq!(
            view.message.as_deref(),
            Some("Back to the game before, 2 taps made.")
        );
        page.play("new");
        assert_eq!(page.view().puzzle, None);
        page.play("r1c1");
        page.play("undo");
        assert_eq!(
            page.view().puzzle,
            None,
            "an undo within the new puzzle stays there"
        );
        page.play("undo");
        let view = page.view();
        assert_eq!(
            (view.colors.as_str(), view.puzzle),
            (played.as_str(), Some(0))
        );
        page.play("undo");
        page.play("undo");
        assert_eq!(page.view().colors, "1001110110011000");
        assert!(!page.view().can_undo);
    }

    /// A restart with nothing made leaves nothing to undo.
    #[test]
    fn a_restart_at_the_start_is_refused_and_leaves_nothing() {
        let mut page = flip_game(&["1001110110011000"]);
        page.play("restart");
        let view = page.view();
        assert_eq!(
            view.message.as_deref(),
            Some("already at the start: no taps made")
        );
        assert!(!view.can_undo);
    }

    /// A set keeps each puzzle's taps while another is played, and marks the finished ones.
    #[test]
    fn a_set_keeps_each_puzzle_where_it_was_left() {
        let mut page = flip_game(&["1001110110011000", "1100100000000000"]);
        page.play("r4c4");
        let first = page.view().colors;
        page.select(1);
        page.play("r1c1");
        assert!(page.view().position.solved);
        assert_eq!(page.view().puzzles_solved, [false, true]);
        page.select(0);
        let view = page.view();
        assert_eq!(
            (view.colors.as_str(), view.position.taps_made),
            (first.as_str(), 1)
        );
        page.select(1);
        assert_eq!(page.view().position.taps_made, 1);
        // A dealt puzzle left for one of the set is found again by undo.
        page.play("new");
        page.play("r2c2");
        let dealt = page.view().colors;
        page.select(0);
        page.play("undo");
        page.play("undo");
        assert_eq!(page.view().colors, dealt);
        assert_eq!(page.view().puzzle, None);
    }

    /// A puzzle dealt from a seed is the first a dealer of that seed deals (as `flipgame play
    /// --seed` deals it), and the view says its seed; undo goes back to the game before.
    #[test]
    fn a_seed_deals_the_puzzle_the_command_line_deals() {
        let mut page = flip_game(&["1001110110011000"]);
        assert_eq!(page.view().seed, None);
        page.deal(42);
        let mut dealer =
            Dealer::<TwoStates>::new(&Puzzle::flip_game(), None, 42, &mut |_, _| {}).unwrap();
        let board = dealer.deal(&Puzzle::flip_game()).unwrap();
        let view = page.view();
        assert_eq!((view.position.board, view.seed), (&board, Some(Seed(42))));
        page.play("new");
        let seed = page.view().seed.unwrap();
        assert_ne!(seed, Seed(42));
        page.play("undo");
        assert_eq!(page.view().seed, Some(Seed(42)));
        page.play("undo");
        assert_eq!(page.view().seed, None);
        assert_eq!(page.view().colors, "1001110110011000");
    }

    /// A board no taps finish shows its proof at once, its count the board's as it is.
    #[test]
    fn a_board_no_taps_finish_shows_its_proof() {
        let mut page = flip_game(&["1010000011011001"]);
        let proof = page.view().proof.unwrap();
        assert_eq!(proof.weights.chars().filter(|&c| c == '1').count(), 8);
        assert!(!proof.sentence.contains("{now}"));
        page.play("r1c1");
        let view = page.view();
        let weights: Vec<char> = proof.weights.chars().collect();
        let black = view
            .colors
            .chars()
            .zip(&weights)
            .filter(|&(color, &weight)| color == '1' && weight == '1')
            .count();
        let sentence = view.proof.unwrap().sentence;
        assert!(
            sentence.contains(&format!("among them, {black} now,")),
            "{sentence}"
        );
    }

    /// Pieces of K colours: a cell pressed twice in the solution is marked with its times.
    #[test]
    fn k_colours_mark_their_times() {
        let shape = Shape::new(1, 1).unwrap();
        let puzzle = StatePuzzle::new(shape, Rule::plus(), false, 3, StateGoal::Color(0)).unwrap();
        let spec = PuzzleSpec::of::<KStates>(&puzzle);
        let mut page =
            PageGame::<KStates>::new(&data(spec, &["1"], Some(2)), puzzle, None).unwrap();
        page.play("solve");
        assert_eq!(page.view().marks, [Tap::of::<KStates>(Cell::new(0, 0), 2)]);
        page.play("r1c1");
        assert_eq!(page.view().marks, [Tap::of::<KStates>(Cell::new(0, 0), 1)]);
    }

    /// Pages edited into nonsense are refused with what is wrong.
    #[test]
    fn a_page_edited_into_nonsense_is_refused() {
        let puzzle = Puzzle::flip_game();
        let spec = PuzzleSpec::of::<TwoStates>(&puzzle);
        let refused = |boards: &[&str], moves: Option<u8>| {
            let data = data(spec.clone(), boards, moves);
            PageGame::<TwoStates>::new(&data, puzzle.clone(), None)
                .err()
                .unwrap()
                .to_string()
        };
        assert_eq!(refused(&[], None), "the page has no puzzle");
        assert_eq!(
            refused(&["1", "0"], None),
            "the page's puzzle 1 is no board of it"
        );
        assert_eq!(
            refused(&["0000000000000000", "000000000000000z"], None),
            "the page's puzzle 2 is no board of it"
        );
        assert!(refused(&["0000000000000000"], Some(0)).contains("none needs"));
        let goal = Puzzle::flip_game().with_goal(Goal::White);
        assert_eq!(PuzzleSpec::of::<TwoStates>(&goal).goal, "white");
    }
}
