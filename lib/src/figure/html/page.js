// flipgame's web pages: the puzzle to play and the walkthrough to step through.
//
// The puzzle's logic comes first, as plain functions of plain data (node's tests call them);
// the page's controls come after and only draw what those functions say. Why the fewest taps
// are exact without a solver here is argued in lib/src/figure/html/mod.rs: one answer of the
// starting board, the quiet tap counts' generators and the shifts between goal colours give
// every answer of every board the player can reach.
'use strict';

(function () {
  const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

  /** Colour numbers (or tap counts) from their one-character digits. */
  function parseDigits(text) {
    const values = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) {
      values[i] = DIGITS.indexOf(text[i]);
    }
    return values;
  }

  /** The cells a vector changes and by how much, as two arrays. */
  function support(values) {
    const at = [];
    const by = [];
    values.forEach((value, index) => {
      if (value !== 0) {
        at.push(index);
        by.push(value);
      }
    });
    return { at, by };
  }

  /** The page's data made ready for play. */
  function preparePuzzle(data) {
    const taps = data.taps.map((flat) => {
      const at = [];
      const by = [];
      for (let i = 0; i < flat.length; i += 2) {
        at.push(flat[i]);
        by.push(flat[i + 1]);
      }
      return { at, by };
    });
    return {
      rows: data.rows,
      cols: data.cols,
      states: data.states,
      cells: data.rows * data.cols,
      letters: data.letters,
      taps,
      quiet: data.quiet.map((g) => ({ ...support(parseDigits(g.counts)), order: g.order })),
      shifts: data.shifts.map((shift) => (shift === null ? null : parseDigits(shift))),
      goal: data.goal,
    };
  }

  /** One starting board: its pieces, and one answer in one colour or a proof. */
  function prepareStart(start) {
    return {
      board: parseDigits(start.board),
      color: start.color,
      answer: start.answer === null ? null : parseDigits(start.answer),
      proof: start.proof === null ? null : { weights: parseDigits(start.proof.weights), sentence: start.proof.sentence },
    };
  }

  /** Taps `cell` of `board` `times` times (the rule's weights added, mod K). */
  function tap(puzzle, board, cell, times = 1) {
    const { at, by } = puzzle.taps[cell];
    for (let i = 0; i < at.length; i++) {
      board[at[i]] = (board[at[i]] + by[i] * times) % puzzle.states;
    }
  }

  /** True when `a` comes before `b` read as digits, row-major. */
  function lexLess(a, b) {
    for (let i = 0; i < a.length; i++) {
      if (a[i] !== b[i]) {
        return a[i] < b[i];
      }
    }
    return false;
  }

  /** The sum of a vector's entries: the taps of tap counts. */
  function total(values) {
    let sum = 0;
    for (const value of values) {
      sum += value;
    }
    return sum;
  }

  /**
   * The least of `base` plus every quiet tap count, by the tie rule of every answer (fewest
   * taps, then least read row-major). An odometer over the generators: each step adds one
   * generator, and a digit that comes round to its order has added nothing in all and carries.
   */
  function leastInCoset(puzzle, base) {
    const states = puzzle.states;
    const quiet = puzzle.quiet;
    const counts = base.slice();
    let sum = total(counts);
    let best = counts.slice();
    let bestSum = sum;
    const digits = new Uint32Array(quiet.length);
    for (;;) {
      let i = 0;
      for (; i < quiet.length; i++) {
        const { at, by, order } = quiet[i];
        for (let j = 0; j < at.length; j++) {
          const before = counts[at[j]];
          // Both are below K, so one subtraction takes the sum mod K (quicker than %).
          let after = before + by[j];
          if (after >= states) {
            after -= states;
          }
          counts[at[j]] = after;
          sum += after - before;
        }
        digits[i] += 1;
        if (digits[i] < order) {
          break;
        }
        digits[i] = 0;
      }
      if (i === quiet.length) {
        return { taps: best, moves: bestSum };
      }
      if (sum < bestSum || (sum === bestSum && lexLess(counts, best))) {
        best = counts.slice();
        bestSum = sum;
      }
    }
  }

  /**
   * The fewest taps that finish the board `start` becomes after the taps `made` (counts mod
   * K): `{taps, moves, color}`, or null when no taps finish it.
   */
  function fewest(puzzle, start, made) {
    if (start.answer === null) {
      return null;
    }
    const states = puzzle.states;
    let best = null;
    for (const color of puzzle.goal) {
      const shift = puzzle.shifts[(color - start.color + states) % states];
      if (shift === null || shift === undefined) {
        continue;
      }
      const base = new Uint8Array(puzzle.cells);
      for (let i = 0; i < puzzle.cells; i++) {
        base[i] = (start.answer[i] + shift[i] + states - made[i]) % states;
      }
      const found = leastInCoset(puzzle, base);
      if (best === null || found.moves < best.moves || (found.moves === best.moves && lexLess(found.taps, best.taps))) {
        best = { ...found, color };
      }
    }
    return best;
  }

  /** The first tap of an answer, row-major: the hint. */
  function firstTap(taps) {
    return taps.findIndex((times) => times > 0);
  }

  /** A board in flipgame's text: rows of letters or digits, joined by `/`. */
  function boardText(puzzle, board) {
    const rows = [];
    for (let row = 0; row < puzzle.rows; row++) {
      let text = '';
      for (let col = 0; col < puzzle.cols; col++) {
        text += puzzle.letters[board[row * puzzle.cols + col]];
      }
      rows.push(text);
    }
    return rows.join('/');
  }

  /** The proof's sentence for `board`: its weighted sum where `{now}` stands. */
  function proofSentence(proof, board) {
    let sum = 0;
    proof.weights.forEach((weight, cell) => {
      sum += weight * board[cell];
    });
    return proof.sentence.replace('{now}', String(sum));
  }

  /** A uniform whole number below `bound` from the browser's random source. */
  function cryptoRandom(bound) {
    const limit = Math.floor(0x100000000 / bound) * bound;
    const word = new Uint32Array(1);
    do {
      crypto.getRandomValues(word);
    } while (word[0] >= limit);
    return word[0] % bound;
  }

  /**
   * A new starting board of the puzzle, not finished: a finished board of a goal colour with
   * random taps taken back, so that those taps are an answer of it. Without `moves`, every tap
   * count is uniform, so the board is uniform among those that can be finished; with it,
   * `moves` taps (distinct cells, fewer than K on a cell) until the fewest are exactly `moves`.
   */
  function deal(puzzle, moves, random, attempts = 1000) {
    const states = puzzle.states;
    if (moves !== null && moves > puzzle.cells * (states - 1)) {
      return null;
    }
    for (let attempt = 0; attempt < attempts; attempt++) {
      const color = puzzle.goal[random(puzzle.goal.length)];
      const answer = new Uint8Array(puzzle.cells);
      if (moves === null) {
        answer.forEach((_, cell) => {
          answer[cell] = random(states);
        });
      } else {
        for (let made = 0; made < moves; ) {
          const cell = random(puzzle.cells);
          if (answer[cell] < states - 1) {
            answer[cell] += 1;
            made += 1;
          }
        }
      }
      const board = new Uint8Array(puzzle.cells).fill(color);
      answer.forEach((times, cell) => tap(puzzle, board, cell, states - times));
      const start = { board, color, answer, proof: null };
      const found = fewest(puzzle, start, new Uint8Array(puzzle.cells));
      if (found.moves > 0 && (moves === null || found.moves === moves)) {
        return start;
      }
    }
    return null;
  }

  const logic = { parseDigits, preparePuzzle, prepareStart, tap, fewest, leastInCoset, firstTap, boardText, proofSentence, deal };

  if (typeof document === 'undefined') {
    module.exports = logic;
    return;
  }

  // ---- The page ---------------------------------------------------------------------------

  /** An element with its attributes and children. */
  function element(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === 'text') {
        node.textContent = value;
      } else {
        node.setAttribute(name, value);
      }
    }
    node.append(...children);
    return node;
  }

  /** A count with its noun: `1 tap`, `3 taps`. */
  function counted(count, noun) {
    return `${count} ${count === 1 ? noun[0] : noun[1]}`;
  }

  /** The puzzle page: the board, its controls, the status and the proof. */
  function puzzlePage(app, data) {
    const puzzle = preparePuzzle(data);
    const starts = data.puzzles.map(prepareStart);
    // `found` is the fewest taps from the board as it is, worked out once each time it changes.
    const game = { index: 0, start: null, board: null, made: null, found: null, done: [], undone: [], hint: -1, solution: null, cursor: 0 };

    const board = element('div', { class: 'board', role: 'grid', 'aria-label': 'Board', style: `--rows:${puzzle.rows};--cols:${puzzle.cols}` });
    // Pieces that show their colour's digit are coloured from the palette of K colours.
    const numbered = data.faces.some((face) => face !== '');
    if (numbered) {
      board.dataset.states = String(puzzle.states);
    }
    const cells = [];
    for (let row = 0; row < puzzle.rows; row++) {
      const line = element('div', { role: 'row', class: 'row' });
      for (let col = 0; col < puzzle.cols; col++) {
        const index = row * puzzle.cols + col;
        const cell = element('button', { type: 'button', class: 'cell', role: 'gridcell', tabindex: '-1', 'data-cell': String(index) });
        cell.addEventListener('click', () => play(index));
        cell.addEventListener('pointerenter', () => showReach(index));
        cell.addEventListener('pointerleave', () => showReach(-1));
        cell.addEventListener('focus', () => {
          game.cursor = index;
          showReach(index);
        });
        cell.addEventListener('blur', () => showReach(-1));
        cells.push(cell);
        line.append(cell);
      }
      board.append(line);
    }
    board.addEventListener('keydown', onBoardKey);

    const status = element('p', { id: 'status', role: 'status', 'aria-live': 'polite' });
    const proof = element('p', { id: 'proof', hidden: '' });
    const buttons = {};
    const controls = element('div', { class: 'controls' });
    const control = (name, label, key, action) => {
      const button = element('button', { type: 'button', 'data-action': name, 'aria-keyshortcuts': key, text: label });
      button.addEventListener('click', action);
      buttons[name] = button;
      controls.append(button);
    };
    control('undo', 'Undo', 'U', () => undo());
    control('redo', 'Redo', 'R', () => redo());
    control('restart', 'Restart', 'Backspace', () => begin(game.start));
    control('hint', 'Hint', 'H', () => hint());
    control('solution', 'Show solution', 'S', () => showSolution());
    if (data.deal !== null) {
      control('new', 'New puzzle', 'N', () => newPuzzle());
    }
    let chooser = null;
    if (starts.length > 1) {
      chooser = element('select', { id: 'puzzle-number' });
      starts.forEach((_, index) => chooser.append(element('option', { value: String(index), text: `Puzzle ${index + 1} of ${starts.length}` })));
      // Shown while a puzzle dealt in the page is played, which is none of the list's.
      chooser.append(element('option', { value: 'dealt', disabled: '', hidden: '', text: 'A new puzzle' }));
      chooser.addEventListener('change', () => {
        game.index = Number(chooser.value);
        begin(starts[game.index]);
      });
      controls.prepend(element('label', { for: 'puzzle-number', class: 'visually-hidden', text: 'Puzzle' }), chooser);
    }
    const help = element('p', { class: 'help', text: `Goal: ${data.goal_words}. Click or touch a piece to ${data.noun[0]} it, or move with the arrow keys and press Space or Enter. Keys: u undo, r redo, Backspace restart, h hint, s solution${data.deal !== null ? ', n new puzzle' : ''}.` });
    // A board wider than the window scrolls rather than shrinking its pieces to nothing.
    app.append(help, element('div', { class: 'scroll' }, board), status, controls, proof);
    document.addEventListener('keydown', onPageKey);
    begin(starts[0]);

    /** Starts (or restarts) the game from `start`. */
    function begin(start) {
      game.start = start;
      game.board = start.board.slice();
      game.made = new Uint8Array(puzzle.cells);
      game.found = fewest(puzzle, start, game.made);
      game.done = [];
      game.undone = [];
      clearMarks();
      draw();
    }

    function clearMarks() {
      game.hint = -1;
      game.solution = null;
    }

    /** Taps `cell` as the player does. */
    function play(cell) {
      apply(cell);
      game.done.push(cell);
      game.undone = [];
      game.cursor = cell;
      clearMarks();
      draw();
    }

    function apply(cell, times = 1) {
      tap(puzzle, game.board, cell, times);
      game.made[cell] = (game.made[cell] + times) % puzzle.states;
      game.found = fewest(puzzle, game.start, game.made);
    }

    function undo() {
      if (game.done.length === 0) {
        return;
      }
      const cell = game.done.pop();
      apply(cell, puzzle.states - 1);
      game.undone.push(cell);
      clearMarks();
      draw();
    }

    function redo() {
      if (game.undone.length === 0) {
        return;
      }
      const cell = game.undone.pop();
      apply(cell);
      game.done.push(cell);
      clearMarks();
      draw();
    }

    function hint() {
      const found = game.found;
      game.hint = found === null ? -1 : firstTap(found.taps);
      draw();
      if (game.hint >= 0) {
        cells[game.hint].focus();
      }
    }

    function showSolution() {
      const found = game.found;
      game.solution = found === null ? null : found.taps;
      draw();
    }

    function newPuzzle() {
      const start = deal(puzzle, data.deal.moves, cryptoRandom);
      if (start === null) {
        status.textContent = 'No new puzzle could be dealt of this kind.';
        return;
      }
      game.index = -1;
      begin(start);
    }

    /** Marks the cells a tap of `cell` changes (none for -1). */
    function showReach(cell) {
      const reached = cell < 0 ? new Set() : new Set(puzzle.taps[cell].at);
      cells.forEach((node, index) => node.classList.toggle('reach', reached.has(index)));
    }

    function onBoardKey(event) {
      const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      const move = moves[event.key];
      if (move === undefined) {
        return;
      }
      event.preventDefault();
      const row = Math.min(puzzle.rows - 1, Math.max(0, Math.floor(game.cursor / puzzle.cols) + move[0]));
      const col = Math.min(puzzle.cols - 1, Math.max(0, (game.cursor % puzzle.cols) + move[1]));
      game.cursor = row * puzzle.cols + col;
      draw();
      cells[game.cursor].focus();
    }

    function onPageKey(event) {
      if (event.ctrlKey || event.metaKey || event.altKey || event.target instanceof HTMLSelectElement) {
        return;
      }
      // Letters in either case, so Caps Lock changes nothing; restart is Backspace (as in the
      // terminal), never a letter that a stuck Shift could turn an undo into.
      const actions = { u: undo, r: redo, h: hint, s: showSolution, backspace: () => begin(game.start) };
      if (data.deal !== null) {
        actions.n = newPuzzle;
      }
      const action = actions[event.key.toLowerCase()];
      if (action !== undefined) {
        event.preventDefault();
        action();
      }
    }

    /** Draws the board, its marks, the status and the proof as the game now is. */
    function draw() {
      const found = game.found;
      const proofWeights = found === null && game.start.proof !== null ? game.start.proof.weights : null;
      cells.forEach((node, index) => {
        const color = game.board[index];
        const marks = [];
        node.className = `cell p${color}`;
        if (index === game.hint) {
          node.classList.add('m-hint');
          marks.push(`tap here`);
        }
        if (game.solution !== null && game.solution[index] > 0) {
          node.classList.add('m-hint');
          marks.push(`${counted(game.solution[index], data.noun)} in the solution`);
        }
        if (proofWeights !== null && proofWeights[index] > 0) {
          node.classList.add('m-proof');
          marks.push(numbered ? `weight ${DIGITS[proofWeights[index]]} in the proof` : 'in the proof');
        }
        node.textContent = data.faces[color];
        if (game.solution !== null && game.solution[index] > 1) {
          node.dataset.times = String(game.solution[index]);
        } else {
          delete node.dataset.times;
        }
        node.tabIndex = index === game.cursor ? 0 : -1;
        const words = [`row ${Math.floor(index / puzzle.cols) + 1}, column ${(index % puzzle.cols) + 1}, ${data.pieces[color]}`, ...marks];
        node.setAttribute('aria-label', words.join(', '));
      });
      const made = game.done.length;
      let sentence;
      if (found === null) {
        sentence = `${capital(counted(made, data.noun))} made. No ${data.noun[1]} finish this board: the proof is below.`;
      } else if (found.moves === 0) {
        sentence = `Solved in ${counted(made, data.noun)}: all ${data.colors[found.color]}.`;
      } else {
        sentence = `${capital(counted(made, data.noun))} made. Fewest ${data.noun[1]} left: ${found.moves} (all ${data.colors[found.color]}).`;
      }
      status.textContent = sentence;
      app.dataset.board = boardText(puzzle, game.board);
      app.dataset.fewest = found === null ? 'impossible' : String(found.moves);
      app.dataset.made = String(made);
      proof.hidden = proofWeights === null;
      proof.textContent = proofWeights === null ? '' : proofSentence(game.start.proof, game.board);
      buttons.undo.disabled = game.done.length === 0;
      buttons.redo.disabled = game.undone.length === 0;
      buttons.hint.disabled = found === null || found.moves === 0;
      buttons.solution.disabled = found === null || found.moves === 0;
      if (chooser !== null) {
        chooser.value = game.index < 0 ? 'dealt' : String(game.index);
      }
    }
  }

  function capital(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  /** The walkthrough page: each strip of boards shown one frame at a time. */
  function walkthroughPage(app) {
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    for (const film of app.querySelectorAll('.film')) {
      const frames = Array.from(film.querySelectorAll('.frame'));
      const controls = film.querySelector('.controls');
      const output = controls.querySelector('output');
      const play = controls.querySelector('[data-step="play"]');
      let shown = 0;
      let timer = null;
      const show = (index) => {
        shown = Math.max(0, Math.min(frames.length - 1, index));
        frames.forEach((frame, at) => {
          frame.hidden = at !== shown;
        });
        output.textContent = `Board ${shown + 1} of ${frames.length}`;
        film.dataset.shown = String(shown);
      };
      const stop = () => {
        clearInterval(timer);
        timer = null;
        play.textContent = 'Play';
      };
      controls.addEventListener('click', (event) => {
        const step = event.target.dataset.step;
        if (step === undefined) {
          return;
        }
        if (step !== 'play') {
          stop();
          show(shown + Number(step));
        } else if (timer !== null) {
          stop();
        } else {
          if (shown === frames.length - 1) {
            show(0);
          }
          play.textContent = 'Pause';
          timer = setInterval(() => {
            show(shown + 1);
            if (shown === frames.length - 1) {
              stop();
            }
          }, still ? 2000 : 900);
        }
      });
      controls.hidden = false;
      film.classList.add('stepping');
      show(0);
    }
  }

  const app = document.getElementById('app');
  if (app.dataset.page === 'puzzle') {
    puzzlePage(app, JSON.parse(document.getElementById('flipgame-data').textContent));
  } else {
    walkthroughPage(app);
  }
})();
