//! Implicit (backward-Euler) springs as a rigid-body solver sees them ("Implicit springs in ODE").
//!
//! A constraint solver with an error-reduction parameter (ERP) and constraint force mixing (CFM)
//! behaves exactly like a spring with stiffness `kp` and damping `kd` integrated with one step of
//! backward Euler. These functions convert between the two descriptions, take that step, and give
//! the mass at which it is critically damped.
//!
//! Backward Euler is unconditionally stable, but it is stable partly because it removes energy:
//! an undamped spring (`kd = 0`) stepped with [`implicit_spring_step`] loses energy every step,
//! where the exact solution ([`crate::scalar::spring_damper_exact_stiffness_damping`] with
//! `stiffness = kp / m`, `damping = kd / m`) keeps it. Use the exact spring for animation; use
//! these to reason about, or reproduce, a physics engine's soft constraints.
//!
//! All arithmetic is done in `f64` and rounded once, so stiff settings such as ODE's defaults
//! (`kp ≈ 1.2e6`) do not lose precision.

/// ERP and CFM of a soft constraint that acts like a spring with stiffness `kp` and damping `kd`
/// over a solver step `dt`: `ERP = dt kp / (dt kp + kd)`, `CFM = 1 / (dt kp + kd)`.
///
/// Domain `kp, kd >= 0`, `dt > 0`; negative values are treated as 0. When `dt kp + kd = 0` (no
/// spring at all) the constraint is infinitely soft: `(0.0, f32::INFINITY)`. An infinite `kp` or
/// `kd` is a rigid constraint (CFM 0, ERP 1 or 0); both infinite, or a NaN input, give NaN.
///
/// ```
/// use hooke::scalar::erp_cfm_from_stiffness_damping;
/// // A critically damped unit mass with kp = 1e6 (kd = 2 sqrt(kp)) at 60 Hz.
/// let (erp, cfm) = erp_cfm_from_stiffness_damping(1e6, 2000.0, 1.0 / 60.0);
/// assert!((erp - 0.892857).abs() < 1e-5);
/// assert!((cfm - 5.357143e-5).abs() < 1e-10);
/// ```
pub fn erp_cfm_from_stiffness_damping(kp: f32, kd: f32, dt: f32) -> (f32, f32) {
    if kp.is_nan() || kd.is_nan() || dt.is_nan() {
        return (f32::NAN, f32::NAN);
    }
    let kp = f64::from(kp.max(0.0));
    let kd = f64::from(kd.max(0.0));
    let dt = f64::from(dt.max(0.0));
    let dtkp = dt * kp;
    let denom = dtkp + kd;
    if denom == 0.0 {
        return (0.0, f32::INFINITY);
    }
    if denom == f64::INFINITY {
        // A rigid constraint: ERP is the share of the infinite part that comes from kp.
        let erp = if dtkp == f64::INFINITY && kd == f64::INFINITY {
            f64::NAN
        } else if dtkp == f64::INFINITY {
            1.0
        } else {
            0.0
        };
        return (erp as f32, 0.0);
    }
    ((dtkp / denom) as f32, (1.0 / denom) as f32)
}

/// Stiffness and damping equivalent to a constraint's ERP and CFM over a solver step `dt`:
/// `kp = ERP / (dt CFM)`, `kd = (1 - ERP) / CFM`.
///
/// ODE's defaults (ERP 0.2, CFM 1e-5) at 60 Hz give `kp = 1.2e6`, `kd = 8e4`. Domain
/// `0 <= ERP <= 1`, `CFM >= 0`, `dt > 0`; ERP is clamped to `[0, 1]` and a negative CFM or `dt`
/// is treated as 0. A CFM of 0 is a rigid constraint: the terms it makes infinite are `+inf`
/// (`kp` unless ERP is 0, `kd` unless ERP is 1), never NaN. A NaN input gives NaN.
///
/// ```
/// use hooke::scalar::stiffness_damping_from_erp_cfm;
/// let (kp, kd) = stiffness_damping_from_erp_cfm(0.2, 1e-5, 1.0 / 60.0);
/// assert!((kp / 1.2e6 - 1.0).abs() < 1e-6 && (kd / 8e4 - 1.0).abs() < 1e-6);
/// ```
pub fn stiffness_damping_from_erp_cfm(erp: f32, cfm: f32, dt: f32) -> (f32, f32) {
    if erp.is_nan() || cfm.is_nan() || dt.is_nan() {
        return (f32::NAN, f32::NAN);
    }
    let erp = f64::from(erp.clamp(0.0, 1.0));
    let cfm = f64::from(cfm.max(0.0));
    let dt = f64::from(dt.max(0.0));
    // x / 0 for x >= 0 is +inf for x > 0; the limit is 0 when x is exactly 0 for every CFM.
    let ratio = |num: f64, den: f64| {
        if num == 0.0 { 0.0 } else { num / den }
    };
    let kp = ratio(erp, dt * cfm);
    let kd = ratio(1.0 - erp, cfm);
    (kp as f32, kd as f32)
}

/// One backward-Euler step of the spring `m a = kp (goal - x) - kd v` (the step a constraint
/// solver takes with the ERP/CFM of [`erp_cfm_from_stiffness_damping`]).
///
/// Solves `v1 = v0 + dt (kp (goal - x1) - kd v1) / m`, `x1 = x0 + dt v1`, that is
/// `v1 = (m v0 - dt kp (x0 - goal)) / (m + dt kd + dt² kp)`, `x1 = x0 + dt v1`.
///
/// Stable for every `dt`, but it damps: even with `kd = 0` the energy `(kp x² + m v²) / 2`
/// decreases every step, unlike the exact solution. `mass = 0` is the massless limit
/// (`v1 = -kp (x0 - goal) / (kd + dt kp)`). Out of domain: negative `kp`, `kd` or `mass` are
/// treated as 0; a NaN or infinite parameter, `dt <= 0`, or a step with no spring and no mass
/// (zero denominator) leaves the state unchanged.
///
/// ```
/// use hooke::scalar::{implicit_spring_step, SpringMass};
/// // ODE's default gains on a unit mass one unit from its set point, at 60 Hz.
/// let (mut x, mut v) = (1.0_f32, 0.0_f32);
/// implicit_spring_step(&mut x, &mut v, 0.0, SpringMass { kp: 1.2e6, kd: 8e4, mass: 1.0 }, 1.0 / 60.0);
/// assert!((v + 11.992804).abs() < 1e-4);
/// assert!((x - 0.8001199).abs() < 1e-6);
/// ```
pub fn implicit_spring_step(x: &mut f32, v: &mut f32, goal: f32, spring: SpringMass, dt: f32) {
    let SpringMass { kp, kd, mass } = spring;
    semi_implicit_step(x, v, goal, [kp, kd], mass, dt, backward_euler_velocity);
}

/// The new velocity of [`implicit_spring_step`] (negative gains treated as 0; `None` for a zero
/// denominator: no spring and no mass).
fn backward_euler_velocity(s: StepInputs) -> Option<f64> {
    let [kp, kd] = s.gains.map(|g| g.max(0.0));
    let (m, dt) = (s.m, s.dt);
    let denom = m + dt * kd + dt * dt * kp;
    (denom > 0.0).then(|| (m * s.v0 - dt * kp * s.offset) / denom)
}

/// A body of `mass` on a spring of stiffness `kp` and damping `kd` (`m a = kp (goal - x) - kd v`):
/// the parameters of [`implicit_spring_step`] and [`explicit_euler_spring_step_unstable`], named
/// so that the three numbers cannot be swapped unseen.
///
/// ```
/// use hooke::scalar::{implicit_spring_step, SpringMass};
/// // ODE's default gains on a unit mass.
/// let spring = SpringMass { kp: 1.2e6, kd: 8e4, mass: 1.0 };
/// let (mut x, mut v) = (1.0_f32, 0.0_f32);
/// implicit_spring_step(&mut x, &mut v, 0.0, spring, 1.0 / 60.0);
/// assert!(x < 1.0 && v < 0.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpringMass {
    /// Stiffness (force per unit of distance from the goal).
    pub kp: f32,
    /// Damping (force per unit of velocity).
    pub kd: f32,
    /// Mass of the body.
    pub mass: f32,
}

/// What a solver's velocity rule reads, in `f64`: the offset from the goal `x0 - goal`, the
/// velocity `v0`, the two gains as given, the mass (clamped to `>= 0`) and `dt`.
#[derive(Clone, Copy)]
struct StepInputs {
    offset: f64,
    v0: f64,
    gains: [f64; 2],
    m: f64,
    dt: f64,
}

/// The step every solver here takes: with every parameter finite and `dt > 0` (else nothing
/// changes), the new velocity from the solver's rule `velocity` (`None` leaves the state as it
/// is), then `x1 = x0 + dt v1`.
fn semi_implicit_step(
    x: &mut f32,
    v: &mut f32,
    goal: f32,
    gains: [f32; 2],
    mass: f32,
    dt: f32,
    velocity: impl FnOnce(StepInputs) -> Option<f64>,
) {
    let all_finite = [goal, gains[0], gains[1], mass, dt]
        .iter()
        .all(|p| p.is_finite());
    if !all_finite || dt <= 0.0 {
        return;
    }
    let (m, dt) = (f64::from(mass.max(0.0)), f64::from(dt));
    let x0 = f64::from(*x);
    let inputs = StepInputs {
        offset: x0 - f64::from(goal),
        v0: f64::from(*v),
        gains: gains.map(f64::from),
        m,
        dt,
    };
    if let Some(v1) = velocity(inputs) {
        *v = v1 as f32;
        *x = (x0 + dt * v1) as f32;
    }
}

/// The velocity-level constraint step of a solver with ERP and CFM, for one body of `mass`.
///
/// The solver aims at the velocity `v_target = -ERP (x0 - goal) / dt` and finds the constraint
/// force `F = m (v_target - v0) / dt / (1 + m CFM / dt)`; then `v1 = v0 + F dt / m` and
/// `x1 = x0 + dt v1`. With `(ERP, CFM)` from [`erp_cfm_from_stiffness_damping`] this is exactly
/// [`implicit_spring_step`] (the source prints the mixing term as `1 + m CFM dt`; its own numbers,
/// `F ≈ -719.568`, need `1 + m CFM / dt`).
///
/// Out of domain: ERP is clamped to `[0, 1]`, negative CFM or mass to 0; a NaN or infinite
/// parameter, `dt <= 0`, or `mass = 0` with `CFM = 0` (a rigid constraint on a massless body)
/// leaves the state unchanged.
///
/// ```
/// use hooke::scalar::erp_cfm_constraint_step;
/// let (mut x, mut v) = (1.0_f32, 0.0_f32);
/// erp_cfm_constraint_step(&mut x, &mut v, 0.0, 0.2, 1e-5, 1.0, 1.0 / 60.0);
/// assert!((v + 11.992804).abs() < 1e-4 && (x - 0.8001199).abs() < 1e-6);
/// ```
pub fn erp_cfm_constraint_step(
    x: &mut f32,
    v: &mut f32,
    goal: f32,
    erp: f32,
    cfm: f32,
    mass: f32,
    dt: f32,
) {
    semi_implicit_step(x, v, goal, [erp, cfm], mass, dt, |s| {
        let (erp, cfm) = (s.gains[0].clamp(0.0, 1.0), s.gains[1].max(0.0));
        let (m, dt) = (s.m, s.dt);
        // v1 = v0 + (v_target - v0) / (1 + c) with c = m CFM / dt, written as a weighted mean
        // (c v0 + v_target) / (1 + c) multiplied through by dt so that m = 0 stays finite.
        let denom = dt + m * cfm;
        let v_target = -erp * s.offset / dt;
        (denom > 0.0).then(|| (m * cfm * s.v0 + dt * v_target) / denom)
    });
}

/// The mass at which a constraint with stiffness `kp` and damping `kd` is critically damped:
/// `kd² = 4 kp m`, so `m = kd² / (4 kp)`. Heavier bodies oscillate, lighter ones are over-damped.
///
/// `kp = 0` returns `+inf` (no finite mass is critically damped without stiffness); negative
/// inputs are treated as 0; NaN gives NaN.
///
/// ```
/// use hooke::scalar::critical_mass;
/// // ODE's defaults at 60 Hz: about 1333 kg.
/// assert!((critical_mass(1.2e6, 8e4) - 1333.3334).abs() < 1e-3);
/// ```
pub fn critical_mass(kp: f32, kd: f32) -> f32 {
    if kp.is_nan() || kd.is_nan() {
        return f32::NAN;
    }
    let kp = f64::from(kp.max(0.0));
    let kd = f64::from(kd.max(0.0));
    if kp == 0.0 {
        return f32::INFINITY;
    }
    (kd * kd / (4.0 * kp)) as f32
}

/// **Comparison only — unstable.** One step of the naive spring with forces from the current
/// state: `v1 = v0 + dt (-kp (x0 - goal) - kd v0) / m`, `x1 = x0 + dt v1`.
///
/// This is what applying spring forces directly in a semi-implicit Euler integrator does. It
/// explodes as soon as the spring is stiff for the step: with ODE's default gains on a unit
/// mass at 60 Hz, one step takes `x = 1` to `x ≈ -332`. It exists to demonstrate, in tests and
/// examples, why [`implicit_spring_step`] (or the exact spring) is needed.
///
/// Computed in `f64`; the result overflows to `±inf` rather than NaN for finite input. A NaN or
/// infinite parameter, `dt <= 0` or `mass <= 0` leaves the state unchanged.
///
/// ```
/// use hooke::scalar::{explicit_euler_spring_step_unstable, SpringMass};
/// let (mut x, mut v) = (1.0_f32, 0.0_f32);
/// explicit_euler_spring_step_unstable(&mut x, &mut v, 0.0, SpringMass { kp: 1.2e6, kd: 8e4, mass: 1.0 }, 1.0 / 60.0);
/// assert!((v + 2e4).abs() < 1.0 && x < -300.0);
/// ```
pub fn explicit_euler_spring_step_unstable(
    x: &mut f32,
    v: &mut f32,
    goal: f32,
    spring: SpringMass,
    dt: f32,
) {
    let SpringMass { kp, kd, mass } = spring;
    semi_implicit_step(x, v, goal, [kp, kd], mass, dt, forward_euler_velocity);
}

/// The new velocity of [`explicit_euler_spring_step_unstable`]: the force of the current state,
/// gains as given (no clamping); `None` for a mass that is not positive.
fn forward_euler_velocity(s: StepInputs) -> Option<f64> {
    let [kp, kd] = s.gains;
    let force = -kp * s.offset - kd * s.v0;
    (s.m > 0.0).then(|| s.v0 + s.dt * force / s.m)
}
