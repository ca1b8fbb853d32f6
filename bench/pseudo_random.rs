//! Pseudo-random boards for benchmarks, shared by `examples/make_boards.rs` and
//! `benches/core.rs` through `#[path]`: a fixed xorshift, so the same seed gives the same boards
//! on every machine.

use flipgame::grid::Shape;

#[allow(dead_code)] // each includer uses its own part
/// `count` boards from `seed`, written in the POJ input form (4 lines of 4 letters each).
pub fn boards_text(count: usize, seed: u64) -> Vec<u8> {
    let mut state = seed.max(1);
    let mut text = Vec::with_capacity(count * 20);
    for _ in 0..count {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        // The 16 bits of a board id, bit 15 at r1c1: four rows of four letters.
        let id = (state >> 24) as u16;
        for bit in (0..16).rev() {
            text.push(if id >> bit & 1 == 1 { b'b' } else { b'w' });
            if bit % 4 == 0 {
                text.push(b'\n');
            }
        }
    }
    text
}

/// One pseudo-random board of `shape` in the input form (R lines of C letters).
#[allow(dead_code)] // each includer uses its own part
pub fn grid_text(shape: Shape, seed: u64) -> Vec<u8> {
    let mut state = seed.max(1);
    let mut text = Vec::with_capacity((shape.cols() as usize + 1) * shape.rows() as usize);
    for _ in 0..shape.rows() {
        for _ in 0..shape.cols() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            text.push(if state >> 63 == 1 { b'b' } else { b'w' });
        }
        text.push(b'\n');
    }
    text
}
