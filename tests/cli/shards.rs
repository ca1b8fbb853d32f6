//! `solve --shard K/N` and `solve --merge FILE`: a search split into shards, run one by one
//! as a cluster would, and merged into exactly what one run prints; shards that cannot be
//! merged are refused with the place and the shard to run again.

use std::process::Output;

use crate::common::{PLUS, Reaped, Scratch, scrambles};
use predicates::str::contains;
use serde_json::Value;

fn run(scratch: &Scratch, args: &[&str]) -> Output {
    scratch.flipgame().args(args).output().unwrap()
}

/// Runs shard K of `count` for every K, each into its own file; returns the files' names.
fn run_shards(scratch: &Scratch, count: u32, args: &[&str]) -> Vec<String> {
    (1..=count)
        .map(|index| {
            let name = format!("shard-{index}-of-{count}.jsonl");
            let shard = format!("{index}/{count}");
            let mut full = vec!["solve", "--shard", &shard];
            full.extend_from_slice(args);
            let output = run(scratch, &full);
            std::fs::write(scratch.path().join(&name), &output.stdout).unwrap();
            name
        })
        .collect()
}

/// The lines one run of `solve` with `args` prints.
fn one_runs_lines(scratch: &Scratch, args: &[&str]) -> Vec<String> {
    let single = run(scratch, &[&["solve"][..], args].concat());
    String::from_utf8(single.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// Each line of `lines` read as a JSON record.
fn records<S: AsRef<str>>(lines: impl Iterator<Item = S>) -> Vec<Value> {
    lines
        .map(|line| serde_json::from_str(line.as_ref()).unwrap())
        .collect()
}

/// `--merge` of each file in `files`, then `args`.
fn merge_args<'a>(files: &'a [String], args: &[&'a str]) -> Vec<&'a str> {
    let mut full = vec!["solve"];
    for file in files {
        full.extend_from_slice(&["--merge", file]);
    }
    full.extend_from_slice(args);
    full
}

/// For every count of shards from 1 to 8 (and 20), the merge prints byte for byte what one run prints,
/// in text with taps, JSON lines and the press matrix: 30x30 scrambles (nullity 20) for
/// either colour, a board no taps finish and a malformed board between them, which both the
/// shards and the merge report in its place.
#[test]
fn shards_merged_print_what_one_run_prints() {
    let scratch = Scratch::new();
    // A scramble, a board no taps finish (one black piece in a corner), a malformed board (an
    // x), and two scrambles more.
    let corner = format!(
        "b{}\n{}",
        "w".repeat(29),
        format!("{}\n", "w".repeat(30)).repeat(29)
    );
    let malformed = corner.replacen('b', "x", 1);
    let boards = [
        scrambles(PLUS, 30, 150, 1, 1),
        corner,
        malformed,
        scrambles(PLUS, 30, 60, 2, 2),
    ]
    .concat();
    scratch.file("boards.txt", &boards);
    let input = ["--size", "30x30", "boards.txt"];
    let formats: [&[&str]; 3] = [&["--taps"], &["--format", "jsonl"], &["--format", "matrix"]];
    let single: Vec<Output> = formats
        .iter()
        .map(|format| run(&scratch, &[&["solve"][..], format, &input].concat()))
        .collect();
    // 30x30 sweeps 16 assignments: 20 shards leave some with none, whose parts are null.
    for count in (1..=8).chain([20]) {
        let files = run_shards(&scratch, count, &input);
        for (format, single) in formats.iter().zip(&single) {
            let args = merge_args(&files, &[*format, &input[..]].concat());
            let merged = run(&scratch, &args);
            assert_eq!(merged.stdout, single.stdout, "{count} shards, {format:?}");
            assert_eq!(merged.stderr, single.stderr, "{count} shards, {format:?}");
            assert_eq!(merged.status.code(), single.status.code());
        }
    }
}

/// All on, 39x39 (nullity 32): the shards search over the orbits of the board's symmetries,
/// keep every key that ties, and merge into the single run's answer (561 taps, OEIS A075464).
#[test]
fn shards_over_a_symmetric_board_merge_their_ties() {
    let scratch = Scratch::new();
    scratch.file("on.txt", format!("{}\n", "b".repeat(39)).repeat(39));
    let input = ["--size", "39x39", "--goal", "white", "on.txt"];
    let single = run(
        &scratch,
        &[&["solve", "--format", "jsonl"][..], &input].concat(),
    );
    let files = run_shards(&scratch, 3, &input);
    let record: Value =
        serde_json::from_slice(&std::fs::read(scratch.path().join(&files[1])).unwrap()).unwrap();
    assert_eq!(record["shard"], "2/3");
    assert_eq!(record["parts"][0]["orbits"], true);
    assert!(!record["parts"][0]["ties"].as_array().unwrap().is_empty());
    let merged = run(
        &scratch,
        &merge_args(&files, &[&["--format", "jsonl"][..], &input].concat()),
    );
    assert_eq!(
        String::from_utf8_lossy(&merged.stdout),
        String::from_utf8_lossy(&single.stdout)
    );
    let answer: Value = serde_json::from_slice(&merged.stdout).unwrap();
    assert_eq!(
        (answer["moves"].as_u64(), answer["optimal"].as_bool()),
        (Some(561), Some(true))
    );
}

/// A shard's record: one JSON line a board, with the parts of each colour's sweep.
#[test]
fn a_shard_writes_a_json_line_a_board() {
    let scratch = Scratch::new();
    scratch.file("boards.txt", scrambles(PLUS, 30, 80, 2, 3));
    let output = run(
        &scratch,
        &["solve", "--shard", "2/5", "--size", "30x30", "boards.txt"],
    );
    assert!(output.status.success());
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for (index, record) in lines.iter().enumerate() {
        assert_eq!(record["index"], index as u64 + 1);
        assert_eq!(record["source"], format!("boards.txt:{}", 30 * index + 1));
        assert_eq!(
            (&record["rule"], &record["wrap"]),
            (&Value::from("plus"), &Value::from(false))
        );
        assert_eq!(
            (&record["goal"], &record["shard"]),
            (&Value::from("either"), &Value::from("2/5"))
        );
        let parts = record["parts"].as_array().unwrap();
        assert!(!parts.is_empty());
        for part in parts {
            let key = part["key"].as_str().unwrap();
            assert!(u64::from_str_radix(key, 16).is_ok(), "{key}");
            assert!(part["taps"].as_u64().is_some());
            assert_eq!(
                (&part["orbits"], &part["complete"]),
                (&Value::from(false), &Value::from(true))
            );
        }
    }
}

/// Shards that cannot make the answer are refused, each with the place and what to do: a
/// board a shard did not search (the others are answered), a shard of another split, of other
/// boards or options, a record twice, a line that is no record, records of boards the input
/// does not have, and no record at all.
#[test]
fn shards_that_do_not_fit_are_refused_with_the_place() {
    let scratch = Scratch::new();
    scratch.file("boards.txt", scrambles(PLUS, 30, 80, 3, 4));
    let input = ["--size", "30x30", "boards.txt"];
    let files = run_shards(&scratch, 3, &input);
    let answers = one_runs_lines(&scratch, &input);
    // Shard 3's record of board 2 lost: boards 1 and 3 are still answered.
    let third = std::fs::read_to_string(scratch.path().join(&files[2])).unwrap();
    let kept: Vec<&str> = third
        .lines()
        .filter(|line| !line.contains("\"index\":2,"))
        .collect();
    scratch.file("lost.jsonl", kept.join("\n"));
    let lost = [files[0].clone(), files[1].clone(), "lost.jsonl".to_string()];
    scratch
        .flipgame()
        .args(merge_args(&lost, &input))
        .assert()
        .code(4)
        .stdout(format!("{}\n{}\n", answers[0], answers[2]))
        .stderr(
            "error: boards.txt:31: the --merge files have no record of this board (board 2) \
             from shard 3/3: run it and give its output too\n\
             error: shards to run again: 3/3\n",
        );
    // The same in JSON: an error record in the board's place.
    let json = scratch
        .flipgame()
        .args(merge_args(
            &lost,
            &[&["--format", "jsonl"][..], &input].concat(),
        ))
        .output()
        .unwrap();
    let records: Vec<Value> = String::from_utf8(json.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    assert!(
        records[1]["error"]
            .as_str()
            .unwrap()
            .contains("from shard 3/3")
    );
    assert_eq!(records[1]["source"], "boards.txt:31");
    // A shard of a split two ways among three.
    let two = run_shards(&scratch, 2, &input);
    let mixed = [files[0].clone(), two[1].clone()];
    scratch
        .flipgame()
        .args(merge_args(&mixed, &input))
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains(format!(
            "{}:1: shard 2/2 is of a search split 2 ways, but {}:1 is of one split 3 ways: merge \
             the shards of one split",
            two[1], files[0]
        )));
    // The shards of other boards.
    scratch.file("other.txt", scrambles(PLUS, 30, 80, 3, 5));
    scratch
        .flipgame()
        .args(merge_args(&files, &["--size", "30x30", "other.txt"]))
        .assert()
        .code(2)
        .stderr(contains(format!(
            "error: other.txt:1: {}:1: shard 1/3's board 1 (from its boards.txt:1) is another \
             board: the shards read other boards than the merge",
            files[0]
        )));
    // Other options.
    scratch
        .flipgame()
        .args(merge_args(
            &files,
            &["--goal", "white", "--size", "30x30", "boards.txt"],
        ))
        .assert()
        .code(2)
        .stderr(contains(format!(
            "{}:1: this shard searched --rule plus --goal either, the merge --rule plus --goal \
             white: give the merge the shards' options",
            files[0]
        )));
    // A shard's records twice, as a scheduler that appends leaves them after a requeue: the
    // same record twice is one; a record that differs from the first is refused by place.
    let second = std::fs::read_to_string(scratch.path().join(&files[1])).unwrap();
    scratch.file("appended.jsonl", format!("{second}{second}"));
    let twice = [
        files[0].clone(),
        "appended.jsonl".to_string(),
        files[2].clone(),
    ];
    scratch
        .flipgame()
        .args(merge_args(&twice, &input))
        .assert()
        .success()
        .stdout(format!("{}\n", answers.join("\n")))
        .stderr("");
    let other_source = second.replacen("\"source\":\"boards.txt:1\"", "\"source\":\"b.txt:1\"", 1);
    assert_ne!(other_source, second);
    scratch.file("appended.jsonl", format!("{second}{other_source}"));
    scratch
        .flipgame()
        .args(merge_args(&twice, &input))
        .assert()
        .code(2)
        .stderr(contains(
            "appended.jsonl:4: board 1 of shard 2/3 is given a second time, and differs from the \
             first (at appended.jsonl:1): keep one run's records of each shard (run it again \
             into a file of its own)",
        ));
    // A line that is not a record, after good ones.
    scratch.file("broken.jsonl", format!("{third}{{\"index\": 4,\n"));
    let broken = [
        files[0].clone(),
        files[1].clone(),
        "broken.jsonl".to_string(),
    ];
    scratch
        .flipgame()
        .args(merge_args(&broken, &input))
        .assert()
        .code(2)
        .stderr(contains(
            "broken.jsonl:4:12: not a shard record of solve --shard: expected a JSON value, found the end of the text\n",
        ));
    // More boards searched than the input has: the answers, then the records left over.
    scratch.file("fewer.txt", scrambles(PLUS, 30, 80, 2, 4));
    scratch
        .flipgame()
        .args(merge_args(&files, &["--size", "30x30", "fewer.txt"]))
        .assert()
        .code(2)
        .stdout(format!("{}\n{}\n", answers[0], answers[1]))
        .stderr(contains(format!(
            "{}:3: the shards searched boards this input does not have (3 records unused): \
             give the merge the shards' boards; the last at {}:3",
            files[0], files[2]
        )));
    // One record left over names its place once.
    let one = run_shards(&scratch, 1, &input);
    scratch
        .flipgame()
        .args(merge_args(&one, &["--size", "30x30", "fewer.txt"]))
        .assert()
        .code(2)
        .stderr(format!(
            "error: {}:3: the shards searched boards this input does not have (1 record \
             unused): give the merge the shards' boards\n",
            one[0]
        ));
    // Lines that look like records but are not: each refused with its place and reason.
    let first = std::fs::read_to_string(scratch.path().join(&one[0])).unwrap();
    let first = first.lines().next().unwrap();
    for (changed, reason) in [
        (
            r#"{"index": 1, "source": "x", "board": "w"}"#.to_string(),
            "expected the field `rule`, found none",
        ),
        (
            first.replacen("\"color\":\"white\"", "\"color\":\"green\"", 1),
            "'green' is not a colour: a part is white or black",
        ),
        (
            first.replacen("\"key\":\"", "\"key\":\"zz", 1),
            "is not a key: keys are hexadecimal, such as 3fa0",
        ),
        (
            first.replacen("\"taps\":", "\"taps\":null,\"was\":", 1),
            "a part has taps and a key, or neither",
        ),
    ] {
        scratch.file("changed.jsonl", format!("{changed}\n"));
        scratch
            .flipgame()
            .args([
                "solve",
                "--merge",
                "changed.jsonl",
                "--size",
                "30x30",
                "boards.txt",
            ])
            .assert()
            .code(2)
            .stderr(contains("changed.jsonl:1"))
            .stderr(contains(reason));
    }
    // Nothing to merge.
    scratch.file("empty.jsonl", "");
    scratch
        .flipgame()
        .args([
            "solve",
            "--merge",
            "empty.jsonl",
            "--size",
            "30x30",
            "boards.txt",
        ])
        .assert()
        .code(2)
        .stderr(contains(
            "the --merge files hold no shard record: give them the output of solve --shard",
        ));
    scratch
        .flipgame()
        .args([
            "solve",
            "--merge",
            "missing.jsonl",
            "--size",
            "30x30",
            "boards.txt",
        ])
        .assert()
        .code(1)
        .stderr(contains("missing.jsonl: cannot read shard records: "));
}

/// A board one run settles without a sweep (a sparse minimum on 39x39, nullity 32, proven by
/// information sets) is settled by every shard the same way: no parts, `swept` false, where a
/// shard used to sweep its quarter of 2^32 sums; the merge answers it as one run does.
#[test]
fn shards_skip_the_sweep_one_run_skips() {
    let scratch = Scratch::new();
    scratch.file("sparse.txt", scrambles(PLUS, 39, 120, 2, 6));
    let input = ["--size", "39x39", "sparse.txt"];
    let single = run(&scratch, &[&["solve", "--taps"][..], &input].concat());
    assert!(single.status.success());
    let files = run_shards(&scratch, 4, &input);
    for file in &files {
        let text = std::fs::read_to_string(scratch.path().join(file)).unwrap();
        for line in text.lines() {
            let record: Value = serde_json::from_str(line).unwrap();
            assert_eq!(record["swept"], false, "{file}: {line}");
            assert_eq!(record["parts"], Value::Array(Vec::new()), "{file}");
        }
    }
    let merged = run(
        &scratch,
        &merge_args(&files, &[&["--taps"][..], &input].concat()),
    );
    assert_eq!(
        String::from_utf8_lossy(&merged.stdout),
        String::from_utf8_lossy(&single.stdout)
    );
    // A board that needs the sweep says so in every shard's record.
    scratch.file("on.txt", format!("{}\n", "b".repeat(39)).repeat(39));
    let on = run_shards(
        &scratch,
        2,
        &["--size", "39x39", "--goal", "white", "on.txt"],
    );
    for file in &on {
        let record: Value =
            serde_json::from_slice(&std::fs::read(scratch.path().join(file)).unwrap()).unwrap();
        assert_eq!(record["swept"], true, "{file}");
    }
}

/// Shards lost or cut short (a task that failed or was preempted): the boards they lack are
/// errors in their places, the others answered, and the last line on stderr names every shard
/// to run again, for a script to read; the exit status is 4.
#[test]
fn a_merge_names_the_shards_to_run_again() {
    let scratch = Scratch::new();
    scratch.file("boards.txt", scrambles(PLUS, 30, 80, 3, 4));
    let input = ["--size", "30x30", "boards.txt"];
    let answers = one_runs_lines(&scratch, &input);
    let files = run_shards(&scratch, 4, &input);
    // Shard 2 never ran, and shard 4 stopped while it wrote its second record.
    let fourth = std::fs::read_to_string(scratch.path().join(&files[3])).unwrap();
    let cut = fourth.find("\"index\":2,").unwrap() + 30;
    scratch.file("cut.jsonl", &fourth[..cut]);
    let kept = [files[0].clone(), files[2].clone(), "cut.jsonl".to_string()];
    scratch
        .flipgame()
        .args(merge_args(&kept, &input))
        .assert()
        .code(4)
        .stdout("")
        .stderr(
            "error: boards.txt:1: the --merge files have no record of this board (board 1) \
             from shard 2/4: run it and give its output too\n\
             error: boards.txt:31: the --merge files have no record of this board (board 2) \
             from shards 2/4 and 4/4: run them and give their output too\n\
             error: boards.txt:61: the --merge files have no record of this board (board 3) \
             from shards 2/4 and 4/4: run them and give their output too\n\
             error: shards to run again: 2/4 4/4\n",
        );
    // Run again, they merge into the single run's answers.
    let mut again = kept.to_vec();
    again.extend([files[1].clone(), files[3].clone()]);
    again.remove(2);
    scratch
        .flipgame()
        .args(merge_args(&again, &input))
        .assert()
        .success()
        .stdout(format!("{}\n", answers.join("\n")));
    // A file named that does not exist, though every board has its records: a mistake, said.
    again.push("shard-9.jsonl".to_string());
    scratch
        .flipgame()
        .args(merge_args(&again, &input))
        .assert()
        .code(2)
        .stdout(format!("{}\n", answers.join("\n")))
        .stderr(
            "error: shard-9.jsonl: no such file of shard records (a shard not run yet, or \
             lost)\n",
        );
    // A file that is there but cannot be read is not a lost shard: exit 1, as for any file.
    let mut unreadable = again.clone();
    // (/proc/self/mem opens, and its first page, never mapped, fails to read.)
    unreadable[4] = "/proc/self/mem".to_string();
    scratch
        .flipgame()
        .args(merge_args(&unreadable, &input))
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains(
            "error: /proc/self/mem: cannot read shard records: ",
        ));
    // A line whose text is not UTF-8: exit 2, at the byte.
    let mut binary = std::fs::read(scratch.path().join(&files[3])).unwrap();
    let second_line = binary.iter().position(|&byte| byte == b'\n').unwrap() + 1;
    binary[second_line + 5] = 0xff;
    scratch.file("binary.jsonl", binary);
    let mut binary_files = again[..4].to_vec();
    binary_files[3] = "binary.jsonl".to_string();
    scratch
        .flipgame()
        .args(merge_args(&binary_files, &input))
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "error: binary.jsonl:2:6: not a shard record of solve --shard: found byte 0xff, \
             which is not UTF-8 text\n",
        );
}

/// A shard whose share was not searched to its end (here its records edited to say so, as a
/// shard cut short by --search-time writes them): the merge claims no proof, wherever that
/// shard stands among the others, and its counts are still one run's.
#[test]
fn a_merge_with_one_share_cut_short_claims_no_proof() {
    let scratch = Scratch::new();
    scratch.file("boards.txt", scrambles(PLUS, 30, 150, 4, 7));
    let input = ["--size", "30x30", "boards.txt"];
    let jsonl = [&["--format", "jsonl"][..], &input].concat();
    let single = records(one_runs_lines(&scratch, &jsonl).iter());
    assert!(single.iter().all(|answer| answer["optimal"] == true));
    let files = run_shards(&scratch, 3, &input);
    for cut_short in 0..files.len() {
        let text = std::fs::read_to_string(scratch.path().join(&files[cut_short])).unwrap();
        assert!(text.contains("\"complete\":true"));
        scratch.file(
            "cut.jsonl",
            text.replace("\"complete\":true", "\"complete\":false"),
        );
        let mut given = files.clone();
        given[cut_short] = "cut.jsonl".to_string();
        let merged = run(&scratch, &merge_args(&given, &jsonl));
        let stderr = String::from_utf8_lossy(&merged.stderr);
        assert_eq!(merged.status.code(), Some(0), "{stderr}");
        let merged = records(String::from_utf8(merged.stdout).unwrap().lines());
        assert_eq!(merged.len(), single.len());
        for (merged, single) in merged.iter().zip(&single) {
            assert_eq!(
                merged["optimal"],
                false,
                "shard {} cut short",
                cut_short + 1
            );
            assert_eq!(merged["moves"], single["moves"]);
            assert!(merged["lower_bound"].as_u64() < single["moves"].as_u64());
        }
    }
}

/// Shards cut short by a search time already past: whichever shards finish their share, the
/// merge answers every board (no shard to run again: running one again would write the same
/// record), never with a count below the minimum, and calls it proven only when it is.
#[test]
fn shards_cut_short_by_the_search_time_merge_without_a_false_proof() {
    let scratch = Scratch::new();
    scratch.file("boards.txt", scrambles(PLUS, 30, 80, 39, 59));
    let input = ["--size", "30x30", "boards.txt"];
    let minimums =
        records(one_runs_lines(&scratch, &[&["--format", "jsonl"][..], &input].concat()).iter());
    let timed = [&["--search-time", "0.000001"][..], &input].concat();
    let files = run_shards(&scratch, 6, &timed);
    let merged = run(
        &scratch,
        &merge_args(&files, &[&["--format", "jsonl"][..], &timed].concat()),
    );
    let stderr = String::from_utf8_lossy(&merged.stderr);
    assert_eq!(merged.status.code(), Some(0), "{stderr}");
    let merged = records(String::from_utf8(merged.stdout).unwrap().lines());
    assert_eq!(merged.len(), minimums.len());
    for (merged, least) in merged.iter().zip(&minimums) {
        let (moves, least) = (merged["moves"].as_u64(), least["moves"].as_u64());
        assert!(moves >= least, "{merged}");
        assert!(merged["lower_bound"].as_u64() <= least, "{merged}");
        if merged["optimal"] == true {
            assert_eq!(moves, least, "{merged}");
        }
    }
}

/// Shards written with --output (each file whole or absent) and merged from their folder: N
/// comes from the records, files that are not shard records (hidden, or not *.jsonl) are left
/// alone, and a shard whose file is missing is named to run again.
#[test]
fn shards_written_with_output_merge_from_their_folder() {
    let scratch = Scratch::new();
    scratch.file("boards.txt", scrambles(PLUS, 30, 80, 3, 11));
    let input = ["--size", "30x30", "boards.txt"];
    let answers = one_runs_lines(&scratch, &input);
    std::fs::create_dir(scratch.path().join("shards")).unwrap();
    for index in 1..=3 {
        let shard = format!("{index}/3");
        let file = format!("shards/shard-{index}.jsonl");
        let printed = run(
            &scratch,
            &[&["solve", "--shard", &shard][..], &input].concat(),
        );
        scratch
            .flipgame()
            .args(["solve", "--shard", &shard, "--output", &file])
            .args(input)
            .assert()
            .success()
            .stdout("");
        let written = std::fs::read(scratch.path().join(&file)).unwrap();
        assert_eq!(written, printed.stdout, "shard {shard}");
    }
    scratch.file("shards/.shard-4.jsonl.part", "not a record\n");
    scratch.file("shards/notes.txt", "not a record either\n");
    let merge = [&["solve", "--merge", "shards"][..], &input].concat();
    scratch
        .flipgame()
        .args(&merge)
        .assert()
        .success()
        .stdout(format!("{}\n", answers.join("\n")))
        .stderr("");
    std::fs::remove_file(scratch.path().join("shards/shard-2.jsonl")).unwrap();
    let output = run(&scratch, &merge);
    assert_eq!(output.status.code(), Some(4));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.ends_with("error: shards to run again: 2/3\n"),
        "{stderr}"
    );
    // A run that fails before its first board leaves no file; nor does one that is no shard's
    // folder or file end anywhere but in a clear error.
    scratch.file("rule.json", "{\"rows\": 30,");
    scratch
        .flipgame()
        .args([
            "solve",
            "--shard",
            "2/3",
            "--output",
            "shards/shard-2.jsonl",
        ])
        .args(["--rule-file", "rule.json", "boards.txt"])
        .assert()
        .code(2);
    assert!(!scratch.path().join("shards/shard-2.jsonl").exists());
    // A folder of the recipes' run folders: the merge names them.
    std::fs::create_dir_all(scratch.path().join("runs/3-abc")).unwrap();
    std::fs::create_dir_all(scratch.path().join("runs/2-def")).unwrap();
    std::fs::copy(
        scratch.path().join("shards/shard-1.jsonl"),
        scratch.path().join("runs/3-abc/shard-1.jsonl"),
    )
    .unwrap();
    std::fs::copy(
        scratch.path().join("shards/shard-1.jsonl"),
        scratch.path().join("runs/2-def/shard-1.jsonl"),
    )
    .unwrap();
    scratch
        .flipgame()
        .args(["solve", "--merge", "runs"])
        .args(input)
        .assert()
        .code(2)
        .stderr(
            "error: runs: no shard records here, but 2 folders of runs inside (runs/2-def, \
             runs/3-abc): give the merge the folder of the run with these boards and options, \
             such as --merge runs/2-def\n",
        );
    std::fs::create_dir(scratch.path().join("empty")).unwrap();
    scratch.file("empty/notes.txt", "");
    scratch
        .flipgame()
        .args(["solve", "--merge", "empty"])
        .args(input)
        .assert()
        .code(2)
        .stderr(
            "error: the --merge files hold no shard record: give them the output of solve \
             --shard\n",
        );
}

/// A record line of exactly the longest a 4x4 puzzle's record may have (its 16 cells, 4 rows
/// and 16 MiB for the rest) is read, even as a file's last line without its end; one byte more
/// is refused with the limit. A file that cannot be opened (its folder is a file) is not a
/// lost shard: status 1, with the system's words.
#[test]
fn a_record_line_of_the_longest_is_read_and_one_byte_more_refused() {
    let scratch = Scratch::new();
    scratch.file("in.txt", "bwwb\nbbwb\nbwwb\nbwww\n");
    let shard = run(&scratch, &["solve", "--shard", "1/1", "in.txt"]);
    let record = String::from_utf8(shard.stdout).unwrap();
    let record = record.trim_end().strip_suffix('}').unwrap();
    let longest = 16 + 4 + (16 << 20);
    let padded = |length: usize| format!("{record}{}}}", " ".repeat(length - record.len() - 1));
    scratch.file("exact.jsonl", padded(longest));
    scratch
        .flipgame()
        .args(["solve", "--merge", "exact.jsonl", "in.txt"])
        .assert()
        .success()
        .stdout("4\n");
    scratch.file("over.jsonl", padded(longest + 1));
    scratch
        .flipgame()
        .args(["solve", "--merge", "over.jsonl", "in.txt"])
        .assert()
        .code(2)
        .stderr(
            "error: over.jsonl:1: not a shard record of solve --shard: a line longer than \
             16,777,236 bytes, which no shard record of this puzzle comes near\n",
        );
    scratch
        .flipgame()
        .args(["solve", "--merge", "in.txt/shard-1.jsonl", "in.txt"])
        .assert()
        .code(1)
        .stderr(
            "error: in.txt/shard-1.jsonl: cannot read shard records: Not a directory (os error \
             20)\n",
        );
}

/// Every option a shard's search depends on is in its record, and a merge with other options
/// or of another version of flipgame is refused, naming the option: --rule, --wrap,
/// --search-time, --states, a rule file changed between the shards and the merge, the version
/// (--goal and the boards themselves in `shards_that_do_not_fit_are_refused_with_the_place`).
#[test]
fn a_merge_refuses_shards_of_other_options() {
    let scratch = Scratch::new();
    scratch.file("boards.txt", scrambles(PLUS, 30, 80, 1, 4));
    let input = ["--size", "30x30", "boards.txt"];
    let files = run_shards(&scratch, 2, &input);
    let record: Value =
        serde_json::from_slice(&std::fs::read(scratch.path().join(&files[0])).unwrap()).unwrap();
    assert_eq!(record["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(record["search_time"], Value::Null);
    let digest = record["options"].as_str().unwrap();
    assert!(
        digest.len() == 16 && u64::from_str_radix(digest, 16).is_ok(),
        "{digest}"
    );
    for (options, message) in [
        (
            &["--rule", "x"][..],
            "this shard searched --rule plus --goal either, the merge --rule x --goal either: \
             give the merge the shards' options",
        ),
        (
            &["--wrap"][..],
            "this shard searched --rule plus --goal either, the merge --rule plus --wrap --goal \
             either: give the merge the shards' options",
        ),
        (
            &["--search-time", "5"][..],
            "this shard searched with no --search-time, the merge has --search-time 5: give the \
             merge the shards' options",
        ),
    ] {
        scratch
            .flipgame()
            .args(merge_args(&files, &[options, &input[..]].concat()))
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("error: {}:1: {message}\n", files[0]));
    }
    // Two-colour shards cannot be merged into a search of K states.
    scratch
        .flipgame()
        .args(merge_args(
            &files,
            &[&["--states", "3"][..], &input].concat(),
        ))
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "error: --shard and --merge split the search of black and white boards: a board of \
             --states 3 or more is searched whole\n",
        );
    // Shards of another flipgame.
    let text = std::fs::read_to_string(scratch.path().join(&files[1])).unwrap();
    let version = format!("\"version\":\"{}\"", env!("CARGO_PKG_VERSION"));
    scratch.file(
        "old.jsonl",
        text.replacen(&version, "\"version\":\"0.0.1\"", 1),
    );
    scratch
        .flipgame()
        .args(merge_args(
            &[files[0].clone(), "old.jsonl".to_string()],
            &input,
        ))
        .assert()
        .code(2)
        .stderr(format!(
            "error: old.jsonl:1: this shard was searched by flipgame 0.0.1, the merge is \
             flipgame {}: run the shards again with this flipgame\n",
            env!("CARGO_PKG_VERSION")
        ));
    // A rule file changed between the shards and the merge: same path, other taps.
    let plus = rule_file(&[(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]);
    scratch.file("rule.json", &plus);
    let ruled = ["--rule-file", "rule.json", "--board", "bwwb/bbwb/bwwb/bwww"];
    let files = run_shards(&scratch, 2, &ruled);
    scratch.file("rule.json", rule_file(&[(0, 0), (-1, 0), (1, 0)]));
    scratch
        .flipgame()
        .args(merge_args(&files, &ruled))
        .assert()
        .code(2)
        .stderr(format!(
            "error: {}:1: this shard searched another puzzle than the merge (another --size, or \
             a rule file that has changed since): give the merge the shards' options and \
             files\n",
            files[0]
        ));
}

/// A 4x4 rule file in which a tap turns over the cells at `turned`'s offsets from it.
fn rule_file(turned: &[(isize, isize)]) -> String {
    let mut cells = Vec::new();
    for row in 1..=4isize {
        for col in 1..=4isize {
            let flips: Vec<String> = turned
                .iter()
                .map(|&(dr, dc)| (row + dr, col + dc))
                .filter(|&(r, c)| (1..=4).contains(&r) && (1..=4).contains(&c))
                .map(|(r, c)| format!(r#"{{"row": {r}, "col": {c}}}"#))
                .collect();
            cells.push(format!(
                r#"{{"row": {row}, "col": {col}, "flips": [{}]}}"#,
                flips.join(", ")
            ));
        }
    }
    format!(
        "{{\"rows\": 4, \"cols\": 4, \"cells\": [\n{}\n]}}\n",
        cells.join(",\n")
    )
}

/// A shard is written K/N with K from 1 to N; a shard writes JSON lines only, and the states
/// family is searched whole.
#[test]
fn a_shard_is_named_k_of_n() {
    let scratch = Scratch::new();
    for (shard, message) in [
        ("0/3", "there is no shard 0 of 3: K goes from 1 to 3"),
        ("4/3", "there is no shard 4 of 3: K goes from 1 to 3"),
        (
            "3",
            "'3' is not a shard: write K/N, shard K of N, such as 3/8",
        ),
        ("1/0", "a search cannot be split into 0 shards"),
    ] {
        scratch
            .flipgame()
            .args(["solve", "--shard", shard, "--board", "bwwb/bbwb/bwwb/bwww"])
            .assert()
            .code(2)
            .stderr(contains(message));
    }
    scratch
        .flipgame()
        .args([
            "solve",
            "--shard",
            "1/2",
            "--format",
            "json",
            "--board",
            "bwwb/bbwb/bwwb/bwww",
        ])
        .assert()
        .code(2)
        .stderr(contains("cannot be used with"));
    scratch
        .flipgame()
        .args([
            "solve", "--shard", "1/2", "--states", "3", "--size", "2x2", "--board", "01/11",
        ])
        .assert()
        .code(2)
        .stderr(contains(
            "--shard and --merge split the search of black and white boards: a board of \
             --states 3 or more is searched whole",
        ));
}

/// A shard writing to a file (a scheduler's `--output`) hands each record over as it is made:
/// cancelled while it searches its second board (all on, 61x61: a sweep of minutes), the file
/// already holds the first board's record.
#[test]
fn a_shard_cancelled_on_a_board_keeps_the_records_before_it() {
    let scratch = Scratch::new();
    let white = format!("{}\n", "w".repeat(61)).repeat(61);
    let black = format!("{}\n", "b".repeat(61)).repeat(61);
    scratch.file("boards.txt", white + &black);
    let records = std::fs::File::create(scratch.path().join("shard.jsonl")).unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_flipgame"))
        .args([
            "solve", "--shard", "1/1", "--size", "61x61", "--goal", "white",
        ])
        .arg("boards.txt")
        .current_dir(scratch.path())
        .stdout(records)
        .spawn()
        .unwrap();
    let mut child = Reaped(child);
    let started = std::time::Instant::now();
    let first = loop {
        let text = std::fs::read_to_string(scratch.path().join("shard.jsonl")).unwrap();
        if text.ends_with('\n') {
            break text;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "no record within a minute: {text:?}"
        );
        assert!(
            child.0.try_wait().unwrap().is_none(),
            "the shard ended first"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(
        child.0.try_wait().unwrap().is_none(),
        "the second board is still searched"
    );
    let record: Value = serde_json::from_str(first.trim_end()).unwrap();
    assert_eq!(
        (record["index"].as_u64(), record["swept"].as_bool()),
        (Some(1), Some(false))
    );
}

/// The merge recounts every key a record gives: a record whose count was changed after its
/// shard wrote it (lower, so that it would win; higher, hiding the least; or taken away) is
/// refused by file and line and named among the shards to run again, never merged into a
/// wrong answer. 30x30 scrambles (keys over 16 assignments) and all on 39x39 (keys over
/// orbits, with ties).
#[test]
fn a_merge_recounts_every_record_and_refuses_one_that_does_not_add_up() {
    let scratch = Scratch::new();
    scratch.file("boards.txt", scrambles(PLUS, 30, 150, 1, 21));
    scratch.file("on.txt", format!("{}\n", "b".repeat(39)).repeat(39));
    let cases: [(&[&str], &str); 2] = [
        (&["--size", "30x30", "boards.txt"], "boards.txt:1"),
        (
            &["--size", "39x39", "--goal", "white", "on.txt"],
            "on.txt:1",
        ),
    ];
    for (input, source) in cases {
        let files = run_shards(&scratch, 3, input);
        let answers = one_runs_lines(&scratch, input);
        let read: Vec<Value> = files
            .iter()
            .map(|file| {
                let text = std::fs::read_to_string(scratch.path().join(file)).unwrap();
                serde_json::from_str(text.trim_end()).unwrap()
            })
            .collect();
        // The shard holding the least count of the first part's colour, and another one.
        let taps = |record: &Value| record["parts"][0]["taps"].as_u64();
        let least = (0..3)
            .filter(|&shard| taps(&read[shard]).is_some())
            .min_by_key(|&shard| taps(&read[shard]))
            .unwrap();
        let other = (0..3)
            .find(|&shard| shard != least && taps(&read[shard]).is_some())
            .unwrap();
        let color = read[least]["parts"][0]["color"]
            .as_str()
            .unwrap()
            .to_string();
        let fewest = taps(&read[least]).unwrap();
        let edits: [(usize, Value, String); 3] = [
            // Another shard says fewer taps than the least: it would win.
            (
                other,
                Value::from(fewest - 1),
                format!(
                    "says {} taps, but its key gives {}",
                    fewest - 1,
                    taps(&read[other]).unwrap()
                ),
            ),
            // The least says more: another shard's count would win.
            (
                least,
                Value::from(fewest + 4),
                format!("says {} taps, but its key gives {fewest}", fewest + 4),
            ),
            // The least says nothing at all.
            (
                least,
                Value::Null,
                "holds no tap set, though its share of the search has some".to_string(),
            ),
        ];
        for (shard, taps, says) in edits {
            let mut edited = read[shard].clone();
            if taps.is_null() {
                edited["parts"][0]["key"] = Value::Null;
                edited["parts"][0]["ties"] = Value::Array(Vec::new());
            }
            edited["parts"][0]["taps"] = taps;
            scratch.file(&files[shard], format!("{edited}\n"));
            let expected = format!(
                "error: {source}: {}:1: shard {}'s part for all {color} {says}: the record was \
                 changed or damaged after the shard wrote it; run that shard again\n\
                 error: shards to run again: {}/3\n",
                files[shard],
                shard + 1,
                shard + 1
            );
            scratch
                .flipgame()
                .args(merge_args(&files, input))
                .assert()
                .code(4)
                .stdout("")
                .stderr(expected);
            scratch.file(&files[shard], format!("{}\n", read[shard]));
        }
        // Untouched (written back from the values read), they merge into one run's answer.
        scratch
            .flipgame()
            .args(merge_args(&files, input))
            .assert()
            .success()
            .stdout(format!("{}\n", answers.join("\n")));
    }
}

/// A shard writing `--output FILE` keeps its records in `FILE.partial` as it goes: stopped
/// by SIGTERM (as `scancel` and a time limit stop it) on its second board, the partial file
/// holds the first board's record and FILE does not exist. Run again, the shard takes up the
/// records of boards that are still the same (here the first; the second board changed) and
/// searches only the rest: its file is what one uninterrupted run writes, and a note says
/// how many boards were kept. Another shard's records in the partial file are not taken, and
/// a second run of a shard while the first still writes is refused.
#[test]
fn a_shard_stopped_half_way_takes_up_its_records_when_run_again() {
    let scratch = Scratch::new();
    let white = format!("{}\n", "w".repeat(61)).repeat(61);
    let black = format!("{}\n", "b".repeat(61)).repeat(61);
    let mut one_tap = vec![vec![b'w'; 61]; 61];
    for (row, col) in [(30, 30), (29, 30), (31, 30), (30, 29), (30, 31)] {
        one_tap[row][col] = b'b';
    }
    let one_tap: String = one_tap
        .iter()
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    scratch.file("slow.txt", format!("{white}{black}"));
    scratch.file("boards.txt", format!("{white}{one_tap}"));
    let options = ["--size", "61x61", "--goal", "white"];
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_flipgame"))
        .args(["solve", "--shard", "1/1", "--output", "shard.jsonl"])
        .args(options)
        .arg("slow.txt")
        .current_dir(scratch.path())
        .spawn()
        .unwrap();
    let mut child = Reaped(child);
    let partial = scratch.path().join("shard.jsonl.partial");
    let started = std::time::Instant::now();
    loop {
        let text = std::fs::read_to_string(&partial).unwrap_or_default();
        if text.ends_with('\n') {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "no record within a minute: {text:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // A second run of the same shard while the first still writes is refused, and writes
    // nothing over it.
    scratch
        .flipgame()
        .args(["solve", "--shard", "1/1", "--output", "shard.jsonl"])
        .args(options)
        .arg("slow.txt")
        .assert()
        .code(1)
        .stderr(
            "error: shard.jsonl: another run is writing shard.jsonl.partial now: let it end, or \
             stop it, before running this one again\n",
        );
    // SAFETY: a signal to the child this test started and has not yet reaped.
    unsafe { libc::kill(child.0.id() as i32, libc::SIGTERM) };
    let status = child.0.wait().unwrap();
    assert!(!status.success());
    assert!(!scratch.path().join("shard.jsonl").exists());
    let kept = std::fs::read_to_string(&partial).unwrap();
    assert_eq!(kept.lines().count(), 1, "{kept}");
    // A line cut short as the shard was stopped is left out.
    std::fs::write(&partial, format!("{kept}{{\"index\":2,\"sou")).unwrap();
    let whole = run(
        &scratch,
        &[&["solve", "--shard", "1/1"][..], &options, &["boards.txt"]].concat(),
    );
    scratch
        .flipgame()
        .args(["solve", "--shard", "1/1", "--output", "shard.jsonl"])
        .args(options)
        .arg("boards.txt")
        .assert()
        .success()
        .stdout("")
        .stderr(
            "note: shard.jsonl.partial: 1 board kept from an earlier run of this shard, not \
             searched again\n",
        );
    assert_eq!(
        std::fs::read_to_string(scratch.path().join("shard.jsonl")).unwrap(),
        String::from_utf8(whole.stdout).unwrap()
    );
    assert!(!partial.exists());
    // Another shard's records are not its own (and FILE is there already, from the run above).
    std::fs::write(&partial, &kept).unwrap();
    let half = run(
        &scratch,
        &[&["solve", "--shard", "1/2"][..], &options, &["boards.txt"]].concat(),
    );
    scratch
        .flipgame()
        .args(["solve", "--shard", "1/2", "--output", "shard.jsonl"])
        .args(options)
        .arg("boards.txt")
        .assert()
        .success()
        .stderr("");
    assert_eq!(
        std::fs::read_to_string(scratch.path().join("shard.jsonl")).unwrap(),
        String::from_utf8(half.stdout).unwrap()
    );
    // Over a FILE already there, as over none, the records went through the partial file.
    assert!(!partial.exists());
}

/// A shard's `--output` that is a FIFO (a pipe to a collector, as some clusters give) is
/// written in place as the records come: never replaced by a partial file renamed over it,
/// and no partial file left beside it.
#[test]
fn a_shard_written_to_a_fifo_writes_it_in_place() {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let scratch = Scratch::new();
    scratch.file("boards.txt", scrambles(PLUS, 30, 80, 3, 4));
    let options = ["--size", "30x30", "--goal", "white", "boards.txt"];
    let fifo = scratch.path().join("shard.jsonl");
    let name = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
    // SAFETY: mkfifo reads a NUL-terminated path and creates the FIFO; nothing else is touched.
    let made = unsafe { libc::mkfifo(name.as_ptr(), 0o600) };
    assert_eq!(made, 0, "mkfifo: {}", std::io::Error::last_os_error());
    let reader = {
        let fifo = fifo.clone();
        // Opening a FIFO to read waits for its writer; reading ends when the writer closes.
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let written = run(
        &scratch,
        &[
            &["solve", "--shard", "1/2", "--output", "shard.jsonl"][..],
            &options,
        ]
        .concat(),
    );
    // A writer that never opened the FIFO would leave the reader waiting for ever: open it
    // once more, so that the reader sees the end whatever flipgame did.
    let _ = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(&fifo);
    assert!(written.status.success(), "{written:?}");
    assert_eq!(String::from_utf8_lossy(&written.stderr), "");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(!scratch.path().join("shard.jsonl.partial").exists());
    let to_stdout = run(
        &scratch,
        &[&["solve", "--shard", "1/2"][..], &options].concat(),
    );
    assert_eq!(reader.join().unwrap(), to_stdout.stdout);
}
