// The web page of `play --format html`: its size, and how long a tap and a hint take in Debian's
// headless Chromium, for the puzzles of bench/README.md. Run by bench/page.sh, which builds the
// release binary and installs the driver.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../tests/browser/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const FLIPGAME = process.env.FLIPGAME_BIN ?? new URL('../target/release/flipgame', import.meta.url).pathname;
const TAPS = Number(process.env.TAPS ?? 30);
const PUZZLES = [
  ['4x4', ['--size', '4x4']],
  ['19x19 (nullity 16)', ['--size', '19x19']],
  ['25x25', ['--size', '25x25']],
  ['12x12, x, torus', ['--size', '12x12', '--rule', 'x', '--wrap']],
  // About the chooser's bound of search work (quiet tap sets times cells, 2^28): below and
  // above it.
  ['10x10, sigma, torus (2^26.6 of search)', ['--size', '10x10', '--rule', 'sigma', '--wrap']],
  ['20x20, sigma (2^28.6 of search)', ['--size', '20x20', '--rule', 'sigma']],
  ['50x50', ['--size', '50x50']],
  ['100x100 (the limit)', ['--size', '100x100']],
  ['30x30, K = 6, any colour', ['--size', '30x30', '--states', '6', '--goal', 'any']],
];

const scratch = mkdtempSync(join(tmpdir(), 'flipgame-page-bench-'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

console.log('| puzzle | page | open | slowest tap | median tap | slowest hint |');
console.log('|:---|---:|---:|---:|---:|---:|');
for (const [name, args] of PUZZLES) {
  const run = spawnSync(FLIPGAME, ['play', '--format', 'html', '--seed', '1', ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${name}: ${run.stderr}`);
  const html = run.stdout;
  const path = join(scratch, 'page.html');
  writeFileSync(path, html);
  const page = await browser.newPage();
  // Opening: from the request to the board drawn (the module compiled, the game begun and
  // its first position solved).
  const opening = performance.now();
  await page.goto(`file://${path}`);
  await page.waitForSelector('#app[data-board]', { timeout: 600_000 });
  const open = performance.now() - opening;
  // Each tap and each hint timed inside the page: the click's handler runs to its end (the
  // module's solve of the new position and the drawing) before click() returns.
  const times = await page.evaluate((taps) => {
    const cells = document.querySelectorAll('[data-cell]');
    const hint = document.querySelector('[data-action="hint"]');
    const tapped = [];
    const hinted = [];
    let seed = 12345;
    for (let i = 0; i < taps; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const cell = cells[seed % cells.length];
      let start = performance.now();
      cell.click();
      tapped.push(performance.now() - start);
      start = performance.now();
      hint.click();
      hinted.push(performance.now() - start);
    }
    return { tapped, hinted };
  }, TAPS);
  await page.close();
  const sorted = [...times.tapped].sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(`| ${name} | ${(html.length / 1024).toFixed(1)} KiB | ${ms(open)} | ${ms(sorted[sorted.length - 1])} | ${ms(sorted[Math.floor(sorted.length / 2)])} | ${ms(Math.max(...times.hinted))} |`);
}
await browser.close();
