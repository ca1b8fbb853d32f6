//! The kernels: word-level bit loops, the Walsh-Hadamard transform, AVX2 dispatch and the
//! threads the long searches share their work with.

pub mod avx2;
pub mod bits;
pub mod hadamard;
pub mod threads;
