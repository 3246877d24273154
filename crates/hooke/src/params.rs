//! Checked spring parameters: the path for values that come from users, tools or files.
//!
//! The `hooke::scalar` functions are the unchecked fast path: they never produce NaN from finite
//! input, but they silently clamp or ignore out-of-domain parameters. Where parameters enter a
//! program, build a [`SpringParams`] (or call [`crate::error::check_dt`]) instead: every invalid
//! value gives a [`ParamError`] naming the parameter and the value.

use crate::coeffs::{Coeffs64, SpringCoeffs};
use crate::error::{ParamError, check_dt, check_non_negative, check_positive};
use crate::units::{critical_rate_f64, frequency_to_stiffness_f64, halflife_to_damping_f64};

/// Validated parameters of one spring-damper (unit mass).
///
/// Built from any of the parameterisations of the sources; a halflife of 0 is valid and gives a
/// rigid spring (the state snaps to the goal and its velocity).
///
/// ```
/// use hooke::SpringParams;
///
/// let params = SpringParams::frequency_halflife(3.0, 0.2)?;
/// let coeffs = params.coeffs(1.0 / 60.0)?;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// coeffs.apply(&mut x, &mut v, 1.0, 0.0);
/// assert!(x > 0.0);
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpringParams {
    stiffness: f64,
    damping: f64,
    /// Kept from the constructor: a rigid spring (both infinite) has no ratio to derive.
    damping_ratio: f64,
}

/// `d / (2 sqrt(s))`; `+inf` without stiffness (no oscillation at any damping).
fn ratio_of(stiffness: f64, damping: f64) -> f64 {
    if stiffness == 0.0 {
        f64::INFINITY
    } else {
        damping / (2.0 * stiffness.sqrt())
    }
}

impl SpringParams {
    /// From stiffness and damping, both finite and `>= 0`.
    ///
    /// ```
    /// assert!(hooke::SpringParams::new(100.0, 20.0).is_ok());
    /// assert!(hooke::SpringParams::new(100.0, -1.0).is_err());
    /// ```
    pub fn new(stiffness: f32, damping: f32) -> Result<SpringParams, ParamError> {
        let stiffness = check_non_negative("stiffness", stiffness)?;
        let damping = check_non_negative("damping", damping)?;
        let (stiffness, damping) = (f64::from(stiffness), f64::from(damping));
        Ok(SpringParams {
            stiffness,
            damping,
            damping_ratio: ratio_of(stiffness, damping),
        })
    }

    /// A critically damped spring with the given halflife (`>= 0`).
    ///
    /// ```
    /// let p = hooke::SpringParams::critical(0.1)?;
    /// assert!((p.damping_ratio() - 1.0).abs() < 1e-12);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn critical(halflife: f32) -> Result<SpringParams, ParamError> {
        let halflife = check_non_negative("halflife", halflife)?;
        let y = critical_rate_f64(f64::from(halflife));
        Ok(SpringParams {
            stiffness: y * y,
            damping: 2.0 * y,
            damping_ratio: 1.0,
        })
    }

    /// A spring with natural `frequency` (Hz, `>= 0`) and damping `halflife` (`>= 0`).
    ///
    /// ```
    /// assert!(hooke::SpringParams::frequency_halflife(f32::NAN, 0.1).is_err());
    /// ```
    pub fn frequency_halflife(frequency: f32, halflife: f32) -> Result<SpringParams, ParamError> {
        let frequency = check_non_negative("frequency", frequency)?;
        let halflife = check_non_negative("halflife", halflife)?;
        let stiffness = frequency_to_stiffness_f64(f64::from(frequency));
        let damping = halflife_to_damping_f64(f64::from(halflife));
        Ok(SpringParams {
            stiffness,
            damping,
            // Infinite damping (halflife 0) with finite stiffness is infinitely over-damped.
            damping_ratio: ratio_of(stiffness, damping),
        })
    }

    /// A spring with a `damping_ratio` (`> 0`; 1 is critical) and a damping `halflife` (`>= 0`).
    ///
    /// ```
    /// let p = hooke::SpringParams::damping_ratio_halflife(0.5, 0.3)?;
    /// assert!((p.damping_ratio() - 0.5).abs() < 1e-9);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn damping_ratio_halflife(
        damping_ratio: f32,
        halflife: f32,
    ) -> Result<SpringParams, ParamError> {
        let ratio = f64::from(check_positive("damping_ratio", damping_ratio)?);
        let halflife = check_non_negative("halflife", halflife)?;
        let damping = halflife_to_damping_f64(f64::from(halflife));
        let root = damping / (2.0 * ratio);
        Ok(SpringParams {
            stiffness: root * root,
            damping,
            damping_ratio: ratio,
        })
    }

    /// The stiffness (`+inf` for a rigid spring).
    ///
    /// ```
    /// assert_eq!(hooke::SpringParams::new(4.0, 1.0)?.stiffness(), 4.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn stiffness(&self) -> f64 {
        self.stiffness
    }

    /// The damping (`+inf` for a rigid spring).
    ///
    /// ```
    /// assert_eq!(hooke::SpringParams::new(4.0, 1.0)?.damping(), 1.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn damping(&self) -> f64 {
        self.damping
    }

    /// The damping ratio `d / (2 sqrt(s))`, as constructed: 1 for every critical spring (also
    /// the rigid one, halflife 0), the given ratio for [`damping_ratio_halflife`]
    /// (also at halflife 0), and `+inf` for a spring without stiffness. Never NaN.
    ///
    /// [`damping_ratio_halflife`]: Self::damping_ratio_halflife
    ///
    /// ```
    /// use hooke::SpringParams;
    /// assert_eq!(SpringParams::new(4.0, 4.0)?.damping_ratio(), 1.0);
    /// assert_eq!(SpringParams::critical(0.0)?.damping_ratio(), 1.0);
    /// assert_eq!(SpringParams::damping_ratio_halflife(0.3, 0.0)?.damping_ratio(), 0.3_f32 as f64);
    /// assert_eq!(SpringParams::new(0.0, 0.0)?.damping_ratio(), f64::INFINITY);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn damping_ratio(&self) -> f64 {
        self.damping_ratio
    }

    /// The step coefficients for a time step `dt` (finite, `>= 0`).
    ///
    /// ```
    /// let p = hooke::SpringParams::critical(0.1)?;
    /// assert!(p.coeffs(f32::INFINITY).is_err());
    /// assert_eq!(p.coeffs(0.0)?, hooke::SpringCoeffs::IDENTITY);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn coeffs(&self, dt: f32) -> Result<SpringCoeffs, ParamError> {
        let dt = check_dt(dt)?;
        Ok(Coeffs64::stiffness_damping(self.stiffness, self.damping, f64::from(dt)).to_f32())
    }
}
