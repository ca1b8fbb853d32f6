// The pages in a real browser: Debian's headless Chromium driven by playwright-core. Each page
// is written by flipgame, opened from disk, played with the mouse or the keyboard, and what it
// shows is checked against flipgame's own solve and explain and against the rules' definitions.
// Screenshots go to target/browser/ for people to look at (not to git).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CHROMIUM, HAVE_CHROMIUM, colorsOf, flipgame, reachOf, seeded, solveAll } from './support.mjs';

const SHOTS = new URL('../../target/browser/', import.meta.url).pathname;

let chromium = null;
try {
  ({ chromium } = await import('playwright-core'));
} catch {
  // Without the driver, every test below is skipped (tests/cli/page.rs says so).
}
const skip = chromium === null || !HAVE_CHROMIUM ? 'needs playwright-core (npm ci) and Debian chromium' : false;

let browser;
let scratch;

before(async () => {
  if (skip) return;
  scratch = mkdtempSync(join(tmpdir(), 'flipgame-page-'));
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
});

/**
 * Opens the page flipgame writes for `args` in a fresh context; every request other than the
 * page itself, and every console error, is recorded so a test can say there were none.
 */
async function open(args, name, options = {}) {
  const html = flipgame(args);
  const path = join(scratch, `${name}.html`);
  writeFileSync(path, html);
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, ...options });
  const page = await context.newPage();
  const requests = [];
  const errors = [];
  page.on('request', (request) => {
    if (request.url() !== `file://${path}`) requests.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`file://${path}`);
  if (args[0] === 'play') {
    // The game begins once the page's module is compiled, after the page has loaded.
    await page.waitForSelector('#app[data-board]');
  }
  return { page, context, requests, errors, bytes: html.length };
}

/** What the page says now: its board's text, the fewest taps left, the taps made. */
async function state(page) {
  return page.locator('#app').evaluate((app) => ({
    board: app.dataset.board,
    fewest: app.dataset.fewest,
    made: Number(app.dataset.made),
  }));
}

/** Clicks the cell at `index` (row-major). */
async function click(page, index) {
  await page.locator(`[data-cell="${index}"]`).click();
}

/** The board `text` after a tap of `cell`, by the rule's definition. */
function tapped(text, reach, states, cell) {
  const colors = colorsOf(text);
  for (const [at, weight] of reach[cell]) colors[at] = (colors[at] + weight) % states;
  return colors;
}

/** Asserts that a page made no request and logged no error, then closes it. */
async function close({ context, requests, errors }) {
  assert.deepEqual(requests, [], 'the page loads nothing');
  assert.deepEqual(errors, [], 'no console errors');
  await context.close();
}

describe('the puzzle page', { skip }, () => {
  test('the statement board: the fewest taps, a click, a screenshot', async () => {
    const opened = await open(['play', '--format', 'html', '--board', 'bwwb/bbwb/bwwb/bwww'], 'statement');
    const { page } = opened;
    assert.ok(opened.bytes < 1_000_000, `a 4x4 page is ${opened.bytes} bytes`);
    assert.deepEqual(await state(page), { board: 'bwwb/bbwb/bwwb/bwww', fewest: '4', made: 0 });
    await page.screenshot({ path: join(SHOTS, 'puzzle-4x4.png'), fullPage: true });
    if (process.env.FLIPGAME_UPDATE_GENERATED === '1') {
      // The README's picture, as the generated documents are remade.
      const docs = new URL('../../docs/web-page.png', import.meta.url).pathname;
      await page.setViewportSize({ width: 560, height: 660 });
      await page.locator('[data-action="hint"]').click();
      await page.screenshot({ path: docs });
    }
    const reach = reachOf({ rows: 4, cols: 4 });
    await click(page, 5);
    const now = await state(page);
    assert.deepEqual(colorsOf(now.board), tapped('bwwb/bbwb/bwwb/bwww', reach, 2, 5));
    const [solved] = solveAll([], [now.board]);
    assert.equal(now.fewest, String(solved.moves));
    assert.match(await page.locator('#status').textContent(), /^Taps made: 1\. Fewest taps left: \d+, to all (white|black)\. Goal: all white or all black\.$/);
    await close(opened);
  });

  for (const { args, deal = [], name, rule, wrap, states, rows, cols } of [
    { args: ['--size', '5x5'], name: '5x5 plus', rule: 'plus', wrap: false, states: 2, rows: 5, cols: 5 },
    { args: ['--size', '4x6', '--rule', 'x', '--wrap'], name: '4x6 x torus', rule: 'x', wrap: true, states: 2, rows: 4, cols: 6 },
    { args: ['--size', '6x6', '--rule', 'sigma'], name: '6x6 sigma', rule: 'sigma', wrap: false, states: 2, rows: 6, cols: 6 },
    { args: ['--size', '4x4', '--states', '3', '--goal', 'any'], name: 'K=3', rule: 'plus', wrap: false, states: 3, rows: 4, cols: 4 },
    { args: ['--size', '3x4', '--states', '4', '--wrap'], name: 'K=4 torus', rule: 'plus', wrap: true, states: 4, rows: 3, cols: 4 },
    { args: ['--size', '3x3', '--states', '6', '--rule', 'x', '--goal', 'any'], name: 'K=6 x', rule: 'x', wrap: false, states: 6, rows: 3, cols: 3 },
    // Past what the page's JavaScript walk of old allowed: 65,536 and 4,096 quiet tap sets.
    { args: ['--size', '19x19'], deal: ['--moves', '12'], name: '19x19 plus', rule: 'plus', wrap: false, states: 2, rows: 19, cols: 19 },
    { args: ['--size', '12x12', '--rule', 'x', '--wrap'], deal: ['--moves', '10'], name: '12x12 x torus', rule: 'x', wrap: true, states: 2, rows: 12, cols: 12 },
    { args: ['--size', '25x25'], deal: ['--moves', '12'], name: '25x25 plus', rule: 'plus', wrap: false, states: 2, rows: 25, cols: 25 },
    { args: ['--size', '50x50'], deal: ['--moves', '12'], name: '50x50 plus', rule: 'plus', wrap: false, states: 2, rows: 50, cols: 50 },
    { args: ['--size', '20x20', '--states', '6'], deal: ['--moves', '8'], name: '20x20 K=6', rule: 'plus', wrap: false, states: 6, rows: 20, cols: 20 },
  ]) {
    test(`random taps on ${name}: the page's fewest taps left equal flipgame solve`, async () => {
      const opened = await open(['play', '--format', 'html', '--seed', '11', ...args, ...deal], name.replace(/\W+/g, '-'));
      const { page } = opened;
      const reach = reachOf({ rows, cols, rule, wrap });
      const random = seeded(rows * cols + states);
      if (name === 'K=3') {
        await page.screenshot({ path: join(SHOTS, 'puzzle-k3.png'), fullPage: true });
      }
      const seen = [await state(page)];
      for (let step = 0; step < 6; step++) {
        const cell = random(rows * cols);
        const before = seen[seen.length - 1].board;
        await click(page, cell);
        const now = await state(page);
        assert.deepEqual(colorsOf(now.board), tapped(before, reach, states, cell), `a tap of cell ${cell}`);
        seen.push(now);
      }
      const solved = solveAll(args, seen.map((s) => s.board));
      seen.forEach((s, index) => {
        assert.equal(s.fewest, solved[index].solvable ? String(solved[index].moves) : 'impossible', s.board);
      });
      // Undo to the start and redo to the end give back every board exactly.
      for (let index = seen.length - 2; index >= 0; index--) {
        await page.locator('[data-action="undo"]').click();
        assert.deepEqual(await state(page), { ...seen[index], made: index });
      }
      for (let index = 1; index < seen.length; index++) {
        await page.locator('[data-action="redo"]').click();
        assert.deepEqual(await state(page), { ...seen[index], made: index });
      }
      // Following the hints finishes the board in exactly the taps the page said were left.
      // Each hint marks one more cell: the first of solve's taps not marked yet (a cell of K
      // colours pressed twice keeps its mark after one press, as in the terminal game).
      const left = Number((await state(page)).fewest);
      const markedCells = () => page.locator('.board .m-hint').evaluateAll((nodes) => nodes.map((n) => Number(n.dataset.cell)));
      // Played as the hints say, then checked against solve's answer to each board met, all
      // solved at once (a process a board cost a minute of CI).
      const hinted = [];
      for (let press = 0; press < left; press++) {
        const before = await markedCells();
        await page.locator('[data-action="hint"]').click();
        const added = (await markedCells()).filter((cell) => !before.includes(cell));
        hinted.push({ board: (await state(page)).board, before, added });
        // A hint that adds no mark leaves a marked cell to play.
        const played = added.length > 0 ? added[0] : before[0];
        if (played === undefined) {
          break;
        }
        await click(page, played);
      }
      const answers = solveAll(args, hinted.map(({ board }) => board));
      hinted.forEach(({ board, before, added }, index) => {
        const solution = answers[index].taps.map((tap) => (tap.row - 1) * cols + (tap.col - 1));
        assert.ok(before.every((cell) => solution.includes(cell)), `the marks are taps of solve's answer (${board})`);
        const first = solution.find((cell) => !before.includes(cell));
        if (first === undefined) {
          // Every tap left is marked already: the hint adds none, and a marked cell is played.
          assert.deepEqual(added, [], board);
        } else {
          assert.deepEqual(added, [first], `the hint is solve's first tap not marked yet (${board})`);
        }
      });
      const end = await state(page);
      assert.equal(end.fewest, '0');
      assert.equal(end.made, seen.length - 1 + left);
      await close(opened);
    });
  }

  test('a board no taps finish shows the proof explain gives, before and after taps', async () => {
    const board = 'bwbw/wwww/bbwb/bwwb';
    const opened = await open(['play', '--format', 'html', '--board', board], 'impossible');
    const { page } = opened;
    const [explained] = JSON.parse(flipgame(['explain', '--format', 'json', '--board', board]));
    const expected = explained.certificate.cells.map(({ row, col }) => (row - 1) * 4 + (col - 1)).sort((a, b) => a - b);
    for (const cell of [null, 0, 7]) {
      if (cell !== null) await click(page, cell);
      const now = await state(page);
      assert.equal(now.fewest, 'impossible');
      const marked = await page.locator('.board .m-proof').evaluateAll((nodes) => nodes.map((n) => Number(n.dataset.cell)));
      const [again] = JSON.parse(flipgame(['explain', '--format', 'json', '--board', now.board]));
      const proofNow = again.certificate.cells.map(({ row, col }) => (row - 1) * 4 + (col - 1)).sort((a, b) => a - b);
      assert.deepEqual(marked, expected);
      assert.deepEqual(marked, proofNow);
      const sentence = await page.locator('#proof').textContent();
      assert.match(sentence, new RegExp(`black pieces among them, ${again.certificate.black} now,`));
    }
    assert.ok(await page.locator('[data-action="hint"]').isDisabled());
    await close(opened);
  });

  test('a hopeless board of K colours shows its weights and the sentence explain prints', async () => {
    const args = ['--size', '3x3', '--states', '3', '--rule', 'x'];
    const board = '012/000/000';
    const opened = await open(['play', '--format', 'html', '--board', board, ...args], 'impossible-k3');
    const { page } = opened;
    const [explained] = JSON.parse(flipgame(['explain', '--format', 'json', '--board', board, ...args]));
    const weighted = explained.proof.weights.flat().flatMap((w, index) => (w > 0 ? [index] : []));
    const marked = await page.locator('.board .m-proof').evaluateAll((nodes) => nodes.map((n) => Number(n.dataset.cell)));
    assert.deepEqual(marked, weighted);
    const text = flipgame(['explain', '--board', board, ...args]).replace(/\s+/g, ' ');
    const sentence = (await page.locator('#proof').textContent()).replace(/\s+/g, ' ');
    assert.ok(text.includes(sentence), `explain says: ${sentence}`);
    await close(opened);
  });

  test('keyboard only: arrows move, Space and Enter tap, keys undo and redo', async () => {
    const opened = await open(['play', '--format', 'html', '--board', 'wwww/wwww/wwww/wwww', '--goal', 'white'], 'keyboard');
    const { page } = opened;
    await page.keyboard.press('Tab'); // the first control the page has: the board's cell
    let focused = await page.evaluate(() => document.activeElement.dataset.cell);
    // Tab order reaches the board (its roving cell) before or after the help text's controls.
    for (let tries = 0; focused === undefined && tries < 10; tries++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement.dataset.cell);
    }
    assert.equal(focused, '0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    const reach = reachOf({ rows: 4, cols: 4 });
    assert.deepEqual(colorsOf((await state(page)).board), tapped('wwww/wwww/wwww/wwww', reach, 2, 5));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const twice = (await state(page)).board;
    await page.keyboard.press('u');
    assert.deepEqual(colorsOf((await state(page)).board), tapped('wwww/wwww/wwww/wwww', reach, 2, 5));
    await page.keyboard.press('r');
    assert.equal((await state(page)).board, twice);
    // Capitals (Caps Lock, a held Shift) are the same keys: never a restart.
    await page.keyboard.press('Shift+U');
    await page.keyboard.press('Shift+R');
    assert.deepEqual(await state(page), { board: twice, fewest: '2', made: 2 });
    await page.keyboard.press('Backspace');
    assert.deepEqual(await state(page), { board: 'wwww/wwww/wwww/wwww', fewest: '0', made: 0 });
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, 'none', 'the focused cell is outlined');
    await close(opened);
  });

  test('a dealt page deals new puzzles of the same difficulty; a set is numbered', async () => {
    const opened = await open(['play', '--format', 'html', '--size', '10x10', '--moves', '5', '--count', '3', '--seed', '4'], 'ten');
    const { page } = opened;
    assert.equal((await state(page)).fewest, '5');
    await page.screenshot({ path: join(SHOTS, 'puzzle-10x10.png'), fullPage: true });
    const options = await page.locator('#puzzle-number option:not([value="dealt"])').allTextContents();
    assert.deepEqual(options, ['Puzzle 1 of 3', 'Puzzle 2 of 3', 'Puzzle 3 of 3']);
    const first = (await state(page)).board;
    await page.locator('#puzzle-number').selectOption('2');
    assert.notEqual((await state(page)).board, first);
    for (let deal = 0; deal < 3; deal++) {
      await page.locator('[data-action="new"]').click();
      assert.equal(await page.locator('#puzzle-number').inputValue(), 'dealt', 'the list names no puzzle of its own');
      const now = await state(page);
      assert.equal(now.fewest, '5');
      const [solved] = solveAll(['--size', '10x10'], [now.board]);
      assert.equal(solved.moves, 5);
    }
    await close(opened);
  });
});

describe('what a player expects of the puzzle page', { skip }, () => {
  /** The cells a page marks with `selector`, by index. */
  const cellsOf = (page, selector) => page.locator(`.board ${selector}`).evaluateAll((nodes) => nodes.map((n) => Number(n.dataset.cell)));

  test('restart and a new puzzle are taken back by undo: no key loses a game', async () => {
    const opened = await open(['play', '--format', 'html', '--board', 'bwwb/bbwb/bwwb/bwww', '--seed', '3'], 'undo-restart');
    const { page } = opened;
    await click(page, 5);
    await click(page, 10);
    const played = await state(page);
    await page.keyboard.press('Backspace');
    assert.deepEqual(await state(page), { board: 'bwwb/bbwb/bwwb/bwww', fewest: '4', made: 0 });
    await page.keyboard.press('u');
    assert.deepEqual(await state(page), played);
    assert.match(await page.locator('#message').textContent(), /Back to the game before, 2 taps made\./);
    await page.keyboard.press('n');
    assert.notEqual((await state(page)).board, played.board);
    await page.locator('[data-action="undo"]').click();
    assert.deepEqual(await state(page), played);
    await close(opened);
  });

  test('a set keeps each puzzle where it was left, and marks the solved ones', async () => {
    const opened = await open(['play', '--format', 'html', '--size', '5x5', '--moves', '1', '--count', '3', '--seed', '6'], 'set');
    const { page } = opened;
    await click(page, 0);
    const left = await state(page);
    await page.locator('#puzzle-number').selectOption('1');
    assert.equal((await state(page)).made, 0);
    await page.locator('[data-action="hint"]').click();
    const [hinted] = await cellsOf(page, '.m-hint');
    await click(page, hinted);
    assert.equal((await state(page)).fewest, '0');
    const names = await page.locator('#puzzle-number option:not([value="dealt"])').allTextContents();
    assert.deepEqual(names, ['Puzzle 1 of 3', 'Puzzle 2 of 3, solved', 'Puzzle 3 of 3']);
    await page.locator('#puzzle-number').selectOption('0');
    assert.deepEqual(await state(page), left);
    await close(opened);
  });

  test('a proof of K colours draws its weights on the board', async () => {
    const args = ['--size', '3x3', '--states', '3', '--rule', 'x'];
    const opened = await open(['play', '--format', 'html', '--board', '012/000/000', ...args], 'weights');
    const { page } = opened;
    const [explained] = JSON.parse(flipgame(['explain', '--format', 'json', '--board', '012/000/000', ...args]));
    const weights = explained.proof.weights.flat();
    const drawn = await page.locator('.board .cell').evaluateAll((nodes) => nodes.map((n) => n.querySelector('.weight')?.textContent ?? '0'));
    assert.deepEqual(drawn.map(Number), weights);
    assert.ok(weights.some((w) => w > 0));
    await page.screenshot({ path: join(SHOTS, 'proof-k3.png'), fullPage: true });
    await close(opened);
  });

  test('the ring of what a tap changes stays under the pointer after a tap and an undo', async () => {
    const opened = await open(['play', '--format', 'html', '--board', 'bwwb/bbwb/bwwb/bwww'], 'ring');
    const { page } = opened;
    const reach = reachOf({ rows: 4, cols: 4 });
    const ringOf = (cell) => [...reach[cell].keys()].sort((a, b) => a - b);
    await page.locator('[data-cell="6"]').hover();
    assert.deepEqual(await cellsOf(page, '.reach'), ringOf(6));
    await click(page, 6);
    assert.deepEqual(await cellsOf(page, '.reach'), ringOf(6), 'after the tap');
    await page.keyboard.press('u');
    assert.deepEqual(await cellsOf(page, '.reach'), ringOf(6), 'after an undo');
    await page.keyboard.press('h');
    const [hinted] = await cellsOf(page, '.m-hint');
    assert.deepEqual(await cellsOf(page, '.reach'), ringOf(hinted), 'the hint takes the focus, and its ring');
    await close(opened);
  });

  test('marks follow the taps, hint again gives the next tap, and the win says it was the fewest', async () => {
    const opened = await open(['play', '--format', 'html', '--board', 'bwwb/bbwb/bwwb/bwww'], 'marks');
    const { page } = opened;
    const [solved] = solveAll([], ['bwwb/bbwb/bwwb/bwww']);
    const solution = solved.taps.map((tap) => (tap.row - 1) * 4 + (tap.col - 1));
    await page.keyboard.press('h');
    await page.keyboard.press('h');
    assert.deepEqual(await cellsOf(page, '.m-hint'), solution.slice(0, 2), 'the second hint is the next tap');
    await page.keyboard.press('s');
    assert.deepEqual(await cellsOf(page, '.m-hint'), solution);
    await click(page, solution[1]);
    assert.deepEqual(await cellsOf(page, '.m-hint'), solution.filter((cell) => cell !== solution[1]), 'a tap of the solution clears its mark');
    for (const cell of solution.filter((cell) => cell !== solution[1])) {
      await click(page, cell);
    }
    assert.match(await page.locator('#status').textContent(), /^Solved in 4 taps, the fewest possible!/);
    await close(opened);
  });

  test('new puzzles at the hardest --moves are dealt at once', async () => {
    const args = ['--size', '3x3', '--states', '6', '--moves', '26'];
    const opened = await open(['play', '--format', 'html', '--seed', '2', ...args], 'hardest');
    const { page } = opened;
    for (let deal = 0; deal < 3; deal++) {
      await page.locator('[data-action="new"]').click();
      const now = await state(page);
      assert.equal(now.fewest, '26');
      const [solved] = solveAll(['--size', '3x3', '--states', '6'], [now.board]);
      assert.equal(solved.moves, 26);
    }
    await close(opened);
  });

  test('a dealt puzzle\'s seed is in the address: a reload deals it again, as play --seed does', async () => {
    const args = ['--size', '4x4', '--moves', '4'];
    const opened = await open(['play', '--format', 'html', '--seed', '5', ...args], 'seed');
    const { page } = opened;
    assert.equal(new URL(page.url()).hash, '#seed=5');
    await page.locator('[data-action="new"]').click();
    const dealt = await state(page);
    const seed = new URL(page.url()).hash.replace('#seed=', '');
    assert.match(seed, /^\d+$/);
    assert.equal(await page.locator('#app').getAttribute('data-seed'), seed);
    assert.match(await page.locator('#seed').textContent(), new RegExp(`flipgame play --seed ${seed} `));
    await page.reload();
    await page.waitForSelector('#app[data-board]');
    assert.deepEqual(await state(page), dealt);
    // The command line deals the same board from that seed.
    const [start] = flipgame(['play', '--lines', '--format', 'jsonl', '--seed', seed, ...args], 'quit\n').trim().split('\n').map((line) => JSON.parse(line));
    assert.equal(start.board, dealt.board);
    await close(opened);
  });

  test('dark mode with K colours: counts and proof marks stand out on every piece; colours past 8 differ', async () => {
    // WCAG's contrast of two CSS colours (rgb() or rgba() as computed, alpha ignored).
    const luminance = (color) => {
      const [r, g, b] = color.match(/[\d.]+/g).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a, b) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const args = ['--size', '4x4', '--states', '12', '--goal', 'any'];
    const opened = await open(['play', '--format', 'html', '--seed', '4', ...args], 'dark-k12', { colorScheme: 'dark' });
    const { page } = opened;
    await page.keyboard.press('s');
    const looks = await page.locator('.board .cell').evaluateAll((nodes) => nodes.map((node) => {
      const badge = node.querySelector('.badge');
      const style = badge === null ? null : getComputedStyle(badge);
      return {
        color: Number(node.className.match(/\bp(\d+)\b/)[1]),
        piece: getComputedStyle(node, '::before').backgroundColor,
        badge: style === null ? null : { text: style.color, ground: style.backgroundColor },
      };
    }));
    const badges = looks.filter((look) => look.badge !== null);
    assert.ok(badges.length > 0, 'a solution of 12 colours presses some cell more than once');
    for (const { badge } of badges) {
      assert.ok(contrast(badge.text, badge.ground) >= 3, `a count reads at ${contrast(badge.text, badge.ground).toFixed(1)}:1`);
    }
    // Each colour its own piece: as many piece colours as colours on the board.
    const colors = new Map(looks.map((look) => [look.color, look.piece]));
    assert.equal(new Set(colors.values()).size, colors.size, JSON.stringify([...colors]));
    await page.screenshot({ path: join(SHOTS, 'puzzle-k12-dark.png'), fullPage: true });
    await close(opened);
  });

  test('a search past its 2 seconds stops on the page\'s clock with the best found, said not proven', async () => {
    // 30x30 of 6 colours, any colour: the command line needs about 20 s to prove its first
    // position; the page's module stops at 2 s by the clock the page gives it, and says the
    // answer is not proven (without a clock it would search to the proof).
    const args = ['--size', '30x30', '--states', '6', '--goal', 'any'];
    const opened = await open(['play', '--format', 'html', '--seed', '1', ...args], 'search-time');
    const { page } = opened;
    const status = await page.locator('#status').textContent();
    assert.match(status, /^Taps made: 0\. Fewest taps left: at most (\d+), to all \d \(at least (\d+); not proven minimal\)\./);
    const [, most, least] = status.match(/at most (\d+).*at least (\d+)/).map(Number);
    assert.ok(least <= most, status);
    await close(opened);
  });

  test('a line says what a tap does under the rule', async () => {
    const opened = await open(['play', '--format', 'html', '--size', '4x5', '--rule', 'x', '--wrap', '--seed', '1'], 'rule-line');
    const { page } = opened;
    assert.match(await page.locator('.help').textContent(), /A tap changes the piece and its four diagonal neighbours, wrapping round the edges\./);
    await close(opened);
  });
});

describe('choosing a puzzle in the page', { skip }, () => {
  /** Fills the chooser's fields (by name) and deals. */
  async function choose(page, fields) {
    const chooser = page.locator('details.chooser');
    if (!(await chooser.evaluate((node) => node.open))) await chooser.locator('summary').click();
    for (const [name, value] of Object.entries(fields)) {
      const field = page.locator(`.choose [name="${name}"]`);
      if (typeof value === 'boolean') {
        await field.setChecked(value);
      } else if (await field.evaluate((node) => node.tagName === 'SELECT')) {
        await field.selectOption(value);
      } else {
        await field.fill(value);
      }
    }
    await page.locator('.choose button[type="submit"]').click();
  }

  test('size, rule, wrap and fewest taps chosen: the address keeps them, a reload deals them again, Back goes back', async () => {
    const opened = await open(['play', '--format', 'html', '--board', 'bwwb/bbwb/bwwb/bwww'], 'choose');
    const { page } = opened;
    await choose(page, { rows: '6', cols: '7', rule: 'x', wrap: true, moves: '3' });
    assert.equal(await page.locator('[data-cell]').count(), 42);
    const chosen = await state(page);
    assert.equal(chosen.fewest, '3');
    const [solved] = solveAll(['--size', '6x7', '--rule', 'x', '--wrap'], [chosen.board]);
    assert.equal(solved.moves, 3, 'the page\'s fewest is flipgame solve\'s');
    assert.equal(await page.locator('h1').textContent(), 'flipgame play: 6x7, rule x, wrapping');
    const address = new URLSearchParams(new URL(page.url()).hash.slice(1));
    assert.deepEqual([...address.keys()], ['size', 'rule', 'wrap', 'states', 'goal', 'moves', 'seed']);
    assert.equal(address.get('size'), '6x7');
    const seed = address.get('seed');
    // The seed line's command deals the same board in the terminal.
    const line = await page.locator('#seed').textContent();
    assert.ok(line.includes(`flipgame play --seed ${seed} --size 6x7 --rule x --wrap --moves 3 deals it too`), line);
    const [start] = flipgame(['play', '--lines', '--format', 'jsonl', '--seed', seed, '--size', '6x7', '--rule', 'x', '--wrap', '--moves', '3'], 'quit\n').trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(start.board, chosen.board);
    // New puzzles are of the chosen kind; the address follows the seed.
    await page.locator('[data-action="new"]').click();
    const dealt = await state(page);
    assert.equal(dealt.fewest, '3');
    assert.equal(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('seed'), await page.locator('#app').getAttribute('data-seed'));
    await page.reload();
    await page.waitForSelector('#app[data-board]');
    assert.deepEqual(await state(page), { ...dealt, made: 0 });
    await page.goBack();
    await page.waitForSelector('#app[data-board]');
    assert.equal((await state(page)).board, 'bwwb/bbwb/bwwb/bwww');
    await close(opened);
  });

  test('colours and goal chosen; a choice the page cannot answer at once is refused, the game kept', async () => {
    const opened = await open(['play', '--format', 'html', '--board', 'bwwb/bbwb/bwwb/bwww'], 'choose-colours');
    const { page } = opened;
    await click(page, 0);
    const played = await state(page);
    await choose(page, { rows: '20', cols: '20', rule: 'box' });
    assert.match(await page.locator('.choose .refused').textContent(), /^this puzzle has about 2\^39 quiet tap sets/);
    assert.deepEqual(await state(page), played, 'the game is kept');
    // Keys typed in the chooser are the chooser's: n is no new puzzle there.
    await page.locator('.choose [name="rows"]').press('n');
    assert.deepEqual(await state(page), played);
    await page.locator('.choose [name="states"]').fill('3');
    await page.locator('.choose [name="states"]').dispatchEvent('input');
    const goals = await page.locator('.choose [name="goal"] option').allTextContents();
    assert.deepEqual(goals, ['any one colour', 'all 0', 'all 1', 'all 2']);
    await choose(page, { rows: '3', cols: '4', rule: 'plus', goal: '2', moves: '' });
    const chosen = await state(page);
    assert.equal(await page.locator('[data-cell]').count(), 12);
    const [solved] = solveAll(['--size', '3x4', '--states', '3', '--goal', '2'], [chosen.board]);
    assert.equal(chosen.fewest, solved.solvable ? String(solved.moves) : 'impossible');
    assert.match(await page.locator('.help').textContent(), /^Goal: all 2\./);
    assert.match(await page.locator('#seed').textContent(), / --size 3x4 --states 3 --goal 2 deals it too\.$/);
    await close(opened);
  });
});

describe('the walkthrough page', { skip }, () => {
  test('steps through every board of the walkthrough, and shows the tap map', async () => {
    const opened = await open(['explain', '--format', 'html', '--board', 'bwwb/bbwb/bwwb/bwww'], 'walkthrough');
    const { page } = opened;
    const film = page.locator('.film');
    assert.equal(await film.getAttribute('data-frames'), '5');
    const visible = () => page.locator('.film .frame:not([hidden]) figcaption').allTextContents();
    assert.deepEqual(await visible(), ['Start']);
    await film.locator('[data-step="1"]').click();
    assert.deepEqual(await visible(), ['Tap 1: r1c1']);
    await film.locator('[data-step="-1"]').click();
    assert.deepEqual(await visible(), ['Start']);
    await film.locator('[data-step="play"]').click();
    await page.waitForFunction(() => document.querySelector('.film').dataset.shown === '4', null, { timeout: 10_000 });
    assert.equal((await visible())[0].startsWith('Tap 4:'), true);
    assert.match(await page.locator('body').textContent(), /Solved in 4 taps: all white\./);
    assert.equal(await page.locator('figcaption', { hasText: 'Tap map: 4 taps' }).count(), 1);
    await page.screenshot({ path: join(SHOTS, 'walkthrough-4x4.png'), fullPage: true });
    await close(opened);
  });
});

// axe-core (pinned in package.json beside the driver) run inside each page: WCAG 2.x A and AA
// rules and axe's best practices.
const AXE_SCRIPT = new URL('./node_modules/axe-core/axe.min.js', import.meta.url);
const axeSkip = skip || (existsSync(AXE_SCRIPT) ? false : 'needs axe-core (npm ci)');

describe('the pages to a screen reader and a checker of accessibility', { skip: axeSkip }, () => {
  const AXE = axeSkip ? '' : readFileSync(AXE_SCRIPT, 'utf8');

  /** The rules a page breaks, each with the elements that break it. */
  async function violations(page) {
    // Evaluated by the driver, not loaded by the page: the page's CSP still loads nothing.
    await page.evaluate(AXE);
    const found = await page.evaluate(async () => {
      const result = await globalThis.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
      return result.violations.map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
    });
    return found;
  }

  for (const { name, args, scheme = 'light', keys = [], chooser = false } of [
    { name: 'the statement board', args: ['play', '--format', 'html', '--board', 'bwwb/bbwb/bwwb/bwww'], keys: ['h'] },
    { name: 'the chooser, open', args: ['play', '--format', 'html', '--board', 'bwwb/bbwb/bwwb/bwww'], chooser: true },
    { name: 'a board no taps finish', args: ['play', '--format', 'html', '--board', 'bwbw/wwww/bbwb/bwwb'] },
    { name: 'a solution of 12 colours in dark mode', args: ['play', '--format', 'html', '--seed', '4', '--size', '4x4', '--states', '12', '--goal', 'any'], scheme: 'dark', keys: ['s'] },
    { name: 'a proof of 3 colours in dark mode', args: ['play', '--format', 'html', '--board', '012/000/000', '--size', '3x3', '--states', '3', '--rule', 'x'], scheme: 'dark' },
    { name: 'a class set', args: ['play', '--format', 'html', '--size', '4x4', '--moves', '3', '--count', '3', '--seed', '6'] },
    { name: 'the walkthrough', args: ['explain', '--format', 'html', '--board', 'bwwb/bbwb/bwwb/bwww'] },
  ]) {
    test(`${name}: axe-core finds nothing`, async () => {
      const opened = await open(args, `axe-${name.replace(/\W+/g, '-')}`, { colorScheme: scheme });
      for (const key of keys) await opened.page.keyboard.press(key);
      if (chooser) await opened.page.locator('details.chooser summary').click();
      assert.deepEqual(await violations(opened.page), []);
      await close(opened);
    });
  }
});
