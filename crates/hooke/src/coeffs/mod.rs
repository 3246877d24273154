//! Precomputed step coefficients of the exact spring-damper.
//!
//! Over one step of length `dt` with a constant goal `g` and goal velocity `q`, the spring
//! `a = s (g - x) + d (q - v)` is an affine map of the state. hooke writes it as
//!
//! ```text
//! e  = x0 - g
//! x1 = x0 + (xx * e + xv * v0 + xq * q)
//! v1 =        vx * e + vv * v0 + vq * q
//! ```
//!
//! The six numbers depend only on `(stiffness, damping, dt)`, so springs that share parameters share
//! one [`SpringCoeffs`], and the per-spring work is a handful of multiply-adds with no `exp`, `sin`
//! or `cos`. The same form covers every damping regime, stiffness 0, damping 0, `dt = 0` (the
//! coefficients are exactly the identity, so the state is returned bit for bit) and a rigid spring
//! (halflife 0: `x = g`, `v = q`).
//!
//! The coefficients are computed in `f64` from the closed form of `docs/math.md` (one analytic
//! function of `w² = s - d²/4`, with the over-damped branch written as two decaying exponentials
//! and the small-argument integrals as power series) and rounded once to `f32`.

use crate::units::{frequency_to_stiffness_f64, halflife_to_damping_f64};

/// The six step coefficients of the exact spring-damper, generic over what holds each number:
/// one spring in `f32` ([`SpringCoeffs`]) or `f64` (the exact value before rounding), 8 lanes
/// ([`crate::lanes::LaneCoeffs`]), one column per coefficient ([`crate::lanes::CoeffColumns`]) or
/// the kernels' borrowed lane slices ([`crate::lanes::CoeffSlices`]). One shape, so that code
/// moving coefficients between these forms is a [`map`](Self::map) or [`zip`](Self::zip) instead
/// of six hand-written lines.
///
/// See the [module documentation](self) for the update they define.
///
/// ```
/// use hooke::coeffs::Coeffs;
/// let c = Coeffs { xx: 1, xv: 2, xq: 3, vx: 4, vv: 5, vq: 6 };
/// assert_eq!(c.map(|v| v * 10).vq, 60);
/// assert_eq!(c.zip(c).into_array()[1], (2, 2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Coeffs<T> {
    /// Position response to the offset from the goal, minus one (`m00 - 1`).
    pub xx: T,
    /// Position response to the initial velocity.
    pub xv: T,
    /// Position response to the goal velocity.
    pub xq: T,
    /// Velocity response to the offset from the goal.
    pub vx: T,
    /// Velocity response to the initial velocity.
    pub vv: T,
    /// Velocity response to the goal velocity.
    pub vq: T,
}

impl<T: Copy + core::ops::Mul<Output = T>> Coeffs<T> {
    /// The coefficients of the closed form from the entries of the homogeneous transition matrix
    /// `[[1 + xx, m01], [m10, m11]]` (`xx = m00 - 1`, in whichever form does not cancel), the
    /// damping `d` and `p`, the integral of `m01` over the step (the position's response to a
    /// constant force): the goal velocity enters as the force `d q`, so `xq = d p` and
    /// `vq = d m01`. The one assembly of the `f64` closed form and of its `f64x4` lanes.
    #[inline(always)]
    pub(crate) fn from_transition(xx: T, m01: T, m10: T, m11: T, d: T, p: T) -> Coeffs<T> {
        Coeffs {
            xx,
            xv: m01,
            xq: d * p,
            vx: m10,
            vv: m11,
            vq: d * m01,
        }
    }
}

impl<T> Coeffs<T> {
    /// Applies `f` to each coefficient (in the order `xx, xv, xq, vx, vv, vq`).
    ///
    /// ```
    /// use hooke::SpringCoeffs;
    /// let c64 = SpringCoeffs::IDENTITY.map(f64::from);
    /// assert_eq!(c64.vv, 1.0_f64);
    /// ```
    #[inline(always)]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Coeffs<U> {
        Coeffs {
            xx: f(self.xx),
            xv: f(self.xv),
            xq: f(self.xq),
            vx: f(self.vx),
            vv: f(self.vv),
            vq: f(self.vq),
        }
    }

    /// Pairs each coefficient with the same coefficient of `other`.
    ///
    /// ```
    /// use hooke::SpringCoeffs;
    /// let (a, b) = (SpringCoeffs::IDENTITY, SpringCoeffs::SNAP);
    /// let mid = a.zip(b).map(|(a, b)| 0.5 * (a + b));
    /// assert_eq!((mid.xx, mid.vv), (-0.5, 0.5));
    /// ```
    #[inline(always)]
    pub fn zip<U>(self, other: Coeffs<U>) -> Coeffs<(T, U)> {
        Coeffs {
            xx: (self.xx, other.xx),
            xv: (self.xv, other.xv),
            xq: (self.xq, other.xq),
            vx: (self.vx, other.vx),
            vv: (self.vv, other.vv),
            vq: (self.vq, other.vq),
        }
    }

    /// The coefficients by reference.
    ///
    /// ```
    /// let c = hooke::SpringCoeffs::IDENTITY;
    /// assert_eq!(*c.as_ref().vv, 1.0);
    /// ```
    #[inline(always)]
    pub fn as_ref(&self) -> Coeffs<&T> {
        Coeffs {
            xx: &self.xx,
            xv: &self.xv,
            xq: &self.xq,
            vx: &self.vx,
            vv: &self.vv,
            vq: &self.vq,
        }
    }

    /// The coefficients by mutable reference.
    ///
    /// ```
    /// let mut c = hooke::SpringCoeffs::IDENTITY;
    /// c.as_mut().map(|v| *v *= 2.0);
    /// assert_eq!(c.vv, 2.0);
    /// ```
    #[inline(always)]
    pub fn as_mut(&mut self) -> Coeffs<&mut T> {
        Coeffs {
            xx: &mut self.xx,
            xv: &mut self.xv,
            xq: &mut self.xq,
            vx: &mut self.vx,
            vv: &mut self.vv,
            vq: &mut self.vq,
        }
    }

    /// The six coefficients in the order `[xx, xv, xq, vx, vv, vq]`.
    ///
    /// ```
    /// assert_eq!(hooke::SpringCoeffs::SNAP.into_array(), [-1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
    /// ```
    #[inline(always)]
    pub fn into_array(self) -> [T; 6] {
        [self.xx, self.xv, self.xq, self.vx, self.vv, self.vq]
    }

    /// The coefficients from `[xx, xv, xq, vx, vv, vq]`.
    ///
    /// ```
    /// use hooke::coeffs::Coeffs;
    /// assert_eq!(Coeffs::from_array([0.0, 0.0, 0.0, 0.0, 1.0, 0.0]), hooke::SpringCoeffs::IDENTITY);
    /// ```
    #[inline(always)]
    pub fn from_array([xx, xv, xq, vx, vv, vq]: [T; 6]) -> Coeffs<T> {
        Coeffs {
            xx,
            xv,
            xq,
            vx,
            vv,
            vq,
        }
    }
}

impl<T, E> Coeffs<Result<T, E>> {
    /// The coefficients if all six are `Ok`, else the first error (in field order).
    ///
    /// ```
    /// use hooke::coeffs::Coeffs;
    /// let c: Coeffs<Result<u8, &str>> = Coeffs::from_array([Ok(1), Ok(2), Err("xq"), Ok(4), Err("vv"), Ok(6)]);
    /// assert_eq!(c.transpose(), Err("xq"));
    /// ```
    pub fn transpose(self) -> Result<Coeffs<T>, E> {
        Ok(Coeffs {
            xx: self.xx?,
            xv: self.xv?,
            xq: self.xq?,
            vx: self.vx?,
            vv: self.vv?,
            vq: self.vq?,
        })
    }
}

impl<A, B> Coeffs<(A, B)> {
    /// Splits paired coefficients (the inverse of [`zip`](Coeffs::zip)).
    ///
    /// ```
    /// use hooke::SpringCoeffs;
    /// let (a, b) = SpringCoeffs::IDENTITY.zip(SpringCoeffs::SNAP).unzip();
    /// assert_eq!((a, b), (SpringCoeffs::IDENTITY, SpringCoeffs::SNAP));
    /// ```
    #[inline(always)]
    pub fn unzip(self) -> (Coeffs<A>, Coeffs<B>) {
        let [
            (xx0, xx1),
            (xv0, xv1),
            (xq0, xq1),
            (vx0, vx1),
            (vv0, vv1),
            (vq0, vq1),
        ] = self.into_array();
        (
            Coeffs::from_array([xx0, xv0, xq0, vx0, vv0, vq0]),
            Coeffs::from_array([xx1, xv1, xq1, vx1, vv1, vq1]),
        )
    }
}

/// Step coefficients of the exact spring-damper for one `(stiffness, damping, dt)`, in `f32`.
///
/// See the [module documentation](self) for the update they define.
///
/// ```
/// use hooke::SpringCoeffs;
///
/// // A critical spring with a halflife of 0.1 s, stepped at 60 Hz.
/// let c = SpringCoeffs::critical(0.1, 1.0 / 60.0);
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// for _ in 0..600 {
///     c.apply(&mut x, &mut v, 1.0, 0.0);
/// }
/// assert!((x - 1.0).abs() < 1e-6 && v.abs() < 1e-5);
/// ```
pub type SpringCoeffs = Coeffs<f32>;

/// `f64` coefficients, the exact value before rounding to `f32`.
pub(crate) type Coeffs64 = Coeffs<f64>;

impl Default for SpringCoeffs {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl SpringCoeffs {
    /// The coefficients of a step that changes nothing (`dt = 0`).
    ///
    /// ```
    /// use hooke::SpringCoeffs;
    /// let (mut x, mut v) = (0.3_f32, -2.0_f32);
    /// SpringCoeffs::IDENTITY.apply(&mut x, &mut v, 7.0, 1.0);
    /// assert_eq!((x, v), (0.3, -2.0));
    /// ```
    pub const IDENTITY: SpringCoeffs = SpringCoeffs {
        xx: 0.0,
        xv: 0.0,
        xq: 0.0,
        vx: 0.0,
        vv: 1.0,
        vq: 0.0,
    };

    /// The coefficients of a rigid spring (halflife 0): the state snaps to `x = g`, `v = q`.
    ///
    /// Through the affine step, `x + (-1) (x - g)` lands on `g` up to the rounding of `x - g`:
    /// exactly when that difference is exact (e.g. `x` and `g` within a factor of two, Sterbenz),
    /// otherwise within one ulp of `max(|x|, |g|)`; `v = q` always exactly. The scalar springs
    /// whose halflife is 0 set `x = g` directly.
    ///
    /// ```
    /// use hooke::SpringCoeffs;
    /// let (mut x, mut v) = (1.5_f32, 3.0_f32);
    /// SpringCoeffs::SNAP.apply(&mut x, &mut v, 2.0, -1.0);
    /// assert_eq!((x, v), (2.0, -1.0));
    /// let (mut x, mut v) = (1e8_f32, 3.0_f32);
    /// SpringCoeffs::SNAP.apply(&mut x, &mut v, 0.1, -1.0);
    /// assert!((x - 0.1).abs() <= 1e8_f32 * f32::EPSILON && v == -1.0);
    /// ```
    pub const SNAP: SpringCoeffs = SpringCoeffs {
        xx: -1.0,
        xv: 0.0,
        xq: 0.0,
        vx: 0.0,
        vv: 0.0,
        vq: 1.0,
    };

    /// Coefficients of the general spring `a = stiffness (g - x) + damping (q - v)` over `dt`.
    ///
    /// Domain: `stiffness, damping, dt >= 0`, any damping regime. Outside it, nothing becomes NaN:
    /// negative stiffness or damping is clamped to 0, infinite stiffness or damping makes the spring
    /// rigid ([`SNAP`](Self::SNAP)), and a NaN parameter or a `dt` that is not finite and positive
    /// gives [`IDENTITY`](Self::IDENTITY) (the state is left unchanged). The parameterised
    /// constructors derive stiffness and damping in `f64`; a value beyond the `f32` range counts as
    /// infinite (rigid), as it would in `f32`.
    ///
    /// ```
    /// use hooke::SpringCoeffs;
    /// // Under-damped, critical and over-damped springs all come from the same closed form.
    /// for damping in [1.0_f32, 20.0, 400.0] {
    ///     let c = SpringCoeffs::stiffness_damping(100.0, damping, 0.01);
    ///     assert!(c.xx.is_finite() && c.vv.is_finite());
    /// }
    /// ```
    pub fn stiffness_damping(stiffness: f32, damping: f32, dt: f32) -> SpringCoeffs {
        Coeffs64::stiffness_damping(f64::from(stiffness), f64::from(damping), f64::from(dt))
            .to_f32()
    }

    /// Coefficients of the critically damped spring with the given halflife.
    ///
    /// `halflife = 0` gives [`SNAP`](Self::SNAP); a negative halflife is treated as 0, a NaN one
    /// gives [`IDENTITY`](Self::IDENTITY), an infinite one a spring without force (`x += v dt`).
    ///
    /// ```
    /// use hooke::SpringCoeffs;
    /// assert_eq!(SpringCoeffs::critical(0.0, 0.016), SpringCoeffs::SNAP);
    /// assert_eq!(SpringCoeffs::critical(0.2, 0.0), SpringCoeffs::IDENTITY);
    /// ```
    pub fn critical(halflife: f32, dt: f32) -> SpringCoeffs {
        Coeffs64::critical(f64::from(halflife), f64::from(dt)).to_f32()
    }

    /// Coefficients of the spring with a natural `frequency` (Hz) and a damping `halflife` (s).
    ///
    /// ```
    /// use hooke::SpringCoeffs;
    /// let c = SpringCoeffs::frequency_halflife(2.0, 0.5, 1.0 / 60.0);
    /// assert!(c.vx < 0.0); // pulled back toward the goal
    /// ```
    pub fn frequency_halflife(frequency: f32, halflife: f32, dt: f32) -> SpringCoeffs {
        if halflife.is_nan() || frequency.is_nan() {
            return SpringCoeffs::IDENTITY;
        }
        if halflife <= 0.0 {
            return Coeffs64::snap_unless_still(f64::from(dt)).to_f32();
        }
        let d = halflife_to_damping_f64(f64::from(halflife));
        let s = frequency_to_stiffness_f64(f64::from(frequency.max(0.0)));
        Coeffs64::stiffness_damping(s, d, f64::from(dt)).to_f32()
    }

    /// Coefficients of the spring with a `damping_ratio` (1 = critical) and a damping `halflife`.
    ///
    /// A damping ratio of 0 or less has no finite stiffness; it is treated as a rigid spring, like a
    /// halflife of 0. NaN gives [`IDENTITY`](Self::IDENTITY).
    ///
    /// ```
    /// use hooke::SpringCoeffs;
    /// let crit = SpringCoeffs::damping_ratio_halflife(1.0, 0.2, 0.01);
    /// let crit2 = SpringCoeffs::critical(0.2, 0.01);
    /// assert!((crit.xx - crit2.xx).abs() < 1e-6);
    /// ```
    pub fn damping_ratio_halflife(damping_ratio: f32, halflife: f32, dt: f32) -> SpringCoeffs {
        if halflife.is_nan() || damping_ratio.is_nan() {
            return SpringCoeffs::IDENTITY;
        }
        if halflife <= 0.0 || damping_ratio <= 0.0 {
            return Coeffs64::snap_unless_still(f64::from(dt)).to_f32();
        }
        let d = halflife_to_damping_f64(f64::from(halflife));
        let r = f64::from(damping_ratio);
        let s = (d / (2.0 * r)) * (d / (2.0 * r));
        Coeffs64::stiffness_damping(s, d, f64::from(dt)).to_f32()
    }

    /// Advances one spring by the step these coefficients describe.
    ///
    /// ```
    /// use hooke::SpringCoeffs;
    /// let c = SpringCoeffs::stiffness_damping(0.0, 0.0, 0.5); // free motion
    /// let (mut x, mut v) = (1.0_f32, 2.0_f32);
    /// c.apply(&mut x, &mut v, 0.0, 0.0);
    /// assert_eq!((x, v), (2.0, 2.0));
    /// ```
    #[inline]
    pub fn apply(&self, x: &mut f32, v: &mut f32, goal: f32, goal_velocity: f32) {
        if *self == SpringCoeffs::IDENTITY {
            // dt = 0: the state bit for bit (nothing is settled, see `crate::settle`).
            return;
        }
        let e = *x - goal;
        let v0 = *v;
        // The grouping matches the SIMD kernels' nested multiply-adds, so that without FMA the
        // batch runtime reproduces this function bit for bit.
        let dx = self.xx * e + (self.xv * v0 + self.xq * goal_velocity);
        let (x1, v1) = (
            *x + dx,
            self.vx * e + (self.vv * v0 + self.vq * goal_velocity),
        );
        let (x1, v1) = if x1.is_finite() && v1.is_finite() {
            (x1, v1)
        } else {
            self.apply_saturating(*x, v0, goal, goal_velocity)
        };
        // How a spring comes to rest in f32: no subnormal state, no stall short of the goal.
        // A spring with a goal velocity rests beside its goal: no nudge toward it (dx = 0).
        let dx = if goal_velocity == 0.0 { dx } else { 0.0 };
        (*x, *v) = crate::settle::settle(*x, v0, x1, v1, dx, goal);
    }

    /// The step in `f64`, rounded to the nearest finite `f32`: the slow path for states whose true
    /// next value is beyond the `f32` range (where `f32` arithmetic would give infinities, or NaN
    /// from `inf - inf`). Finite input never becomes NaN or infinite.
    ///
    /// ```
    /// use hooke::SpringCoeffs;
    /// let c = SpringCoeffs::stiffness_damping(0.0, 0.0, 1e30); // free motion for 1e30 s
    /// let (x, v) = c.apply_saturating(0.0, 1e30, 0.0, 0.0);
    /// assert_eq!((x, v), (f32::MAX, 1e30));
    /// ```
    pub fn apply_saturating(&self, x: f32, v: f32, goal: f32, goal_velocity: f32) -> (f32, f32) {
        let (x, v, goal, q) = (
            f64::from(x),
            f64::from(v),
            f64::from(goal),
            f64::from(goal_velocity),
        );
        let e = x - goal;
        let x1 = x + (f64::from(self.xx) * e + (f64::from(self.xv) * v + f64::from(self.xq) * q));
        let v1 = f64::from(self.vx) * e + (f64::from(self.vv) * v + f64::from(self.vq) * q);
        let max = f64::from(f32::MAX);
        // NaN is impossible here for finite input: every f64 product and sum is finite.
        (x1.clamp(-max, max) as f32, v1.clamp(-max, max) as f32)
    }

    /// Like [`apply`](Self::apply) for the velocity and the offset from the goal, in `f64`.
    /// Used where the offset is computed more precisely than `f32` allows (quaternion springs).
    ///
    /// ```
    /// use hooke::SpringCoeffs;
    /// let c = SpringCoeffs::critical(0.1, 0.1);
    /// let (e, v) = c.apply_offset_f64(1.0, 0.0);
    /// assert!(e > 0.0 && e < 1.0 && v < 0.0);
    /// ```
    #[inline]
    pub fn apply_offset_f64(&self, offset: f64, velocity: f64) -> (f64, f64) {
        let e1 = offset + (f64::from(self.xx) * offset + f64::from(self.xv) * velocity);
        let v1 = f64::from(self.vx) * offset + f64::from(self.vv) * velocity;
        (e1, v1)
    }
}

/// The damper's blend factor `1 - 2^(-dt / halflife)` for [`crate::scalar::damper_exact`]:
/// `x += (goal - x) * alpha`.
///
/// Halflife 0 (or negative) gives 1 (snap); a `dt` that is not finite and positive gives 0 (no
/// change, like the springs), and so does a NaN halflife.
///
/// ```
/// let a = hooke::coeffs::damper_alpha(0.5, 0.5);
/// assert!((a - 0.5).abs() < 1e-7);
/// assert_eq!(hooke::coeffs::damper_alpha(f32::INFINITY, f32::INFINITY), 0.0);
/// ```
pub fn damper_alpha(halflife: f32, dt: f32) -> f32 {
    // `!(dt > 0)` also catches NaN; an infinite dt would give inf / inf = NaN for an infinite
    // halflife, and the springs leave the state unchanged for a non-finite dt.
    if halflife.is_nan() || !(dt > 0.0 && dt.is_finite()) {
        return 0.0;
    }
    if halflife <= 0.0 {
        return 1.0;
    }
    // The damper's rate ln2 / halflife: half the critical rate.
    let rate = 0.5 * crate::units::critical_rate_f64(f64::from(halflife)) * f64::from(dt);
    (-(-rate).exp_m1()) as f32
}

impl Coeffs64 {
    pub(crate) const IDENTITY: Coeffs64 = Coeffs::from_f32(SpringCoeffs::IDENTITY);
    pub(crate) const SNAP: Coeffs64 = Coeffs::from_f32(SpringCoeffs::SNAP);

    /// `f64` coefficients equal to `c` (`const`, for the constants above).
    const fn from_f32(c: SpringCoeffs) -> Coeffs64 {
        Coeffs {
            xx: c.xx as f64,
            xv: c.xv as f64,
            xq: c.xq as f64,
            vx: c.vx as f64,
            vv: c.vv as f64,
            vq: c.vq as f64,
        }
    }

    pub(crate) fn to_f32(self) -> SpringCoeffs {
        self.map(|c| c as f32)
    }
}

// Declared after the public impls above: rustdoc resolves links such as
// `SpringCoeffs::critical` to the first inherent impl of `Coeffs` with that name, and the
// crate-private `Coeffs64` methods of this module must not come first.
mod closed_form;

#[cfg(test)]
use closed_form::integral_m01_series;
pub(crate) use closed_form::phi;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dt_zero_is_identity_for_every_parameter() {
        for (s, d) in [
            (0.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (100.0, 20.0),
            (1e4, 1e-3),
        ] {
            assert_eq!(
                SpringCoeffs::stiffness_damping(s, d, 0.0),
                SpringCoeffs::IDENTITY
            );
        }
    }

    #[test]
    fn free_motion_has_exact_coefficients() {
        let c = Coeffs64::stiffness_damping(0.0, 0.0, 2.0);
        assert_eq!(
            c,
            Coeffs64 {
                xx: 0.0,
                xv: 2.0,
                xq: 0.0,
                vx: 0.0,
                vv: 1.0,
                vq: 0.0
            }
        );
    }

    #[test]
    fn series_keeps_going_past_zero_terms_when_undamped() {
        // d = 0: m01 = sin(w t) / w, whose integral is (1 - cos(w t)) / s. Every even Taylor term
        // is 0, which once stopped the series after its first term.
        let (s, t) = (6813.533203125_f64, 0.0054883864_f64);
        let exact = (1.0 - (s.sqrt() * t).cos()) / s;
        let series = integral_m01_series(s, 0.0, t);
        assert!((series - exact).abs() <= 1e-14 * exact, "{series} {exact}");
    }

    #[test]
    fn series_and_closed_form_agree_where_both_apply() {
        let (s, d, t) = (0.2_f64, 0.6_f64, 0.9_f64);
        // Under-damped here: w^2 = s - d^2/4 > 0, so 1 - m00 = 1 - e^(-yt) (cos wt + y sin(wt)/w).
        let (y, w) = (d / 2.0, (s - d * d / 4.0).sqrt());
        let m00 = (-y * t).exp() * ((w * t).cos() + y * (w * t).sin() / w);
        let p_closed = (1.0 - m00) / s;
        let p_series = integral_m01_series(s, d, t);
        assert!((p_closed - p_series).abs() < 1e-12, "{p_closed} {p_series}");
    }
}
