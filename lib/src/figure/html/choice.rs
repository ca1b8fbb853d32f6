//! A puzzle chosen in the page: what the chooser sends ([`PageChoice`]), the limits of what the
//! page deals (it answers each tap at once), and why a choice is refused ([`ChoiceError`]).

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{
    DealData, PageData, PageGame, PageGameError, PuzzleSpec, Seed, SpecError, digits, play_title,
};
use crate::figure::explain::ExplainKind;
use crate::game::{AllFinished, Dealer, DealerError};
use crate::generate::NoPool;
use crate::grid::Shape;
use crate::settings::{self, Advice, Names, Setting};
use crate::words::thousands;

/// The most cells of a puzzle of two-sided pieces chosen in the page: its controls deal
/// boards the page answers at once (a larger page is made by the command line).
pub const MOST_CHOSEN_CELLS: u64 = 50 * 50;

/// The most cells of a puzzle of K colours chosen in the page, whose solver takes longer to
/// make than one of two-sided pieces.
pub const MOST_CHOSEN_STATE_CELLS: u64 = 30 * 30;

/// The most work a chosen puzzle's search may take at each tap, as a power of 2: its quiet tap
/// sets times its cells (2^28 is about 100 ms a tap in the page, `bench/README.md`).
pub const MOST_CHOSEN_SEARCH_BITS: u32 = 28;

/// A puzzle chosen in the page (its address keeps the choice): what to play, how hard, and
/// the seed its first board is dealt from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageChoice {
    /// The puzzle (no rule file: the page chooses among named rules and patterns).
    pub puzzle: PuzzleSpec,
    /// The fewest taps a dealt puzzle needs; `None` for any board that can be finished.
    pub moves: Option<u8>,
    /// The seed the first board is dealt from.
    pub seed: Seed,
}

/// Why a puzzle chosen in the page is not dealt: what the player is told, beside the choice.
#[derive(Debug)]
pub enum ChoiceError<K: ExplainKind> {
    /// The choice is no puzzle.
    Spec(SpecError),
    /// The board is larger than the page deals (`most` cells, for this kind of piece).
    TooManyCells {
        /// The board chosen.
        shape: Shape,
        /// The most cells the page deals for this kind of piece.
        most: u64,
    },
    /// The puzzle has so many quiet tap sets (about 2 to this power) that an answer would take
    /// more than a moment.
    SlowSearch {
        /// The quiet tap sets, as a power of 2.
        quiet_bits: u32,
    },
    /// The puzzle is too large to solve.
    Solver(K::TooLarge),
    /// No puzzles of the taps chosen can be dealt.
    Dealer {
        /// The puzzle chosen.
        puzzle: K::Puzzle,
        /// Why not.
        error: DealerError<K>,
    },
    /// Every board is finished already.
    AllFinished(AllFinished),
    /// The game could not begin.
    Game(PageGameError<K>),
}

impl<K: ExplainKind> Advice for ChoiceError<K> {
    fn write_advice(&self, f: &mut fmt::Formatter<'_>, names: Names) -> fmt::Result {
        let terminal = names(Setting::Terminal);
        match self {
            ChoiceError::Spec(error) => write!(f, "{error}"),
            ChoiceError::TooManyCells { shape, most } => write!(
                f,
                "a {shape} board has {} cells, and the page deals boards of up to {} for these \
                 pieces: a larger one is played in {terminal}",
                thousands(shape.cells()),
                thousands(*most)
            ),
            ChoiceError::SlowSearch { quiet_bits } => write!(
                f,
                "this puzzle has about 2^{quiet_bits} quiet tap sets (taps that change \
                 nothing), too many for the page to search at each tap: it is played in \
                 {terminal}"
            ),
            ChoiceError::Solver(error) => error.write_advice(f, names),
            ChoiceError::Dealer {
                error: DealerError::NoMoves,
                ..
            } => write!(
                f,
                "{} deals only finished boards: choose 1 or more",
                names(Setting::Moves(0))
            ),
            ChoiceError::Dealer {
                puzzle,
                error: DealerError::Pool(error),
            } => NoPool { puzzle, error }.write_advice(f, names),
            ChoiceError::AllFinished(error) => write!(f, "{error}"),
            ChoiceError::Game(error) => write!(f, "{error}"),
        }
    }
}

impl<K: ExplainKind> fmt::Display for ChoiceError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_advice(f, settings::RUST)
    }
}

impl<K: ExplainKind> std::error::Error for ChoiceError<K> {}

impl<K: ExplainKind> PageGame<K> {
    /// A game of a puzzle chosen in the page: the board `choice.seed` deals first (as
    /// `flipgame play --format html --seed` with the same options deals it, and so on for new
    /// puzzles), refused when the page could not answer at once or the board is too large.
    pub fn chosen(
        choice: &PageChoice,
        puzzle: K::Puzzle,
        search_time: Option<Duration>,
    ) -> Result<PageGame<K>, ChoiceError<K>> {
        let shape = K::shape(&puzzle);
        let most = match K::states(&puzzle) {
            2 => MOST_CHOSEN_CELLS,
            _ => MOST_CHOSEN_STATE_CELLS,
        };
        if shape.cells() > most {
            return Err(ChoiceError::TooManyCells { shape, most });
        }
        let solver = K::solver(puzzle.clone()).map_err(ChoiceError::Solver)?;
        // Each answer searches the quiet tap sets: their number times the cells is the work a
        // tap may cost (about 100 ms at the limit, measured in bench/README.md).
        let quiet_bits: f64 = K::quiet_generators(&solver)
            .iter()
            .map(|generator| f64::from(generator.order).log2())
            .sum();
        if quiet_bits + (shape.cells() as f64).log2() > f64::from(MOST_CHOSEN_SEARCH_BITS) {
            return Err(ChoiceError::SlowSearch {
                quiet_bits: quiet_bits.round() as u32,
            });
        }
        let dealt = |error| ChoiceError::Dealer {
            puzzle: puzzle.clone(),
            error,
        };
        let mut dealer =
            Dealer::new(&puzzle, choice.moves, choice.seed.0, &mut |_, _| {}).map_err(dealt)?;
        let first = dealer.deal(&puzzle).map_err(ChoiceError::AllFinished)?;
        let data = PageData {
            title: play_title::<K>(&puzzle),
            puzzle: PuzzleSpec::of::<K>(&puzzle),
            boards: vec![digits(&K::colors_of(&first))],
            seed: Some(choice.seed),
            deal: DealData {
                moves: choice.moves,
                seed: Seed(dealer.next_seed()),
            },
        };
        PageGame::assemble(
            &data,
            vec![first.clone()],
            first,
            solver,
            dealer,
            search_time,
        )
        .map_err(ChoiceError::Game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::{KStates, TwoStates};
    use crate::puzzle::{Goal, Puzzle, StateGoal, StatePuzzle};
    use crate::random::Generator;
    use crate::rule::Rule;

    /// The choice of `puzzle` with `moves` fewest taps, dealt from seed 9.
    fn choice<K: ExplainKind>(puzzle: &K::Puzzle, moves: Option<u8>) -> PageChoice {
        PageChoice {
            puzzle: PuzzleSpec::of::<K>(puzzle),
            moves,
            seed: Seed(9),
        }
    }

    /// A chosen puzzle is dealt as a dealer of its seed deals it (`flipgame play --seed`), and
    /// deals on from the seed after it, as the command line's page does.
    #[test]
    fn a_chosen_puzzle_is_the_one_its_seed_deals() {
        let puzzle = Puzzle::new(
            Shape::new(3, 5).unwrap(),
            Rule::parse("x").unwrap(),
            true,
            Goal::White,
        )
        .unwrap();
        let mut page = PageGame::<TwoStates>::chosen(
            &choice::<TwoStates>(&puzzle, Some(3)),
            puzzle.clone(),
            None,
        )
        .unwrap();
        let mut dealer = Dealer::<TwoStates>::new(&puzzle, Some(3), 9, &mut |_, _| {}).unwrap();
        let first = dealer.deal(&puzzle).unwrap();
        let next = dealer.next_seed();
        let view = page.view();
        assert_eq!(view.position.board, &first);
        assert_eq!(
            (view.seed, view.position.moves_left),
            (Some(Seed(9)), Some(3))
        );
        assert_eq!(view.puzzle, Some(0));
        assert_eq!(page.look().title, "flipgame play: 3x5, rule x, wrapping");
        // The next puzzle's seed is the first drawn from the seed after the chosen one's.
        page.play("new");
        assert_eq!(
            page.view().seed,
            Some(Seed(Generator::from_seed(next).below(u64::MAX)))
        );
        let state = StatePuzzle::new(
            Shape::new(2, 3).unwrap(),
            Rule::plus(),
            false,
            3,
            StateGoal::Any,
        )
        .unwrap();
        let page =
            PageGame::<KStates>::chosen(&choice::<KStates>(&state, None), state, None).unwrap();
        assert_eq!(page.view().seed, Some(Seed(9)));
    }

    /// The page deals at most 2,500 cells of two-sided pieces and 900 of K colours, and no
    /// puzzle whose search is past 2^28 a tap; each refusal says why.
    #[test]
    fn a_choice_past_the_page_s_limits_is_refused() {
        let line = |cols| {
            Puzzle::new(
                Shape::new(1, cols).unwrap(),
                Rule::plus(),
                false,
                Goal::Either,
            )
            .unwrap()
        };
        // Each closure gives the refusal alone: `None` when the puzzle is dealt.
        let chosen = |puzzle: Puzzle| {
            PageGame::<TwoStates>::chosen(&choice::<TwoStates>(&puzzle, None), puzzle, None).err()
        };
        assert!(chosen(line(2500)).is_none());
        let refused = chosen(line(2501)).unwrap();
        assert!(matches!(
            refused,
            ChoiceError::TooManyCells { most: 2500, .. }
        ));
        assert_eq!(
            refused.to_string(),
            "a 1x2501 board has 2,501 cells, and the page deals boards of up to 2,500 for these \
             pieces: a larger one is played in the terminal (flipgame play)"
        );
        let colours = |cols| {
            StatePuzzle::new(
                Shape::new(1, cols).unwrap(),
                Rule::plus(),
                false,
                3,
                StateGoal::Color(0),
            )
            .unwrap()
        };
        let chosen_colours = |puzzle: StatePuzzle| {
            PageGame::<KStates>::chosen(&choice::<KStates>(&puzzle, None), puzzle, None).err()
        };
        assert!(chosen_colours(colours(900)).is_none());
        assert!(matches!(
            chosen_colours(colours(901)),
            Some(ChoiceError::TooManyCells { most: 900, .. })
        ));
        // Sigma's quiet tap sets: 2^20 on a 10x10 torus (100 cells: 2^26.6 of search) is
        // dealt; 2^20 on 20x20 (400 cells: 2^28.6) is not.
        let sigma = |side, wrap| {
            Puzzle::new(
                Shape::new(side, side).unwrap(),
                Rule::parse("sigma").unwrap(),
                wrap,
                Goal::Either,
            )
            .unwrap()
        };
        assert!(chosen(sigma(10, true)).is_none());
        let refused = chosen(sigma(20, false)).unwrap();
        assert!(matches!(
            refused,
            ChoiceError::SlowSearch { quiet_bits: 20 }
        ));
        assert!(
            refused
                .to_string()
                .starts_with("this puzzle has about 2^20 quiet tap sets")
        );
        let three = line(3);
        let refused = PageGame::<TwoStates>::chosen(
            &choice::<TwoStates>(&three, Some(0)),
            three.clone(),
            None,
        )
        .err()
        .unwrap();
        assert_eq!(
            refused.to_string(),
            "Wanted::Moves(0) deals only finished boards: choose 1 or more"
        );
        let refused =
            PageGame::<TwoStates>::chosen(&choice::<TwoStates>(&three, Some(9)), three, None)
                .err()
                .unwrap();
        assert!(
            refused
                .to_string()
                .starts_with("Wanted::Moves(9): no 1x3 board needs exactly 9 taps")
        );
    }
}
