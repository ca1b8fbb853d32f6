// The page's game under node: the library's WebAssembly module a page carries, driven through
// the page script's own `connect` as the page drives it. Its fewest taps after any taps, its
// hints, solutions, proofs and deals, against the brute-force oracle of support.mjs on small
// puzzles of every kind. The data comes from `flipgame play --format html`, as a page carries
// it; the module is the one in the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

import { bruteForce, colorsOf, flipgame, pageData, pageModule, reachOf, seeded } from './support.mjs';

const { connect } = createRequire(import.meta.url)('../../lib/src/figure/html/puzzle.js');

/** The module every page carries, compiled once (each page's game is its own instance). */
let compiled = null;

/** The game of the page flipgame writes for `args`: its data, and `call` to play it. */
async function game(args) {
  const html = flipgame(['play', '--format', 'html', ...args]);
  const bytes = pageModule(html);
  if (compiled === null || !compiled.bytes.equals(bytes)) {
    compiled = { bytes, module: await WebAssembly.compile(bytes) };
  }
  const call = await connect(compiled.module, () => performance.now());
  return { data: pageData(html), call };
}

/** The command that taps cell `index` (row-major from 0) of a board `cols` wide. */
function tapWord(index, cols) {
  return `r${Math.floor(index / cols) + 1}c${(index % cols) + 1}`;
}

/** A position's marks as tap counts a cell, row-major. */
function markCounts(view, cells, cols) {
  const counts = new Array(cells).fill(0);
  for (const tap of view.marks) counts[(tap.row - 1) * cols + (tap.col - 1)] = tap.times ?? 1;
  return counts;
}

/** Small puzzles of both kinds: rules, wrap, goals, and prime and composite K. */
const PUZZLES = [
  { rows: 4, cols: 4, states: 2, rule: 'plus', wrap: false, goal: null },
  { rows: 3, cols: 3, states: 2, rule: 'plus', wrap: false, goal: 'white' },
  { rows: 3, cols: 4, states: 2, rule: 'x', wrap: true, goal: null },
  { rows: 4, cols: 4, states: 2, rule: 'sigma', wrap: false, goal: 'black' },
  { rows: 3, cols: 4, states: 2, rule: 'box', wrap: true, goal: null },
  { rows: 2, cols: 3, states: 3, rule: 'plus', wrap: false, goal: null },
  { rows: 2, cols: 3, states: 3, rule: 'plus', wrap: false, goal: 'any' },
  { rows: 3, cols: 3, states: 3, rule: 'x', wrap: false, goal: null },
  { rows: 2, cols: 4, states: 4, rule: 'plus', wrap: true, goal: null },
  { rows: 2, cols: 4, states: 4, rule: 'sigma', wrap: false, goal: '2' },
  { rows: 2, cols: 3, states: 6, rule: 'plus', wrap: false, goal: null },
  { rows: 2, cols: 3, states: 6, rule: '010/121/010', wrap: true, goal: 'any' },
  { rows: 3, cols: 2, states: 4, rule: 'x', wrap: false, goal: 'any' },
];

/** The flags of a puzzle. */
function flags(puzzle) {
  const args = ['--size', `${puzzle.rows}x${puzzle.cols}`, '--rule', puzzle.rule];
  if (puzzle.states !== 2) args.push('--states', String(puzzle.states));
  if (puzzle.wrap) args.push('--wrap');
  if (puzzle.goal !== null) args.push('--goal', puzzle.goal);
  return args;
}

/** The goal colours of a puzzle, from its flags. */
function goalColors(puzzle) {
  const every = [...Array(puzzle.states).keys()];
  if (puzzle.goal === null) return puzzle.states === 2 ? every : [0];
  if (puzzle.goal === 'any') return every;
  return [puzzle.goal === 'white' ? 0 : puzzle.goal === 'black' ? 1 : Number(puzzle.goal)];
}

/** A board's text from colour numbers. */
function text(puzzle, board) {
  const letters = puzzle.states === 2 ? 'wb' : '0123456789abcdefghijklmnopqrstuvwxyz';
  const rows = [];
  for (let row = 0; row < puzzle.rows; row++) {
    rows.push(board.slice(row * puzzle.cols, (row + 1) * puzzle.cols).map((c) => letters[c]).join(''));
  }
  return rows.join('/');
}

for (const puzzle of PUZZLES) {
  const name = `${flags(puzzle).join(' ')}`;
  const cells = puzzle.rows * puzzle.cols;

  test(`fewest taps, hints and solutions after random taps equal the brute force: ${name}`, async () => {
    const random = seeded(puzzle.rows * 100 + puzzle.cols * 10 + puzzle.states);
    const reach = reachOf(puzzle);
    const goal = goalColors(puzzle);
    for (let round = 0; round < 6; round++) {
      const board = Array.from({ length: cells }, () => random(puzzle.states));
      const { data, call } = await game(['--board', text(puzzle, board), ...flags(puzzle)]);
      const opened = call({ open: data });
      assert.equal(opened.error, undefined, opened.error);
      let view = opened.view;
      assert.deepEqual(colorsOf(view.colors), board);
      assert.equal(view.board, text(puzzle, board));
      const now = board.slice();
      for (let step = 0; step <= 4; step++) {
        const expected = bruteForce(reach, puzzle.states, now, goal);
        if (expected === null) {
          assert.equal(view.moves_left, null, `board ${text(puzzle, now)}`);
          assert.equal(view.solvable, false);
          assert.notEqual(view.proof, null, 'a board no taps finish comes with its proof');
        } else {
          assert.equal(view.moves_left, expected.moves, `board ${text(puzzle, now)}`);
          assert.equal(view.proof, null);
          if (expected.moves > 0) {
            // The hint: the first tap of that answer, row-major; the solution: all of it.
            const hinted = call({ play: 'hint' });
            assert.deepEqual(markCounts(hinted, cells, puzzle.cols).findIndex((times) => times > 0), expected.taps.findIndex((times) => times > 0));
            const shown = call({ play: 'solve' });
            assert.deepEqual(markCounts(shown, cells, puzzle.cols), expected.taps, `board ${text(puzzle, now)}`);
            assert.equal(colorsOf(shown.colors).length, cells);
          }
        }
        // One more tap, by the module and by the rule's definition.
        const cell = random(cells);
        view = call({ play: tapWord(cell, puzzle.cols) });
        for (const [at, weight] of reach[cell]) now[at] = (now[at] + weight) % puzzle.states;
        assert.deepEqual(colorsOf(view.colors), now, `a tap of cell ${cell}`);
        assert.equal(view.taps_made, step + 1);
      }
    }
  });

  test(`dealt puzzles need the taps asked for: ${name}`, async () => {
    const reach = reachOf(puzzle);
    for (const moves of [null, 1, 2, 3]) {
      const args = ['--seed', '3', ...flags(puzzle), ...(moves === null ? [] : ['--moves', String(moves)])];
      let dealt;
      try {
        dealt = await game(args);
      } catch (error) {
        // Only where no board needs that many, as flipgame's exploration of every board says.
        assert.match(String(error), new RegExp(`board needs exactly ${moves} `));
        continue;
      }
      const { data, call } = dealt;
      call({ open: data });
      for (let deal = 0; deal < 3; deal++) {
        const view = call({ play: 'new' });
        assert.equal(view.puzzle, null, 'a dealt puzzle is none of the page\'s own');
        const board = colorsOf(view.colors);
        const expected = bruteForce(reach, puzzle.states, board, goalColors(puzzle));
        assert.notEqual(expected, null, 'a dealt board can be finished');
        assert.ok(expected.moves > 0, 'a dealt board is not finished');
        if (moves !== null) assert.equal(expected.moves, moves);
        assert.equal(view.moves_left, expected.moves);
      }
    }
  });

  test(`a puzzle chosen in the page is the one flipgame play deals from its seed: ${name}`, async () => {
    // Any page will do: the choice replaces its game.
    const { data, call } = await game(['--size', '2x2']);
    call({ open: data });
    const spec = {
      rows: puzzle.rows,
      cols: puzzle.cols,
      rule: puzzle.rule,
      rule_file: null,
      wrap: puzzle.wrap,
      states: puzzle.states,
      goal: puzzle.goal ?? (puzzle.states === 2 ? 'either' : '0'),
    };
    for (const moves of [null, 2]) {
      const chosen = call({ choose: { puzzle: spec, moves, seed: '3' } });
      assert.equal(chosen.error, undefined, chosen.error);
      const dealing = moves === null ? [] : ['--moves', String(moves)];
      // flipgame play with the same options and seed: the same first board, and the same new
      // puzzles after it.
      const command = ['--seed', '3', ...flags(puzzle), ...dealing];
      const cli = await game(command);
      assert.equal(chosen.view.board, cli.data.boards.map((digits) => text(puzzle, colorsOf(digits)))[0], command.join(' '));
      const expected = bruteForce(reachOf(puzzle), puzzle.states, colorsOf(chosen.view.colors), goalColors(puzzle));
      assert.equal(chosen.view.moves_left, expected.moves);
      if (moves !== null) assert.equal(expected.moves, moves);
      cli.call({ open: cli.data });
      assert.equal(call({ play: 'new' }).board, cli.call({ play: 'new' }).board);
    }
  });
}

test('the statement board: 4 taps, and the win says whether they were the fewest', async () => {
  const { data, call } = await game(['--board', 'bwwb/bbwb/bwwb/bwww']);
  const { look, view } = call({ open: data });
  assert.equal(view.board, 'bwwb/bbwb/bwwb/bwww');
  assert.deepEqual(colorsOf(view.colors), colorsOf('bwwb/bbwb/bwwb/bwww'));
  assert.equal(view.moves_left, 4);
  assert.deepEqual(call({ reach: 5 }), [1, 4, 5, 6, 9]);
  assert.deepEqual(call({ reach: 16 }), []);
  assert.equal(look.goal_words, 'all white or all black');
  // Solve's taps of the statement: r1c1, r1c2, r1c3 (its fewest, all white), and r1c4.
  const [solved] = JSON.parse(flipgame(['solve', '--format', 'json', '--board', 'bwwb/bbwb/bwwb/bwww']));
  let last;
  for (const tap of solved.taps) last = call({ play: `r${tap.row}c${tap.col}` });
  assert.equal(last.solved, true);
  assert.match(last.status, /^Solved in 4 taps, the fewest possible!/);
  call({ play: 'restart' });
  call({ play: 'r1c1' });
  call({ play: 'r1c1' });
  for (const tap of solved.taps) last = call({ play: `r${tap.row}c${tap.col}` });
  assert.match(last.status, /^Solved in 6 taps; the fewest is 4\./);
});

test('restart can be undone, and a word that is no command changes nothing', async () => {
  const { data, call } = await game(['--board', 'bwwb/bbwb/bwwb/bwww']);
  call({ open: data });
  const tapped = call({ play: 'r2c2' });
  const restarted = call({ play: 'restart' });
  assert.equal(restarted.board, 'bwwb/bbwb/bwwb/bwww');
  assert.equal(restarted.can_redo, true);
  assert.deepEqual(call({ play: 'redo' }).board, tapped.board);
  const refused = call({ play: 'r9c9' });
  assert.equal(refused.board, tapped.board);
  assert.match(refused.message, /outside the 4x4 board/);
  assert.match(call({ request: 1 }).error, /the page's request/);
});

test('a set of puzzles plays each one by its number', async () => {
  const { data, call } = await game(['--size', '5x5', '--count', '3', '--seed', '2']);
  assert.equal(data.boards.length, 3);
  assert.equal(call({ open: data }).view.puzzle, 0);
  for (const index of [2, 1]) {
    const view = call({ select: index });
    assert.equal(view.puzzle, index);
    assert.deepEqual(colorsOf(view.colors), colorsOf(data.boards[index]));
  }
  assert.match(call({ select: 3 }).message, /the page has 3 puzzles/);
});

test('the proof sentence counts the black pieces among its cells on the board as it is', async () => {
  const board = 'bwbw/wwww/bbwb/bwwb';
  const { data, call } = await game(['--board', board]);
  let view = call({ open: data }).view;
  const weights = colorsOf(view.proof.weights);
  for (const cell of [0, 5, 6, 15]) {
    view = call({ play: tapWord(cell, 4) });
    const colors = colorsOf(view.colors);
    const black = weights.filter((weight, at) => weight > 0 && colors[at] === 1).length;
    assert.match(view.proof.sentence, new RegExp(`black pieces among them, ${black} now, always stays odd`));
    const [explained] = JSON.parse(flipgame(['explain', '--format', 'json', '--board', view.board]));
    assert.equal(explained.certificate.black, black, 'as explain counts them');
  }
});
