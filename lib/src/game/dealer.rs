//! New puzzles for a game: from the boards at exactly a number of taps, or uniformly from every
//! board that can be finished; never a finished board.

use std::fmt;

use crate::generate::{Pool, PoolError, Wanted};
use crate::grid::Shape;
use crate::kind::Kind;
use crate::random::Generator;

/// Draws before a dealer gives up finding an unfinished board that can be finished.
const DEAL_ATTEMPTS: usize = 1000;

/// Deals the puzzles of a game, each from one seeded generator: the same seed deals the same
/// puzzles in every front end.
pub struct Dealer<K: Kind> {
    pool: Option<Pool<K>>,
    generator: Generator,
    seed: u64,
}

/// Why no dealer can be made.
#[derive(Debug)]
pub enum DealerError<K: Kind> {
    /// Puzzles of 0 taps asked for: only finished boards, which leave nothing to play.
    NoMoves,
    /// No pool of boards at the taps asked for.
    Pool(PoolError<K>),
}

/// Every board taps can reach is already finished (a board of this shape), so none is dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllFinished(pub Shape);

impl fmt::Display for AllFinished {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "every {} board that taps can reach is already finished, so there is nothing to play",
            self.0
        )
    }
}

impl std::error::Error for AllFinished {}

impl<K: Kind> Dealer<K> {
    /// A dealer for `puzzle` seeded with `seed`: puzzles of exactly `moves` fewest taps when
    /// given (exploring every board once, which `progress` hears of), else any that can be
    /// finished.
    pub fn new(
        puzzle: &K::Puzzle,
        moves: Option<u8>,
        seed: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Dealer<K>, DealerError<K>> {
        let pool = match moves {
            Some(0) => return Err(DealerError::NoMoves),
            Some(moves) => {
                Some(Pool::new(puzzle, Wanted::Moves(moves), progress).map_err(DealerError::Pool)?)
            }
            None => None,
        };
        Ok(Dealer {
            pool,
            generator: Generator::from_seed(seed),
            seed,
        })
    }

    /// The seed the puzzles come from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Deals from `seed` from now on: the next puzzle is the first a dealer made with `seed`
    /// deals (as `flipgame play --seed` deals it), without exploring the boards again.
    pub fn reseed(&mut self, seed: u64) {
        self.generator = Generator::from_seed(seed);
        self.seed = seed;
    }

    /// A seed for a dealer that goes on where this one stops (a page dealing more puzzles
    /// after the ones written in it), drawn from this dealer's generator.
    pub fn next_seed(&mut self) -> u64 {
        self.generator.below(u64::MAX)
    }

    /// The next puzzle of `puzzle` (the dealer's own): never a finished board.
    pub fn deal(&mut self, puzzle: &K::Puzzle) -> Result<K::Board, AllFinished> {
        if let Some(pool) = &self.pool {
            return Ok(pool.draw(&mut self.generator).board);
        }
        for _ in 0..DEAL_ATTEMPTS {
            let board = K::solvable_board(puzzle, &mut self.generator);
            if !K::is_finished(puzzle, &board) {
                return Ok(board);
            }
        }
        Err(AllFinished(K::shape(puzzle)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::TwoStates;
    use crate::puzzle::{Goal, Puzzle};

    /// A dealer says its seed; a reseed deals what a new dealer of that seed deals; seeds
    /// drawn for another dealer are the generator's, the same for the same seed.
    #[test]
    fn a_dealer_deals_its_seed_s_puzzles() {
        let puzzle = Puzzle::flip_game();
        let fresh = |seed| Dealer::<TwoStates>::new(&puzzle, None, seed, &mut |_, _| {}).unwrap();
        let mut dealer = fresh(77);
        assert_eq!(dealer.seed(), 77);
        let first = dealer.deal(&puzzle).unwrap();
        assert!(!TwoStates::is_finished(&puzzle, &first));
        let next = dealer.next_seed();
        let mut again = fresh(77);
        again.deal(&puzzle).unwrap();
        assert_eq!(
            next,
            again.next_seed(),
            "the same seed, the same seeds after the same deals"
        );
        assert_ne!(
            next,
            fresh(77).next_seed(),
            "a seed drawn after the deal, not before"
        );
        assert!(next > 1, "a seed drawn from the whole range");
        dealer.reseed(5);
        assert_eq!(dealer.seed(), 5);
        assert_eq!(dealer.deal(&puzzle), fresh(5).deal(&puzzle));
        assert!(matches!(
            Dealer::<TwoStates>::new(&puzzle, Some(0), 1, &mut |_, _| {}),
            Err(DealerError::NoMoves)
        ));
    }

    /// A board whose every reachable board is finished deals nothing, and says why.
    #[test]
    fn a_puzzle_with_nothing_to_play_deals_nothing() {
        let one = Puzzle::plus(Shape::new(1, 1).unwrap(), Goal::Either);
        let mut dealer = Dealer::<TwoStates>::new(&one, None, 1, &mut |_, _| {}).unwrap();
        let refusal = dealer.deal(&one).unwrap_err();
        assert_eq!(refusal, AllFinished(Shape::new(1, 1).unwrap()));
        assert_eq!(
            refusal.to_string(),
            "every 1x1 board that taps can reach is already finished, so there is nothing to play"
        );
    }
}
