# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_flipgame_global_optspecs
    string join \n color= threads= h/help V/version
end

function __fish_flipgame_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_flipgame_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_flipgame_using_subcommand
    set -l cmd (__fish_flipgame_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c flipgame -n "__fish_flipgame_needs_command" -l color -d 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c flipgame -n "__fish_flipgame_needs_command" -l threads -d 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is' -r
complete -c flipgame -n "__fish_flipgame_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c flipgame -n "__fish_flipgame_needs_command" -s V -l version -d 'Print version'
complete -c flipgame -n "__fish_flipgame_needs_command" -f -a "solve" -d 'Print the fewest taps for each board, exactly as the POJ 1753 judge expects'
complete -c flipgame -n "__fish_flipgame_needs_command" -f -a "explain" -d 'Walk through the fewest taps board by board, or prove a board impossible'
complete -c flipgame -n "__fish_flipgame_needs_command" -f -a "graph" -d 'Draw the state graph of a small board: boards as nodes, taps as edges'
complete -c flipgame -n "__fish_flipgame_needs_command" -f -a "table" -d 'Print every board (all 65,536 for 4x4) with its fewest taps'
complete -c flipgame -n "__fish_flipgame_needs_command" -f -a "stats" -d 'Print the facts of the whole game: histogram, God\'s number, quiet patterns'
complete -c flipgame -n "__fish_flipgame_needs_command" -f -a "gen" -d 'Generate random boards: puzzles for people, test data for judges'
complete -c flipgame -n "__fish_flipgame_needs_command" -f -a "check" -d 'Judge answers: a contestant\'s output for a judge\'s input, or a tap list for a board'
complete -c flipgame -n "__fish_flipgame_needs_command" -f -a "play" -d 'Play a puzzle in the terminal, with hints, undo and a proof when it is hopeless'
complete -c flipgame -n "__fish_flipgame_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c flipgame -n "__fish_flipgame_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l board -d 'A board on the command line: bwwb/bbwb/bwwb/bwww, the 16 letters in a row, or an id such as 0x9d98 or 9d98 (repeatable; read before any FILE)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l cells -d 'How cells are written: bw (b black, w white), 01 (1 black, 0 white, spaces between allowed) or .# (# or x black, . white); never guessed' -r -f -a "bw\t'b black, w white (either case)'
01\t'1 black, 0 white, with or without spaces between'
.#\t'# (or x) black, . white'"
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l search-time -d 'Stop a board\'s search over a large null space after SECONDS and answer with the best found, marked not proven, with a lower bound (by default every exact search runs to the end, which takes minutes on a board of nullity 40 or more, and past the exact limit the search for a good answer stops after a fixed effort, a few seconds at most)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l goal -d 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)' -r -f -a "either\t'All white or all black, whichever takes fewer taps'
white\t'Only all white'
black\t'Only all black'
any\t'With --states 3 or more: every piece one colour, whichever takes the fewest presses'"
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l states -d 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule\'s weight (1, or a stencil\'s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l size -d 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file\'s size)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l rule -d 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece\'s whole row and column), or a stencil of 0/1 rows joined by \'/\', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l rule-file -d 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l judge -d 'Read the FILEs in this judge\'s input format and print exactly its expected output (the judge fixes size, rule and goal)' -r -f -a "poj1753\t''
poj3279\t''
poj1222\t''
poj1681\t''
uva10309\t''
poj3185\t''
leetcode1284\t''
poj2965\t''
timus1122\t''
hdu5755\t''
poj1166\t''
usaco-clocks\t''"
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l format -d 'Output format' -r -f -a "text\t'Lines for people and judges'
json\t'One JSON array of objects'
jsonl\t'One JSON object per line, written as soon as each board is done'
matrix\t'The least fewest taps as rows of 0/1 separated by spaces (the press matrix most judges print), a blank line between boards; \'Impossible\' for a board that cannot be finished'"
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l shard -d 'Search only shard K of N of each board\'s exact search, and write what it found as JSON lines for --merge; run all N anywhere (a job array, GNU parallel) with the same boards and options. Null spaces past 42 quiet tap sets, up to 64, are searched in full' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l merge -d 'Answer each board from the parts its N shards found (the JSON lines of --shard, in any order: one --merge for each file, or a folder for every *.jsonl file in it), exactly as one run would; the boards and options must be the shards\'. A board some shard has no record of is an error, and the shards to run again are named last (exit status 4)' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -s o -l output -d 'Write to FILE instead of standard output, atomically: the file appears only once every board is answered (a shard\'s records, whole or not at all)' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l color -d 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l threads -d 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l wrap -d 'Neighbours wrap around the edges (the board is a torus)'
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -l taps -d 'Append the taps after the count, and with --goal either the colour they reach, such as \'4 r1c1 r2c2 r2c4 r3c1 (all white)\' (text format)'
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c flipgame -n "__fish_flipgame_using_subcommand solve" -s V -l version -d 'Print version'
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l board -d 'A board on the command line: bwwb/bbwb/bwwb/bwww, the 16 letters in a row, or an id such as 0x9d98 or 9d98 (repeatable; read before any FILE)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l cells -d 'How cells are written: bw (b black, w white), 01 (1 black, 0 white, spaces between allowed) or .# (# or x black, . white); never guessed' -r -f -a "bw\t'b black, w white (either case)'
01\t'1 black, 0 white, with or without spaces between'
.#\t'# (or x) black, . white'"
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l search-time -d 'Stop a board\'s search over a large null space after SECONDS and answer with the best found, marked not proven, with a lower bound (by default every exact search runs to the end, which takes minutes on a board of nullity 40 or more, and past the exact limit the search for a good answer stops after a fixed effort, a few seconds at most)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l goal -d 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)' -r -f -a "either\t'All white or all black, whichever takes fewer taps'
white\t'Only all white'
black\t'Only all black'
any\t'With --states 3 or more: every piece one colour, whichever takes the fewest presses'"
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l states -d 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule\'s weight (1, or a stencil\'s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l size -d 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file\'s size)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l rule -d 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece\'s whole row and column), or a stencil of 0/1 rows joined by \'/\', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l rule-file -d 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l max-steps -d 'Draw at most N boards after taps; the rest are listed (JSON always has every step)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l output-dir -d 'With --format svg: write one SVG file per board into DIR (created if missing), named by the board\'s place in the input and, for 4x4, its id: 0001-9d98.svg' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l format -d 'Output format' -r -f -a "text\t'Boards drawn as text for a terminal'
json\t'One JSON array of objects'
jsonl\t'One JSON object per line, written as soon as each board is done'
svg\t'A self-contained SVG picture'
html\t'A self-contained web page stepping through each walkthrough'"
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l color -d 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l threads -d 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l wrap -d 'Neighbours wrap around the edges (the board is a torus)'
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l ascii -d 'Draw pieces as the letters b and w, with ASCII marks only'
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l no-boards -d 'List the taps without drawing any board'
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l map -d 'Draw the answer as one board: the start board with every cell to tap marked'
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -l trace -d 'First tell how a breadth-first search finds the board, layer by layer (at most 25 cells)'
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c flipgame -n "__fish_flipgame_using_subcommand explain" -s V -l version -d 'Print version'
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -l format -d 'Output format' -r -f -a "dot\t'Graphviz DOT: render with dot -Tsvg, or read with any DOT library'
svg\t'An SVG picture laid out by flipgame'"
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -l board -d 'Highlight the shortest path from this board to a finished one' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -l cells -d 'How the cells of --board are written' -r -f -a "bw\t'b black, w white (either case)'
01\t'1 black, 0 white, with or without spaces between'
.#\t'# (or x) black, . white'"
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -l max-cells -d 'The most cells a board may have (2^cells nodes); at most 16' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -s o -l output -d 'Write to FILE (atomically) instead of standard output' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -l goal -d 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)' -r -f -a "either\t'All white or all black, whichever takes fewer taps'
white\t'Only all white'
black\t'Only all black'
any\t'With --states 3 or more: every piece one colour, whichever takes the fewest presses'"
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -l states -d 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule\'s weight (1, or a stencil\'s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -l size -d 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file\'s size)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -l rule -d 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece\'s whole row and column), or a stencil of 0/1 rows joined by \'/\', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -l rule-file -d 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -l color -d 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -l threads -d 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -l wrap -d 'Neighbours wrap around the edges (the board is a torus)'
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c flipgame -n "__fish_flipgame_using_subcommand graph" -s V -l version -d 'Print version'
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -l format -d 'Output format' -r -f -a "text\t'One line per board: id, board, fewest taps or Impossible'
csv\t'Comma-separated values with a header: id,board,moves'
json\t'One JSON array of objects'
jsonl\t'One JSON object per line'
binary\t'One byte per board, 2^(R*C) in all (65,536 for 4x4): byte i is the fewest taps of the board with bits i, 255 when impossible'"
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -s o -l output -d 'Write to FILE (atomically: a whole table or none) instead of standard output' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -l goal -d 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)' -r -f -a "either\t'All white or all black, whichever takes fewer taps'
white\t'Only all white'
black\t'Only all black'
any\t'With --states 3 or more: every piece one colour, whichever takes the fewest presses'"
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -l states -d 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule\'s weight (1, or a stencil\'s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -l size -d 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file\'s size)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -l rule -d 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece\'s whole row and column), or a stencil of 0/1 rows joined by \'/\', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -l rule-file -d 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -l color -d 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -l threads -d 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -l solvable -d 'Keep only the boards that can be finished'
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -l taps -d 'Add the least optimal tap set of each board'
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -l wrap -d 'Neighbours wrap around the edges (the board is a torus)'
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c flipgame -n "__fish_flipgame_using_subcommand table" -s V -l version -d 'Print version'
complete -c flipgame -n "__fish_flipgame_using_subcommand stats" -l goal -d 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)' -r -f -a "either\t'All white or all black, whichever takes fewer taps'
white\t'Only all white'
black\t'Only all black'
any\t'With --states 3 or more: every piece one colour, whichever takes the fewest presses'"
complete -c flipgame -n "__fish_flipgame_using_subcommand stats" -l states -d 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule\'s weight (1, or a stencil\'s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand stats" -l size -d 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file\'s size)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand stats" -l rule -d 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece\'s whole row and column), or a stencil of 0/1 rows joined by \'/\', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand stats" -l rule-file -d 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand stats" -l format -d 'Output format' -r -f -a "text\t'For people'
json\t'One JSON object'
svg\t'A self-contained SVG picture: the histogram as a bar chart, the quiet patterns drawn'"
complete -c flipgame -n "__fish_flipgame_using_subcommand stats" -l color -d 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c flipgame -n "__fish_flipgame_using_subcommand stats" -l threads -d 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand stats" -l wrap -d 'Neighbours wrap around the edges (the board is a torus)'
complete -c flipgame -n "__fish_flipgame_using_subcommand stats" -l ascii -d 'Draw with ASCII only'
complete -c flipgame -n "__fish_flipgame_using_subcommand stats" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c flipgame -n "__fish_flipgame_using_subcommand stats" -s V -l version -d 'Print version'
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l moves -d 'Only boards whose fewest taps is exactly K (uniformly up to 25 cells, or 2^26 boards with --states; past that, K random taps kept when the minimum is proven to be K, so only K small for the board is reachable)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l count -d 'How many boards' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l seed -d 'Seed of the generator: the same seed gives the same boards everywhere (default: a fresh random seed)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l judge -d 'Write valid input for this judge (within its statement\'s limits) instead of boards; with --output-dir, --count pairs of input and expected output' -r -f -a "poj1753\t''
poj3279\t''
poj1222\t''
poj1681\t''
uva10309\t''
poj3185\t''
leetcode1284\t''
poj2965\t''
timus1122\t''
hdu5755\t''
poj1166\t''
usaco-clocks\t''"
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l output-dir -d 'With --judge: write NAME-001.in and NAME-001.ans, ... (the expected output from \'solve --judge\') into DIR, which is created if needed' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l format -d 'Output format: text is the POJ input form' -r -f -a "text\t'Lines for people and judges'
json\t'One JSON array of objects'
jsonl\t'One JSON object per line, written as soon as each board is done'"
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -s o -l output -d 'Write to FILE (atomically: all the boards or none) instead of standard output' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l goal -d 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)' -r -f -a "either\t'All white or all black, whichever takes fewer taps'
white\t'Only all white'
black\t'Only all black'
any\t'With --states 3 or more: every piece one colour, whichever takes the fewest presses'"
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l states -d 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule\'s weight (1, or a stencil\'s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l size -d 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file\'s size)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l rule -d 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece\'s whole row and column), or a stencil of 0/1 rows joined by \'/\', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l rule-file -d 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l color -d 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l threads -d 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l impossible -d 'Only boards that can never be finished'
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l unique -d 'Never the same board twice (an error when fewer than --count boards fit)'
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -l wrap -d 'Neighbours wrap around the edges (the board is a torus)'
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c flipgame -n "__fish_flipgame_using_subcommand gen" -s V -l version -d 'Print version'
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l judge -d 'The judge whose input and output to read (then INPUT and OUTPUT are required)' -r -f -a "poj1753\t''
poj3279\t''
poj1222\t''
poj1681\t''
uva10309\t''
poj3185\t''
leetcode1284\t''
poj2965\t''
timus1122\t''
hdu5755\t''
poj1166\t''
usaco-clocks\t''"
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l board -d 'A board to check taps on, in the forms solve takes' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l taps -d 'The taps to check, such as \'r1c1 r2c3\' (spaces or commas between)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l tap-lists -d 'Check many: a file of lines \'BOARD TAPS...\', such as \'bwwb/bbwb/bwwb/bwww r1c1 r2c2\' (\'-\' for standard input; blank lines and lines starting with \'#\' are skipped)' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l format -d 'Output format' -r -f -a "text\t'A line per case and a summary'
jsonl\t'One JSON object per case (or per tap list)'"
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l goal -d 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)' -r -f -a "either\t'All white or all black, whichever takes fewer taps'
white\t'Only all white'
black\t'Only all black'
any\t'With --states 3 or more: every piece one colour, whichever takes the fewest presses'"
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l states -d 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule\'s weight (1, or a stencil\'s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l size -d 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file\'s size)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l rule -d 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece\'s whole row and column), or a stencil of 0/1 rows joined by \'/\', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l rule-file -d 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l color -d 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l threads -d 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -l wrap -d 'Neighbours wrap around the edges (the board is a torus)'
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c flipgame -n "__fish_flipgame_using_subcommand check" -s V -l version -d 'Print version'
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l board -d 'Play this board: bwwb/bbwb/bwwb/bwww, the letters in a row, or a 4x4 id such as 9d98' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l cells -d 'How cells are written in --board and FILE: bw, 01 or .#' -r -f -a "bw\t'b black, w white (either case)'
01\t'1 black, 0 white, with or without spaces between'
.#\t'# (or x) black, . white'"
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l moves -d 'Deal puzzles that need exactly K taps (as gen --moves); without it, any board that can be finished' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l seed -d 'Seed of the puzzles dealt: the same seed deals the same puzzles (default: a fresh seed)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l format -d 'What the line mode writes after each command (jsonl implies --lines); html writes the game as one self-contained web page instead' -r -f -a "text\t'The board\'s rows and a status sentence'
jsonl\t'One JSON object per command'
html\t'The game as a self-contained web page, written to standard output'"
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l count -d 'With --format html: deal this many puzzles into the page, numbered (the same --seed deals the same set)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l goal -d 'Which finished boards count: either (the default), white or black; with --states 3 or more, a colour number or its digit as boards write it (a for 10; every piece that colour; 0 is the default) or any (every piece one colour, whichever takes the fewest presses)' -r -f -a "either\t'All white or all black, whichever takes fewer taps'
white\t'Only all white'
black\t'Only all black'
any\t'With --states 3 or more: every piece one colour, whichever takes the fewest presses'"
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l states -d 'How many states a piece has, from 2 (black and white: the Flip Game) to 36: a press adds the rule\'s weight (1, or a stencil\'s digit, as in 010/121/010) to every cell it reaches, mod K, and boards are written one digit a cell, 0-9 then a-z' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l size -d 'Board size: ROWS x COLS, each from 1 to 10000 (default 4x4, the Flip Game, and 3x3 for graph; with --rule-file, the file\'s size)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l rule -d 'What a tap turns over: plus (the piece and its orthogonal neighbours), x (the piece and its diagonal neighbours), box (the piece and all 8 neighbours), sigma (the orthogonal neighbours only), lines (the piece\'s whole row and column), or a stencil of 0/1 rows joined by \'/\', odd sized and centred on the piece, such as 010/111/010 (with --states, digits up to 9 are weights: 010/121/010 adds 2 to the piece)' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l rule-file -d 'A rule given cell by cell: a JSON file listing, for every cell, the cells a tap there turns over (any graph; see GUIDE.md)' -r -F
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l color -d 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l threads -d 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l lines -d 'Read one command per line even on a terminal (for scripts and screen readers)'
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l ascii -d 'Draw pieces as the letters b and w, with ASCII marks only'
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -l wrap -d 'Neighbours wrap around the edges (the board is a torus)'
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c flipgame -n "__fish_flipgame_using_subcommand play" -s V -l version -d 'Print version'
complete -c flipgame -n "__fish_flipgame_using_subcommand completions" -l color -d 'When to colour the output: auto colours a terminal unless NO_COLOR is set (CLICOLOR_FORCE forces it on); always and never win over the environment' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c flipgame -n "__fish_flipgame_using_subcommand completions" -l threads -d 'Threads a search may use [default: every CPU the process may run on, as its affinity and cgroup quota allow]. Answers are the same whatever N is' -r
complete -c flipgame -n "__fish_flipgame_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c flipgame -n "__fish_flipgame_using_subcommand completions" -s V -l version -d 'Print version'
complete -c flipgame -n "__fish_flipgame_using_subcommand help; and not __fish_seen_subcommand_from solve explain graph table stats gen check play completions help" -f -a "solve" -d 'Print the fewest taps for each board, exactly as the POJ 1753 judge expects'
complete -c flipgame -n "__fish_flipgame_using_subcommand help; and not __fish_seen_subcommand_from solve explain graph table stats gen check play completions help" -f -a "explain" -d 'Walk through the fewest taps board by board, or prove a board impossible'
complete -c flipgame -n "__fish_flipgame_using_subcommand help; and not __fish_seen_subcommand_from solve explain graph table stats gen check play completions help" -f -a "graph" -d 'Draw the state graph of a small board: boards as nodes, taps as edges'
complete -c flipgame -n "__fish_flipgame_using_subcommand help; and not __fish_seen_subcommand_from solve explain graph table stats gen check play completions help" -f -a "table" -d 'Print every board (all 65,536 for 4x4) with its fewest taps'
complete -c flipgame -n "__fish_flipgame_using_subcommand help; and not __fish_seen_subcommand_from solve explain graph table stats gen check play completions help" -f -a "stats" -d 'Print the facts of the whole game: histogram, God\'s number, quiet patterns'
complete -c flipgame -n "__fish_flipgame_using_subcommand help; and not __fish_seen_subcommand_from solve explain graph table stats gen check play completions help" -f -a "gen" -d 'Generate random boards: puzzles for people, test data for judges'
complete -c flipgame -n "__fish_flipgame_using_subcommand help; and not __fish_seen_subcommand_from solve explain graph table stats gen check play completions help" -f -a "check" -d 'Judge answers: a contestant\'s output for a judge\'s input, or a tap list for a board'
complete -c flipgame -n "__fish_flipgame_using_subcommand help; and not __fish_seen_subcommand_from solve explain graph table stats gen check play completions help" -f -a "play" -d 'Play a puzzle in the terminal, with hints, undo and a proof when it is hopeless'
complete -c flipgame -n "__fish_flipgame_using_subcommand help; and not __fish_seen_subcommand_from solve explain graph table stats gen check play completions help" -f -a "completions" -d 'Print a shell completion script'
complete -c flipgame -n "__fish_flipgame_using_subcommand help; and not __fish_seen_subcommand_from solve explain graph table stats gen check play completions help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
