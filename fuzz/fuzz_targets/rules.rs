//! Fuzz target over the rule readers: any text as a rule file (JSON) and as a `--rule` value
//! (a name or a stencil). What must hold: no panic; a rule file's error names a place inside
//! the file; a rule read is one the solver can take on its board.
#![no_main]

use libfuzzer_sys::fuzz_target;

use flipgame::grid::Shape;
use flipgame::rule::{Graph, Rule};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Graph::from_json(text, "fuzz.json") {
        Ok(graph) => {
            let shape = graph.shape();
            for cell in 0..shape.cells() as usize {
                assert!(
                    graph
                        .flips(cell)
                        .iter()
                        .all(|&flip| u64::from(flip) < shape.cells())
                );
            }
        }
        Err(error) => {
            if let Some((line, column)) = error.place {
                let lines = text.split('\n').count();
                assert!((1..=lines).contains(&line) && column >= 1, "{error:?}");
            }
        }
    }
    if let Ok(rule) = Rule::parse(text) {
        // Every rule read applies to a small board of any shape.
        let shape = Shape::new(3, 5).unwrap();
        let _ = flipgame::puzzle::Puzzle::new(shape, rule, false, flipgame::puzzle::Goal::Either);
    }
});
