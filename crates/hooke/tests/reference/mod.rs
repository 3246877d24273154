//! An independent `f64` reference for the exactness tests (shared by every test binary).
//!
//! The spring `a = s (g - x) + d (q - v)` is integrated by the **matrix exponential** of its
//! affine system, not by the closed form that `hooke` implements. With `e = x - g` (exact in `f64`
//! for `f32` inputs) the augmented state `[e, v, 1]` obeys
//!
//! ```text
//! [e]'   [ 0   1   0  ] [e]
//! [v]  = [-s  -d  d q ] [v]
//! [1]    [ 0   0   0  ] [1]
//! ```
//!
//! so one step is `expm(dt * A) [e0, v0, 1]`. The exponential is computed by scaling and squaring
//! with a Taylor approximant (scale until the infinity norm is at most 1/2, sum the series to
//! round-off, square back). Stiffness 0 and damping 0 need no special case. The reference itself is
//! checked against a classical RK4 integrator with tiny steps (`exact_grid.rs`).
//!
//! The error bounds of the issue live here too, with the rest point `c = g + d q / s`.

#![allow(dead_code)]

use glam::{DQuat, DVec3, Quat, Vec3};

pub mod compound;
mod rng;
pub mod tracking;

pub use rng::Rng;

/// Steps a batch by `dt` on frame `frame`: with `update` on even frames and through the threaded
/// path (`update_with_grain(dt, 1)`, which must be bit-identical) on odd ones.
#[allow(unused_macros)] // each test binary uses its own subset
macro_rules! step_alternating {
    ($batch:expr, $frame:expr, $dt:expr) => {
        if $frame % 2 == 0 {
            $batch.update($dt).unwrap();
        } else {
            $batch.update_with_grain($dt, 1).unwrap();
        }
    };
}
#[allow(unused_imports)] // each test binary uses its own subset
pub(crate) use step_alternating;

/// A batch of `halflives.len()` springs: with the per-spring `halflives` (`with_halflives`) when
/// `per_spring`, else with the shared halflife `shared` (`new`).
pub fn shared_or_per_spring<B, E: std::fmt::Debug>(
    per_spring: bool,
    (shared, halflives): (f32, &[f32]),
    new: impl FnOnce(usize, f32) -> Result<B, E>,
    with_halflives: impl FnOnce(&[f32]) -> Result<B, E>,
) -> B {
    if per_spring {
        with_halflives(halflives).unwrap()
    } else {
        new(halflives.len(), shared).unwrap()
    }
}

/// The `f64` values of `f32` inputs (exact).
pub fn widen<const K: usize>(values: [f32; K]) -> [f64; K] {
    values.map(f64::from)
}

/// Compound batches (double, timed, velocity springs, extrapolators) against their scalar twins:
/// the `rel` of [`assert_twin_close`].
pub const COMPOUND: f32 = 4e-6;
/// Character controllers against their scalar twin: the `rel` of [`assert_twin_close`].
pub const CHARACTER: f32 = 2e-6;

/// A batch's lane `got` against its scalar twin's `want`: finite and within `rel * max(scale, 1)`
/// (`scale`: the magnitude of the terms that make the result up).
#[track_caller]
pub fn assert_twin_close(what: &str, got: f32, want: f32, rel: f32, scale: f32) {
    let diff = (got - want).abs();
    assert!(
        got.is_finite() && diff <= rel * scale.max(1.0),
        "{what}: batch {got} vs scalar {want} (scale {scale})"
    );
}

/// A 3x3 matrix, row major.
pub type Mat3 = [[f64; 3]; 3];

/// `a * b`.
pub fn mat_mul(a: &Mat3, b: &Mat3) -> Mat3 {
    let mut r = [[0.0; 3]; 3];
    for (i, row) in r.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            *cell = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    r
}

fn norm_inf(a: &Mat3) -> f64 {
    a.iter()
        .map(|row| row.iter().map(|x| x.abs()).sum::<f64>())
        .fold(0.0, f64::max)
}

/// `expm(a)` by scaling and squaring with a Taylor approximant.
///
/// The squaring phase works on `F = expm - I` (`(I + F)^2 = I + (2F + F^2)`), like `expm1` for
/// matrices: a stiff spring's slow mode lives in the tiny difference between the scaled
/// exponential and the identity, and squaring `I + F` directly would round it away (with
/// `d dt = 1e11`, 37 squarings of `1 - 1e-12`-sized entries lose most of the slow decay).
pub fn expm(a: &Mat3) -> Mat3 {
    let norm = norm_inf(a);
    let mut squarings = 0_i32;
    if norm > 0.5 {
        squarings = (norm / 0.5).log2().ceil() as i32;
    }
    let scale = 2f64.powi(-squarings); // exact: a power of two
    let m: Mat3 = a.map(|row| row.map(|x| x * scale));
    // Taylor without the identity: F = sum_(k >= 1) m^k / k!, to round-off (|m| <= 1/2).
    let mut f: Mat3 = [[0.0; 3]; 3];
    let mut term: Mat3 = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    for k in 1..40 {
        term = mat_mul(&term, &m).map(|row| row.map(|x| x / f64::from(k)));
        let mut converged = true;
        for i in 0..3 {
            for j in 0..3 {
                f[i][j] += term[i][j];
                if term[i][j] != 0.0 && term[i][j].abs() > 1e-19 * f[i][j].abs() {
                    converged = false;
                }
            }
        }
        if converged {
            break;
        }
    }
    for _ in 0..squarings {
        let f2 = mat_mul(&f, &f);
        for i in 0..3 {
            for j in 0..3 {
                f[i][j] = 2.0 * f[i][j] + f2[i][j];
            }
        }
    }
    for (i, row) in f.iter_mut().enumerate() {
        row[i] += 1.0;
    }
    f
}

/// The reference spring step: `(x, v)` after `dt` from `(x0, v0)` toward goal `g`, goal
/// velocity `q`, stiffness `s`, damping `d` (all `>= 0`, finite), by the matrix exponential.
pub fn spring(x0: f64, v0: f64, g: f64, q: f64, s: f64, d: f64, dt: f64) -> (f64, f64) {
    if dt == 0.0 {
        return (x0, v0);
    }
    let a: Mat3 = [
        [0.0, dt, 0.0],
        [-s * dt, -d * dt, d * q * dt],
        [0.0, 0.0, 0.0],
    ];
    let m = expm(&a);
    let e0 = x0 - g;
    let e1 = m[0][0] * e0 + m[0][1] * v0 + m[0][2];
    let v1 = m[1][0] * e0 + m[1][1] * v0 + m[1][2];
    (g + e1, v1)
}

/// Classical RK4 on the spring ODE with `steps` equal steps (used to check [`spring`]).
pub fn spring_rk4(
    x0: f64,
    v0: f64,
    g: f64,
    q: f64,
    s: f64,
    d: f64,
    dt: f64,
    steps: usize,
) -> (f64, f64) {
    let f = |x: f64, v: f64| (v, s * (g - x) + d * (q - v));
    let h = dt / steps as f64;
    let (mut x, mut v) = (x0, v0);
    for _ in 0..steps {
        let (k1x, k1v) = f(x, v);
        let (k2x, k2v) = f(x + 0.5 * h * k1x, v + 0.5 * h * k1v);
        let (k3x, k3v) = f(x + 0.5 * h * k2x, v + 0.5 * h * k2v);
        let (k4x, k4v) = f(x + h * k3x, v + h * k3v);
        x += h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
        v += h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
    }
    (x, v)
}

/// The reference damper: `g + (x0 - g) 2^(-dt / h)`.
pub fn damper(x0: f64, g: f64, halflife: f64, dt: f64) -> f64 {
    g + (x0 - g) * (-std::f64::consts::LN_2 * dt / halflife).exp()
}

// ---------------------------------------------------------------------------------------------
// Parameter conversions, exactly as the library defines them (in f64 from the f32 inputs).

/// `d = 4 ln2 / halflife`.
pub fn damping_from_halflife(halflife: f32) -> f64 {
    4.0 * std::f64::consts::LN_2 / f64::from(halflife)
}

/// `s = (2 pi f)^2`.
pub fn stiffness_from_frequency(frequency: f32) -> f64 {
    let w = 2.0 * std::f64::consts::PI * f64::from(frequency);
    w * w
}

/// `s = (d / (2 r))^2`.
pub fn stiffness_from_ratio(ratio: f32, damping: f64) -> f64 {
    let root = damping / (2.0 * f64::from(ratio));
    root * root
}

/// `(s, d)` of the critical spring with the given halflife: `y = 2 ln2 / h`, `s = y^2`, `d = 2 y`.
pub fn critical_params(halflife: f32) -> (f64, f64) {
    let y = 0.5 * damping_from_halflife(halflife);
    (y * y, 2.0 * y)
}

// ---------------------------------------------------------------------------------------------
// The error bounds.

/// One spring step's inputs (the `f32` values the library sees) and its `f64` parameters.
#[derive(Debug, Clone, Copy)]
pub struct Case {
    /// Initial position.
    pub x0: f32,
    /// Initial velocity.
    pub v0: f32,
    /// Goal position.
    pub g: f32,
    /// Goal velocity.
    pub q: f32,
    /// Stiffness, derived in f64.
    pub s: f64,
    /// Damping, derived in f64.
    pub d: f64,
    /// Time step.
    pub dt: f32,
}

impl Case {
    /// A case from its `f32` state, its stiffness and damping, and its time step.
    pub fn new(x0: f32, v0: f32, g: f32, q: f32, s: f64, d: f64, dt: f32) -> Case {
        Case {
            x0,
            v0,
            g,
            q,
            s,
            d,
            dt,
        }
    }

    /// A random case for stiffness `s` and damping `d`, drawn in this order: the goal and the
    /// goal velocity (0 where not `with_goal` / `with_goal_velocity`), `x0 = goal + offset`
    /// rounded to f32, the velocity, then the time step from `dt`.
    pub fn random(
        rng: &mut Rng,
        (s, d): (f64, f64),
        with_goal: bool,
        with_goal_velocity: bool,
        dt: impl FnOnce(&mut Rng) -> f32,
    ) -> Case {
        let g = if with_goal { rng.goal() } else { 0.0 };
        let q = if with_goal_velocity {
            rng.goal_velocity()
        } else {
            0.0
        };
        let x0 = (f64::from(g) + rng.offset()) as f32;
        let v0 = rng.velocity();
        Case::new(x0, v0, g, q, s, d, dt(rng))
    }

    /// The state `(x0, v0, g, q)` in `f64`.
    pub fn state64(&self) -> (f64, f64, f64, f64) {
        let [x0, v0, g, q] = widen([self.x0, self.v0, self.g, self.q]);
        (x0, v0, g, q)
    }

    /// The reference result.
    pub fn reference(&self) -> (f64, f64) {
        self.reference_after(f64::from(self.dt))
    }

    /// The reference result after `t` (in `f64`) instead of the case's time step.
    pub fn reference_after(&self, t: f64) -> (f64, f64) {
        let (x0, v0, g, q) = self.state64();
        spring(x0, v0, g, q, self.s, self.d, t)
    }

    /// `(position bound, velocity bound)`.
    ///
    /// With `s > 0` and the rest point `c = g + d q / s`:
    /// position `1e-5 (|x0 - c| + |v0| dt) + 1e-6 (|c| + |g|)`,
    /// velocity `1e-5 (|v0| + (d/2 + sqrt s) |x0 - c|) + 1e-6 |q|`.
    ///
    /// With `s = 0` there is no rest point: the spring damps `v` toward `q` and the position drifts
    /// with the goal velocity. We take `c = x0` and count the drift `q dt` like the initial
    /// velocity: position `1e-5 (|v0| + |q|) dt + 1e-6 (|x0| + |g|)`, velocity
    /// `1e-5 |v0| + 1e-6 |q|`.
    pub fn bounds(&self) -> (f64, f64) {
        let (x0, v0, g, q) = self.state64();
        let dt = f64::from(self.dt);
        if self.s > 0.0 {
            let c = g + self.d * q / self.s;
            let u = (x0 - c).abs();
            let pos = 1e-5 * (u + v0.abs() * dt) + 1e-6 * (c.abs() + g.abs());
            let vel = 1e-5 * (v0.abs() + (0.5 * self.d + self.s.sqrt()) * u) + 1e-6 * q.abs();
            (pos, vel)
        } else {
            let pos = 1e-5 * (v0.abs() + q.abs()) * dt + 1e-6 * (x0.abs() + g.abs());
            let vel = 1e-5 * v0.abs() + 1e-6 * q.abs();
            (pos, vel)
        }
    }

    /// The errors of a library result as fractions of the bounds: `(position, velocity)`.
    ///
    /// A library result flushed by the settling rule (`docs/math.md` §4.6) is compared with the
    /// reference flushed the same way: where the reference lies within `f32::MIN_POSITIVE` of the
    /// goal (position) or of 0 (velocity), below the normal range of `f32`, the goal and 0 are
    /// exact results. Nothing else is exempt.
    pub fn error_fractions(&self, x1: f32, v1: f32) -> (f64, f64) {
        let (xr, vr) = self.reference();
        let (bp, bv) = self.bounds();
        let tiny = f64::from(f32::MIN_POSITIVE);
        let g = f64::from(self.g);
        let xr = if f64::from(x1) == g && (xr - g).abs() < tiny {
            g
        } else {
            xr
        };
        let vr = if v1 == 0.0 && vr.abs() < tiny {
            0.0
        } else {
            vr
        };
        (
            fraction(f64::from(x1) - xr, bp),
            fraction(f64::from(v1) - vr, bv),
        )
    }
}

/// `|error| / bound`, with `0 / 0 = 0` (an exact result under a zero bound is fine).
pub fn fraction(error: f64, bound: f64) -> f64 {
    if error == 0.0 {
        0.0
    } else {
        error.abs() / bound
    }
}

/// Tracks the worst error fractions of one family of springs.
#[derive(Debug, Clone)]
pub struct Worst {
    /// Family name.
    pub name: &'static str,
    /// Number of cases seen.
    pub cases: usize,
    /// Largest position error / bound.
    pub pos: f64,
    /// Largest velocity error / bound.
    pub vel: f64,
    /// The case with the largest of the two fractions.
    pub worst_case: String,
}

impl Worst {
    /// An empty record.
    pub fn new(name: &'static str) -> Worst {
        Worst {
            name,
            cases: 0,
            pos: 0.0,
            vel: 0.0,
            worst_case: String::new(),
        }
    }

    /// Records one case's error fractions (NaN counts as infinitely bad).
    pub fn record(&mut self, pos: f64, vel: f64, describe: impl Fn() -> String) {
        self.cases += 1;
        let pos = if pos.is_nan() { f64::INFINITY } else { pos };
        let vel = if vel.is_nan() { f64::INFINITY } else { vel };
        if pos.max(vel) > self.pos.max(self.vel) {
            self.worst_case = describe();
        }
        self.pos = self.pos.max(pos);
        self.vel = self.vel.max(vel);
    }

    /// Runs `case(rng, worst)` `cases` times with one [`Rng`] seeded `seed`, recording into one
    /// record named `name`, then reports it and checks it ([`report_and_check`](Self::report_and_check)).
    pub fn check_random_cases(
        name: &'static str,
        seed: u64,
        cases: usize,
        mut case: impl FnMut(&mut Rng, &mut Worst),
    ) {
        Worst::check_random_families([name], seed, cases, |rng, [worst]| case(rng, worst));
    }

    /// [`check_random_cases`](Self::check_random_cases) with one record per family of `names`:
    /// each is reported and checked in that order, then returned.
    pub fn check_random_families<const K: usize>(
        names: [&'static str; K],
        seed: u64,
        cases: usize,
        mut case: impl FnMut(&mut Rng, &mut [Worst; K]),
    ) -> [Worst; K] {
        let mut rng = Rng::new(seed);
        let mut worsts = names.map(Worst::new);
        for _ in 0..cases {
            case(&mut rng, &mut worsts);
        }
        for worst in &worsts {
            worst.report_and_check();
        }
        worsts
    }

    /// Records a library result `(x, v)` for `case` by its [`Case::error_fractions`].
    pub fn record_case(&mut self, case: &Case, (x, v): (f32, f32)) {
        let (pos, vel) = case.error_fractions(x, v);
        self.record(pos, vel, || {
            let (xr, vr) = case.reference();
            format!("{case:?} -> ({x:e}, {v:e}) ref ({xr:e}, {vr:e})")
        });
    }

    /// Prints the record and asserts both fractions are at most 1.
    pub fn report_and_check(&self) {
        eprintln!(
            "{:<28} cases {:>5}  max pos err/bound {:.3e}  max vel err/bound {:.3e}",
            self.name, self.cases, self.pos, self.vel
        );
        assert!(
            self.pos <= 1.0 && self.vel <= 1.0,
            "{}: error above the bound (pos {:.3e}, vel {:.3e}); worst case: {}",
            self.name,
            self.pos,
            self.vel,
            self.worst_case
        );
    }
}

/// Records `k` unequal steps of `case`'s spring that ended at `(x, v)` against the reference
/// `(xr, vr)` over their sum: within 10x the case's bound plus two `f32` ulps of the result per
/// step, the position's ulps charged to the velocity too, times `d/2 + sqrt s` (docs/math.md §4.4).
pub fn record_steps(
    worst: &mut Worst,
    case: &Case,
    k: usize,
    (x, v): (f32, f32),
    (xr, vr): (f64, f64),
    describe: impl Fn() -> String,
) {
    let ulp = |x: f64| f64::from(ulp_f32(x as f32));
    let (bp, bv) = case.bounds();
    let per_step = 2.0 * k as f64;
    let rate = 0.5 * case.d + case.s.sqrt();
    let pos_tol = 10.0 * bp + per_step * ulp(xr);
    let vel_tol = 10.0 * bv + per_step * (ulp(vr) + rate * ulp(xr));
    worst.record(
        fraction(f64::from(x) - xr, pos_tol),
        fraction(f64::from(v) - vr, vel_tol),
        describe,
    );
}

// ---------------------------------------------------------------------------------------------
// Comparing f32 results.

/// The gap from `|x|` to the next `f32` up (the smallest subnormal at 0).
pub fn ulp_f32(x: f32) -> f32 {
    let x = x.abs();
    if x == 0.0 {
        f32::from_bits(1)
    } else {
        f32::from_bits(x.to_bits() + 1) - x
    }
}

/// Lane `i` of a kernel (`got`) against its scalar twin (`want`): within 4 ulps of the result, or
/// `1e-6` relative to `scale`, the magnitude of the terms that make the result up.
#[track_caller]
pub fn assert_lane_close(what: &str, i: usize, got: f32, want: f32, scale: f32) {
    let diff = (got - want).abs();
    let ok = diff <= 4.0 * ulp_f32(want.abs().max(got.abs())) || diff <= 1e-6 * scale;
    assert!(
        ok,
        "{what}[{i}]: batch {got} vs scalar {want} (diff {diff}, scale {scale})"
    );
}

/// Calls `check(rng, n, dt)` for every tail length `n` in `0..67` (every padding of the last lane
/// group, several groups) and every step `dt` of `dts`, drawing from one [`Rng`] seeded `seed`.
pub fn each_length_and_dt(seed: u64, dts: &[f32], mut check: impl FnMut(&mut Rng, usize, f32)) {
    let mut rng = Rng::new(seed);
    for n in 0..67 {
        for &dt in dts {
            check(&mut rng, n, dt);
        }
    }
}

/// Every lane `i < n` of a kernel's named columns `got` against its scalar twin with
/// [`assert_lane_close`]: `twin(i)` gives each column's `(wanted value, scale)`.
#[track_caller]
pub fn assert_lanes_match_twin<const K: usize>(
    n: usize,
    got: [(&str, &[f32]); K],
    twin: impl Fn(usize) -> [(f32, f32); K],
) {
    for i in 0..n {
        for ((what, got), (want, scale)) in got.iter().zip(twin(i)) {
            assert_lane_close(what, i, got[i], want, scale);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Quaternions in f64, written independently of the library (asin / acos instead of atan2).

/// Rotation vector (angle times unit axis) of the rotation `q` (any norm), shortest path.
pub fn quat_log(q: DQuat) -> DVec3 {
    let q = q.normalize();
    let q = if q.w < 0.0 { -q } else { q };
    let xyz = DVec3::new(q.x, q.y, q.z);
    let s = xyz.length();
    if s == 0.0 {
        return DVec3::ZERO;
    }
    // Both branches are well conditioned where they are used.
    let half = if s < std::f64::consts::FRAC_1_SQRT_2 {
        s.asin()
    } else {
        q.w.acos()
    };
    xyz * (2.0 * half / s)
}

/// The rotation of rotation vector `v`.
pub fn quat_exp(v: DVec3) -> DQuat {
    let angle = v.length();
    if angle == 0.0 {
        return DQuat::IDENTITY;
    }
    let axis = v / angle;
    let (s, c) = (0.5 * angle).sin_cos();
    DQuat::from_xyzw(axis.x * s, axis.y * s, axis.z * s, c)
}

/// The offset rotation vector of `x` from `goal` (`log(x * goal^-1)`), from the f32 values.
pub fn quat_offset(x: Quat, goal: Quat) -> DVec3 {
    let x = x.as_dquat().normalize();
    let g = goal.as_dquat().normalize();
    quat_log(x * g.conjugate())
}

/// `f64` version of an `f32` vector.
pub fn dvec(v: Vec3) -> DVec3 {
    v.as_dvec3()
}
