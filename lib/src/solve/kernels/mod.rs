//! The kernels: word-level bit loops, the Walsh-Hadamard transform, AVX2 dispatch, and the
//! host's threads and clock the long searches share their work and keep their deadlines with.

pub mod avx2;
pub mod bits;
pub mod hadamard;
pub mod host;
