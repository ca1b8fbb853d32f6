
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'flipgame' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'flipgame'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'flipgame' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('solve', 'solve', [CompletionResultType]::ParameterValue, 'Print the fewest taps for each board, exactly as the POJ 1753 judge expects')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Walk through the fewest taps board by board, or prove a board impossible')
            [CompletionResult]::new('graph', 'graph', [CompletionResultType]::ParameterValue, 'Draw the state graph of a small board: boards as nodes, taps as edges')
            [CompletionResult]::new('table', 'table', [CompletionResultType]::ParameterValue, 'Print every board (all 65,536 for 4x4) with its fewest taps')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Print the facts of the whole game: histogram, God''s number, quiet patterns')
            [CompletionResult]::new('gen', 'gen', [CompletionResultType]::ParameterValue, 'Generate random boards: puzzles for people, test data for judges')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Judge answers: a contestant''s output for a judge''s input, or a tap list for a board')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'Play a puzzle in the terminal, with hints, undo and a proof when it is hopeless')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'flipgame;solve' {
            [CompletionResult]::new('--board', '--board', [CompletionResultType]::ParameterName, 'A board on the command line: bwwb/bbwb/bwwb/bwww, the 16 letters in a row, or an id such as 0x9d98 or 9d98 (repeatable; read before any FILE)')
            [CompletionResult]::new('--cells', '--cells', [CompletionResultType]::ParameterName, 'How cells are written: bw (b black, w white), 01 (1 black, 0 white, spaces between allowed) or .# (# or x black, . white); never guessed')
            [CompletionResult]::new('--search-time', '--search-time', [CompletionResultType]::ParameterName, 'Stop a board''s search over a large null space after SECONDS and answer with the best found, marked not proven, with a lower bound (by default every exact search runs to the end, which takes minutes on a board of nullity 40 or more, and past the exact limit the search for a good answer stops after a fixed effort, a few seconds at most)')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)')
            [CompletionResult]::new('--states', '--states', [CompletionResultType]::ParameterName, 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)')
            [CompletionResult]::new('--rule', '--rule', [CompletionResultType]::ParameterName, 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)')
            [CompletionResult]::new('--rule-file', '--rule-file', [CompletionResultType]::ParameterName, 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)')
            [CompletionResult]::new('--judge', '--judge', [CompletionResultType]::ParameterName, 'Read the FILEs in this judge''s input format and print exactly its expected output (the judge fixes size, rule and goal)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Search only shard K of N of each board''s exact search, and write what it found as JSON lines for --merge; run all N anywhere (a job array, GNU parallel) with the same boards and options. Null spaces past 42 quiet tap sets, up to 64, are searched in full')
            [CompletionResult]::new('--merge', '--merge', [CompletionResultType]::ParameterName, 'Answer each board from the parts its N shards found (the JSON lines of --shard, in any order: one --merge for each file, or a folder for every *.jsonl file in it), exactly as one run would; the boards and options must be the shards''. A board some shard has no record of is an error, and the shards to run again are named last (exit status 4)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE instead of standard output, atomically: the file appears only once every board is answered (a shard''s records, whole or not at all)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE instead of standard output, atomically: the file appears only once every board is answered (a shard''s records, whole or not at all)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is')
            [CompletionResult]::new('--wrap', '--wrap', [CompletionResultType]::ParameterName, 'Neighbours wrap around the edges (the board is a torus)')
            [CompletionResult]::new('--taps', '--taps', [CompletionResultType]::ParameterName, 'Append the taps after the count, and with --goal either the colour they reach, such as ''4 r1c1 r2c2 r2c4 r3c1 (all white)'' (text format)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'flipgame;explain' {
            [CompletionResult]::new('--board', '--board', [CompletionResultType]::ParameterName, 'A board on the command line: bwwb/bbwb/bwwb/bwww, the 16 letters in a row, or an id such as 0x9d98 or 9d98 (repeatable; read before any FILE)')
            [CompletionResult]::new('--cells', '--cells', [CompletionResultType]::ParameterName, 'How cells are written: bw (b black, w white), 01 (1 black, 0 white, spaces between allowed) or .# (# or x black, . white); never guessed')
            [CompletionResult]::new('--search-time', '--search-time', [CompletionResultType]::ParameterName, 'Stop a board''s search over a large null space after SECONDS and answer with the best found, marked not proven, with a lower bound (by default every exact search runs to the end, which takes minutes on a board of nullity 40 or more, and past the exact limit the search for a good answer stops after a fixed effort, a few seconds at most)')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)')
            [CompletionResult]::new('--states', '--states', [CompletionResultType]::ParameterName, 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)')
            [CompletionResult]::new('--rule', '--rule', [CompletionResultType]::ParameterName, 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)')
            [CompletionResult]::new('--rule-file', '--rule-file', [CompletionResultType]::ParameterName, 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)')
            [CompletionResult]::new('--max-steps', '--max-steps', [CompletionResultType]::ParameterName, 'Draw at most N boards after taps; the rest are listed (JSON always has every step)')
            [CompletionResult]::new('--output-dir', '--output-dir', [CompletionResultType]::ParameterName, 'With --format svg: write one SVG file per board into DIR (created if missing), named by the board''s place in the input and, for 4x4, its id: 0001-9d98.svg')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is')
            [CompletionResult]::new('--wrap', '--wrap', [CompletionResultType]::ParameterName, 'Neighbours wrap around the edges (the board is a torus)')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Draw pieces as the letters b and w, with ASCII marks only')
            [CompletionResult]::new('--no-boards', '--no-boards', [CompletionResultType]::ParameterName, 'List the taps without drawing any board')
            [CompletionResult]::new('--map', '--map', [CompletionResultType]::ParameterName, 'Draw the answer as one board: the start board with every cell to tap marked')
            [CompletionResult]::new('--trace', '--trace', [CompletionResultType]::ParameterName, 'First tell how a breadth-first search finds the board, layer by layer (at most 25 cells)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'flipgame;graph' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--board', '--board', [CompletionResultType]::ParameterName, 'Highlight the shortest path from this board to a finished one')
            [CompletionResult]::new('--cells', '--cells', [CompletionResultType]::ParameterName, 'How the cells of --board are written')
            [CompletionResult]::new('--max-cells', '--max-cells', [CompletionResultType]::ParameterName, 'The most cells a board may have (2^cells nodes); at most 16')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically) instead of standard output')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically) instead of standard output')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)')
            [CompletionResult]::new('--states', '--states', [CompletionResultType]::ParameterName, 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)')
            [CompletionResult]::new('--rule', '--rule', [CompletionResultType]::ParameterName, 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)')
            [CompletionResult]::new('--rule-file', '--rule-file', [CompletionResultType]::ParameterName, 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is')
            [CompletionResult]::new('--wrap', '--wrap', [CompletionResultType]::ParameterName, 'Neighbours wrap around the edges (the board is a torus)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'flipgame;table' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: a whole table or none) instead of standard output')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: a whole table or none) instead of standard output')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)')
            [CompletionResult]::new('--states', '--states', [CompletionResultType]::ParameterName, 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)')
            [CompletionResult]::new('--rule', '--rule', [CompletionResultType]::ParameterName, 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)')
            [CompletionResult]::new('--rule-file', '--rule-file', [CompletionResultType]::ParameterName, 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is')
            [CompletionResult]::new('--solvable', '--solvable', [CompletionResultType]::ParameterName, 'Keep only the boards that can be finished')
            [CompletionResult]::new('--taps', '--taps', [CompletionResultType]::ParameterName, 'Add the least optimal tap set of each board')
            [CompletionResult]::new('--wrap', '--wrap', [CompletionResultType]::ParameterName, 'Neighbours wrap around the edges (the board is a torus)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'flipgame;stats' {
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)')
            [CompletionResult]::new('--states', '--states', [CompletionResultType]::ParameterName, 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)')
            [CompletionResult]::new('--rule', '--rule', [CompletionResultType]::ParameterName, 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)')
            [CompletionResult]::new('--rule-file', '--rule-file', [CompletionResultType]::ParameterName, 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is')
            [CompletionResult]::new('--wrap', '--wrap', [CompletionResultType]::ParameterName, 'Neighbours wrap around the edges (the board is a torus)')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Draw with ASCII only')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'flipgame;gen' {
            [CompletionResult]::new('--moves', '--moves', [CompletionResultType]::ParameterName, 'Only boards whose fewest taps is exactly K (uniformly up to 25 cells, or 2^26 boards with --states; past that, K random taps kept when the minimum is proven to be K, so only K small for the board is reachable)')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'How many boards')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the generator: the same seed gives the same boards everywhere (default: a fresh random seed)')
            [CompletionResult]::new('--judge', '--judge', [CompletionResultType]::ParameterName, 'Write valid input for this judge (within its statement''s limits) instead of boards; with --output-dir, --count pairs of input and expected output')
            [CompletionResult]::new('--output-dir', '--output-dir', [CompletionResultType]::ParameterName, 'With --judge: write NAME-001.in and NAME-001.ans, ... (the expected output from ''solve --judge'') into DIR, which is created if needed')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format: text is the POJ input form')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: all the boards or none) instead of standard output')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to FILE (atomically: all the boards or none) instead of standard output')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)')
            [CompletionResult]::new('--states', '--states', [CompletionResultType]::ParameterName, 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)')
            [CompletionResult]::new('--rule', '--rule', [CompletionResultType]::ParameterName, 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)')
            [CompletionResult]::new('--rule-file', '--rule-file', [CompletionResultType]::ParameterName, 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is')
            [CompletionResult]::new('--impossible', '--impossible', [CompletionResultType]::ParameterName, 'Only boards that can never be finished')
            [CompletionResult]::new('--unique', '--unique', [CompletionResultType]::ParameterName, 'Never the same board twice (an error when fewer than --count boards fit)')
            [CompletionResult]::new('--wrap', '--wrap', [CompletionResultType]::ParameterName, 'Neighbours wrap around the edges (the board is a torus)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'flipgame;check' {
            [CompletionResult]::new('--judge', '--judge', [CompletionResultType]::ParameterName, 'The judge whose input and output to read (then INPUT and OUTPUT are required)')
            [CompletionResult]::new('--board', '--board', [CompletionResultType]::ParameterName, 'A board to check taps on, in the forms solve takes')
            [CompletionResult]::new('--taps', '--taps', [CompletionResultType]::ParameterName, 'The taps to check, such as ''r1c1 r2c3'' (spaces or commas between)')
            [CompletionResult]::new('--tap-lists', '--tap-lists', [CompletionResultType]::ParameterName, 'Check many: a file of lines ''BOARD TAPS...'', such as ''bwwb/bbwb/bwwb/bwww r1c1 r2c2'' (''-'' for standard input; blank lines and lines starting with ''#'' are skipped)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)')
            [CompletionResult]::new('--states', '--states', [CompletionResultType]::ParameterName, 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)')
            [CompletionResult]::new('--rule', '--rule', [CompletionResultType]::ParameterName, 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)')
            [CompletionResult]::new('--rule-file', '--rule-file', [CompletionResultType]::ParameterName, 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is')
            [CompletionResult]::new('--wrap', '--wrap', [CompletionResultType]::ParameterName, 'Neighbours wrap around the edges (the board is a torus)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'flipgame;play' {
            [CompletionResult]::new('--board', '--board', [CompletionResultType]::ParameterName, 'Play this board: bwwb/bbwb/bwwb/bwww, the letters in a row, or a 4x4 id such as 9d98')
            [CompletionResult]::new('--cells', '--cells', [CompletionResultType]::ParameterName, 'How cells are written in --board and FILE: bw, 01 or .#')
            [CompletionResult]::new('--moves', '--moves', [CompletionResultType]::ParameterName, 'Deal puzzles that need exactly K taps (as gen --moves); without it, any board that can be finished')
            [CompletionResult]::new('--seed', '--seed', [CompletionResultType]::ParameterName, 'Seed of the puzzles dealt: the same seed deals the same puzzles (default: a fresh seed)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'What the line mode writes after each command (jsonl implies --lines); html writes the game as one self-contained web page instead')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'With --format html: deal this many puzzles into the page, numbered (the same --seed deals the same set)')
            [CompletionResult]::new('--goal', '--goal', [CompletionResultType]::ParameterName, 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)')
            [CompletionResult]::new('--states', '--states', [CompletionResultType]::ParameterName, 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule''s weight (1, or a stencil''s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z')
            [CompletionResult]::new('--size', '--size', [CompletionResultType]::ParameterName, 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file''s size)')
            [CompletionResult]::new('--rule', '--rule', [CompletionResultType]::ParameterName, 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece''s whole row and column), or a stencil of 0/1 rows joined by ''/'', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)')
            [CompletionResult]::new('--rule-file', '--rule-file', [CompletionResultType]::ParameterName, 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is')
            [CompletionResult]::new('--lines', '--lines', [CompletionResultType]::ParameterName, 'Read one command per line even on a terminal (for scripts and screen readers)')
            [CompletionResult]::new('--ascii', '--ascii', [CompletionResultType]::ParameterName, 'Draw pieces as the letters b and w, with ASCII marks only')
            [CompletionResult]::new('--wrap', '--wrap', [CompletionResultType]::ParameterName, 'Neighbours wrap around the edges (the board is a torus)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'flipgame;completions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'flipgame;help' {
            [CompletionResult]::new('solve', 'solve', [CompletionResultType]::ParameterValue, 'Print the fewest taps for each board, exactly as the POJ 1753 judge expects')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Walk through the fewest taps board by board, or prove a board impossible')
            [CompletionResult]::new('graph', 'graph', [CompletionResultType]::ParameterValue, 'Draw the state graph of a small board: boards as nodes, taps as edges')
            [CompletionResult]::new('table', 'table', [CompletionResultType]::ParameterValue, 'Print every board (all 65,536 for 4x4) with its fewest taps')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Print the facts of the whole game: histogram, God''s number, quiet patterns')
            [CompletionResult]::new('gen', 'gen', [CompletionResultType]::ParameterValue, 'Generate random boards: puzzles for people, test data for judges')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Judge answers: a contestant''s output for a judge''s input, or a tap list for a board')
            [CompletionResult]::new('play', 'play', [CompletionResultType]::ParameterValue, 'Play a puzzle in the terminal, with hints, undo and a proof when it is hopeless')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'flipgame;help;solve' {
            break
        }
        'flipgame;help;explain' {
            break
        }
        'flipgame;help;graph' {
            break
        }
        'flipgame;help;table' {
            break
        }
        'flipgame;help;stats' {
            break
        }
        'flipgame;help;gen' {
            break
        }
        'flipgame;help;check' {
            break
        }
        'flipgame;help;play' {
            break
        }
        'flipgame;help;completions' {
            break
        }
        'flipgame;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
