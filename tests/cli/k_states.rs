//! The model of pieces of K colours that the K-state tests of every subcommand check against:
//! taps applied from the rule's definition, and every tap-count vector of a small board tried
//! (a brute force that shares nothing with the solver).

use serde::Deserialize;

/// The JSON object of one board of K states, mirrored with `deny_unknown_fields`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct Answer {
    pub(crate) index: u64,
    pub(crate) source: String,
    pub(crate) board: String,
    pub(crate) rows: u32,
    pub(crate) cols: u32,
    pub(crate) rule: String,
    pub(crate) wrap: bool,
    pub(crate) states: u32,
    pub(crate) solvable: bool,
    pub(crate) moves: Option<u64>,
    pub(crate) goal: Option<u32>,
    pub(crate) optimal: bool,
    pub(crate) lower_bound: Option<u64>,
    pub(crate) taps: Option<Vec<Press>>,
    pub(crate) proof: Option<Proof>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct Press {
    pub(crate) row: usize,
    pub(crate) col: usize,
    pub(crate) times: u32,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct Proof {
    pub(crate) weights: Vec<Vec<u32>>,
    pub(crate) board_sum: u32,
    pub(crate) finished_sum: u32,
}

/// A puzzle of K states as the test sees it: every press's effect on every cell.
pub(crate) struct Model {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) states: u32,
    /// `effects[press][cell]`: what one press adds there.
    pub(crate) effects: Vec<Vec<u32>>,
}

impl Model {
    /// A stencil of digit weights, centred on the press, without wrap: cells past the edge
    /// are dropped.
    pub(crate) fn stencil(stencil: &str, rows: usize, cols: usize, states: u32) -> Model {
        let grid: Vec<Vec<u32>> = stencil
            .split('/')
            .map(|row| row.chars().map(|ch| ch.to_digit(10).unwrap()).collect())
            .collect();
        let (up, left) = ((grid.len() / 2) as i64, (grid[0].len() / 2) as i64);
        let effects = (0..rows * cols)
            .map(|press| {
                let mut effect = vec![0; rows * cols];
                for (dr, line) in grid.iter().enumerate() {
                    for (dc, &weight) in line.iter().enumerate() {
                        let r = (press / cols) as i64 + dr as i64 - up;
                        let c = (press % cols) as i64 + dc as i64 - left;
                        if (0..rows as i64).contains(&r) && (0..cols as i64).contains(&c) {
                            effect[r as usize * cols + c as usize] = weight;
                        }
                    }
                }
                effect
            })
            .collect();
        Model {
            rows,
            cols,
            states,
            effects,
        }
    }

    /// The board after `presses` (times per cell).
    pub(crate) fn after(&self, board: &[u32], presses: &[u32]) -> Vec<u32> {
        let mut after = board.to_vec();
        for (effect, &times) in self.effects.iter().zip(presses) {
            for (cell, &weight) in after.iter_mut().zip(effect) {
                *cell = (*cell + weight * times) % self.states;
            }
        }
        after
    }

    /// The fewest presses to a uniform board of a colour in `colors`, ties to the least press
    /// vector read row-major: every vector, in that order.
    pub(crate) fn brute_force(
        &self,
        board: &[u32],
        colors: &[u32],
    ) -> Option<(u64, Vec<u32>, u32)> {
        let n = board.len();
        let mut x = vec![0; n];
        let mut best: Option<(u64, Vec<u32>, u32)> = None;
        loop {
            let after = self.after(board, &x);
            let moves: u64 = x.iter().map(|&t| u64::from(t)).sum();
            if colors.contains(&after[0])
                && after.iter().all(|&s| s == after[0])
                && best.as_ref().is_none_or(|(m, ..)| moves < *m)
            {
                best = Some((moves, x.clone(), after[0]));
            }
            let mut position = n;
            loop {
                if position == 0 {
                    return best;
                }
                position -= 1;
                x[position] += 1;
                if x[position] < self.states {
                    break;
                }
                x[position] = 0;
            }
        }
    }

    /// What [`Model::brute_force`] gives for every board at once, in the order of
    /// [`every_board`]: each press vector tried once, in the same order, and credited to the
    /// board it finishes in each colour (the board that colour minus its effect), so the
    /// exhaustive tests cost K^n vectors, not K^n for each of the K^n boards.
    pub(crate) fn brute_force_every_board(
        &self,
        colors: &[u32],
    ) -> Vec<Option<(u64, Vec<u32>, u32)>> {
        let cells = self.rows * self.cols;
        let mut best: Vec<Option<(u64, Vec<u32>, u32)>> =
            every_board(self).iter().map(|_| None).collect();
        for presses in every_board(self) {
            let effect = self.after(&vec![0; cells], &presses);
            let moves: u64 = presses.iter().map(|&t| u64::from(t)).sum();
            for &color in colors {
                let index = effect.iter().fold(0, |index, &added| {
                    index * self.states as usize
                        + ((color + self.states - added) % self.states) as usize
                });
                if best[index].as_ref().is_none_or(|(m, ..)| moves < *m) {
                    best[index] = Some((moves, presses.clone(), color));
                }
            }
        }
        best
    }

    pub(crate) fn text(&self, board: &[u32]) -> String {
        board
            .chunks(self.cols)
            .map(|row| {
                row.iter()
                    .map(|&s| char::from_digit(s, 36).unwrap())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Boards drawn by a small linear congruential generator, so the test needs no other code:
/// every other one random, the rest `finished` scrambled by random presses (so some boards
/// can be finished whatever the rule).
pub(crate) fn boards(model: &Model, count: usize, seed: u64, finished: u32) -> Vec<Vec<u32>> {
    let mut state = seed;
    let mut draw = || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % u64::from(model.states)) as u32
    };
    let cells = model.rows * model.cols;
    (0..count)
        .map(|index| {
            let random: Vec<u32> = (0..cells).map(|_| draw()).collect();
            if index % 2 == 0 {
                random
            } else {
                model.after(&vec![finished; cells], &random)
            }
        })
        .collect()
}

pub(crate) fn answers(stdout: &[u8]) -> Vec<Answer> {
    String::from_utf8(stdout.to_vec())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// Every board of the model, in the order of their digits.
pub(crate) fn every_board(model: &Model) -> Vec<Vec<u32>> {
    let cells = model.rows * model.cols;
    let total = (model.states as usize).pow(cells as u32);
    (0..total)
        .map(|index| {
            (0..cells)
                .map(|cell| {
                    (index / (model.states as usize).pow((cells - 1 - cell) as u32)) as u32
                        % model.states
                })
                .collect()
        })
        .collect()
}

/// The puzzles the table and stats are checked on: the rule as given and as labelled, the
/// model, the goal and its colours.
type SmallPuzzle = (&'static str, &'static str, Model, &'static str, Vec<u32>);

pub(crate) fn small_puzzles() -> Vec<SmallPuzzle> {
    vec![
        (
            "010/111/010",
            "plus",
            Model::stencil("010/111/010", 2, 2, 3),
            "0",
            vec![0],
        ),
        (
            "010/121/010",
            "010/121/010",
            Model::stencil("010/121/010", 2, 3, 3),
            "0",
            vec![0],
        ),
        (
            "plus",
            "plus",
            Model::stencil("010/111/010", 1, 4, 4),
            "any",
            vec![0, 1, 2, 3],
        ),
        (
            "box",
            "box",
            Model::stencil("111/111/111", 2, 2, 6),
            "any",
            (0..6).collect(),
        ),
        (
            "plus",
            "plus",
            Model::stencil("010/111/010", 2, 3, 4),
            "3",
            vec![3],
        ),
    ]
}

/// The digits of a generator, row-major.
pub(crate) fn digits(text: &str) -> Vec<u32> {
    text.chars()
        .filter(|&ch| ch != '/')
        .map(|ch| ch.to_digit(36).unwrap())
        .collect()
}

/// The all-boards brute force is the per-board one, board for board, ties and colours included,
/// on puzzles small enough to try every board both ways.
#[test]
fn the_brute_force_of_every_board_is_each_boards_brute_force() {
    for (model, colors) in [
        (Model::stencil("010/121/010", 2, 2, 3), vec![0]),
        (Model::stencil("010/111/010", 1, 4, 4), vec![0, 1, 2, 3]),
        (Model::stencil("111/111/111", 2, 2, 6), vec![1, 4]),
    ] {
        let each: Vec<_> = every_board(&model)
            .iter()
            .map(|board| model.brute_force(board, &colors))
            .collect();
        assert_eq!(model.brute_force_every_board(&colors), each);
    }
}
