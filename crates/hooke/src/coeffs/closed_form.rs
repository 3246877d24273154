//! The closed form of the step coefficients in `f64` (`docs/math.md` §1): [`Coeffs64`] for a
//! critical spring or any stiffness and damping, with the rigid and identity corners, and the
//! power series of the small-argument integrals. `lanes/closed_form.rs` is its `f64x4` twin.

use super::Coeffs64;
use crate::units::critical_rate_f64;

impl Coeffs64 {
    /// A rigid spring, except that a zero or invalid `dt` still changes nothing.
    pub(crate) fn snap_unless_still(dt: f64) -> Coeffs64 {
        if dt > 0.0 && dt.is_finite() {
            Coeffs64::SNAP
        } else {
            Coeffs64::IDENTITY
        }
    }

    pub(crate) fn critical(halflife: f64, dt: f64) -> Coeffs64 {
        if halflife.is_nan() {
            return Coeffs64::IDENTITY;
        }
        if halflife <= 0.0 {
            return Coeffs64::snap_unless_still(dt);
        }
        let y = critical_rate_f64(halflife);
        // s = y^2 exactly as the closed form sees it, so w^2 = s - y^2 is exactly 0.
        Coeffs64::stiffness_damping(y * y, 2.0 * y, dt)
    }

    pub(crate) fn stiffness_damping(s: f64, d: f64, t: f64) -> Coeffs64 {
        if s.is_nan() || d.is_nan() || t.is_nan() || t <= 0.0 || t == f64::INFINITY {
            return Coeffs64::IDENTITY;
        }
        let s = s.max(0.0);
        let d = d.max(0.0);
        // Infinite stiffness or damping is rigid. So is a value beyond the f32 range, which the
        // derived parameters reach (a frequency of 1e38 Hz, a damping ratio or halflife of 1e-40):
        // in f32 it is infinite (`frequency_to_stiffness` returns inf), and its coefficients can
        // overflow f32 (velocity amplitudes of `sqrt(s) |e|` > 1e39).
        let f32_max = f64::from(f32::MAX);
        if s > f32_max || d > f32_max {
            return Coeffs64::SNAP;
        }
        let c = closed_form(s, d, t);
        let values = [c.xx, c.xv, c.xq, c.vx, c.vv, c.vq];
        if !values.iter().all(|value| value.is_finite()) {
            return Coeffs64::IDENTITY;
        }
        // A spring stiffer than f32 can express at this dt (a stiffness or damping beyond the f32
        // range, e.g. a frequency of 1e38 Hz or a halflife of 1e-45 s, stepped by a tiny dt) has
        // a coefficient that would round to infinity in f32, and `inf * 0` is NaN. Treat it like
        // an infinite stiffness or damping: rigid.
        if values.iter().any(|value| value.abs() > f64::from(f32::MAX)) {
            return Coeffs64::SNAP;
        }
        c
    }
}

/// The closed form of `docs/math.md` §1 for finite `s, d >= 0` and finite `t > 0`.
fn closed_form(s: f64, d: f64, t: f64) -> Coeffs64 {
    let y = 0.5 * d;
    // Exact in f64 when s and d come from f32 values: d*d/4 needs at most 48 significant bits.
    let w2 = s - y * y;

    // cs = e^(-y t) C(t), ss = e^(-y t) S(t), the two functions of section 1.
    let (cs, ss) = if w2 > 0.0 {
        let w = w2.sqrt();
        let decay = (-y * t).exp();
        let wt = w * t;
        (decay * wt.cos(), decay * t * sinc(wt))
    } else if w2 < 0.0 {
        // Over-damped: two real decay rates. slow = y - k is computed as s / (y + k), which does
        // not cancel when d*d >> s; the products e^(-y t) cosh(k t) are never formed.
        let k = (-w2).sqrt();
        let fast = y + k;
        let slow = s / fast;
        let a = (-slow * t).exp();
        let b = (-fast * t).exp();
        let two_kt = 2.0 * k * t;
        let ss = if two_kt < 1.0 {
            b * t * exprel(two_kt)
        } else {
            (a - b) / (2.0 * k)
        };
        (0.5 * (a + b), ss)
    } else {
        let decay = (-y * t).exp();
        (decay, decay * t)
    };

    let m00_minus_1 = cs + y * ss - 1.0;
    let m01 = ss;
    let m10 = -s * ss;
    let m11 = cs - y * ss;

    // p = integral of m01 over [0, t]: the position response to a constant force.
    let p = if y * t <= 0.5 && s * t * t <= 0.25 {
        integral_m01_series(s, d, t)
    } else if w2 < 0.0 && (s / (y + (-w2).sqrt())) * t < 1e-3 {
        // Strongly over-damped, the slow mode has barely moved: 1 - m00 would cancel.
        let k = (-w2).sqrt();
        let fast = y + k;
        let slow = s / fast;
        t * (phi(slow * t) - phi(fast * t)) / (fast - slow)
    } else {
        -m00_minus_1 / s
    };
    // m00 - 1 = -s p; take the form that does not cancel.
    let xx = if y * t <= 0.5 && s * t * t <= 0.25 {
        -s * p
    } else {
        m00_minus_1
    };

    Coeffs64::from_transition(xx, m01, m10, m11, d, p)
}

/// `sin(z) / z`, with the limit 1 at 0.
fn sinc(z: f64) -> f64 {
    if z.abs() < 1e-4 {
        1.0 - z * z / 6.0
    } else {
        z.sin() / z
    }
}

/// `(e^z - 1) / z`, with the limit 1 at 0.
fn exprel(z: f64) -> f64 {
    if z == 0.0 { 1.0 } else { z.exp_m1() / z }
}

/// `(1 - e^(-z)) / z`, with the limits 1 at 0 and 0 at `+inf`.
pub(crate) fn phi(z: f64) -> f64 {
    if z == 0.0 {
        1.0
    } else if z == f64::INFINITY {
        0.0
    } else {
        -(-z).exp_m1() / z
    }
}

/// Integral over `[0, t]` of `m01`, by its power series (valid when `d t` and `s t^2` are small).
///
/// `m01` solves `m'' + d m' + s m = 0`, `m(0) = 0`, `m'(0) = 1`. With `b_n = a_n t^n` the scaled
/// Taylor terms, `b_(n+2) = -(D (n+1) b_(n+1) + S b_n) / ((n+2)(n+1))`, `D = d t`, `S = s t^2`.
pub(super) fn integral_m01_series(s: f64, d: f64, t: f64) -> f64 {
    let big_d = d * t;
    let big_s = s * t * t;
    let (mut b_prev, mut b) = (0.0_f64, t); // b_0, b_1
    let mut sum = b * t / 2.0;
    for n in 0..40 {
        let n = n as f64;
        let next = -(big_d * (n + 1.0) * b + big_s * b_prev) / ((n + 2.0) * (n + 1.0));
        b_prev = b;
        b = next;
        let term = b * t / (n + 3.0);
        sum += term;
        // Stop only when two consecutive terms are negligible: with d = 0 every other term is
        // exactly 0, and stopping at the first zero would drop the rest of the series.
        if term.abs().max((b_prev * t).abs()) <= 1e-18 * sum.abs() {
            break;
        }
    }
    sum
}
