//! Pictures: `explain --format svg`, `explain --map`, `explain --trace`, `stats --format svg` and
//! `graph`. Every SVG is parsed as XML and rendered with a real renderer (librsvg's
//! `rsvg-convert`, where it is installed; CI installs it), and the pixels are checked against the
//! boards that `--format json` reports and against an independent breadth-first search written
//! here.

use std::collections::{BTreeMap, VecDeque};

use predicates::str::contains;
use roxmltree::{Document, Node};
use serde_json::Value;

use crate::common::{IMPOSSIBLE_LINE, SAMPLE_LINE, Scratch, flipgame, optional_tool};

/// The palette the guide documents.
const TAPPED: [u8; 3] = [0x6a, 0x1b, 0x9a];
const PROOF: [u8; 3] = [0xc6, 0x28, 0x28];
const HINT: [u8; 3] = [0x2e, 0x7d, 0x32];
const BAR: [u8; 3] = [0x4a, 0x6f, 0xa5];

fn run(args: &[&str]) -> String {
    let output = flipgame().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&run(args)).unwrap()
}

/// The document parsed, after checking what every SVG must have.
fn parse(text: &str) -> Document<'_> {
    let document = Document::parse(text).expect("the SVG is well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let width: f64 = root.attribute("width").unwrap().parse().unwrap();
    let height: f64 = root.attribute("height").unwrap().parse().unwrap();
    assert_eq!(
        root.attribute("viewBox"),
        Some(format!("0 0 {width} {height}").as_str())
    );
    // Self-contained: nothing is fetched from elsewhere.
    for node in document.descendants() {
        assert!(
            !matches!(
                node.tag_name().name(),
                "script" | "image" | "foreignObject" | "use"
            ),
            "{node:?}"
        );
        for attribute in node.attributes() {
            assert!(!attribute.value().contains("url("), "{attribute:?}");
            assert!(!attribute.name().contains("href"), "{attribute:?}");
        }
    }
    document
}

fn has_class(node: &Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|classes| classes.split(' ').any(|c| c == class))
}

fn with_class<'a, 'input>(root: Node<'a, 'input>, class: &str) -> Vec<Node<'a, 'input>> {
    root.descendants().filter(|n| has_class(n, class)).collect()
}

fn number(node: &Node, name: &str) -> f64 {
    node.attribute(name).unwrap().parse().unwrap()
}

/// A rendered picture: rows of RGBA pixels.
struct Pixels {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

impl Pixels {
    fn width(&self) -> u32 {
        self.width
    }

    fn height(&self) -> u32 {
        self.height
    }
}

/// The SVG rendered at its own size by librsvg (`rsvg-convert`, Debian's librsvg2-bin), on
/// white; `None` where it is not installed (the test then checks the XML alone, unless
/// FLIPGAME_REQUIRE_TOOLS=1). librsvg draws at most 32,767 pixels a side, so a tall picture is
/// drawn in bands, each its own page of the picture moved up.
fn render(text: &str) -> Option<Pixels> {
    const BAND: u32 = 16_384;
    if !optional_tool("rsvg-convert", &["--version"], "librsvg's rsvg-convert") {
        return None;
    }
    let document = parse(text);
    let size = |name| {
        document
            .root_element()
            .attribute(name)
            .unwrap()
            .parse::<u32>()
    };
    let (width, height) = (size("width").unwrap(), size("height").unwrap());
    let mut rgba = Vec::with_capacity(4 * width as usize * height as usize);
    for top in (0..height).step_by(BAND as usize) {
        let band = BAND.min(height - top);
        rgba.extend(render_band(text, width, band, top));
    }
    Some(Pixels {
        width,
        height,
        rgba,
    })
}

/// Rows `top..top + band` of the picture, `width` wide, as RGBA pixels.
fn render_band(text: &str, width: u32, band: u32, top: u32) -> Vec<u8> {
    let (page_width, page_height, top) = (
        format!("--page-width={width}"),
        format!("--page-height={band}"),
        format!("--top=-{top}"),
    );
    let args = [
        "--format",
        "png",
        "--background-color",
        "white",
        &page_width,
        &page_height,
        &top,
    ];
    let output = through("rsvg-convert", &args, text);
    let mut decoder = png::Decoder::new(std::io::Cursor::new(output.stdout));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().expect("rsvg-convert writes a PNG");
    let mut rgba = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut rgba).unwrap();
    assert_eq!((frame.width, frame.height), (width, band));
    assert_eq!(frame.color_type, png::ColorType::Rgba);
    assert_eq!(frame.bit_depth, png::BitDepth::Eight);
    rgba.truncate(frame.buffer_size());
    rgba
}

/// The colour at a point of the rendered picture, or `None` when nothing rendered it.
fn pixel(picture: &Option<Pixels>, x: f64, y: f64) -> Option<[u8; 3]> {
    let pixels = picture.as_ref()?;
    let (x, y) = (x as u32, y as u32);
    assert!(
        x < pixels.width && y < pixels.height,
        "{x},{y} is outside the picture"
    );
    let at = 4 * (y as usize * pixels.width as usize + x as usize);
    Some([pixels.rgba[at], pixels.rgba[at + 1], pixels.rgba[at + 2]])
}

/// Whether the picture shows `expected` (give or take antialiasing) at a point; true when
/// nothing rendered it.
fn shows(picture: &Option<Pixels>, x: f64, y: f64, expected: [u8; 3]) -> bool {
    pixel(picture, x, y).is_none_or(|seen| near(seen, expected))
}

fn near(actual: [u8; 3], expected: [u8; 3]) -> bool {
    actual
        .iter()
        .zip(expected)
        .all(|(&a, e)| (i32::from(a) - i32::from(e)).abs() <= 24)
}

/// The centre of a piece shape: a disc or a square.
fn centre(piece: &Node) -> (f64, f64) {
    match piece.tag_name().name() {
        "circle" => (number(piece, "cx"), number(piece, "cy")),
        "rect" => (
            number(piece, "x") + number(piece, "width") / 2.0,
            number(piece, "y") + number(piece, "height") / 2.0,
        ),
        other => panic!("a piece drawn as {other}"),
    }
}

/// The pieces of a drawn board, row by row, as the letters b and w, after checking that the
/// rendered picture shows each one's colour at its centre.
fn pieces_seen(board: &Node, pixmap: &Option<Pixels>) -> String {
    let cols: usize = board.attribute("data-cols").unwrap().parse().unwrap();
    let rows: usize = board.attribute("data-rows").unwrap().parse().unwrap();
    let pieces: Vec<Node> = board
        .descendants()
        .filter(|n| has_class(n, "b") || has_class(n, "w"))
        .collect();
    assert_eq!(pieces.len(), rows * cols, "one shape per piece");
    let mut text = String::new();
    for (index, piece) in pieces.iter().enumerate() {
        if index > 0 && index % cols == 0 {
            text.push('/');
        }
        let (x, y) = centre(piece);
        let letter = if has_class(piece, "b") { 'b' } else { 'w' };
        if let Some([red, ..]) = pixel(pixmap, x, y) {
            match letter {
                'b' => assert!(red < 60, "a black piece at {x},{y} shows {red}"),
                _ => assert!(red > 200, "a white piece at {x},{y} shows {red}"),
            }
        }
        text.push(letter);
    }
    text
}

/// The cell (row, col from 1) under a point of a drawn board.
fn cell_at(board: &Node, x: f64, y: f64) -> (u64, u64) {
    let cols: usize = board.attribute("data-cols").unwrap().parse().unwrap();
    let pieces: Vec<Node> = board
        .descendants()
        .filter(|n| has_class(n, "b") || has_class(n, "w"))
        .collect();
    let index = pieces
        .iter()
        .enumerate()
        .min_by(|(_, a), (_, b)| {
            let distance = |n: &Node| {
                let (cx, cy) = centre(n);
                (cx - x).powi(2) + (cy - y).powi(2)
            };
            distance(a).total_cmp(&distance(b))
        })
        .unwrap()
        .0;
    ((index / cols + 1) as u64, (index % cols + 1) as u64)
}

fn cell_of(value: &Value) -> (u64, u64) {
    (
        value["row"].as_u64().unwrap(),
        value["col"].as_u64().unwrap(),
    )
}

/// Checks the SVG walkthrough of one board against its JSON: every board drawn shows the
/// board after that step, the tapped cell carries its frame, and the turned-over cells a ring.
fn check_walkthrough(args: &[&str]) {
    let mut svg_args = vec!["explain", "--format", "svg"];
    svg_args.extend(args);
    let text = run(&svg_args);
    let mut json_args = vec!["explain", "--format", "json"];
    json_args.extend(args);
    let answer = &json(&json_args)[0];
    let document = parse(&text);
    let pixmap = render(&text);
    let boards = with_class(document.root_element(), "board");
    let steps = answer["steps"].as_array().unwrap();
    assert_eq!(boards.len(), steps.len() + 1, "{args:?}");
    assert_eq!(
        pieces_seen(&boards[0], &pixmap),
        answer["board"].as_str().unwrap()
    );
    for (step, board) in steps.iter().zip(&boards[1..]) {
        assert_eq!(pieces_seen(board, &pixmap), step["board"].as_str().unwrap());
        let frames = with_class(*board, "tapped");
        assert_eq!(frames.len(), 1);
        let frame = frames[0];
        let (x, y, size) = (
            number(&frame, "x"),
            number(&frame, "y"),
            number(&frame, "width"),
        );
        assert_eq!(
            cell_at(board, x + size / 2.0, y + size / 2.0),
            cell_of(&step["tap"])
        );
        let seen = pixel(&pixmap, x, y + size / 2.0);
        assert!(
            shows(&pixmap, x, y + size / 2.0, TAPPED),
            "the frame of a tap shows {seen:?}"
        );
        let mut rings: Vec<(u64, u64)> = with_class(*board, "flipped")
            .iter()
            .map(|ring| cell_at(board, number(ring, "cx"), number(ring, "cy")))
            .collect();
        rings.sort_unstable();
        let mut flipped: Vec<(u64, u64)> = step["flipped"]
            .as_array()
            .unwrap()
            .iter()
            .map(cell_of)
            .filter(|&cell| cell != cell_of(&step["tap"]))
            .collect();
        flipped.sort_unstable();
        assert_eq!(rings, flipped);
    }
}

#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn walkthroughs_in_svg_show_every_step_as_json_reports_it() {
    check_walkthrough(&["--board", SAMPLE_LINE]);
    check_walkthrough(&["--board", "wwww/wwww/wwww/wwww"]);
    check_walkthrough(&[
        "--size",
        "3x5",
        "--rule",
        "x",
        "--board",
        "bwbwb/wwbww/bbwbb",
    ]);
    check_walkthrough(&[
        "--size", "2x3", "--rule", "lines", "--wrap", "--board", "bwb/wwb",
    ]);
    // A 20x20 board: small cells, labels on every other row, many taps.
    let board = run(&["gen", "--size", "20x20", "--count", "1", "--seed", "7"]);
    let board = board.trim().replace('\n', "/");
    check_walkthrough(&["--size", "20x20", "--max-steps", "1000", "--board", &board]);
}

#[test]
fn a_proof_in_svg_marks_the_quiet_pattern_with_diamonds() {
    let text = run(&["explain", "--format", "svg", "--board", IMPOSSIBLE_LINE]);
    let answer = &json(&["explain", "--format", "json", "--board", IMPOSSIBLE_LINE])[0];
    let document = parse(&text);
    let pixmap = render(&text);
    let boards = with_class(document.root_element(), "board");
    assert_eq!(boards.len(), 1);
    assert_eq!(pieces_seen(&boards[0], &pixmap), IMPOSSIBLE_LINE);
    let mut marked: Vec<(u64, u64)> = Vec::new();
    for diamond in with_class(boards[0], "proof") {
        let points: Vec<f64> = diamond
            .attribute("points")
            .unwrap()
            .split([' ', ','])
            .map(|n| n.parse().unwrap())
            .collect();
        // The top corner is on the cell's edge, above its centre.
        let (x, top) = (points[0], points[1]);
        assert!(shows(&pixmap, x, top + 1.0, PROOF));
        marked.push(cell_at(&boards[0], x, points[5]));
    }
    marked.sort_unstable();
    let mut cells: Vec<(u64, u64)> = answer["certificate"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(cell_of)
        .collect();
    cells.sort_unstable();
    assert_eq!(marked, cells);
    assert!(text.contains("Every tap turns over an even number"));
}

#[test]
fn the_tap_map_marks_exactly_the_taps_in_text_and_svg() {
    let board = run(&["gen", "--size", "12x12", "--count", "1", "--seed", "3"]);
    let board = board.trim().replace('\n', "/");
    let args = ["--size", "12x12", "--board", board.as_str()];
    let answer = &json(&[&["explain", "--format", "json"][..], &args].concat())[0];
    let mut taps: Vec<(u64, u64)> = answer["taps"]
        .as_array()
        .unwrap()
        .iter()
        .map(cell_of)
        .collect();
    taps.sort_unstable();
    let moves = answer["moves"].as_u64().unwrap();
    assert_eq!(taps.len() as u64, moves);
    assert!(moves > 10);

    let text = run(&[&["explain", "--map", "--ascii"][..], &args].concat());
    assert!(text.contains(&format!("Tap map: {moves} taps")), "{text}");
    let grid: Vec<&str> = text
        .lines()
        .skip_while(|line| !line.starts_with("Tap map"))
        .skip(2)
        .take(12)
        .collect();
    let mut marked = Vec::new();
    for (row, line) in grid.iter().enumerate() {
        let cells = &line[3..];
        for col in 0..12 {
            if cells.as_bytes()[3 * col] == b'{' {
                marked.push((row as u64 + 1, col as u64 + 1));
            }
        }
    }
    assert_eq!(marked, taps, "{text}");

    let svg = run(&[&["explain", "--map", "--format", "svg"][..], &args].concat());
    let document = parse(&svg);
    let pixmap = render(&svg);
    let boards = with_class(document.root_element(), "board");
    assert_eq!(boards.len(), 1);
    assert_eq!(pieces_seen(&boards[0], &pixmap), board);
    let mut hinted: Vec<(u64, u64)> = Vec::new();
    for brackets in with_class(boards[0], "hint") {
        // The path starts at the top left corner's lower end: M x,y.
        let d = brackets.attribute("d").unwrap();
        let start: Vec<f64> = d[1..]
            .split(['V', 'H', 'M'])
            .next()
            .unwrap()
            .split(',')
            .map(|n| n.parse().unwrap())
            .collect();
        let (x, y) = (start[0], start[1]);
        assert!(shows(&pixmap, x, y - 1.0, HINT));
        hinted.push(cell_at(&boards[0], x + 3.0, y));
    }
    hinted.sort_unstable();
    assert_eq!(hinted, taps);
}

#[test]
fn several_boards_make_one_document_with_a_section_each() {
    let text = run(&[
        "explain",
        "--format",
        "svg",
        "--board",
        SAMPLE_LINE,
        "--board",
        IMPOSSIBLE_LINE,
        "--board",
        "wwww/wwww/wwww/wwww",
    ]);
    let document = parse(&text);
    assert_eq!(with_class(document.root_element(), "section").len(), 3);
    assert!(text.contains("<title>flipgame explain: 3 boards</title>"));
}

#[test]
fn output_dir_writes_one_file_per_board_and_keeps_going_past_a_bad_one() {
    let scratch = Scratch::new();
    let input = scratch.file(
        "boards.txt",
        format!(
            "{}\nbwwb\nbbxb\nbwwb\nbwww\n\n{}\n",
            SAMPLE_LINE.replace('/', "\n"),
            IMPOSSIBLE_LINE.replace('/', "\n")
        ),
    );
    let output = scratch
        .flipgame()
        .args(["explain", "--format", "svg", "--output-dir", "pictures"])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("boards.txt:6:3:"), "{stderr}");
    let listed = String::from_utf8(output.stdout).unwrap();
    assert_eq!(listed, "pictures/0001-9d98.svg\npictures/0003-a0d9.svg\n");
    for name in ["0001-9d98.svg", "0003-a0d9.svg"] {
        let text = std::fs::read_to_string(scratch.path().join("pictures").join(name)).unwrap();
        let document = parse(&text);
        assert_eq!(with_class(document.root_element(), "section").len(), 1);
    }
    assert_eq!(
        std::fs::read_dir(scratch.path().join("pictures"))
            .unwrap()
            .count(),
        2
    );
}

#[test]
fn an_output_dir_that_cannot_be_made_is_an_error() {
    let scratch = Scratch::new();
    scratch.file("taken", "a file, not a directory");
    scratch
        .flipgame()
        .args([
            "explain",
            "--format",
            "svg",
            "--output-dir",
            "taken/sub",
            "--board",
            SAMPLE_LINE,
        ])
        .assert()
        .code(1)
        .stderr(contains("taken/sub"));
}

#[test]
fn flags_that_would_be_ignored_are_refused() {
    for (args, message) in [
        (
            &["--map", "--format", "json"][..],
            "--map and --trace are drawings",
        ),
        (
            &["--trace", "--format", "jsonl"][..],
            "--map and --trace are drawings",
        ),
        (
            &["--no-boards", "--format", "svg"][..],
            "--no-boards leaves an SVG",
        ),
        (
            &["--output-dir", "x"][..],
            "--output-dir writes SVG files: add --format svg",
        ),
        (&["--map", "--no-boards"][..], "cannot be used with"),
        (
            &["--ascii", "--format", "svg"][..],
            "--ascii chooses the letters of terminal text",
        ),
        (
            &["--ascii", "--format", "json"][..],
            "--ascii chooses the letters of terminal text",
        ),
    ] {
        flipgame()
            .arg("explain")
            .args(args)
            .args(["--board", SAMPLE_LINE])
            .assert()
            .code(2)
            .stderr(contains(message));
    }
}

#[test]
fn elided_steps_are_said_in_text_and_svg() {
    let board = vec!["bw".repeat(11); 22].join("/");
    let args = [
        "--size",
        "22x22",
        "--max-steps",
        "3",
        "--board",
        board.as_str(),
    ];
    let moves = json(&[&["explain", "--format", "json"][..], &args].concat())[0]["moves"]
        .as_u64()
        .unwrap();
    let note = format!(
        "(The other {} taps are not drawn (--max-steps 3)",
        moves - 3
    );
    let svg = run(&[&["explain", "--format", "svg"][..], &args].concat());
    let document = parse(&svg);
    assert_eq!(with_class(document.root_element(), "board").len(), 4);
    assert!(svg.contains(&note));
    let output = flipgame()
        .args(["explain"])
        .args(args)
        .env("COLUMNS", "400")
        .output()
        .unwrap();
    assert!(String::from_utf8(output.stdout).unwrap().contains(&note));
}

/// The fewest taps of every board of a plus-rule puzzle, by breadth-first search over the
/// boards as bit sets (cell i at bit i), from the finished boards the goal accepts.
fn bfs(rows: usize, cols: usize, goal_colors: &[bool]) -> Vec<Option<u32>> {
    let cells = rows * cols;
    let masks: Vec<u32> = (0..cells)
        .map(|i| {
            let (r, c) = ((i / cols) as i64, (i % cols) as i64);
            [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .map(|(dr, dc)| (r + dr, c + dc))
                .filter(|&(r, c)| r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64)
                .fold(0, |mask, (r, c)| {
                    mask | 1 << (r as usize * cols + c as usize)
                })
        })
        .collect();
    let mut distance = vec![None; 1 << cells];
    let mut queue = VecDeque::new();
    for &black in goal_colors {
        let start = if black { (1u32 << cells) - 1 } else { 0 };
        distance[start as usize] = Some(0);
        queue.push_back(start);
    }
    while let Some(board) = queue.pop_front() {
        let next_distance = distance[board as usize].unwrap() + 1;
        for mask in &masks {
            let next = board ^ mask;
            if distance[next as usize].is_none() {
                distance[next as usize] = Some(next_distance);
                queue.push_back(next);
            }
        }
    }
    distance
}

fn layer_sizes(distances: &[Option<u32>]) -> BTreeMap<String, usize> {
    let mut sizes = BTreeMap::new();
    for distance in distances {
        let key = distance.map_or("none".to_string(), |d| d.to_string());
        *sizes.entry(key).or_insert(0) += 1;
    }
    sizes
}

#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn the_graph_in_svg_has_every_board_and_tap_in_its_layer() {
    for (rows, cols) in [(2, 2), (3, 3), (2, 3)] {
        let size = format!("{rows}x{cols}");
        let text = run(&["graph", "--format", "svg", "--size", &size]);
        let document = parse(&text);
        let root = document.root_element();
        let cells = rows * cols;
        let nodes = with_class(root, "node");
        assert_eq!(nodes.len(), 1 << cells);
        assert_eq!(with_class(root, "edge").len(), cells << cells >> 1);
        let mut seen = BTreeMap::new();
        for node in &nodes {
            *seen
                .entry(node.attribute("data-layer").unwrap().to_string())
                .or_insert(0) += 1;
            let pieces = node
                .descendants()
                .filter(|n| has_class(n, "b") || has_class(n, "w"))
                .count();
            assert_eq!(pieces, cells);
        }
        assert_eq!(
            seen,
            layer_sizes(&bfs(rows, cols, &[false, true])),
            "{size}"
        );
        if let Some(pixmap) = render(&text) {
            assert_eq!(pixmap.width() as f64, number(&root, "width"));
            assert_eq!(pixmap.height() as f64, number(&root, "height"));
        }
    }
    // With one goal colour, 2x3 has boards that cannot be finished; they are drawn too.
    let text = run(&[
        "graph", "--format", "svg", "--size", "2x3", "--goal", "white",
    ]);
    let document = parse(&text);
    let mut seen = BTreeMap::new();
    for node in with_class(document.root_element(), "node") {
        *seen
            .entry(node.attribute("data-layer").unwrap().to_string())
            .or_insert(0) += 1;
    }
    assert_eq!(seen, layer_sizes(&bfs(2, 3, &[false])));
}

#[test]
fn the_graph_highlights_the_shortest_path_of_a_board() {
    let board = "bwb/wbw/bwb";
    let moves = run(&["solve", "--size", "3x3", "--board", board])
        .trim()
        .parse::<usize>()
        .unwrap();
    let taps = run(&["solve", "--size", "3x3", "--taps", "--board", board]);
    let text = run(&["graph", "--format", "svg", "--board", board]);
    let document = parse(&text);
    let root = document.root_element();
    let path_edges = with_class(root, "path")
        .into_iter()
        .filter(|n| has_class(n, "edge"))
        .collect::<Vec<_>>();
    assert_eq!(path_edges.len(), moves);
    let mut tapped: Vec<&str> = path_edges
        .iter()
        .map(|e| e.attribute("data-tap").unwrap())
        .collect();
    tapped.sort_unstable();
    let mut expected: Vec<&str> = taps
        .split_whitespace()
        .filter(|t| t.starts_with('r'))
        .collect();
    expected.sort_unstable();
    assert_eq!(tapped, expected);
    let framed: Vec<&str> = with_class(root, "node")
        .iter()
        .filter(|node| node.children().any(|c| has_class(&c, "path")))
        .map(|node| node.attribute("data-board").unwrap())
        .collect();
    assert_eq!(framed.len(), moves + 1);
    assert!(framed.contains(&board));
    assert!(text.contains(&format!("the shortest path from {board}, {moves} taps")));
}

/// A drawing too large for a browser to open with ease is said to be so, with its size; a
/// small one is written without a word.
#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn a_huge_graph_drawing_is_said_to_be_huge() {
    let output = flipgame()
        .args([
            "graph",
            "--format",
            "svg",
            "--size",
            "4x4",
            "--max-cells",
            "16",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(output.stdout.len() > 100_000_000, "{}", output.stdout.len());
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        format!(
            "note: the drawing is {} MB of SVG (65,536 boards): a browser may take minutes to \
             open it\n",
            output.stdout.len() / 1_000_000
        )
    );
    flipgame()
        .args(["graph", "--format", "svg", "--size", "3x3"])
        .assert()
        .success()
        .stderr("");
}

/// The summary counts in words: one tap is "1 tap".
#[test]
fn the_graph_of_one_cell_counts_one_tap() {
    // A small drawing is written without a word.
    flipgame()
        .args(["graph", "--format", "svg", "--size", "1x1"])
        .assert()
        .success()
        .stderr("");
    let text = run(&["graph", "--size", "1x1"]);
    assert!(
        text.contains(
            "// 2 boards, 1 tap between them; 2 can be finished, in 1 layer by fewest taps; 0 \
             cannot."
        ),
        "{text}"
    );
}

#[test]
fn the_graph_in_dot_parses_with_every_board_and_tap() {
    // Graphviz itself reads and lays out the graph: `dot -Tjson` fails on anything it cannot
    // read, and lists the layers (subgraphs first), the boards and the taps.
    if !optional_tool("dot", &["-V"], "Graphviz's dot") {
        return;
    }
    for (rows, cols) in [(2, 2), (2, 3)] {
        let size = format!("{rows}x{cols}");
        let text = run(&[
            "graph",
            "--size",
            &size,
            "--board",
            &vec!["b".repeat(cols); rows].join("/"),
        ]);
        let graph = graphviz_json(&text);
        let layers = graph["_subgraph_cnt"].as_u64().unwrap() as usize;
        let objects = graph["objects"].as_array().unwrap();
        let cells = rows * cols;
        assert_eq!(objects.len() - layers, 1 << cells);
        assert_eq!(
            graph["edges"].as_array().unwrap().len(),
            cells << cells >> 1
        );
        // Each layer is a rank of its own, of the size the search finds.
        let expected = layer_sizes(&bfs(rows, cols, &[false, true]));
        for (layer, size) in expected {
            // Boards that can never be finished share a cluster of their own instead of a rank.
            let name = match layer.as_str() {
                "none" => "cluster_impossible".to_string(),
                _ => format!("layer_{layer}"),
            };
            let subgraph = objects
                .iter()
                .find(|object| object["name"] == name)
                .unwrap_or_else(|| panic!("{rows}x{cols}: no subgraph {name}"));
            if layer != "none" {
                assert_eq!(subgraph["rank"], "same");
            }
            assert_eq!(
                subgraph["nodes"].as_array().unwrap().len(),
                size,
                "{rows}x{cols} layer {layer}"
            );
        }
        assert!(text.contains("penwidth=3"));
    }
}

/// What an outside tool prints for `input` on its standard input, after checking that it
/// succeeded and said nothing on standard error.
fn through(program: &str, args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("run {program}: {error}"));
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success() && output.stderr.is_empty(),
        "{program}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The graph as Graphviz reads it, laid out, in its JSON form.
fn graphviz_json(dot: &str) -> Value {
    let output = through("dot", &["-Tjson"], dot);
    serde_json::from_slice(&output.stdout).expect("dot -Tjson prints JSON")
}

#[test]
fn graph_refuses_what_is_too_large_or_malformed() {
    flipgame()
        .args(["graph", "--size", "4x4"])
        .assert()
        .code(2)
        .stderr(contains(
            "graph draws at most 9 cells (512 boards) unless --max-cells",
        ));
    flipgame()
        .args(["graph", "--size", "4x4", "--max-cells", "17"])
        .assert()
        .code(2);
    flipgame()
        .args(["graph", "--board", "bwb/wxw/bwb"])
        .assert()
        .code(2)
        .stderr(contains("--board[1]:1:6: expected 'b' or 'w', found 'x'\n"));
    let scratch = Scratch::new();
    scratch
        .flipgame()
        .args(["graph", "--output", "missing/graph.dot"])
        .assert()
        .code(1)
        .stderr(contains("missing/graph.dot"));
}

#[test]
#[ignore = "slow: run by `cargo test -- --ignored` and, a quarter at a time, by CI"]
fn stats_in_svg_draw_the_histogram_and_the_quiet_patterns() {
    for size in ["4x4", "3x3", "5x5"] {
        let report = json(&["stats", "--size", size, "--format", "json"]);
        let text = run(&["stats", "--size", size, "--format", "svg"]);
        let document = parse(&text);
        let pixmap = render(&text);
        let root = document.root_element();
        let bars = with_class(root, "bar");
        let histogram = report["histogram"].as_array().unwrap();
        assert_eq!(bars.len(), histogram.len());
        let tallest = bars.iter().map(|b| number(b, "height")).fold(0.0, f64::max);
        let largest = histogram
            .iter()
            .map(|r| r["boards"].as_u64().unwrap())
            .max()
            .unwrap();
        for (bar, row) in bars.iter().zip(histogram) {
            let boards = row["boards"].as_u64().unwrap();
            assert_eq!(
                bar.attribute("data-boards"),
                Some(boards.to_string().as_str())
            );
            let height = number(bar, "height");
            let expected = tallest * boards as f64 / largest as f64;
            assert!(
                (height - expected).abs() < 0.02,
                "{size}: {height} vs {expected}"
            );
            if height >= 2.0 {
                let x = number(bar, "x") + number(bar, "width") / 2.0;
                let y = number(bar, "y") + height / 2.0;
                assert!(shows(&pixmap, x, y, BAR));
            }
        }
        let patterns = report["quiet_patterns"].as_array().unwrap();
        let boards = with_class(root, "board");
        assert_eq!(boards.len(), patterns.len());
        for (board, pattern) in boards.iter().zip(patterns) {
            let seen = pieces_seen(board, &pixmap);
            let black: Vec<(u64, u64)> = pattern.as_array().unwrap().iter().map(cell_of).collect();
            let cols = seen.split('/').next().unwrap().len();
            let mut drawn = Vec::new();
            for (row, line) in seen.split('/').enumerate() {
                for (col, letter) in line.chars().enumerate() {
                    if letter == 'b' {
                        drawn.push((row as u64 + 1, col as u64 + 1));
                    }
                }
            }
            assert_eq!(drawn, black, "{size} {cols}");
        }
        for label in ["fewest taps", "boards"] {
            assert!(text.contains(&format!(">{label}</text>")));
        }
    }
    flipgame()
        .args(["stats", "--ascii", "--format", "svg"])
        .assert()
        .code(2)
        .stderr(contains("--ascii chooses the letters of terminal text"));
}

#[test]
fn the_trace_counts_each_layer_as_an_independent_search_does() {
    // A 3x3 board in the last layer: the first the independent search puts there.
    let distances = bfs(3, 3, &[false, true]);
    let deepest = distances.iter().flatten().max().copied();
    let last = (0..distances.len())
        .find(|&bits| distances[bits] == deepest)
        .unwrap();
    let last: String = (0..9)
        .map(|i| {
            let letter = if last >> i & 1 == 1 { "b" } else { "w" };
            if i % 3 == 2 && i < 8 {
                format!("{letter}/")
            } else {
                letter.to_string()
            }
        })
        .collect();
    for (rows, cols, board) in [
        (4, 4, SAMPLE_LINE),
        (3, 3, "bwb/wbw/bwb"),
        (3, 3, last.as_str()),
        (4, 4, IMPOSSIBLE_LINE),
    ] {
        let size = format!("{rows}x{cols}");
        let text = run(&["explain", "--trace", "--size", &size, "--board", board]);
        let distances = bfs(rows, cols, &[false, true]);
        let bits = board
            .replace('/', "")
            .chars()
            .enumerate()
            .fold(0usize, |bits, (i, c)| bits | usize::from(c == 'b') << i);
        let found = distances[bits];
        let sizes = layer_sizes(&distances);
        let mut reached = 0;
        let mut rows_seen = 0;
        for line in text
            .lines()
            .skip_while(|l| !l.contains("new boards"))
            .skip(1)
        {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let Some(Ok(layer)) = fields.first().map(|f| f.parse::<u32>()) else {
                break;
            };
            let boards: usize = fields[1].replace(',', "").parse().unwrap();
            reached += boards;
            assert_eq!(boards, sizes[&layer.to_string()], "{size} layer {layer}");
            assert_eq!(
                fields[2].replace(',', "").parse::<usize>().unwrap(),
                reached
            );
            assert_eq!(
                line.contains("<- this board"),
                found == Some(layer),
                "{line}"
            );
            rows_seen += 1;
        }
        match found {
            Some(layer) => {
                assert_eq!(rows_seen, layer as usize + 1);
                assert!(text.contains(&format!("found in layer {layer}, so it needs {layer}")));
                // Either no board needs more, or the search goes on to the deepest layer.
                let deepest = sizes.keys().filter_map(|key| key.parse::<u32>().ok()).max();
                let rest = if Some(layer) == deepest {
                    "It is in the last layer: no board needs more.".to_string()
                } else {
                    format!("The search goes on to layer {} for", deepest.unwrap())
                };
                assert!(text.replace('\n', " ").contains(&rest), "{text}");
            }
            None => {
                assert_eq!(rows_seen, sizes.len() - 1);
                assert!(text.contains("this board is not among them"), "{text}");
            }
        }
    }
    flipgame()
        .args([
            "explain",
            "--trace",
            "--size",
            "6x5",
            "--board",
            &["bwbwb"; 6].join("/"),
        ])
        .assert()
        .code(2)
        .stderr(contains("--trace: a 6x5 board has 30 cells"));
}

/// Small cases as text, so a change to the drawing is seen in review.
#[test]
fn snapshots_of_small_pictures() {
    crate::generated::snapshot(
        "pictures/explain_2x2_svg",
        &run(&[
            "explain", "--format", "svg", "--size", "2x2", "--board", "bw/ww",
        ]),
    );
    crate::generated::snapshot(
        "pictures/stats_2x2_svg",
        &run(&["stats", "--format", "svg", "--size", "2x2"]),
    );
    crate::generated::snapshot(
        "pictures/graph_2x2_dot",
        &run(&["graph", "--size", "2x2", "--board", "bw/ww"]),
    );
    crate::generated::snapshot(
        "pictures/graph_1x3_svg",
        &run(&[
            "graph", "--format", "svg", "--size", "1x3", "--board", "bwb",
        ]),
    );
}

#[test]
fn column_labels_of_a_long_row_are_one_and_every_second_column() {
    // Forty columns leave no room for every number: 1 (where the board starts), then the even
    // ones, each under its own column.
    let row = "b".repeat(40);
    let svg = run(&[
        "explain", "--size", "1x40", "--board", &row, "--format", "svg",
    ]);
    let document = parse(&svg);
    let labels: Vec<(u64, f64)> = with_class(document.root(), "label")
        .iter()
        .filter(|label| label.attribute("text-anchor") == Some("middle"))
        .map(|label| (label.text().unwrap().parse().unwrap(), number(label, "x")))
        .collect();
    let numbers: Vec<u64> = labels.iter().map(|&(n, _)| n).collect();
    let expected: Vec<u64> = std::iter::once(1).chain((2..=40).step_by(2)).collect();
    assert_eq!(numbers, expected);
    // Evenly placed: label n sits n - 1 cell widths right of label 1.
    let width = labels[1].1 - labels[0].1;
    for &(n, x) in &labels {
        assert!(
            (x - labels[0].1 - (n - 1) as f64 * width).abs() < 1e-9,
            "label {n}"
        );
    }
}

#[test]
fn a_tap_map_lists_a_few_taps_in_words_and_leaves_the_rest_to_the_map() {
    // All black to all white on 10x10 (no null space): 44 taps, one way only.
    let board = vec!["b".repeat(10); 10].join("/");
    let args = ["--size", "10x10", "--goal", "white", "--board", &board];
    let answer = json(&[&["solve", "--format", "json"][..], &args].concat());
    assert_eq!(answer[0]["moves"], 44);
    let svg = run(&[&["explain", "--map", "--format", "svg"][..], &args].concat());
    let document = parse(&svg);
    let words: Vec<&str> = document
        .descendants()
        .filter(|node| node.is_text())
        .filter_map(|node| node.text())
        .collect();
    let words = words
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let (before, _) = words
        .split_once(" and 24 more, marked on the map. Taps commute")
        .unwrap_or_else(|| panic!("{words}"));
    let (_, listed) = before.split_once("44 taps to all white: ").unwrap();
    assert_eq!(listed.split(' ').count(), 20, "{listed}");
    let marks = with_class(document.root(), "hint").len();
    assert_eq!(marks, 44 + 1, "every tap marked, and the legend's sample");
    // Without the map, every tap is written out.
    let text = run(&[&["explain"][..], &args].concat());
    assert!(!text.contains("more, marked on the map"), "{text}");
}

/// Every board of `rows` x `cols` cells of `states` colours under the plus rule (digits,
/// row-major), each with every press written from the rule's definition: `(board, press
/// r<row>c<col>, the board it makes)`.
fn state_presses(rows: usize, cols: usize, states: u32) -> Vec<(String, String, String)> {
    let cells = rows * cols;
    let text = |digits: &[u32]| -> String {
        digits
            .chunks(cols)
            .map(|row| {
                row.iter()
                    .map(|&d| char::from_digit(d, 36).unwrap())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    let mut presses = Vec::new();
    for number in 0..states.pow(cells as u32) {
        let digits: Vec<u32> = (0..cells)
            .map(|i| number / states.pow((cells - 1 - i) as u32) % states)
            .collect();
        for cell in 0..cells {
            let (row, col) = (cell / cols, cell % cols);
            let mut after = digits.clone();
            for (r, c) in [
                (row, col),
                (row.wrapping_sub(1), col),
                (row + 1, col),
                (row, col.wrapping_sub(1)),
                (row, col + 1),
            ] {
                if r < rows && c < cols {
                    after[r * cols + c] = (after[r * cols + c] + 1) % states;
                }
            }
            presses.push((
                text(&digits),
                format!("r{}c{}", row + 1, col + 1),
                text(&after),
            ));
        }
    }
    presses
}

/// The fewest presses of every board to all 0, by breadth-first search backwards over the
/// presses: boards missing can never be finished.
fn state_distances(presses: &[(String, String, String)], finished: &str) -> BTreeMap<String, u32> {
    let mut distances = BTreeMap::from([(finished.to_string(), 0)]);
    let mut layer = vec![finished.to_string()];
    let mut moves = 0;
    while !layer.is_empty() {
        moves += 1;
        let mut next = Vec::new();
        for (from, _, to) in presses {
            if layer.contains(to) && !distances.contains_key(from) {
                distances.insert(from.clone(), moves);
                next.push(from.clone());
            }
        }
        layer = next;
    }
    distances
}

#[test]
fn the_graph_of_k_colours_has_an_arrow_for_every_press() {
    let presses = state_presses(2, 2, 3);
    let distances = state_distances(&presses, "00/00");
    let text = run(&[
        "graph", "--states", "3", "--size", "2x2", "--board", "12/00",
    ]);
    assert!(text.contains("digraph flipgame {"), "{text}");
    // Every press of every board is an arrow labelled with its cell, and nothing else is.
    let mut drawn: Vec<(String, String, String)> = text
        .lines()
        .filter_map(|line| {
            let (from, rest) = line.trim().split_once(" -> ")?;
            let (to, label) = rest.split_once(" [label=\"")?;
            let tap = label.split('"').next()?;
            Some((
                from.trim_matches('"').replace("\\n", "/"),
                tap.to_string(),
                to.trim_matches('"').to_string(),
            ))
        })
        .collect();
    drawn.sort();
    let mut expected = presses.clone();
    expected.sort();
    assert_eq!(drawn, expected);
    // Each board is in the layer of its fewest presses, or among those never finished.
    for line in text.lines().filter(|line| line.contains("tooltip=")) {
        let board = line.trim().split('"').nth(1).unwrap().replace("\\n", "/");
        let said = match distances.get(&board) {
            Some(1) => format!("{board}: 1 tap\""),
            Some(moves) => format!("{board}: {moves} taps\""),
            None => format!("{board}: cannot be finished\""),
        };
        assert!(line.contains(&said), "{line}: expected {said}");
    }
    let moves = distances["12/00"];
    assert!(
        text.contains(&format!(
            "Highlighted: the shortest path from 12/00, {moves} taps:"
        )),
        "{text}"
    );
    assert_eq!(text.matches("penwidth=3").count() as u32, 2 * moves + 1);
    if optional_tool("dot", &["-V"], "Graphviz's dot") {
        let graph = graphviz_json(&text);
        assert_eq!(graph["edges"].as_array().unwrap().len(), presses.len());
        assert_eq!(graph["directed"], true);
    }
}

#[test]
fn the_graph_of_k_colours_in_svg_draws_digits_and_arrows() {
    let presses = state_presses(1, 3, 4);
    let distances = state_distances(&presses, "000");
    let text = run(&[
        "graph", "--format", "svg", "--states", "4", "--size", "1x3", "--board", "123",
    ]);
    let document = parse(&text);
    let root = document.root_element();
    let nodes = with_class(root, "node");
    assert_eq!(nodes.len(), 64);
    for node in &nodes {
        let board = node.attribute("data-board").unwrap();
        let layer = distances
            .get(board)
            .map_or("none".to_string(), u32::to_string);
        assert_eq!(
            node.attribute("data-layer"),
            Some(layer.as_str()),
            "{board}"
        );
        // Each piece is drawn in its colour with its digit, so colour is never the only cue.
        let digits: String = node
            .descendants()
            .filter(|n| has_class(n, "digit"))
            .map(|n| n.text().unwrap())
            .collect();
        assert_eq!(digits, board);
    }
    let edges = with_class(root, "edge");
    assert_eq!(edges.len(), presses.len());
    // Each edge ends in an arrowhead of its own, the same tap.
    let heads: Vec<&str> = with_class(root, "head")
        .iter()
        .map(|head| head.attribute("data-tap").unwrap())
        .collect();
    let tapped: Vec<&str> = edges
        .iter()
        .map(|edge| edge.attribute("data-tap").unwrap())
        .collect();
    assert_eq!(heads, tapped);
    let moves = distances["123"] as usize;
    let on_path = edges.iter().filter(|edge| has_class(edge, "path")).count();
    assert_eq!(on_path, moves);
    arrows_end_on_frames(root);
    if let Some(pixmap) = render(&text) {
        assert_eq!(pixmap.width() as f64, number(&root, "width"));
    }
    // Two-state graphs keep their plain lines: no arrows.
    let plain = run(&["graph", "--format", "svg", "--size", "2x2"]);
    assert!(!plain.contains("class=\"head\""));
}

#[test]
fn a_graph_of_k_colours_too_large_to_look_at_is_refused() {
    flipgame()
        .args(["graph", "--states", "3", "--size", "3x3"])
        .assert()
        .code(2)
        .stderr(contains(
            "a 3x3 board of 3 states has 3^9 = 19,683 boards: graph draws at most 512 boards",
        ));
    // Exactly as many boards as the two-state cells allow is drawn: 4^2 = 2^4.
    flipgame()
        .args([
            "graph",
            "--states",
            "4",
            "--size",
            "1x2",
            "--max-cells",
            "4",
        ])
        .assert()
        .success();
    flipgame()
        .args([
            "graph",
            "--states",
            "4",
            "--size",
            "1x2",
            "--max-cells",
            "3",
        ])
        .assert()
        .code(2)
        .stderr(contains(
            "has 4^2 = 16 boards: graph draws at most 8 boards",
        ));
    flipgame()
        .args([
            "graph", "--states", "3", "--size", "2x2", "--board", "12/03",
        ])
        .assert()
        .code(2)
        .stderr(contains(
            "--board[1]:1:5: expected a digit from '0' to '2', found '3'; the digit '3' needs \
             --states 4 or more\n",
        ));
    flipgame()
        .args([
            "graph",
            "--states",
            "3",
            "--size",
            "3x3",
            "--max-cells",
            "15",
        ])
        .assert()
        .success();
}

/// Every arrow starts at the middle of a board's frame and ends on another's, where its head
/// has its tip, pointing along the arrow (for a straight one) and 7 long.
fn arrows_end_on_frames(root: Node) {
    let frames: Vec<(f64, f64, f64, f64)> = with_class(root, "grid")
        .iter()
        .map(|rect| {
            let (x, y) = (number(rect, "x"), number(rect, "y"));
            (x, y, x + number(rect, "width"), y + number(rect, "height"))
        })
        .collect();
    let near = |a: f64, b: f64| (a - b).abs() < 0.02;
    let on_frame = |x: f64, y: f64| {
        frames.iter().any(|&(left, top, right, bottom)| {
            let inside = (left - 0.02..=right + 0.02).contains(&x)
                && (top - 0.02..=bottom + 0.02).contains(&y);
            inside && (near(x, left) || near(x, right) || near(y, top) || near(y, bottom))
        })
    };
    let at_centre = |x: f64, y: f64| {
        frames.iter().any(|&(left, top, right, bottom)| {
            near(x, (left + right) / 2.0) && near(y, (top + bottom) / 2.0)
        })
    };
    let heads = with_class(root, "head");
    let edges = with_class(root, "edge");
    assert_eq!(heads.len(), edges.len());
    let points = |d: &str| -> Vec<f64> {
        d.split(|c: char| c.is_ascii_alphabetic() || c == ',' || c == ' ')
            .filter(|part| !part.is_empty())
            .map(|part| part.parse().unwrap())
            .collect()
    };
    let mut straight = 0;
    for (edge, head) in edges.iter().zip(&heads) {
        let (start, end) = match edge.tag_name().name() {
            "line" => (
                (number(edge, "x1"), number(edge, "y1")),
                (number(edge, "x2"), number(edge, "y2")),
            ),
            _ => {
                let p = points(edge.attribute("d").unwrap());
                ((p[0], p[1]), (p[4], p[5]))
            }
        };
        assert!(
            at_centre(start.0, start.1),
            "{edge:?} starts off a board's middle"
        );
        assert!(on_frame(end.0, end.1), "{edge:?} ends off a frame");
        let tip = points(head.attribute("d").unwrap());
        assert!(near(tip[0], end.0) && near(tip[1], end.1), "{head:?}");
        let base = ((tip[2] + tip[4]) / 2.0, (tip[3] + tip[5]) / 2.0);
        let length = (base.0 - tip[0]).hypot(base.1 - tip[1]);
        assert!((length - 7.0).abs() < 0.05, "{head:?}: {length}");
        let width = (tip[2] - tip[4]).hypot(tip[3] - tip[5]);
        assert!((width - 6.0).abs() < 0.05, "{head:?}: {width}");
        if edge.tag_name().name() == "line" {
            straight += 1;
            // The head's base lies back along the line.
            let along = (end.0 - start.0, end.1 - start.1);
            let back = (base.0 - end.0, base.1 - end.1);
            let cross = along.0 * back.1 - along.1 * back.0;
            assert!(cross.abs() < 0.05 * along.0.hypot(along.1), "{head:?}");
            assert!(along.0 * back.0 + along.1 * back.1 < 0.0, "{head:?}");
        }
    }
    assert!(straight > 0);
}

/// The document is as wide as its widest board: a board of 600 columns, wider than the
/// narrowest document, is drawn whole, every piece and mark inside the page.
#[test]
fn a_board_wider_than_the_page_widens_it_to_fit() {
    let board = run(&["gen", "--size", "2x600", "--count", "1", "--seed", "1"]);
    let output = flipgame()
        .args(["explain", "--size", "2x600", "--map", "--format", "svg"])
        .write_stdin(board)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    let document = parse(&text);
    let width = number(&document.root_element(), "width");
    assert!(width > 960.0, "the page widens past its narrowest: {width}");
    let mut rightmost: f64 = 0.0;
    for node in document.descendants() {
        let right = match node.tag_name().name() {
            "circle" => number(&node, "cx") + number(&node, "r"),
            "rect" => number(&node, "x") + number(&node, "width"),
            _ => continue,
        };
        rightmost = rightmost.max(right);
    }
    assert!(
        rightmost <= width,
        "a shape reaches {rightmost} on a page {width} wide"
    );
    assert!(rightmost > 960.0, "the board is drawn whole: {rightmost}");
}
