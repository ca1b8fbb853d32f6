// flipgame's puzzle page: the controls and the drawing. The game itself (the board, the fewest
// taps left, hints, the solution, the proof, undo and redo, new puzzles) is flipgame's library,
// carried inside the page as a WebAssembly module (lib/src/figure/html/mod.rs says how): the
// script sends it the player's commands in the words of `flipgame play --lines` and draws the
// position it answers with.
'use strict';

(function () {
  /**
   * The library's module from its bytes (or compiled already): `call(request)` sends one
   * request (an object, as JSON) and gives back the answer. The module's only import is the
   * page's clock.
   */
  async function connect(source, now) {
    const made = await WebAssembly.instantiate(source, { flipgame: { now } });
    // Bytes give a module and its instance; a compiled module gives the instance alone.
    const instance = made.instance ?? made;
    const exports = instance.exports;
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    return (request) => {
      const text = encoder.encode(JSON.stringify(request));
      const at = exports.flipgame_buffer(text.length);
      new Uint8Array(exports.memory.buffer, at, text.length).set(text);
      const length = exports.flipgame_call();
      const answer = new Uint8Array(exports.memory.buffer, exports.flipgame_buffer(length), length);
      return JSON.parse(decoder.decode(answer));
    };
  }

  if (typeof document === 'undefined') {
    module.exports = { connect };
    return;
  }

  const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

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

  /** A fresh seed for a chosen puzzle: 64 random bits, as decimal text. */
  function freshSeed() {
    return crypto.getRandomValues(new BigUint64Array(1))[0].toString();
  }

  /**
   * The puzzle an address chooses (`#size=5x5&rule=x&wrap=1&states=3&goal=any&moves=4&seed=N`,
   * the command line's options), as the module takes it; `{error}` when the size is no size.
   */
  function choiceOf(address) {
    const size = /^(\d+)x(\d+)$/.exec(address.get('size') ?? '');
    if (size === null) {
      return { error: `the address's size ${JSON.stringify(address.get('size'))} is not rows x columns, such as 5x5` };
    }
    const states = Number(address.get('states') ?? '2');
    const moves = address.get('moves');
    return {
      puzzle: {
        rows: Number(size[1]),
        cols: Number(size[2]),
        rule: address.get('rule') ?? 'plus',
        rule_file: null,
        wrap: address.has('wrap') && address.get('wrap') !== '0',
        states,
        goal: address.get('goal') ?? (states === 2 ? 'either' : '0'),
      },
      moves: moves === null || moves === '' ? null : Number(moves),
      seed: /^\d+$/.test(address.get('seed') ?? '') ? address.get('seed') : freshSeed(),
    };
  }

  /** The command line's options that make the puzzle of `spec`, defaults left out. */
  function optionsOf(spec) {
    const options = [`--size ${spec.rows}x${spec.cols}`];
    if (spec.rule_file !== null) {
      options.push(`--rule-file ${spec.rule}`);
    } else if (spec.rule !== 'plus') {
      options.push(`--rule ${spec.rule}`);
    }
    if (spec.wrap) options.push('--wrap');
    if (spec.states !== 2) options.push(`--states ${spec.states}`);
    if (spec.goal !== (spec.states === 2 ? 'either' : '0')) options.push(`--goal ${spec.goal}`);
    return options.join(' ');
  }

  /** The address of `choice` dealt from `seed`: what a reload or a shared link plays again. */
  function addressOf(choice, seed) {
    const { rows, cols, rule, wrap, states, goal } = choice.puzzle;
    const address = new URLSearchParams({ size: `${rows}x${cols}`, rule });
    if (wrap) address.set('wrap', '1');
    address.set('states', String(states));
    address.set('goal', goal);
    if (choice.moves !== null) address.set('moves', String(choice.moves));
    address.set('seed', seed);
    return `#${address}`;
  }

  /**
   * Begins the page: its own puzzle, or the one its address chooses (a choice the module does
   * not deal is said, and the page's own puzzle played).
   */
  function begin(app, data, call) {
    const opened = call({ open: data });
    if (opened.error !== undefined) {
      app.append(element('p', { role: 'alert', text: `This page cannot be played: ${opened.error}.` }));
      return;
    }
    const address = new URLSearchParams(location.hash.slice(1));
    const own = { opened, count: data.boards.length, moves: data.deal.moves, puzzle: data.puzzle, choice: null, notice: null };
    if (!address.has('size')) {
      puzzlePage(app, own, call);
      return;
    }
    const choice = choiceOf(address);
    const chosen = choice.error === undefined ? call({ choose: choice }) : choice;
    if (chosen.error === undefined) {
      puzzlePage(app, { opened: chosen, count: 1, moves: choice.moves, puzzle: choice.puzzle, choice, notice: null }, call);
    } else {
      puzzlePage(app, { ...own, notice: `The puzzle this page's address chooses is not dealt: ${chosen.error}.` }, call);
    }
  }

  /**
   * The puzzle page: the board, its controls, the status, the proof and the chooser of another
   * puzzle. `game` is what the module answered (`opened`), how many starting boards the page has
   * (`count`), the fewest taps of puzzles dealt (`moves`), the puzzle's spec (`puzzle`), the
   * choice that made it (`choice`, null for the page's own) and a `notice` to show.
   */
  function puzzlePage(app, game, call) {
    const { opened, count } = game;
    const look = opened.look;
    let view = opened.view;
    let cursor = 0;
    // The cell under the pointer or the focus, whose reach is ringed (-1: none).
    let pointed = -1;

    const board = element('div', { class: 'board', role: 'grid', 'aria-label': 'Board', style: `--rows:${look.rows};--cols:${look.cols}` });
    // Pieces that show their colour's digit are coloured from the palette of K colours.
    const numbered = look.faces.some((face) => face !== '');
    if (numbered) {
      board.dataset.states = String(look.states);
    }
    const cells = [];
    for (let row = 0; row < look.rows; row++) {
      const line = element('div', { role: 'row', class: 'row' });
      for (let col = 0; col < look.cols; col++) {
        const index = row * look.cols + col;
        const cell = element('button', { type: 'button', class: 'cell', role: 'gridcell', tabindex: '-1', 'data-cell': String(index) });
        cell.addEventListener('click', () => send(`r${row + 1}c${col + 1}`, index));
        cell.addEventListener('pointerenter', () => point(index));
        cell.addEventListener('pointerleave', () => point(-1));
        cell.addEventListener('focus', () => {
          cursor = index;
          point(index);
        });
        cell.addEventListener('blur', () => point(-1));
        cells.push(cell);
        line.append(cell);
      }
      board.append(line);
    }
    board.addEventListener('keydown', onBoardKey);

    const status = element('p', { id: 'status', role: 'status', 'aria-live': 'polite' });
    const seedLine = element('p', { id: 'seed' });
    const message = element('p', { id: 'message' });
    const proof = element('p', { id: 'proof', hidden: '' });
    const buttons = {};
    const controls = element('div', { class: 'controls' });
    const control = (name, label, key, command) => {
      const button = element('button', { type: 'button', 'data-action': name, 'aria-keyshortcuts': key, text: label });
      button.addEventListener('click', () => send(command));
      buttons[name] = button;
      controls.append(button);
    };
    control('undo', 'Undo', 'U', 'undo');
    control('redo', 'Redo', 'R', 'redo');
    control('restart', 'Restart', 'Backspace', 'restart');
    control('hint', 'Hint', 'H', 'hint');
    control('solution', 'Show solution', 'S', 'solve');
    control('new', 'New puzzle', 'N', 'new');
    let chooser = null;
    if (count > 1) {
      chooser = element('select', { id: 'puzzle-number' });
      for (let index = 0; index < count; index++) {
        chooser.append(element('option', { value: String(index), text: `Puzzle ${index + 1} of ${count}` }));
      }
      // Shown while a puzzle dealt in the page is played, which is none of the list's.
      chooser.append(element('option', { value: 'dealt', disabled: '', hidden: '', text: 'A new puzzle' }));
      chooser.addEventListener('change', () => answer(call({ select: Number(chooser.value) })));
      controls.prepend(element('label', { for: 'puzzle-number', class: 'visually-hidden', text: 'Puzzle' }), chooser);
    }
    const help = element('p', { class: 'help', text: `Goal: ${look.goal_words}. ${look.tap_words} Click or touch a piece to ${look.noun[0]} it, or move with the arrow keys and press Space or Enter. Keys: u undo, r redo, Backspace restart, h hint, s solution, n new puzzle.` });
    // A board wider than the window scrolls rather than shrinking its pieces to nothing.
    app.append(help, element('div', { class: 'scroll' }, board), status, message, controls, proof, seedLine, choosing());
    pageKeys = onPageKey;
    if (game.choice !== null) {
      app.querySelector('h1').textContent = look.title;
      document.title = look.title;
    }
    // A puzzle dealt from a seed is kept in the page's address: a reload or a shared link
    // deals it again.
    const kept = /^#seed=(\d+)$/.exec(location.hash);
    if (kept !== null && game.choice === null && game.notice === null) {
      answer(call({ deal: kept[1] }));
    } else {
      draw();
    }
    if (game.notice !== null) {
      message.textContent = game.notice;
    }

    /** The chooser of another puzzle: size, rule, wrap, colours, goal and difficulty. */
    function choosing() {
      const spec = game.puzzle;
      const field = (label, control) => element('label', {}, `${label} `, control);
      const number = (name, value, min, max) => element('input', { type: 'number', name, min: String(min), max: String(max), value: value === null ? '' : String(value), inputmode: 'numeric' });
      const rows = number('rows', look.rows, 1, 2500);
      const cols = number('cols', look.cols, 1, 2500);
      const rule = element('select', { name: 'rule' });
      for (const name of look.rules) rule.append(element('option', { value: name, text: name }));
      if (!look.rules.includes(spec.rule) && spec.rule_file === null) {
        rule.append(element('option', { value: spec.rule, text: spec.rule }));
      }
      rule.value = spec.rule_file === null ? spec.rule : look.rules[0];
      const wrap = element('input', { type: 'checkbox', name: 'wrap' });
      wrap.checked = spec.wrap;
      const states = number('states', look.states, 2, 36);
      const goal = element('select', { name: 'goal' });
      const goals = () => {
        const k = Number(states.value);
        const kept = goal.value;
        const names = k === 2 ? [['either', 'either colour'], ['white', 'white'], ['black', 'black']]
          : [['any', 'any one colour'], ...Array.from({ length: Math.min(Math.max(k, 0), 36) }, (_, c) => [String(c), `all ${DIGITS[c]}`])];
        goal.replaceChildren(...names.map(([value, text]) => element('option', { value, text })));
        if (names.some(([value]) => value === kept)) goal.value = kept;
      };
      goals();
      goal.value = spec.goal;
      states.addEventListener('input', goals);
      const moves = number('moves', game.moves ?? null, 1, 255);
      moves.placeholder = 'any';
      const refused = element('p', { class: 'refused', role: 'alert' });
      const form = element('form', { class: 'choose' },
        field('Rows', rows), field('Columns', cols), field('Rule', rule),
        element('label', {}, wrap, ' Wrap round the edges'),
        field('Colours', states), field('Goal', goal), field('Fewest taps', moves),
        element('button', { type: 'submit', text: 'Deal this puzzle' }), refused);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const choice = {
          puzzle: { rows: Number(rows.value), cols: Number(cols.value), rule: rule.value, rule_file: null, wrap: wrap.checked, states: Number(states.value), goal: goal.value },
          moves: moves.value === '' ? null : Number(moves.value),
          seed: freshSeed(),
        };
        const chosen = call({ choose: choice });
        if (chosen.error !== undefined) {
          refused.textContent = chosen.error;
          return;
        }
        // A new entry in the browser's history: Back goes to the puzzle before.
        history.pushState(null, '', addressOf(choice, chosen.view.seed));
        app.replaceChildren(app.querySelector('h1'));
        puzzlePage(app, { opened: chosen, count: 1, moves: choice.moves, puzzle: choice.puzzle, choice, notice: null }, call);
      });
      // Keys typed in the form are the form's, not the game's.
      form.addEventListener('keydown', (event) => event.stopPropagation());
      return element('details', { class: 'chooser' }, element('summary', { text: 'Choose another puzzle' }), form);
    }

    /** The index of a cell given as `{row, col}` (both from 1), row-major from 0. */
    function index(cell) {
      return (cell.row - 1) * look.cols + (cell.col - 1);
    }

    /** Sends one command of the line mode; a tap moves the cursor to its cell. */
    function send(command, cell = -1) {
      if (cell >= 0) {
        cursor = cell;
      }
      answer(call({ play: command }));
      if (command === 'hint' && view.newest_mark !== null) {
        cells[index(view.newest_mark)].focus();
      }
    }

    function answer(next) {
      if (next.error !== undefined) {
        message.textContent = next.error;
        return;
      }
      view = next;
      draw();
    }

    /** Rings the cells a tap of `cell` changes (none for -1). */
    function point(cell) {
      pointed = cell;
      const reached = new Set(cell < 0 ? [] : call({ reach: cell }));
      cells.forEach((node, index) => node.classList.toggle('reach', reached.has(index)));
    }

    function onBoardKey(event) {
      const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      const move = moves[event.key];
      if (move === undefined) {
        return;
      }
      event.preventDefault();
      const row = Math.min(look.rows - 1, Math.max(0, Math.floor(cursor / look.cols) + move[0]));
      const col = Math.min(look.cols - 1, Math.max(0, (cursor % look.cols) + move[1]));
      cursor = row * look.cols + col;
      draw();
      cells[cursor].focus();
    }

    function onPageKey(event) {
      if (event.ctrlKey || event.metaKey || event.altKey || event.target instanceof HTMLSelectElement) {
        return;
      }
      // Letters in either case, so Caps Lock changes nothing; restart is Backspace (as in the
      // terminal), never a letter that a stuck Shift could turn an undo into.
      const commands = { u: 'undo', r: 'redo', h: 'hint', s: 'solve', n: 'new', backspace: 'restart' };
      const command = commands[event.key.toLowerCase()];
      if (command !== undefined) {
        event.preventDefault();
        send(command);
      }
    }

    /** Draws the board, its marks, the status and the proof as the module last said. */
    function draw() {
      const marked = new Map(view.marks.map((tap) => [index(tap), tap.times ?? 1]));
      // A hint marks one tap; the solution marks all of them with how many times each.
      const solution = view.marks.length > 1 || view.marks.some((tap) => (tap.times ?? 1) > 1);
      const weights = view.proof === null ? null : view.proof.weights;
      cells.forEach((node, index) => {
        const color = DIGITS.indexOf(view.colors[index]);
        const words = [`row ${Math.floor(index / look.cols) + 1}, column ${(index % look.cols) + 1}, ${look.pieces[color]}`];
        node.className = `cell p${color}`;
        if (color >= 8) {
          node.style.setProperty('--k', String(color));
        } else {
          node.style.removeProperty('--k');
        }
        const times = marked.get(index);
        if (times !== undefined) {
          node.classList.add('m-hint');
          words.push(solution ? `${counted(times, look.noun)} in the solution` : 'tap here');
        }
        if (weights !== null && weights[index] !== '0') {
          node.classList.add('m-proof');
          // The drawn numbers are said in the order drawn (face, then badge), so a name spoken to
          // speech input matches what is seen: "colour 3, 2 as its weight".
          words.push(numbered ? `${weights[index]} as its weight in the proof` : 'in the proof');
        }
        node.textContent = look.faces[color];
        // A proof of K colours weighs each cell, and a solution taps a cell more than once:
        // the number is drawn in the cell's corner, on a badge of the page's own colours, so it
        // reads the same on every piece in light and dark mode.
        if (numbered && weights !== null && weights[index] !== '0') {
          node.append(' ', element('span', { class: 'badge weight', 'aria-hidden': 'true', text: weights[index] }));
        }
        if (times !== undefined && times > 1) {
          node.append(' ', element('span', { class: 'badge times', 'aria-hidden': 'true', text: String(times) }));
        }
        node.tabIndex = index === cursor ? 0 : -1;
        node.setAttribute('aria-label', words.join(', '));
      });
      point(pointed);
      status.textContent = view.status;
      message.textContent = view.message ?? '';
      const dealing = game.moves === null ? '' : ` --moves ${game.moves}`;
      seedLine.textContent = view.seed === null ? '' : `Puzzle seed ${view.seed}: this page's address keeps it, and flipgame play --seed ${view.seed} ${optionsOf(game.puzzle)}${dealing} deals it too.`;
      const address = view.seed === null ? '' : game.choice === null ? `#seed=${view.seed}` : addressOf(game.choice, view.seed);
      history.replaceState(null, '', address === '' ? location.pathname + location.search : address);
      app.dataset.seed = view.seed ?? '';
      app.dataset.board = view.board;
      app.dataset.fewest = view.moves_left === null ? 'impossible' : String(view.moves_left);
      app.dataset.made = String(view.taps_made);
      proof.hidden = view.proof === null;
      proof.textContent = view.proof === null ? '' : view.proof.sentence;
      buttons.undo.disabled = !view.can_undo;
      buttons.redo.disabled = !view.can_redo;
      const finished = view.moves_left === null || view.moves_left === 0;
      buttons.hint.disabled = finished;
      buttons.solution.disabled = finished;
      if (chooser !== null) {
        view.puzzles_solved.forEach((solved, index) => {
          chooser.options[index].textContent = `Puzzle ${index + 1} of ${count}${solved ? ', solved' : ''}`;
        });
        chooser.value = view.puzzle === null ? 'dealt' : String(view.puzzle);
      }
    }
  }

  const app = document.getElementById('app');
  const data = JSON.parse(document.getElementById('flipgame-data').textContent);
  const bytes = Uint8Array.from(atob(document.getElementById('flipgame-module').textContent.trim()), (ch) => ch.charCodeAt(0));
  // The page's keys go to the game shown (a chosen puzzle replaces it).
  let pageKeys = () => {};
  document.addEventListener('keydown', (event) => pageKeys(event));
  // Back and Forward move between chosen puzzles: the address says which, so read it again.
  window.addEventListener('popstate', () => location.reload());
  connect(bytes, () => performance.now()).then(
    (call) => begin(app, data, call),
    (error) => app.append(element('p', { role: 'alert', text: `This page's game did not start: ${error}.` })),
  );
})();
