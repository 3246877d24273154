//! # hooke — exact springs and dampers for animation
//!
//! Two faces, one crate (layers in docs/ARCHITECTURE.md, checked by `tests/layers.rs`):
//!
//! - [`scalar`]: one function per spring of the source articles (dampers, the exact spring-damper
//!   in every damping regime, critical / simple / decay springs, quaternion springs, the character
//!   controller, inertialization, the tracking spring, smooth damp, ...). They are exact for every
//!   parameter (no epsilons, no regime tests) and are the reference the batch kernels are tested
//!   against.
//! - the batch runtime: [`batch`] types over [`column`](mod@column)s of `wide::f32x8` lanes, run by the
//!   [`lanes`] kernels, optionally across threads ([`par`]), for thousands to millions of springs.
//!   [`error`] holds the typed errors every checked entry point returns.
//!
//! ```
//! use hooke::scalar::critical_spring_damper_exact;
//!
//! let (mut x, mut v) = (0.0_f32, 0.0_f32);
//! for _ in 0..600 {
//!     critical_spring_damper_exact(&mut x, &mut v, 1.0, 0.0, 0.1, 1.0 / 60.0);
//! }
//! assert!((x - 1.0).abs() < 1e-6);
//! ```

pub mod batch;
pub mod coeffs;
pub mod column;
pub mod error;
pub mod lanes;
pub mod par;
pub mod params;
pub mod scalar;
pub mod settle;
pub mod simd;
pub mod units;
pub mod views;

pub use coeffs::SpringCoeffs;

// The README's Rust examples run as doctests, so the README stays true at every commit.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
pub use error::ParamError;
pub use params::SpringParams;

/// The SIMD code path that `wide` was compiled with for this build.
///
/// `wide` chooses its implementation when it is compiled, from the enabled target features, so this
/// is fixed per build. Enable AVX2 + FMA with `-C target-cpu=x86-64-v3` (see the README).
///
/// ```
/// let backend = hooke::simd_backend();
/// println!("hooke lanes: {backend:?} ({})", backend.name());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SimdBackend {
    /// One 256-bit register per `f32x8` with fused multiply-add.
    Avx2Fma,
    /// One 256-bit register per `f32x8`, multiply and add separate.
    Avx,
    /// Two 128-bit halves (x86-64 baseline SSE2, or another 128-bit target).
    Baseline128,
}

impl SimdBackend {
    /// A short human-readable name.
    ///
    /// ```
    /// assert!(!hooke::simd_backend().name().is_empty());
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            SimdBackend::Avx2Fma => "avx2+fma (x86-64-v3)",
            SimdBackend::Avx => "avx",
            SimdBackend::Baseline128 => "128-bit baseline",
        }
    }
}

/// Which SIMD path this build of hooke (and `wide`) uses.
///
/// ```
/// use hooke::{simd_backend, SimdBackend};
/// if simd_backend() == SimdBackend::Baseline128 {
///     eprintln!("hint: build with RUSTFLAGS=\"-C target-cpu=x86-64-v3\" for 8-wide lanes");
/// }
/// ```
pub fn simd_backend() -> SimdBackend {
    if cfg!(all(target_feature = "avx", target_feature = "fma")) {
        SimdBackend::Avx2Fma
    } else if cfg!(target_feature = "avx") {
        SimdBackend::Avx
    } else {
        SimdBackend::Baseline128
    }
}
