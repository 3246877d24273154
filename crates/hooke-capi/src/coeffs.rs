//! Checked, precomputed step coefficients (`hooke::SpringCoeffs`): the validated scalar path.
//!
//! The constructors validate their parameters like [`hooke::SpringParams`] (each finite and
//! `>= 0`, `damping_ratio > 0`, `dt` finite and `>= 0`) and report violations as
//! [`HookeStatus::InvalidParameter`] with a message naming the parameter. The coefficients are
//! those the scalar functions use, so [`hooke_spring_coeffs_apply`] gives bit-identical results to
//! the matching `hooke_*_spring_damper_exact` call.

use hooke::error::{check_dt, check_non_negative};
use hooke::{SpringCoeffs, SpringParams};

use crate::error::{HookeStatus, check_pointer, guard, read, write};
use crate::types::HookeSpringCoeffs;

/// The body of every constructor: writes `coeffs` to `out` once `out` is non-null, `validate`
/// (the spring's parameters) and then `dt` have passed.
///
/// # Safety
///
/// `out` is null or valid, aligned and writable.
unsafe fn build<P>(
    out: *mut HookeSpringCoeffs,
    dt: f32,
    validate: impl FnOnce() -> Result<P, hooke::ParamError>,
    coeffs: impl FnOnce() -> SpringCoeffs,
) -> HookeStatus {
    guard(|| {
        check_pointer(out, "out")?;
        validate()?;
        check_dt(dt)?;
        // SAFETY: non-null (checked above) and writable per the caller.
        unsafe { write(out, coeffs().into()) };
        Ok(())
    })
}

/// The exported constructors: `name(params, dt, out)` with its doc, the check of the spring's
/// parameters and the coefficients (expressions of the parameters and `dt`), around [`build`].
macro_rules! coeffs_constructors {
    ($(
        $(#[doc = $doc:literal])+
        fn $name:ident($($param:ident),+; $dt:ident) checks $check:expr, gives $coeffs:expr;
    )+) => {$(
        $(#[doc = $doc])+
        ///
        /// # Safety
        ///
        /// `out` is null or valid, aligned and writable.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(
            $($param: f32,)+
            $dt: f32,
            out: *mut HookeSpringCoeffs,
        ) -> HookeStatus {
            // SAFETY: forwarded caller contract.
            unsafe { build(out, $dt, || $check, || $coeffs) }
        }
    )+};
}

coeffs_constructors! {
    /// Coefficients of the critically damped spring with `halflife` over `dt` (both finite,
    /// `>= 0`).
    ///
    /// ```
    /// use hooke_capi::*;
    /// let mut c = HookeSpringCoeffs::from(hooke::SpringCoeffs::IDENTITY);
    /// assert_eq!(unsafe { hooke_spring_coeffs_critical(0.1, 1.0 / 60.0, &mut c) }, HookeStatus::Ok);
    /// assert_eq!(unsafe { hooke_spring_coeffs_critical(-0.1, 1.0 / 60.0, &mut c) },
    ///            HookeStatus::InvalidParameter);
    /// ```
    fn hooke_spring_coeffs_critical(halflife; dt)
        checks check_non_negative("halflife", halflife),
        gives SpringCoeffs::critical(halflife, dt);

    /// Coefficients of the general spring with `stiffness` and `damping` (finite, `>= 0`) over
    /// `dt`.
    fn hooke_spring_coeffs_stiffness_damping(stiffness, damping; dt)
        checks SpringParams::new(stiffness, damping),
        gives SpringCoeffs::stiffness_damping(stiffness, damping, dt);

    /// Coefficients of the spring with natural `frequency` (Hz) and damping `halflife` over `dt`.
    fn hooke_spring_coeffs_frequency_halflife(frequency, halflife; dt)
        checks SpringParams::frequency_halflife(frequency, halflife),
        gives SpringCoeffs::frequency_halflife(frequency, halflife, dt);

    /// Coefficients of the spring with a `damping_ratio` (`> 0`) and damping `halflife` over `dt`.
    fn hooke_spring_coeffs_damping_ratio_halflife(damping_ratio, halflife; dt)
        checks SpringParams::damping_ratio_halflife(damping_ratio, halflife),
        gives SpringCoeffs::damping_ratio_halflife(damping_ratio, halflife, dt);
}

/// Steps one spring `(*x, *v)` toward `goal` / `goal_velocity` with precomputed coefficients.
///
/// A rigid spring (halflife 0) lands exactly on the goal, as in the scalar functions.
///
/// ```
/// use hooke_capi::*;
/// let mut c = HookeSpringCoeffs::from(hooke::SpringCoeffs::IDENTITY);
/// unsafe { hooke_spring_coeffs_critical(0.1, 0.1, &mut c) };
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// unsafe { hooke_spring_coeffs_apply(&c, &mut x, &mut v, 1.0, 0.0) };
/// let (mut x2, mut v2) = (0.0_f32, 0.0_f32);
/// hooke::scalar::critical_spring_damper_exact(&mut x2, &mut v2, 1.0, 0.0, 0.1, 0.1);
/// assert_eq!((x, v), (x2, v2));
/// ```
///
/// # Safety
///
/// `coeffs` is null or valid for reads; `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_spring_coeffs_apply(
    coeffs: *const HookeSpringCoeffs,
    x: *mut f32,
    v: *mut f32,
    goal: f32,
    goal_velocity: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: null or valid per the caller; reads check for null.
        let (c, mut sx, mut sv) =
            unsafe { (read(coeffs, "coeffs")?, read(x, "x")?, read(v, "v")?) };
        let c = SpringCoeffs::from(c);
        if c == SpringCoeffs::SNAP {
            (sx, sv) = (goal, goal_velocity);
        } else {
            c.apply(&mut sx, &mut sv, goal, goal_velocity);
        }
        // SAFETY: both were non-null above and are writable per the caller.
        unsafe {
            write(x, sx);
            write(v, sv);
        }
        Ok(())
    })
}
