// The page's logic, called as plain functions under node: its fewest taps after any taps, its
// taps and its deals, against the brute-force oracle of support.mjs on small puzzles of every
// kind. The data comes from `flipgame play --format html`, as a page carries it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

import { bruteForce, colorsOf, flipgame, pageData, reachOf, seeded } from './support.mjs';

const logic = createRequire(import.meta.url)('../../lib/src/figure/html/page.js');

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

  test(`fewest taps after random taps equal the brute force: ${name}`, () => {
    const random = seeded(puzzle.rows * 100 + puzzle.cols * 10 + puzzle.states);
    const reach = reachOf(puzzle);
    const goal = goalColors(puzzle);
    for (let round = 0; round < 6; round++) {
      const board = Array.from({ length: puzzle.rows * puzzle.cols }, () => random(puzzle.states));
      const html = flipgame(['play', '--format', 'html', '--board', text(puzzle, board), ...flags(puzzle)]);
      const data = pageData(html);
      const prepared = logic.preparePuzzle(data);
      const start = logic.prepareStart(data.puzzles[0]);
      assert.deepEqual(Array.from(start.board), board);
      const now = board.slice();
      const made = new Uint8Array(now.length);
      for (let step = 0; step <= 4; step++) {
        const expected = bruteForce(reach, puzzle.states, now, goal);
        const found = logic.fewest(prepared, start, made);
        if (expected === null) {
          assert.equal(found, null, `board ${text(puzzle, now)}`);
          assert.notEqual(start.proof, null, 'a board no taps finish comes with its proof');
        } else {
          assert.deepEqual(
            { moves: found.moves, taps: Array.from(found.taps), color: found.color },
            expected,
            `board ${text(puzzle, now)}`,
          );
          // The hint: the first tap of that answer, row-major (none on a finished board).
          assert.equal(logic.firstTap(found.taps), expected.taps.findIndex((times) => times > 0));
        }
        // One more tap, by the page's function and by the rule's definition.
        const cell = random(now.length);
        const tapped = Uint8Array.from(now);
        logic.tap(prepared, tapped, cell);
        for (const [at, weight] of reach[cell]) now[at] = (now[at] + weight) % puzzle.states;
        assert.deepEqual(Array.from(tapped), now, `a tap of cell ${cell}`);
        made[cell] = (made[cell] + 1) % puzzle.states;
      }
    }
  });

  test(`dealt puzzles need the taps asked for: ${name}`, () => {
    const data = pageData(flipgame(['play', '--format', 'html', '--seed', '3', ...flags(puzzle)]));
    const prepared = logic.preparePuzzle(data);
    const reach = reachOf(puzzle);
    const random = seeded(7);
    for (const moves of [null, 1, 2, 3]) {
      const start = logic.deal(prepared, moves, random);
      if (start === null && moves !== null) {
        // Only where no board needs that many, as flipgame's exploration of every board says.
        assert.throws(
          () => flipgame(['gen', '--moves', String(moves), '--count', '1', '--seed', '1', ...flags(puzzle)]),
          new RegExp(`board needs exactly ${moves} `),
        );
        continue;
      }
      const board = Array.from(start.board);
      const expected = bruteForce(reach, puzzle.states, board, goalColors(puzzle));
      assert.notEqual(expected, null, 'a dealt board can be finished');
      assert.ok(expected.moves > 0, 'a dealt board is not finished');
      if (moves !== null) assert.equal(expected.moves, moves);
      assert.equal(logic.fewest(prepared, start, new Uint8Array(board.length)).moves, expected.moves);
    }
  });
}

test('a board of the statement reads and writes in flipgame text', () => {
  const data = pageData(flipgame(['play', '--format', 'html', '--board', 'bwwb/bbwb/bwwb/bwww']));
  const prepared = logic.preparePuzzle(data);
  const start = logic.prepareStart(data.puzzles[0]);
  assert.equal(logic.boardText(prepared, start.board), 'bwwb/bbwb/bwwb/bwww');
  assert.deepEqual(Array.from(start.board), colorsOf('bwwb/bbwb/bwwb/bwww'));
  assert.equal(logic.fewest(prepared, start, new Uint8Array(16)).moves, 4);
});

test('a deal asking for more taps than the board holds gives up, and deals at the limit', () => {
  const data = pageData(flipgame(['play', '--format', 'html', '--size', '1x3', '--seed', '1']));
  assert.equal(logic.deal(logic.preparePuzzle(data), 4, seeded(1)), null);
  // One cell: one tap at most for two sides (the board b), K - 1 for K colours.
  const one = logic.preparePuzzle(pageData(flipgame(['play', '--format', 'html', '--size', '1x1', '--goal', 'white'])));
  assert.deepEqual(Array.from(logic.deal(one, 1, seeded(2)).board), [1]);
  const three = logic.preparePuzzle(pageData(flipgame(['play', '--format', 'html', '--size', '1x1', '--states', '3', '--board', '1'])));
  assert.deepEqual(Array.from(logic.deal(three, 2, seeded(3)).board), [1]);
});

test('the proof sentence counts the black pieces among its cells on the board as it is', () => {
  const board = 'bwbw/wwww/bbwb/bwwb';
  const data = pageData(flipgame(['play', '--format', 'html', '--board', board]));
  const prepared = logic.preparePuzzle(data);
  const start = logic.prepareStart(data.puzzles[0]);
  const now = start.board.slice();
  for (const cell of [0, 5, 6, 15]) {
    logic.tap(prepared, now, cell);
    const black = Array.from(start.proof.weights).filter((weight, at) => weight > 0 && now[at] === 1).length;
    const sentence = logic.proofSentence(start.proof, now);
    assert.ok(!sentence.includes('{now}'));
    assert.match(sentence, new RegExp(`black pieces among them, ${black} now, always stays odd`));
    const [explained] = JSON.parse(flipgame(['explain', '--format', 'json', '--board', logic.boardText(prepared, now)]));
    assert.equal(explained.certificate.black, black, 'as explain counts them');
  }
});
