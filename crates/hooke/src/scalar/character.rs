//! The spring character controller: the character's velocity follows a critical spring toward a
//! desired velocity, and its position is the exact time integral of that velocity.
//!
//! With `y = 2 ln2 / halflife`, `E = e^(-y t)`, `j0 = v0 - v_goal` and `j1 = a0 + y j0`:
//!
//! ```text
//! v(t) = v_goal + E (j0 + j1 t)
//! a(t) = E (a0 - y j1 t)
//! x(t) = x0 + v_goal t + j0 (1 - E) / y + j1 ((1 - E) / y^2 - t E / y)
//! ```
//!
//! (the position term published in early versions of the source article, `E j1 t / y`, is not the
//! integral of `v`; see `docs/math.md` §5). hooke writes the update in terms of `j0` and `a0`
//! rather than `j1`, with `z = y t`, `phi(z) = (1 - e^(-z)) / z` and
//! `psi(z) = (1 - e^(-z) (1 + z)) / z^2`:
//!
//! ```text
//! x1 = x0 + v_goal t + t (phi + z psi) j0 + t^2 psi a0
//! v1 = v_goal + E (1 + z) j0 + E t a0
//! a1 = -E z^2 / t j0 + E (1 - z) a0
//! ```
//!
//! so that nothing is divided by a tiny `y` (a huge halflife) and nothing is `0 * inf` for a
//! rigid spring (halflife 0).

use glam::{Vec2, Vec3};

use crate::coeffs::phi;
use crate::error::ParamError;

/// Step coefficients of the spring character controller for one `(halflife, dt)`.
///
/// The update they define, with `j0 = v0 - v_goal`:
///
/// ```text
/// x1 = x0 + v_goal dt + xj j0 + xa a0
/// v1 = v_goal + vj j0 + va a0
/// a1 = aj j0 + aa a0
/// ```
///
/// They are computed in `f64` and rounded once, so characters that share a halflife and a time step
/// (a crowd, or the batch runtime) share one `CharacterCoeffs`.
///
/// ```
/// use hooke::scalar::CharacterCoeffs;
///
/// let c = CharacterCoeffs::new(0.2, 1.0 / 60.0);
/// let (mut x, mut v, mut a) = (0.0_f32, 0.0_f32, 0.0_f32);
/// for _ in 0..600 {
///     c.apply(&mut x, &mut v, &mut a, 2.0);
/// }
/// assert!((v - 2.0).abs() < 1e-5 && a.abs() < 1e-5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CharacterCoeffs {
    /// The time step (the position moves by `v_goal * dt` plus the transient).
    pub dt: f32,
    /// Position response to the initial velocity error `j0 = v0 - v_goal`.
    pub xj: f32,
    /// Position response to the initial acceleration.
    pub xa: f32,
    /// Velocity response to the initial velocity error.
    pub vj: f32,
    /// Velocity response to the initial acceleration.
    pub va: f32,
    /// Acceleration response to the initial velocity error.
    pub aj: f32,
    /// Acceleration response to the initial acceleration.
    pub aa: f32,
}

impl CharacterCoeffs {
    /// The coefficients of a step that changes nothing (`dt = 0`).
    ///
    /// ```
    /// use hooke::scalar::CharacterCoeffs;
    /// assert_eq!(CharacterCoeffs::new(0.1, 0.0), CharacterCoeffs::IDENTITY);
    /// ```
    pub const IDENTITY: CharacterCoeffs = CharacterCoeffs {
        dt: 0.0,
        xj: 0.0,
        xa: 0.0,
        vj: 1.0,
        va: 0.0,
        aj: 0.0,
        aa: 1.0,
    };

    /// Coefficients for a critical velocity spring with `halflife`, stepped by `dt`.
    ///
    /// Halflife 0 makes the velocity snap to the goal (`v = v_goal`, `a = 0`, `x += v_goal dt`); a
    /// negative halflife is treated as 0, an infinite one keeps the acceleration constant. A NaN
    /// parameter or a `dt` that is not finite and positive gives [`IDENTITY`](Self::IDENTITY).
    ///
    /// ```
    /// use hooke::scalar::CharacterCoeffs;
    /// let c = CharacterCoeffs::new(0.0, 0.5);
    /// assert_eq!((c.vj, c.va, c.aj, c.aa, c.xj, c.xa), (0.0, 0.0, 0.0, 0.0, 0.0, 0.0));
    /// ```
    pub fn new(halflife: f32, dt: f32) -> CharacterCoeffs {
        let Some((h, t)) = crate::units::exact_step_domain(halflife, dt) else {
            return CharacterCoeffs::IDENTITY;
        };
        if h <= 0.0 {
            return CharacterCoeffs {
                dt,
                xj: 0.0,
                xa: 0.0,
                vj: 0.0,
                va: 0.0,
                aj: 0.0,
                aa: 0.0,
            };
        }
        let y = crate::units::critical_rate_f64(h);
        let z = y * t;
        let e = (-z).exp();
        let psi = psi64(z);
        // When e underflows to 0 the products below are 0, never 0 * inf: z is finite here.
        // Coefficients beyond the f32 range (`xj`, `xa` for a huge halflife and a huge `dt`,
        // `aj` for a tiny halflife and a tiny `dt`) are clamped to `±f32::MAX`, as in the
        // per-spring kernel: as infinities they made `apply` compute `inf * 0`, a NaN from a
        // finite state, which the saturating path could not repair. A clamped coefficient's
        // step saturates instead.
        let max = f64::from(f32::MAX);
        let clamped = |k: f64| k.clamp(-max, max) as f32;
        CharacterCoeffs {
            dt,
            xj: clamped(t * (phi(z) + z * psi)),
            xa: clamped(t * t * psi),
            vj: clamped(e * (1.0 + z)),
            va: clamped(e * t),
            aj: clamped(-e * z * (z / t)),
            aa: clamped(e * (1.0 - z)),
        }
    }

    /// Advances one character by the step these coefficients describe.
    ///
    /// A step with `dt = 0` returns the state unchanged, bit for bit.
    ///
    /// ```
    /// use hooke::scalar::CharacterCoeffs;
    /// let c = CharacterCoeffs::new(0.1, 0.1);
    /// let (mut x, mut v, mut a) = (0.0_f32, 0.0_f32, 0.0_f32);
    /// c.apply(&mut x, &mut v, &mut a, 1.0);
    /// assert!(x > 0.0 && x < 0.1 && v > 0.0 && v < 1.0 && a > 0.0);
    /// ```
    #[inline]
    pub fn apply(&self, x: &mut f32, v: &mut f32, a: &mut f32, v_goal: f32) {
        if self.dt == 0.0 {
            return;
        }
        let j0 = *v - v_goal;
        let a0 = *a;
        let x1 = *x + (v_goal * self.dt + self.xj * j0 + self.xa * a0);
        let dj = self.vj * j0 + self.va * a0;
        let (v1, a1) = (v_goal + dj, self.aj * j0 + self.aa * a0);
        let (x1, v1, a1) = if x1.is_finite() && v1.is_finite() && a1.is_finite() {
            (x1, v1, a1)
        } else {
            self.apply_saturating(*x, *v, *a, v_goal)
        };
        // The velocity comes to rest on its goal like a spring's position: no subnormal
        // acceleration, no stall short of the goal (`crate::settle`).
        let (v1, a1) = crate::settle::settle(*v, a0, v1, a1, dj - j0, v_goal);
        (*x, *v, *a) = (x1, v1, a1);
    }

    /// The step in `f64`, rounded to the nearest finite `f32`: the slow path of
    /// [`apply`](Self::apply) for states whose next value is beyond the `f32` range (where `f32`
    /// arithmetic would give infinities, or NaN from `inf - inf`). Finite input never becomes NaN
    /// or infinite.
    ///
    /// ```
    /// use hooke::scalar::CharacterCoeffs;
    /// let c = CharacterCoeffs::new(0.5, 2.0);
    /// let (x, v, a) = c.apply_saturating(3e38, -3e38, 3e38, 3e38);
    /// assert!(x.is_finite() && v.is_finite() && a.is_finite());
    /// ```
    pub fn apply_saturating(&self, x: f32, v: f32, a: f32, v_goal: f32) -> (f32, f32, f32) {
        let f = f64::from;
        let (j0, a0, q) = (f(v) - f(v_goal), f(a), f(v_goal));
        let x1 = f(x) + (q * f(self.dt) + f(self.xj) * j0 + f(self.xa) * a0);
        let v1 = q + f(self.vj) * j0 + f(self.va) * a0;
        let a1 = f(self.aj) * j0 + f(self.aa) * a0;
        let max = f64::from(f32::MAX);
        // NaN is impossible here for finite input: every f64 product and sum is finite.
        let round = |y: f64| y.clamp(-max, max) as f32;
        (round(x1), round(v1), round(a1))
    }

    /// [`apply`](Self::apply) on each component of a `Vec2`.
    ///
    /// ```
    /// use glam::Vec2;
    /// use hooke::scalar::CharacterCoeffs;
    /// let c = CharacterCoeffs::new(0.1, 1.0);
    /// let (mut x, mut v, mut a) = (Vec2::ZERO, Vec2::ZERO, Vec2::ZERO);
    /// c.apply_vec2(&mut x, &mut v, &mut a, Vec2::X);
    /// assert!((v - Vec2::X).length() < 1e-3);
    /// ```
    #[inline]
    pub fn apply_vec2(&self, x: &mut Vec2, v: &mut Vec2, a: &mut Vec2, v_goal: Vec2) {
        self.apply(&mut x.x, &mut v.x, &mut a.x, v_goal.x);
        self.apply(&mut x.y, &mut v.y, &mut a.y, v_goal.y);
    }

    /// [`apply`](Self::apply) on each component of a `Vec3`.
    ///
    /// ```
    /// use glam::Vec3;
    /// use hooke::scalar::CharacterCoeffs;
    /// let c = CharacterCoeffs::new(0.1, 1.0);
    /// let (mut x, mut v, mut a) = (Vec3::ZERO, Vec3::ZERO, Vec3::ZERO);
    /// c.apply_vec3(&mut x, &mut v, &mut a, Vec3::Z);
    /// assert!((v - Vec3::Z).length() < 1e-3);
    /// ```
    #[inline]
    pub fn apply_vec3(&self, x: &mut Vec3, v: &mut Vec3, a: &mut Vec3, v_goal: Vec3) {
        self.apply(&mut x.x, &mut v.x, &mut a.x, v_goal.x);
        self.apply(&mut x.y, &mut v.y, &mut a.y, v_goal.y);
        self.apply(&mut x.z, &mut v.z, &mut a.z, v_goal.z);
    }
}

/// `(1 - e^(-z) (1 + z)) / z^2`, the scaled integral of `s e^(-y s)`; the limit 1/2 at 0.
///
/// The closed form cancels for small `z` (both terms approach 1), so below 0.5 the alternating
/// series `sum (-1)^n (n + 1) z^n / (n + 2)!` is summed instead (its terms fall by at least `z / 2`
/// each, 50 terms are far more than f64 needs).
pub(super) fn psi64(z: f64) -> f64 {
    if z < 0.5 {
        // term_n = (-1)^n (n + 1) z^n / (n + 2)!; the ratio of consecutive terms is
        // -z (n + 2) / ((n + 1) (n + 3)).
        let mut term = 0.5;
        let mut sum = 0.5;
        for n in 0..50 {
            let n = f64::from(n);
            term *= -z * (n + 2.0) / ((n + 1.0) * (n + 3.0));
            sum += term;
            if term.abs() <= 1e-18 * sum.abs() {
                break;
            }
        }
        sum
    } else {
        // -expm1(-z) = 1 - e^(-z) with full precision; the subtraction loses at most 4 bits here.
        (-(-z).exp_m1() - z * (-z).exp()) / (z * z)
    }
}

/// Defines the character updates, each by its documentation, its name, its value type and the
/// [`CharacterCoeffs`] method that applies one step to it; `dt = 0` leaves the state unchanged bit
/// for bit (no coefficients are built).
macro_rules! character_updates {
    ($($(#[$doc:meta])* $name:ident: $value:ty => $apply:ident;)+) => {$(
        $(#[$doc])*
        pub fn $name(
            x: &mut $value,
            v: &mut $value,
            a: &mut $value,
            v_goal: $value,
            halflife: f32,
            dt: f32,
        ) {
            if dt == 0.0 {
                return;
            }
            CharacterCoeffs::new(halflife, dt).$apply(x, v, a, v_goal);
        }
    )+};
}

character_updates! {
    /// Advances a character whose velocity follows a critical spring toward `v_goal`.
    ///
    /// `x` is the position, `v` the velocity (the spring's "position") and `a` the acceleration
    /// (the spring's velocity). Velocity and acceleration are those of the exact critical spring
    /// with the given `halflife`; the position is their exact integral, so the update is
    /// dt-invariant: one step of 1 s gives the same state as sixty steps of 1/60 s. Halflife 0
    /// snaps the velocity
    /// (`v = v_goal`, `a = 0`, `x += v_goal dt`); `dt = 0` leaves the state unchanged bit for bit.
    ///
    /// ```
    /// use hooke::scalar::spring_character_update;
    ///
    /// let (mut x, mut v, mut a) = (0.0_f32, 0.0_f32, 0.0_f32);
    /// for _ in 0..120 {
    ///     spring_character_update(&mut x, &mut v, &mut a, 3.0, 0.1, 1.0 / 60.0);
    /// }
    /// // After two seconds the character runs at the desired speed, having lost
    /// // 2 / y = halflife / ln2 seconds of travel while accelerating.
    /// assert!((v - 3.0).abs() < 1e-4);
    /// assert!((x - 3.0 * (2.0 - 0.1 / std::f32::consts::LN_2)).abs() < 1e-3);
    /// ```
    spring_character_update: f32 => apply;

    /// [`spring_character_update`] on each component of a `Vec2` (a character on the ground plane).
    ///
    /// ```
    /// use glam::Vec2;
    /// use hooke::scalar::spring_character_update_vec2;
    /// let (mut x, mut v, mut a) = (Vec2::ZERO, Vec2::ZERO, Vec2::ZERO);
    /// spring_character_update_vec2(&mut x, &mut v, &mut a, Vec2::new(1.0, -1.0), 0.1, 2.0);
    /// assert!((v - Vec2::new(1.0, -1.0)).length() < 1e-4);
    /// ```
    spring_character_update_vec2: Vec2 => apply_vec2;

    /// [`spring_character_update`] on each component of a `Vec3`.
    ///
    /// ```
    /// use glam::Vec3;
    /// use hooke::scalar::spring_character_update_vec3;
    /// let (mut x, mut v, mut a) = (Vec3::ZERO, Vec3::ZERO, Vec3::ZERO);
    /// spring_character_update_vec3(&mut x, &mut v, &mut a, Vec3::X, 0.0, 0.5);
    /// assert_eq!((x, v, a), (Vec3::new(0.5, 0.0, 0.0), Vec3::X, Vec3::ZERO));
    /// ```
    spring_character_update_vec3: Vec3 => apply_vec3;
}

/// Checks that the three output columns of a prediction have the same length.
fn check_lengths(px: usize, pv: usize, pa: usize) -> Result<(), ParamError> {
    for (name, found) in [("pv", pv), ("pa", pa)] {
        if found != px {
            return Err(ParamError::LengthMismatch {
                name,
                expected: px,
                found,
            });
        }
    }
    Ok(())
}

/// Defines the trajectory predictions, each by its documentation, its name, its value type and
/// the update it evaluates at each horizon.
macro_rules! character_predictions {
    ($($(#[$doc:meta])* $name:ident: $value:ty => $update:ident;)+) => {$(
        $(#[$doc])*
        pub fn $name(
            px: &mut [$value],
            pv: &mut [$value],
            pa: &mut [$value],
            x: $value,
            v: $value,
            a: $value,
            v_goal: $value,
            halflife: f32,
            dt: f32,
        ) -> Result<(), ParamError> {
            check_lengths(px.len(), pv.len(), pa.len())?;
            for (i, ((px, pv), pa)) in px.iter_mut().zip(pv).zip(pa).enumerate() {
                (*px, *pv, *pa) = (x, v, a);
                $update(px, pv, pa, v_goal, halflife, i as f32 * dt);
            }
            Ok(())
        }
    )+};
}

character_predictions! {
    /// Predicts the character's future trajectory if the desired velocity stays `v_goal`.
    ///
    /// Writes the state at the horizons `i * dt` for `i in 0..px.len()` (element 0 is the current
    /// state). Each horizon is evaluated directly by the closed form, not by stepping, so there is
    /// no accumulated error. The three slices must have the same length: otherwise nothing is
    /// written and [`ParamError::LengthMismatch`] names the column that differs from `px`.
    ///
    /// ```
    /// use hooke::scalar::spring_character_predict;
    ///
    /// let (mut px, mut pv, mut pa) = ([0.0_f32; 4], [0.0_f32; 4], [0.0_f32; 4]);
    /// spring_character_predict(&mut px, &mut pv, &mut pa, 1.0, 0.0, 0.0, 2.0, 0.2, 0.5)?;
    /// assert_eq!((px[0], pv[0], pa[0]), (1.0, 0.0, 0.0));
    /// assert!(px.windows(2).all(|w| w[1] > w[0]));
    ///
    /// let mut short = [0.0_f32; 3];
    /// let (x, v, a, v_goal, halflife, dt) = (1.0, 0.0, 0.0, 2.0, 0.2, 0.5);
    /// let result =
    ///     spring_character_predict(&mut px, &mut pv, &mut short, x, v, a, v_goal, halflife, dt);
    /// assert!(result.is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    spring_character_predict: f32 => spring_character_update;

    /// [`spring_character_predict`] for a `Vec3` character.
    ///
    /// ```
    /// use glam::Vec3;
    /// use hooke::scalar::spring_character_predict_vec3;
    ///
    /// let mut px = vec![Vec3::ZERO; 8];
    /// let (mut pv, mut pa) = (px.clone(), px.clone());
    /// spring_character_predict_vec3(
    ///     &mut px, &mut pv, &mut pa, Vec3::ZERO, Vec3::ZERO, Vec3::ZERO, Vec3::X, 0.1, 0.2)?;
    /// assert!((pv[7] - Vec3::X).length() < 1e-3);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    spring_character_predict_vec3: Vec3 => spring_character_update_vec3;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn psi_series_and_closed_form_agree_at_the_switch() {
        let z = 0.5_f64;
        let closed = (-(-z).exp_m1() - z * (-z).exp()) / (z * z);
        let below = psi64(z - 1e-12);
        assert!((closed - below).abs() < 1e-12, "{closed} {below}");
        assert_eq!(psi64(0.0), 0.5);
    }
}
