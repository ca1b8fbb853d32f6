//! The one way the solver uses AVX2 without unsafe code at each call: a safe function that
//! runs its portable body compiled for AVX2 where the CPU has it (checked at run time), and as
//! it is everywhere else. The body is written once, `#[inline(always)]`, so both builds are
//! the same code; only the instructions the compiler may pick differ.

/// Defines `fn $name(args) -> ret`, which calls `$body(args)` built with AVX2 enabled when the
/// CPU has it, and the baseline build of `$body` otherwise.
macro_rules! avx2_dispatch {
    (
        $(#[$attribute:meta])*
        $visibility:vis fn $name:ident($($argument:ident: $type:ty),* $(,)?) $(-> $result:ty)?
            = $body:path;
    ) => {
        $(#[$attribute])*
        $visibility fn $name($($argument: $type),*) $(-> $result)? {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx2")]
                fn with_avx2($($argument: $type),*) $(-> $result)? {
                    $body($($argument),*)
                }
                if std::arch::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU has just been found to have AVX2.
                    return unsafe { with_avx2($($argument),*) };
                }
            }
            $body($($argument),*)
        }
    };
}

pub(crate) use avx2_dispatch;
