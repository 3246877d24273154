//! Source-style scalar functions (variant c): the article's code ("Spring-It-On" /
//! "spring-roll-call", D. Holden) transcribed line by line, with the exact `expf` (and `atanf`)
//! where the article uses its `fast_negexp` / `fast_atan` approximations. Every call evaluates its
//! own exponential, as code that calls these per spring does.

use glam::{Quat, Vec3};

/// `ln 2` (the article writes `0.69314718056f`, the same `f32`).
const LN2: f32 = std::f32::consts::LN_2;

/// The article's default `eps`.
pub const EPS: f32 = 1e-5;

/// The article's `halflife_to_damping`.
#[inline(always)]
pub fn halflife_to_damping(halflife: f32) -> f32 {
    (4.0 * LN2) / (halflife + EPS)
}

/// The article's `critical_spring_damper_exact`, with `expf`.
#[inline(always)]
pub fn critical_spring_damper_exact(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    halflife: f32,
    dt: f32,
) {
    let g = x_goal;
    let q = v_goal;
    let d = halflife_to_damping(halflife);
    let c = g + (d * q) / ((d * d) / 4.0);
    let y = d / 2.0;
    let j0 = *x - c;
    let j1 = *v + j0 * y;
    let eydt = (-y * dt).exp();
    *x = eydt * (j0 + j1 * dt) + c;
    *v = eydt * (*v - j1 * y * dt);
}

/// The article's `decay_spring_damper_exact`, with `expf`.
#[inline(always)]
pub fn decay_spring_damper_exact(x: &mut f32, v: &mut f32, halflife: f32, dt: f32) {
    let y = halflife_to_damping(halflife) / 2.0;
    let j0 = *x;
    let j1 = *v + j0 * y;
    let eydt = (-y * dt).exp();
    *x = eydt * (j0 + j1 * dt);
    *v = eydt * (*v - j1 * y * dt);
}

/// The article's three-branch `spring_damper_exact` (stiffness, damping), with `expf` / `atanf`.
#[inline(always)]
pub fn spring_damper_exact(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    stiffness: f32,
    damping: f32,
    dt: f32,
) {
    let g = x_goal;
    let q = v_goal;
    let s = stiffness;
    let d = damping;
    let c = g + (d * q) / (s + EPS);
    let y = d / 2.0;

    if (s - (d * d) / 4.0).abs() < EPS {
        // Critically damped.
        let j0 = *x - c;
        let j1 = *v + j0 * y;
        let eydt = (-y * dt).exp();
        *x = j0 * eydt + dt * j1 * eydt + c;
        *v = -y * j0 * eydt - y * dt * j1 * eydt + j1 * eydt;
    } else if s - (d * d) / 4.0 > 0.0 {
        // Under-damped.
        let w = (s - (d * d) / 4.0).sqrt();
        let mut j = ((*v + y * (*x - c)).powi(2) / (w * w + EPS) + (*x - c).powi(2)).sqrt();
        let p = ((*v + (*x - c) * y) / (-(*x - c) * w + EPS)).atan();
        j = if (*x - c) > 0.0 { j } else { -j };
        let eydt = (-y * dt).exp();
        *x = j * eydt * (w * dt + p).cos() + c;
        *v = -y * j * eydt * (w * dt + p).cos() - w * j * eydt * (w * dt + p).sin();
    } else if s - (d * d) / 4.0 < 0.0 {
        // Over-damped.
        let y0 = (d + (d * d - 4.0 * s).sqrt()) / 2.0;
        let y1 = (d - (d * d - 4.0 * s).sqrt()) / 2.0;
        let j1 = (c * y0 - *x * y0 - *v) / (y1 - y0);
        let j0 = *x - j1 - c;
        let ey0dt = (-y0 * dt).exp();
        let ey1dt = (-y1 * dt).exp();
        *x = j0 * ey0dt + j1 * ey1dt + c;
        *v = -y0 * j0 * ey0dt - y1 * j1 * ey1dt;
    }
}

/// The article's `quat_log`.
#[inline(always)]
fn quat_log(q: Quat, eps: f32) -> Vec3 {
    let length = (q.x * q.x + q.y * q.y + q.z * q.z).sqrt();
    if length < eps {
        Vec3::new(q.x, q.y, q.z)
    } else {
        let halfangle = q.w.clamp(-1.0, 1.0).acos();
        halfangle * (Vec3::new(q.x, q.y, q.z) / length)
    }
}

/// The article's `quat_exp`.
#[inline(always)]
fn quat_exp(v: Vec3, eps: f32) -> Quat {
    let halfangle = (v.x * v.x + v.y * v.y + v.z * v.z).sqrt();
    if halfangle < eps {
        Quat::from_xyzw(v.x, v.y, v.z, 1.0).normalize()
    } else {
        let c = halfangle.cos();
        let s = halfangle.sin() / halfangle;
        Quat::from_xyzw(s * v.x, s * v.y, s * v.z, c)
    }
}

/// The article's `quat_to_scaled_angle_axis`.
#[inline(always)]
pub fn quat_to_scaled_angle_axis(q: Quat) -> Vec3 {
    2.0 * quat_log(q, 1e-8)
}

/// The article's `quat_from_scaled_angle_axis`.
#[inline(always)]
pub fn quat_from_scaled_angle_axis(v: Vec3) -> Quat {
    quat_exp(v / 2.0, 1e-8)
}

/// The article's quaternion `decay_spring_damper_exact` (glam), with `expf`.
#[inline(always)]
pub fn decay_spring_damper_exact_quat(rot: &mut Quat, ang_vel: &mut Vec3, halflife: f32, dt: f32) {
    let y = halflife_to_damping(halflife) / 2.0;
    let j0 = quat_to_scaled_angle_axis(*rot);
    let j1 = *ang_vel + j0 * y;
    let eydt = (-y * dt).exp();
    *rot = quat_from_scaled_angle_axis(eydt * (j0 + j1 * dt));
    *ang_vel = eydt * (*ang_vel - j1 * y * dt);
}
