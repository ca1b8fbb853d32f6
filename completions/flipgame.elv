
use builtin;
use str;

set edit:completion:arg-completer[flipgame] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'flipgame'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'flipgame'= {
            cand --color 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment'
            cand --threads 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand solve 'Print the fewest taps for each board, exactly as the POJ 1753 judge expects'
            cand explain 'Walk through the fewest taps board by board, or prove a board impossible'
            cand graph 'Draw the state graph of a small board: boards as nodes, taps as edges'
            cand table 'Print every board (all 65,536 for 4x4) with its fewest taps'
            cand stats 'Print the facts of the whole game: histogram, God''s number, quiet patterns'
            cand gen 'Generate random boards: puzzles for people, test data for judges'
            cand check 'Judge answers: a contestant''s output for a judge''s input, or a tap list for a board'
            cand play 'Play a puzzle in the terminal, with hints, undo and a proof when it is hopeless'
            cand completions 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'flipgame;solve'= {
            cand --board 'A board on the command line: bwwb/bbwb/bwwb/bwww, the 16 letters in a row, or an id such as 0x9d98 or 9d98 (repeatable; read before any FILE)'
            cand --cells 'How cells are written: bw (b black, w white), 01 (1 black, 0 white, spaces between allowed) or .# (# or x black, . white); never guessed'
            cand --search-time 'Stop a board''s search over a large null space after SECONDS and answer with the best found, marked not proven, with a lower bound (by default every exact search runs to the end, which takes minutes on a board of nullity 40 or more, and past the exact limit the search for a good answer stops after a fixed effort, a few seconds at most)'
            cand --goal 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)'
            cand --states 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z'
            cand --size 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)'
            cand --rule 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)'
            cand --rule-file 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)'
            cand --judge 'Read the FILEs in this judge''s input format and print exactly its expected output (the judge fixes size, rule and goal)'
            cand --format 'Output format'
            cand --shard 'Search only shard K of N of each board''s exact search, and write what it found as JSON lines for --merge; run all N anywhere (a job array, GNU parallel) with the same boards and options. Null spaces past 42 quiet tap sets, up to 64, are searched in full'
            cand --merge 'Answer each board from the parts its N shards found (the JSON lines of --shard, in any order: one --merge for each file, or a folder for every *.jsonl file in it), exactly as one run would; the boards and options must be the shards''. A board some shard has no record of is an error, and the shards to run again are named last (exit status 4)'
            cand -o 'Write to FILE instead of standard output, atomically: the file appears only once every board is answered (a shard''s records, whole or not at all)'
            cand --output 'Write to FILE instead of standard output, atomically: the file appears only once every board is answered (a shard''s records, whole or not at all)'
            cand --color 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment'
            cand --threads 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is'
            cand --wrap 'Neighbours wrap around the edges (the board is a torus)'
            cand --taps 'Append the taps after the count, and with --goal either the colour they reach, such as ''4 r1c1 r2c2 r2c4 r3c1 (all white)'' (text format)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'flipgame;explain'= {
            cand --board 'A board on the command line: bwwb/bbwb/bwwb/bwww, the 16 letters in a row, or an id such as 0x9d98 or 9d98 (repeatable; read before any FILE)'
            cand --cells 'How cells are written: bw (b black, w white), 01 (1 black, 0 white, spaces between allowed) or .# (# or x black, . white); never guessed'
            cand --search-time 'Stop a board''s search over a large null space after SECONDS and answer with the best found, marked not proven, with a lower bound (by default every exact search runs to the end, which takes minutes on a board of nullity 40 or more, and past the exact limit the search for a good answer stops after a fixed effort, a few seconds at most)'
            cand --goal 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)'
            cand --states 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z'
            cand --size 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)'
            cand --rule 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)'
            cand --rule-file 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)'
            cand --max-steps 'Draw at most N boards after taps; the rest are listed (JSON always has every step)'
            cand --output-dir 'With --format svg: write one SVG file per board into DIR (created if missing), named by the board''s place in the input and, for 4x4, its id: 0001-9d98.svg'
            cand --format 'Output format'
            cand --color 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment'
            cand --threads 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is'
            cand --wrap 'Neighbours wrap around the edges (the board is a torus)'
            cand --ascii 'Draw pieces as the letters b and w, with ASCII marks only'
            cand --no-boards 'List the taps without drawing any board'
            cand --map 'Draw the answer as one board: the start board with every cell to tap marked'
            cand --trace 'First tell how a breadth-first search finds the board, layer by layer (at most 25 cells)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'flipgame;graph'= {
            cand --format 'Output format'
            cand --board 'Highlight the shortest path from this board to a finished one'
            cand --cells 'How the cells of --board are written'
            cand --max-cells 'The most cells a board may have (2^cells nodes); at most 16'
            cand -o 'Write to FILE (atomically) instead of standard output'
            cand --output 'Write to FILE (atomically) instead of standard output'
            cand --goal 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)'
            cand --states 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z'
            cand --size 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)'
            cand --rule 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)'
            cand --rule-file 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)'
            cand --color 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment'
            cand --threads 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is'
            cand --wrap 'Neighbours wrap around the edges (the board is a torus)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'flipgame;table'= {
            cand --format 'Output format'
            cand -o 'Write to FILE (atomically: a whole table or none) instead of standard output'
            cand --output 'Write to FILE (atomically: a whole table or none) instead of standard output'
            cand --goal 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)'
            cand --states 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z'
            cand --size 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)'
            cand --rule 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)'
            cand --rule-file 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)'
            cand --color 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment'
            cand --threads 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is'
            cand --solvable 'Keep only the boards that can be finished'
            cand --taps 'Add the least optimal tap set of each board'
            cand --wrap 'Neighbours wrap around the edges (the board is a torus)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'flipgame;stats'= {
            cand --goal 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)'
            cand --states 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z'
            cand --size 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)'
            cand --rule 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)'
            cand --rule-file 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)'
            cand --format 'Output format'
            cand --color 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment'
            cand --threads 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is'
            cand --wrap 'Neighbours wrap around the edges (the board is a torus)'
            cand --ascii 'Draw with ASCII only'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'flipgame;gen'= {
            cand --moves 'Only boards whose fewest taps is exactly K (uniformly up to 25 cells, or 2^26 boards with --states; past that, K random taps kept when the minimum is proven to be K, so only K small for the board is reachable)'
            cand --count 'How many boards'
            cand --seed 'Seed of the generator: the same seed gives the same boards everywhere (default: a fresh random seed)'
            cand --judge 'Write valid input for this judge (within its statement''s limits) instead of boards; with --output-dir, --count pairs of input and expected output'
            cand --output-dir 'With --judge: write NAME-001.in and NAME-001.ans, ... (the expected output from ''solve --judge'') into DIR, which is created if needed'
            cand --format 'Output format: text is the POJ input form'
            cand -o 'Write to FILE (atomically: all the boards or none) instead of standard output'
            cand --output 'Write to FILE (atomically: all the boards or none) instead of standard output'
            cand --goal 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)'
            cand --states 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z'
            cand --size 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)'
            cand --rule 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)'
            cand --rule-file 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)'
            cand --color 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment'
            cand --threads 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is'
            cand --impossible 'Only boards that can never be finished'
            cand --unique 'Never the same board twice (an error when fewer than --count boards fit)'
            cand --wrap 'Neighbours wrap around the edges (the board is a torus)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'flipgame;check'= {
            cand --judge 'The judge whose input and output to read (then INPUT and OUTPUT are required)'
            cand --board 'A board to check taps on, in the forms solve takes'
            cand --taps 'The taps to check, such as ''r1c1 r2c3'' (spaces or commas between)'
            cand --tap-lists 'Check many: a file of lines ''BOARD TAPS...'', such as ''bwwb/bbwb/bwwb/bwww r1c1 r2c2'' (''-'' for standard input; blank lines and lines starting with ''#'' are skipped)'
            cand --format 'Output format'
            cand --goal 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)'
            cand --states 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z'
            cand --size 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)'
            cand --rule 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)'
            cand --rule-file 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)'
            cand --color 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment'
            cand --threads 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is'
            cand --wrap 'Neighbours wrap around the edges (the board is a torus)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'flipgame;play'= {
            cand --board 'Play this board: bwwb/bbwb/bwwb/bwww, the letters in a row, or a 4x4 id such as 9d98'
            cand --cells 'How cells are written in --board and FILE: bw, 01 or .#'
            cand --moves 'Deal puzzles that need exactly K taps (as gen --moves); without it, any board that can be finished'
            cand --seed 'Seed of the puzzles dealt: the same seed deals the same puzzles (default: a fresh seed)'
            cand --format 'What the line mode writes after each command (jsonl implies --lines); html writes the game as one self-contained web page instead'
            cand --count 'With --format html: deal this many puzzles into the page, numbered (the same --seed deals the same set)'
            cand --goal 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)'
            cand --states 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z'
            cand --size 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)'
            cand --rule 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)'
            cand --rule-file 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)'
            cand --color 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment'
            cand --threads 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is'
            cand --lines 'Read one command per line even on a terminal (for scripts and screen readers)'
            cand --ascii 'Draw pieces as the letters b and w, with ASCII marks only'
            cand --wrap 'Neighbours wrap around the edges (the board is a torus)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'flipgame;completions'= {
            cand --color 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment'
            cand --threads 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'flipgame;help'= {
            cand solve 'Print the fewest taps for each board, exactly as the POJ 1753 judge expects'
            cand explain 'Walk through the fewest taps board by board, or prove a board impossible'
            cand graph 'Draw the state graph of a small board: boards as nodes, taps as edges'
            cand table 'Print every board (all 65,536 for 4x4) with its fewest taps'
            cand stats 'Print the facts of the whole game: histogram, God''s number, quiet patterns'
            cand gen 'Generate random boards: puzzles for people, test data for judges'
            cand check 'Judge answers: a contestant''s output for a judge''s input, or a tap list for a board'
            cand play 'Play a puzzle in the terminal, with hints, undo and a proof when it is hopeless'
            cand completions 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'flipgame;help;solve'= {
        }
        &'flipgame;help;explain'= {
        }
        &'flipgame;help;graph'= {
        }
        &'flipgame;help;table'= {
        }
        &'flipgame;help;stats'= {
        }
        &'flipgame;help;gen'= {
        }
        &'flipgame;help;check'= {
        }
        &'flipgame;help;play'= {
        }
        &'flipgame;help;completions'= {
        }
        &'flipgame;help;help'= {
        }
    ]
    $completions[$command]
}
