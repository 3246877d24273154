//! The cross-fade curve of dead blending: how the weight of the live input grows from 0 to 1 over
//! the blend time.

use std::ops::{Add, Mul, Sub};

use wide::f32x8;

use crate::error::ParamError;

/// The shape of a dead blend's cross-fade, `w(s)` for the blend progress `s = elapsed / blend_time`
/// in `[0, 1]`, with `w(0) = 0` and `w(1) = 1`.
///
/// The output of a dead blend is continuous in position (C0) with every curve. It is continuous in
/// velocity (C1) at the start and the end of the blend only when the curve's slope is 0 there:
/// [`Smoothstep`](Self::Smoothstep) (the default) and [`Smootherstep`](Self::Smootherstep).
/// [`Linear`](Self::Linear) and most [tables](Self::table) change the velocity by
/// `w'(s) (live - extrapolated) / blend_time` where the slope is not 0 (and a table's kinks add
/// velocity steps inside the blend).
///
/// ```
/// use hooke::scalar::BlendCurve;
/// let (w, dw) = BlendCurve::Smoothstep.eval(0.5);
/// assert_eq!((w, dw), (0.5, 1.5));
/// assert!(BlendCurve::Smoothstep.is_c1() && !BlendCurve::Linear.is_c1());
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub enum BlendCurve {
    /// `3 s² - 2 s³` (zero end slopes).
    #[default]
    Smoothstep,
    /// `s` (slope 1 at both ends: the velocity steps at the start and the end of the blend).
    Linear,
    /// `6 s⁵ - 15 s⁴ + 10 s³` (zero end slopes and curvatures).
    Smootherstep,
    /// A user curve sampled at `n >= 2` evenly spaced points of `[0, 1]` (first 0, last 1),
    /// interpolated linearly; build it with [`BlendCurve::table`].
    Table(CurveTable),
}

/// The samples of a [`BlendCurve::Table`], checked by [`BlendCurve::table`].
///
/// ```
/// let curve = hooke::scalar::BlendCurve::table(&[0.0, 0.1, 0.7, 1.0])?;
/// assert!(matches!(curve, hooke::scalar::BlendCurve::Table(t) if t.samples().len() == 4));
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct CurveTable {
    samples: Vec<f64>,
}

impl CurveTable {
    /// The samples, evenly spaced over `[0, 1]`.
    ///
    /// ```
    /// let curve = hooke::scalar::BlendCurve::table(&[0.0, 1.0])?;
    /// let hooke::scalar::BlendCurve::Table(t) = curve else { unreachable!() };
    /// assert_eq!(t.samples(), &[0.0, 1.0]);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn samples(&self) -> &[f64] {
        &self.samples
    }
}

impl BlendCurve {
    /// The steepest segment a [table](Self::table) may have, in weight per unit of progress:
    /// a little above the built-in curves' steepest slope (1.875, [`Smootherstep`](Self::Smootherstep)).
    ///
    /// ```
    /// use hooke::scalar::BlendCurve;
    /// assert_eq!(BlendCurve::MAX_TABLE_SLOPE, 2.0);
    /// assert!(BlendCurve::table(&[0.0, 0.0, 0.5, 0.9, 1.0])?.eval(0.375).1 <= BlendCurve::MAX_TABLE_SLOPE);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub const MAX_TABLE_SLOPE: f64 = 2.0;

    /// A user curve from samples at evenly spaced points of `[0, 1]`: at least 2, the first 0 and
    /// the last 1 (so that the blend starts on the extrapolated pose and ends on the live input),
    /// never decreasing, no segment steeper than [`MAX_TABLE_SLOPE`](Self::MAX_TABLE_SLOPE)
    /// (`(w[i] - w[i-1]) (n - 1) <= 2`), and each segment damped under rapid switching: with
    /// `s = i / (n - 1)` its right end and `w'` its slope, `s w' <= (2 - w[i])²` (so the last
    /// segment rises at most as fast as a straight line). Errors name the sample.
    ///
    /// Why the shape is restricted: a transition during a dead blend starts the next one from the
    /// current output, velocity included, and that velocity holds the cross-fade term
    /// `w'(s) (live - extrapolated) / blend_time`. A curve that leaves `[0, 1]` pushes the output
    /// away from the live input, and a segment too steep for its place gives it a velocity that
    /// the next extrapolation carries past the live input by more than the gap it closed; under
    /// rapid switching that oscillation grows without limit (issue 21). `docs/math.md` §6.5
    /// derives the bound; the built-in curves meet it with margin (Linear with equality at the
    /// end), and `crates/hooke-inertia/tests/blend_curve_switching.rs` switches every accepted
    /// shape every 1-5 frames.
    ///
    /// ```
    /// use hooke::scalar::BlendCurve;
    /// assert!(BlendCurve::table(&[0.0, 0.6, 1.0]).is_ok());
    /// assert!(BlendCurve::table(&[0.0, 0.2, 1.0]).is_err()); // ends at slope 1.6 > 1
    /// assert!(BlendCurve::table(&[0.0]).is_err());
    /// assert!(BlendCurve::table(&[0.1, 1.0]).is_err());
    /// assert!(BlendCurve::table(&[0.0, f32::NAN, 1.0]).is_err());
    /// assert!(BlendCurve::table(&[0.0, -0.1, 1.0]).is_err()); // leaves [0, 1]
    /// assert!(BlendCurve::table(&[0.0, 0.6, 0.5, 1.0]).is_err()); // decreases
    /// assert!(BlendCurve::table(&[0.0, 0.0, 0.0, 1.0]).is_err()); // slope 3
    /// assert!(BlendCurve::table(&[0.0, 0.1, 0.4, 0.8, 1.0]).is_ok());
    /// assert!(BlendCurve::table(&[0.0, 0.1, 0.3, 0.8, 1.0]).is_err()); // 0.75 * 2 > (2 - 0.8)²
    /// ```
    pub fn table(samples: &[f32]) -> Result<BlendCurve, ParamError> {
        if samples.len() < 2 {
            return Err(ParamError::LengthMismatch {
                name: "curve samples (at least)",
                expected: 2,
                found: samples.len(),
            });
        }
        let last = samples.len() - 1;
        // Slopes in f64: the segment count of a long table is not exact in f32.
        let segments = last as f64;
        for (i, &w) in samples.iter().enumerate() {
            let previous = if i == 0 { 0.0 } else { samples[i - 1] };
            let rise = (f64::from(w) - f64::from(previous)) * segments;
            let (ok, expected) = match i {
                0 => (w == 0.0, "0 (the first sample)"),
                i if i == last && w != 1.0 => (false, "1 (the last sample)"),
                _ if !(0.0..=1.0).contains(&w) => (false, "a value in [0, 1]"),
                _ if w < previous => (false, "at least the previous sample (never decreasing)"),
                // A relative tolerance: samples like 0.3 and 0.8 are not exact in f32.
                _ if rise > Self::MAX_TABLE_SLOPE * (1.0 + 1e-6) => (
                    false,
                    "at most the previous sample + 2 / (samples - 1) (slope <= 2)",
                ),
                // The segment's right end is where `s w'(s)` is largest and `(2 - w)²` smallest.
                _ if !switching_is_damped(i as f64 / segments, rise, f64::from(w)) => (
                    false,
                    "a segment with (i / (samples - 1)) slope <= (2 - sample)^2 \
                     (bounded under rapid switching, docs/math.md §6.5)",
                ),
                _ => (true, ""),
            };
            if !ok {
                return Err(ParamError::InvalidAt {
                    name: "curve sample",
                    index: i,
                    value: w,
                    expected,
                });
            }
        }
        Ok(BlendCurve::Table(CurveTable {
            samples: samples.iter().map(|&w| f64::from(w)).collect(),
        }))
    }

    /// The weight `w(s)` and its slope `w'(s)` at progress `s` (clamped to `[0, 1]`; NaN counts
    /// as 0).
    ///
    /// ```
    /// use hooke::scalar::BlendCurve;
    /// assert_eq!(BlendCurve::Linear.eval(0.25), (0.25, 1.0));
    /// assert_eq!(BlendCurve::Smootherstep.eval(1.0), (1.0, 0.0));
    /// let t = BlendCurve::table(&[0.0, 0.5, 1.0])?;
    /// assert_eq!(t.eval(0.25), (0.25, 1.0));
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn eval(&self, s: f64) -> (f64, f64) {
        let s = if s.is_nan() { 0.0 } else { s.clamp(0.0, 1.0) };
        evaluate(self, s, |t, s| {
            let segments = (t.samples.len() - 1) as f64;
            let at = s * segments;
            let i = (at.floor() as usize).min(t.samples.len() - 2);
            let (a, b) = (t.samples[i], t.samples[i + 1]);
            let f = at - i as f64;
            (a + (b - a) * f, (b - a) * segments)
        })
    }

    /// [`eval`](Self::eval) of eight progresses at once, in `f32`: the built-in curves from the
    /// same polynomials (with fused multiply-adds), a [table](Self::table) lane by lane through
    /// `eval`. `s` is clamped to `[0, 1]` first (`s.max(0).min(1)`).
    ///
    /// ```
    /// use hooke::scalar::BlendCurve;
    /// use wide::f32x8;
    /// let (w, dw) = BlendCurve::Smoothstep.eval_lanes(f32x8::splat(0.5));
    /// assert_eq!((w.to_array()[0], dw.to_array()[0]), (0.5, 1.5));
    /// assert_eq!(BlendCurve::Linear.eval_lanes(f32x8::splat(2.0)).0.to_array(), [1.0; 8]);
    /// ```
    pub fn eval_lanes(&self, s: f32x8) -> (f32x8, f32x8) {
        let s = s.max(f32x8::ZERO).min(f32x8::ONE);
        evaluate(self, s, |_, s| {
            // A user curve: evaluated per lane (a gather from the table).
            let (mut w, mut d) = ([0.0_f32; 8], [0.0_f32; 8]);
            for (lane, s) in s.to_array().into_iter().enumerate() {
                let (wl, dl) = self.eval(f64::from(s));
                (w[lane], d[lane]) = (wl as f32, dl as f32);
            }
            (f32x8::new(w), f32x8::new(d))
        })
    }

    /// Whether a dead blend with this curve is C1 at its start and end (zero end slopes).
    ///
    /// ```
    /// use hooke::scalar::BlendCurve;
    /// assert!(BlendCurve::table(&[0.0, 0.0, 0.25, 0.5, 0.75, 0.9, 1.0, 1.0])?.is_c1());
    /// assert!(!BlendCurve::table(&[0.0, 1.0])?.is_c1());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn is_c1(&self) -> bool {
        // eval's slope at 0 and 1 is the first and last segment's for a table.
        self.eval(0.0).1 == 0.0 && self.eval(1.0).1 == 0.0
    }

    /// Progress of a dead blend that has run for `elapsed` of `blend_time`, as (weight,
    /// d weight / dt). A blend time of 0 (or less, or NaN), or an elapsed time past it, is
    /// finished (weight 1, slope 0).
    ///
    /// ```
    /// use hooke::scalar::BlendCurve;
    /// assert_eq!(BlendCurve::Linear.blend_weight(0.05, 0.2), (0.25, 5.0));
    /// assert_eq!(BlendCurve::Linear.blend_weight(0.3, 0.2), (1.0, 0.0));
    /// assert_eq!(BlendCurve::Linear.blend_weight(0.0, 0.0), (1.0, 0.0));
    /// ```
    pub fn blend_weight(&self, elapsed: f64, blend_time: f64) -> (f64, f64) {
        if blend_time > 0.0 && elapsed < blend_time {
            let (w, dw) = self.eval(elapsed / blend_time);
            (w, dw / blend_time)
        } else {
            (1.0, 0.0)
        }
    }
}

/// Whether a transition at progress `s` of a blend whose curve there has weight `w` and slope
/// `slope` cannot start a growing oscillation: `s w'(s) <= (2 - w(s))²` (`docs/math.md` §6.5).
/// The `f64` tolerance lets the straight line (equality at `s = 1`) through when its samples are
/// rounded to `f32`.
fn switching_is_damped(s: f64, slope: f64, w: f64) -> bool {
    s * slope <= (2.0 - w) * (2.0 - w) * (1.0 + 1e-6) + 1e-9
}

/// The arithmetic of the built-in curves' polynomials, so that [`BlendCurve::eval`] (`f64`) and
/// [`BlendCurve::eval_lanes`] (`f32x8`) evaluate one written form with the same coefficients.
trait CurveArithmetic: Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> {
    /// A coefficient (small integers, exact in every precision).
    fn splat(c: f32) -> Self;
    /// `self * a + b`.
    fn mul_add(self, a: Self, b: Self) -> Self;
}

impl CurveArithmetic for f64 {
    fn splat(c: f32) -> f64 {
        f64::from(c)
    }
    // Unfused: the f64 reference keeps its plain products and sums.
    fn mul_add(self, a: f64, b: f64) -> f64 {
        self * a + b
    }
}

impl CurveArithmetic for f32x8 {
    fn splat(c: f32) -> f32x8 {
        f32x8::splat(c)
    }
    fn mul_add(self, a: f32x8, b: f32x8) -> f32x8 {
        f32x8::mul_add(self, a, b)
    }
}

/// The weight and slope of `curve` at progress `s` in `[0, 1]`: the built-in curves' polynomials,
/// `table` for a user curve.
#[inline(always)]
fn evaluate<T: CurveArithmetic>(
    curve: &BlendCurve,
    s: T,
    table: impl FnOnce(&CurveTable, T) -> (T, T),
) -> (T, T) {
    let k = T::splat;
    match curve {
        BlendCurve::Smoothstep => (s * s * (k(3.0) - k(2.0) * s), k(6.0) * s * (k(1.0) - s)),
        BlendCurve::Linear => (s, k(1.0)),
        BlendCurve::Smootherstep => {
            let inner = s.mul_add(k(6.0), k(-15.0));
            let u = k(1.0) - s;
            (
                s * s * s * s.mul_add(inner, k(10.0)),
                k(30.0) * s * s * u * u,
            )
        }
        BlendCurve::Table(t) => table(t, s),
    }
}

/// The dead-blend cross-fade of one value in `f64`: from the extrapolated `(x, v)` to the live
/// `(x, v)` with the curve's `(weight, d weight / dt)`: `x = e + (live - e) w` and its exact
/// derivative, `v = ev + (lv - ev) w + (lx - ex) dw` (docs/math.md §6.2). The lane twin is
/// `hooke::simd::cross_fade8`.
///
/// ```
/// use hooke::scalar::cross_fade;
/// assert_eq!(cross_fade((0.0, 1.0), (2.0, 3.0), (0.5, 0.25)), (1.0, 2.5));
/// let v = glam::DVec3::ONE;
/// assert_eq!(cross_fade((v, v), (v, v), (0.3, 2.0)), (v, v));
/// ```
pub fn cross_fade<T>(extrapolated: (T, T), live: (T, T), weight: (f64, f64)) -> (T, T)
where
    T: Copy + Add<Output = T> + Sub<Output = T> + Mul<f64, Output = T>,
{
    let ((ex, ev), (lx, lv)) = (extrapolated, live);
    let x = ex + (lx - ex) * weight.0;
    (x, cross_fade_velocity(ev, lv, lx - ex, weight))
}

/// The velocity of a cross-fade whose value gap (live minus extrapolated) is `gap`:
/// `ev + (lv - ev) w + gap dw`. Rotations pass the rotation vector of the gap (the angular
/// velocity of a slerp on the shortest path).
///
/// ```
/// use hooke::scalar::cross_fade_velocity;
/// assert_eq!(cross_fade_velocity(1.0, 3.0, 2.0, (0.5, 0.25)), 2.5);
/// ```
pub fn cross_fade_velocity<T>(ev: T, lv: T, gap: T, (weight, slope): (f64, f64)) -> T
where
    T: Copy + Add<Output = T> + Sub<Output = T> + Mul<f64, Output = T>,
{
    ev + (lv - ev) * weight + gap * slope
}
