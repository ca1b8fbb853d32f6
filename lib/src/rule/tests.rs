use super::*;
use crate::grid::Shape;
use crate::random::Generator;

/// A rule file's error as `LINE:COL: message`, or the message alone where it has no place.
fn located(result: Result<Graph, RuleFileError>) -> String {
    let error = result.expect_err("a broken rule file");
    match error.place {
        Some((line, column)) => format!("{line}:{column}: {error}"),
        None => error.to_string(),
    }
}

#[test]
fn named_rules_are_their_stencils() {
    for (name, pattern, _) in NAMED_STENCILS {
        let by_name = Rule::parse(name).unwrap();
        let by_pattern = Rule::parse(pattern).unwrap();
        assert_eq!(by_name, by_pattern);
        assert_eq!(by_pattern.label(), name);
    }
    assert!(Rule::parse("plus").unwrap().is_plus());
    assert_eq!(Rule::parse(".x./xxx/.x.").unwrap().label(), "plus");
    assert_eq!(Rule::parse("lines").unwrap(), Rule::Lines);
    // A named stencil is its own half-turn, so it keeps its name turned round.
    assert_eq!(Rule::parse("plus").unwrap().transposed().label(), "plus");
    assert_eq!(Rule::parse("x").unwrap().to_string(), "x");
}

#[test]
fn stencils_read_and_print_as_rows() {
    let stencil = Stencil::parse("010/111/111").unwrap();
    assert_eq!(stencil.text(), "010/111/111");
    assert_eq!(stencil.offsets().len(), 7);
    assert!(!stencil.is_symmetric());
    assert_eq!(stencil.reflected().text(), "111/111/010");
    assert!(Stencil::parse("101/010/101").unwrap().is_symmetric());
    let wide = Stencil::parse("00100/11111/00100").unwrap();
    assert_eq!((wide.row_radius(), wide.col_radius()), (1, 2));
    assert_eq!(wide.offsets()[0], (-1, 0));
    assert_eq!(wide.text(), "00100/11111/00100");
    let tall = Stencil::parse("010/010/111/000/010").unwrap();
    assert_eq!(tall.offsets()[0], (-2, 0));
    assert_eq!(tall.text(), "010/010/111/000/010");
}

#[test]
fn stencil_digits_above_1_are_weights() {
    let gambler = Stencil::parse("010/121/010").unwrap();
    assert_eq!(
        gambler.offsets(),
        [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)]
    );
    assert_eq!(gambler.weights(), [1, 1, 2, 1, 1]);
    assert_eq!(gambler.largest_weight(), 2);
    assert_eq!(gambler.text(), "010/121/010");
    assert!(gambler.is_symmetric());
    let leaning = Stencil::parse("000/x32/090").unwrap();
    assert_eq!(leaning.text(), "000/132/090");
    let reflected = leaning.reflected();
    assert_eq!(reflected.text(), "090/231/000");
    assert_eq!(reflected.weights(), [9, 2, 3, 1]);
    assert!(!leaning.is_symmetric());
    assert_eq!(Stencil::parse("010/111/010").unwrap().largest_weight(), 1);
    let rule = Rule::parse("121").unwrap();
    assert_eq!(
        (rule.label(), rule.largest_weight()),
        ("121".to_string(), 2)
    );
    assert_eq!(Rule::parse("plus").unwrap().largest_weight(), 1);
    assert_eq!(Rule::Lines.largest_weight(), 1);
    assert_ne!(Rule::parse("010/121/010"), Rule::parse("plus"));
}

#[test]
fn bad_stencils_say_what_is_wrong() {
    let error = |text| Rule::parse(text).unwrap_err().to_string();
    assert!(error("01/11").contains("odd"));
    assert!(
        error("0110").contains("odd"),
        "an even width alone is refused"
    );
    assert!(
        error("010/010").contains("odd"),
        "an even height alone is refused"
    );
    assert!(error("010/11/010").contains("row 2 has 2 cells"));
    assert!(error("000/000/000").contains("turns over nothing"));
    assert!(error("diagonal").contains("unknown rule 'diagonal'"));
    assert!(error("010/1x?/010").starts_with("stencil character 7: expected '0' or '1'"));
    assert!(error("0z0/111/010").starts_with("stencil character 2:"));
    // Each side alone is held to the limit, and the limit itself is allowed.
    let line = |cells: usize| "1".repeat(cells);
    let column = |cells: usize| vec!["1"; cells].join("/");
    let (too_wide, too_tall) = (line(65), column(65));
    assert!(error(&too_wide).contains("at most 63x63; '"));
    assert!(error(&too_tall).ends_with("is 65x1"));
    let largest = vec![line(63); 63].join("/");
    assert_eq!(
        Stencil::parse(&largest).map(|s| s.offsets().len()),
        Ok(63 * 63)
    );
}

#[test]
fn rule_files_are_read_and_checked_where_they_go_wrong() {
    let text = r#"{"rows": 1, "cols": 2, "cells": [
        {"row": 1, "col": 1, "flips": [{"row": 1, "col": 2}, {"row": 1, "col": 1}]},
        {"row": 1, "col": 2, "flips": []}
    ]}"#;
    let graph = Graph::from_json(text, "two.json").unwrap();
    assert_eq!(graph.flips(0), &[0, 1]);
    assert_eq!(graph.flips(1), &[] as &[u32]);
    assert_eq!(graph.transposed().flips(1), &[0]);
    // r1c1 turns over r1c2 but not the other way round.
    assert!(!Rule::Graph(graph.clone()).is_symmetric());
    let both_ways = Graph::new(graph.shape(), vec![vec![0, 1], vec![0, 1]], "x".into()).unwrap();
    assert!(Rule::Graph(both_ways).is_symmetric());
    let outside = text.replace(r#"{"row": 1, "col": 2}, {"#, r#"{"row": 3, "col": 2}, {"#);
    let error = located(Graph::from_json(&outside, "x"));
    assert!(error.starts_with("2:"), "{error}");
    assert!(error.contains("r3c2 is outside the 1x2 board"), "{error}");
    let missing = r#"{"rows": 1, "cols": 2, "cells": [{"row": 1, "col": 1, "flips": []}]}"#;
    let error = located(Graph::from_json(missing, "x"));
    // Where the list of cells ends without it.
    assert!(error.starts_with("1:67: r1c2 has no entry"), "{error}");
    let twice = text.replace(
        r#""row": 1, "col": 2, "flips": []"#,
        r#""row": 1, "col": 1, "flips": []"#,
    );
    let error = located(Graph::from_json(&twice, "x"));
    assert!(
        error.contains("r1c1 is listed twice: each cell takes one entry"),
        "{error}"
    );
    // At the end of the second entry for r1c1.
    assert!(error.starts_with("4:5: "), "{error}");
    let flipped_twice = r#"{"rows": 1, "cols": 1, "cells": [{"row": 1, "col": 1, "flips": [
        {"row": 1, "col": 1}, {"row": 1, "col": 1}]}]}"#;
    let error = located(Graph::from_json(flipped_twice, "x"));
    assert!(
        error.starts_with("2:51: r1c1 is listed twice in these flips"),
        "{error}"
    );
    let error = located(Graph::from_json(" \n", "x"));
    assert!(error.starts_with("1:1: expected a rule file"), "{error}");
    let broken = "{\"rows\": 1,\n \"cols\": 2,\n \"cells\": [}";
    assert!(located(Graph::from_json(broken, "x")).starts_with("3:"));
}

/// A string or a number far longer than any rule file needs is refused where it starts, as it
/// is read (never held whole); a mistake before it is still the one reported.
/// A byte-order mark before a rule file is read past, as before boards, and the places of
/// mistakes after it are the places without it.
#[test]
fn a_byte_order_mark_is_read_past() {
    let text = r#"{"rows": 1, "cols": 1, "cells": [{"row": 1, "col": 1, "flips": [{"row": 1, "col": 1}]}]}"#;
    let marked = format!("\u{feff}{text}");
    assert_eq!(
        Graph::from_json(&marked, "x").unwrap().flips(0),
        Graph::from_json(text, "x").unwrap().flips(0)
    );
    let broken = r#"{"rows": 1, "cols": x}"#;
    assert_eq!(
        located(Graph::from_json(&format!("\u{feff}{broken}"), "x")),
        located(Graph::from_json(broken, "x"))
    );
}

#[test]
fn a_huge_string_or_number_is_refused_where_it_starts() {
    let long_name = format!("{{\"rows\": 1,\n \"name\": \"{}\"}}", "é".repeat(5000));
    assert_eq!(
        located(Graph::from_json(&long_name, "x")),
        "2:10: expected a rule file's short keys, texts and numbers, found a string of more than \
         4096 characters"
    );
    // An escaped quote does not end the string.
    let escaped = format!("{{\"name\": \"\\\"{}\"}}", "a".repeat(4100));
    assert!(located(Graph::from_json(&escaped, "x")).starts_with("1:10: expected a rule"));
    let long_number = format!("{{\"rows\": {}}}", "7".repeat(100_000));
    assert_eq!(
        located(Graph::from_json(&long_number, "x")),
        "1:10: expected a rule file's short keys, texts and numbers, found a number of more than \
         40 characters"
    );
    // Up to the limits, the reader decides.
    let longest = format!(
        "{{\"rows\": 1, \"cols\": 1, \"name\": \"{}\",",
        "a".repeat(4096)
    );
    assert!(located(Graph::from_json(&longest, "x")).contains("found the end of the text"));
    // A number of exactly 40 characters is read (an ignored comment here); 41 are refused.
    let cell = "\"cells\": [{\"row\": 1, \"col\": 1, \"flips\": [{\"row\": 1, \"col\": 1}]}]";
    let with_comment =
        |number: &str| format!("{{\"rows\": 1, \"cols\": 1, \"comment\": {number}, {cell}}}");
    let forty = format!("1.{}", "0".repeat(38));
    assert!(Graph::from_json(&with_comment(&forty), "x").is_ok());
    let forty_one = format!("{forty}0");
    assert!(located(Graph::from_json(&with_comment(&forty_one), "x")).starts_with("1:35: "));
    // Places count characters, not bytes: a two-byte character before a long string.
    let prefix = "{\"rows\": 1, \"comment\": \"\u{e9}t\u{e9}\", \"name\": ";
    let accented = format!("{prefix}\"{}\"}}", "a".repeat(5000));
    let column = prefix.chars().count() + 1;
    assert!(
        located(Graph::from_json(&accented, "x")).starts_with(&format!("1:{column}: expected")),
        "{}",
        located(Graph::from_json(&accented, "x"))
    );
    let early = format!("{{\"rows\": x, \"name\": \"{}\"}}", "a".repeat(5000));
    assert_eq!(
        located(Graph::from_json(&early, "x")),
        "1:10: expected a JSON value (a number, a string, a list or an object)"
    );
}

#[test]
fn a_graph_needs_one_list_a_cell_and_only_cells_of_its_board() {
    let shape = Shape::new(2, 3).unwrap();
    let lists = |last: Vec<u32>| vec![vec![1, 0, 1], vec![], vec![], vec![], vec![], last];
    let graph = Graph::new(shape, lists(vec![5]), "g".into()).unwrap();
    assert_eq!(graph.flips(0), &[0, 1], "sorted, each cell once");
    assert_eq!(graph.label(), "g");
    assert_eq!(
        Graph::new(shape, lists(vec![6]), "g".into()).map_err(|e| e.to_string()),
        Err("a cell index is outside the 2x3 board".to_string())
    );
    let mut short = lists(vec![5]);
    short.pop();
    assert_eq!(
        Graph::new(shape, short, "g".into()).map_err(|e| e.to_string()),
        Err("a 2x3 board has 6 cells but the rule gives 5".to_string())
    );
}

#[test]
fn every_broken_rule_file_says_where_and_what_was_expected() {
    let entry = r#"{"row": 1, "col": 1, "flips": [{"row": 1, "col": 1}]}"#;
    let file = |rest: &str| format!(r#"{{"rows": 1, "cols": 1, {rest}}}"#);
    let good = file(&format!(
        r#""name": "n", "comment": [1], "cells": [{entry}]"#
    ));
    assert_eq!(
        Graph::from_json(&good, "g").map(|g| g.flips(0).len()),
        Ok(1)
    );
    let cases = [
        // A field given twice: JSON readers disagree on which counts, so neither does.
        (
            r#"{"rows": 2, "cols": 1, "rows": 1}"#.to_string(),
            "1:29: expected the field `rows` once, found it a second time",
        ),
        (
            r#"{"rows": 1, "cols": 1, "cols": 1}"#.to_string(),
            "1:29: expected the field `cols` once, found it a second time",
        ),
        (
            file(r#""cells": [{"row": 1, "row": 1, "col": 1, "flips": []}]"#),
            "1:49: expected the field `row` once, found it a second time",
        ),
        (
            file(&format!(r#""cells": [{entry}], "cells": []"#)),
            "1:96: expected the field `cells` once, found it a second time",
        ),
        (
            file(r#""cells": [{"row": 1, "col": 1, "col": 1, "flips": []}]"#),
            "1:59: expected the field `col` once, found it a second time",
        ),
        (
            file(r#""cells": [{"row": 1, "col": 1, "flips": [], "flips": []}]"#),
            "1:74: expected the field `flips` once, found it a second time",
        ),
        (
            file(r#""cells": [{"row": 1, "col": 1, "flips": [{"row": 1, "row": 1, "col": 1}]}]"#),
            "1:80: expected the field `row` once, found it a second time",
        ),
        (
            r#"{"cells": [], "rows": 1, "cols": 1}"#.to_string(),
            r#"1:8: "rows" and "cols" must come before "cells", so that each cell can be checked against the board as it is read"#,
        ),
        (
            r#"{"rows": 0, "cols": 2, "cells": []}"#.to_string(),
            "1:30: a board of 0x2: rows and columns go from 1 to 10000",
        ),
        (
            file(r#""cells": [{"row": 1, "col": 1, "flips": []}], "colour": 1"#),
            r#"1:77: unknown field "colour": a rule file has "rows", "cols", "cells" (and optionally "name" or "comment")"#,
        ),
        (
            r#"{"cols": 1}"#.to_string(),
            "1:11: expected the field `rows`, found none",
        ),
        (
            r#"{"rows": 1}"#.to_string(),
            "1:11: expected the field `cols`, found none",
        ),
        (
            r#"{"rows": 1, "cols": 1}"#.to_string(),
            "1:22: expected the field `cells`, found none",
        ),
        (
            file(r#""cells": [{"row": 1, "col": 1, "flips": [], "at": 2}]"#),
            r#"1:71: unknown field "at": an entry has "row", "col" and "flips""#,
        ),
        (
            file(r#""cells": [{"col": 1, "flips": []}]"#),
            "1:56: expected the field `row`, found none",
        ),
        (
            file(r#""cells": [{"row": 1, "flips": []}]"#),
            "1:56: expected the field `col`, found none",
        ),
        (
            file(r#""cells": [{"row": 1, "col": 1}]"#),
            "1:53: expected the field `flips`, found none",
        ),
        (
            file(r#""cells": [{"row": 1, "col": 0, "flips": []}]"#),
            "1:66: r1c0 is outside the 1x1 board (rows 1 to 1, columns 1 to 1)",
        ),
        (
            file(r#""cells": [{"row": 2, "col": 1, "flips": []}]"#),
            "1:66: r2c1 is outside the 1x1 board (rows 1 to 1, columns 1 to 1)",
        ),
        (
            file(r#""cells": [{"row": 1, "col": 1, "flips": [{"row": 1, "col": 1, "z": 0}]}]"#),
            "1:88: unknown field `z`, expected one of `row`, `col`, `weight`",
        ),
        (
            "[1]".to_string(),
            r#"1:1: expected a rule file: {"rows": R, "cols": C, "cells": [...]}, found a list"#,
        ),
        (
            file(r#""cells": {}"#),
            r#"1:32: expected a list of {"row", "col", "flips"} entries, found an object"#,
        ),
        (
            file(r#""cells": [1]"#),
            r#"1:34: expected an entry {"row": r, "col": c, "flips": [{"row": r, "col": c}, ...]}, found 1"#,
        ),
        (
            file(r#""cells": [{"row": 1, "col": 1, "flips": {}}]"#),
            r#"1:63: expected a list of cells {"row": r, "col": c}, found an object"#,
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(located(Graph::from_json(&text, "x")), expected, "{text}");
    }
}

#[test]
fn rule_files_give_a_weight_per_cell() {
    let shape = Shape::new(1, 2).unwrap();
    let text = r#"{"rows": 1, "cols": 2, "cells": [
        {"row": 1, "col": 1, "flips": [{"row": 1, "col": 1, "weight": 2}, {"row": 1, "col": 2}]},
        {"row": 1, "col": 2, "flips": [{"row": 1, "col": 2}]}]}"#;
    let graph = Graph::from_json(text, "w").unwrap();
    assert_eq!(
        (graph.flips(0), graph.weights(0)),
        (&[0, 1][..], &[2, 1][..])
    );
    assert_eq!((graph.flips(1), graph.weights(1)), (&[1][..], &[1][..]));
    assert_eq!(graph.largest_weight(), 2);
    assert_eq!(Rule::Graph(graph.clone()).largest_weight(), 2);
    // Weights travel with their arrows when the graph is turned round, and through the file.
    let transposed = graph.transposed();
    assert_eq!(
        (transposed.flips(1), transposed.weights(1)),
        (&[0, 1][..], &[1, 1][..])
    );
    assert_eq!(
        (transposed.flips(0), transposed.weights(0)),
        (&[0][..], &[2][..])
    );
    assert!(graph.to_json().contains(r#"{"row":1,"col":1,"weight":2}"#));
    assert_eq!(Graph::from_json(&graph.to_json(), "w").unwrap(), graph);
    // Listed twice in code (a file refuses it), a cell keeps the larger weight.
    let twice = Graph::weighted(
        shape,
        vec![vec![(1, 1), (1, 3), (0, 1)], vec![]],
        "t".into(),
    );
    assert_eq!(twice.unwrap().weights(0), &[1, 3]);
    for (weight, found) in [("0", "weight 0"), ("36", "weight 36")] {
        let text = text.replace(r#""weight": 2"#, &format!(r#""weight": {weight}"#));
        let error = located(Graph::from_json(&text, "w"));
        assert!(
            error.starts_with("2:")
                && error.contains(&format!(
                    "r1c1 has {found}: a weight is what a press adds there, from 1 to 35"
                )),
            "{error}"
        );
    }
}

#[test]
fn a_graph_round_trips_through_its_rule_file() {
    let shape = Shape::new(3, 4).unwrap();
    let graph = Graph::random(shape, &mut Generator::from_seed(9), "random".into());
    let again = Graph::from_json(&graph.to_json(), "random").unwrap();
    assert_eq!(again, graph);
}

#[test]
fn random_shapes_are_connected_and_stay_in_the_neighbourhood() {
    let shape = Shape::new(5, 6).unwrap();
    let graph = Graph::random(shape, &mut Generator::from_seed(3), String::new());
    let cols = 6i64;
    let mut sizes = std::collections::BTreeSet::new();
    for index in 0..30usize {
        let cells: Vec<(i64, i64)> = graph
            .flips(index)
            .iter()
            .map(|&i| (i64::from(i) / cols, i64::from(i) % cols))
            .collect();
        let (row, col) = (index as i64 / cols, index as i64 % cols);
        assert!(cells.contains(&(row, col)));
        assert!(
            cells
                .iter()
                .all(|&(r, c)| (r - row).abs() <= 1 && (c - col).abs() <= 1)
        );
        // Connected: a walk from the centre reaches every cell.
        let mut reached = vec![(row, col)];
        let mut grew = true;
        while grew {
            grew = false;
            for &cell in &cells {
                let touches = reached
                    .iter()
                    .any(|&(r, c)| (r - cell.0).abs() + (c - cell.1).abs() == 1);
                if !reached.contains(&cell) && touches {
                    reached.push(cell);
                    grew = true;
                }
            }
        }
        assert_eq!(reached.len(), cells.len(), "cell {index}");
        sizes.insert(cells.len());
    }
    assert!(sizes.len() > 3, "shapes of many sizes: {sizes:?}");
}

/// Over many draws every cell of a tap's neighbourhood on the board turns up, and every
/// size from the cell alone to the whole neighbourhood.
#[test]
fn random_shapes_reach_every_neighbour_and_every_size() {
    let (rows, cols) = (4usize, 5usize);
    let shape = Shape::new(rows as u32, cols as u32).unwrap();
    let mut seen = vec![std::collections::BTreeSet::new(); rows * cols];
    let mut sizes = vec![std::collections::BTreeSet::new(); rows * cols];
    let mut generator = Generator::from_seed(5);
    for _ in 0..300 {
        let graph = Graph::random(shape, &mut generator, String::new());
        for index in 0..rows * cols {
            seen[index].extend(graph.flips(index).iter().map(|&i| i as usize));
            sizes[index].insert(graph.flips(index).len());
        }
    }
    for index in 0..rows * cols {
        let (row, col) = (index / cols, index % cols);
        let near: Vec<usize> = (0..rows * cols)
            .filter(|&i| (i / cols).abs_diff(row) <= 1 && (i % cols).abs_diff(col) <= 1)
            .collect();
        assert_eq!(seen[index].iter().copied().collect::<Vec<_>>(), near);
        let every_size: Vec<usize> = (1..=near.len()).collect();
        assert_eq!(sizes[index].iter().copied().collect::<Vec<_>>(), every_size);
    }
}
