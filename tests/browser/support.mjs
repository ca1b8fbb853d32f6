// What the page tests share: the flipgame binary, the data inside a page, and an oracle of the
// fewest taps written here from the rules' definitions (it shares no code with flipgame or
// with the page's script).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The binary under test: the one cargo built (tests/cli/page.rs passes its path). */
export const FLIPGAME = process.env.FLIPGAME_BIN ?? new URL('../../target/debug/flipgame', import.meta.url).pathname;

/** Runs flipgame with `args` (and `input` on standard input); its output, or a thrown error. */
export function flipgame(args, input = '') {
  const run = spawnSync(FLIPGAME, args, { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) {
    throw new Error(`flipgame ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  }
  return run.stdout;
}

/** The puzzle data a page carries. */
export function pageData(html) {
  const found = html.match(/<script type="application\/json" id="flipgame-data">(.*?)<\/script>/s);
  if (found === null) {
    throw new Error('the page has no data');
  }
  return JSON.parse(found[1]);
}

/** `solve --format json` of each board text: moves (null when impossible). */
export function solveAll(args, boards) {
  const input = boards.map((board) => board.replaceAll('/', '\n')).join('\n\n');
  const output = flipgame(['solve', '--format', 'jsonl', ...args], input + '\n');
  return output.trim().split('\n').map((line) => JSON.parse(line));
}

// ---- The oracle ---------------------------------------------------------------------------

/** The stencils of the named rules, as `flipgame rules` gives their definitions. */
const STENCILS = { plus: '010/111/010', x: '101/010/101', box: '111/111/111', sigma: '010/101/010' };

/**
 * What a tap of each cell adds to each cell, from the rule's definition: a stencil centred on
 * the cell (digits are weights), clipped at the edges or wrapped round them; a cell two
 * stencil cells land on (a torus narrower than the stencil) takes the larger weight.
 */
export function reachOf({ rows, cols, rule = 'plus', wrap = false }) {
  const lines = (STENCILS[rule] ?? rule).split('/');
  const height = lines.length;
  const width = lines[0].length;
  const reach = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const adds = new Map();
      for (let dr = 0; dr < height; dr++) {
        for (let dc = 0; dc < width; dc++) {
          const weight = Number(lines[dr][dc]);
          if (weight === 0) continue;
          let r = row + dr - (height - 1) / 2;
          let c = col + dc - (width - 1) / 2;
          if (wrap) {
            r = (r + rows) % rows;
            c = (c + cols) % cols;
          } else if (r < 0 || r >= rows || c < 0 || c >= cols) {
            continue;
          }
          const at = r * cols + c;
          adds.set(at, Math.max(adds.get(at) ?? 0, weight));
        }
      }
      reach.push(adds);
    }
  }
  return reach;
}

/**
 * The fewest taps of `board` (colour numbers, row-major) for the goal colours, by trying every
 * tap count of every cell: `{moves, taps, color}` with the least taps read row-major among the
 * fewest, or null when none finish it. K^cells tries: small boards only.
 */
export function bruteForce(reach, states, board, goal) {
  const cells = board.length;
  const counts = new Array(cells).fill(0);
  // The board after `counts`, kept up to date a tap at a time: an odometer over the counts,
  // where each step taps one cell once more (a count that comes round to K has been tapped K
  // times, which changes nothing, and carries).
  const after = board.slice();
  const tap = (cell) => {
    for (const [at, weight] of reach[cell]) after[at] = (after[at] + weight) % states;
  };
  let moves = 0;
  let best = null;
  for (;;) {
    const color = after[0];
    // Tap counts are tried in increasing order read as digits, so the first of a count wins.
    if (goal.includes(color) && (best === null || moves < best.moves) && after.every((piece) => piece === color)) {
      best = { moves, taps: counts.slice(), color };
    }
    let digit = cells - 1;
    while (digit >= 0 && counts[digit] === states - 1) {
      tap(digit);
      counts[digit] = 0;
      moves -= states - 1;
      digit -= 1;
    }
    if (digit < 0) return best;
    tap(digit);
    counts[digit] += 1;
    moves += 1;
  }
}

/** A board's text (`bwwb/...` or digits) as colour numbers, row-major. */
export function colorsOf(text) {
  return [...text.replaceAll('/', '')].map((ch) => (ch === 'w' ? 0 : ch === 'b' ? 1 : parseInt(ch, 36)));
}

/** A small seeded generator (mulberry32): the same seed, the same draws. */
export function seeded(seed) {
  let state = seed >>> 0;
  return (bound) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % bound);
  };
}

/** Where Debian's Chromium is, when it is installed. */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);

/** The WebAssembly module a puzzle page carries, as bytes. */
export function pageModule(html) {
  const found = html.match(/<script type="application\/wasm\+base64" id="flipgame-module">(.*?)<\/script>/s);
  if (found === null) {
    throw new Error('the page has no module');
  }
  return Buffer.from(found[1], 'base64');
}
