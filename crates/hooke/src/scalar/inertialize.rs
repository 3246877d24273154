//! Inertialization with springs: switch between animation streams instantly, carry the difference
//! as an offset, and decay the offset to zero with the exact critical decay spring.
//!
//! Per value the state is an offset and its velocity (for rotations: an offset rotation and its
//! angular velocity). At a transition from the stream `src` to the stream `dst` the offset is
//! re-based so that the *output* does not move:
//!
//! ```text
//! off_x' = (src_x + off_x) - dst_x          off_v' = (src_v + off_v) - dst_v
//! off_q' = abs((off_q * src_q) * inv(dst_q))
//! off_w' = (off_w + off_q * src_w) - off_q' * dst_w
//! ```
//!
//! Each frame the offsets decay, and `out_x = in_x + off_x`, `out_v = in_v + off_v`,
//! `out_q = off_q * in_q`, `out_w = off_w + off_q * in_w`.
//!
//! The angular velocity of `off_q * in_q` is `off_w + off_q * in_w` (the input's angular velocity is
//! rotated by the offset), so the angular-velocity offset must be re-based with the rotated
//! velocities above. The widely copied reference subtracts plainly (`off_w + src_w - dst_w`), which
//! makes the output's angular velocity jump whenever a transition starts while an earlier offset
//! rotation has not yet decayed (`docs/math.md` §6.1).
//!
//! `src` and `dst` are the *input* streams (the animations before any offset), not the output:
//! passing the already-offset output as the source would apply the existing offset twice.

use glam::{Quat, Vec3};

use super::{decay_spring_damper_exact_quat, quat_abs};
use crate::coeffs::SpringCoeffs;

/// Re-bases a scalar offset at a transition from stream `src` to stream `dst`.
///
/// After the call `dst + offset` equals the previous `src + offset`, in value and velocity.
///
/// ```
/// use hooke::scalar::inertialize_transition;
/// let (mut off_x, mut off_v) = (0.0_f32, 0.0_f32);
/// inertialize_transition(&mut off_x, &mut off_v, 1.0, 0.5, 3.0, -1.0);
/// assert_eq!((off_x, off_v), (-2.0, 1.5));
/// ```
pub fn inertialize_transition(
    off_x: &mut f32,
    off_v: &mut f32,
    src_x: f32,
    src_v: f32,
    dst_x: f32,
    dst_v: f32,
) {
    *off_x = rebase(src_x, *off_x, dst_x);
    *off_v = rebase(src_v, *off_v, dst_v);
}

/// `(src + off) - dst`, saturated at `±f32::MAX` where `f32` overflows (a transition from
/// 3e38 to -3e38: the header's "never NaN" needs a finite offset).
#[inline]
fn rebase(src: f32, off: f32, dst: f32) -> f32 {
    let x = (src + off) - dst;
    if x.is_finite() {
        x
    } else {
        super::saturate((f64::from(src) + f64::from(off)) - f64::from(dst))
    }
}

/// `input + offset`, saturated like [`rebase`].
#[inline]
fn offset(input: f32, off: f32) -> f32 {
    let x = input + off;
    if x.is_finite() {
        x
    } else {
        super::saturate(f64::from(input) + f64::from(off))
    }
}

/// [`inertialize_transition`] for a `Vec3`.
///
/// ```
/// use glam::Vec3;
/// use hooke::scalar::inertialize_transition_vec3;
/// let (mut off_x, mut off_v) = (Vec3::ZERO, Vec3::ZERO);
/// inertialize_transition_vec3(&mut off_x, &mut off_v, Vec3::X, Vec3::ZERO, Vec3::Y, Vec3::Z);
/// assert_eq!((off_x, off_v), (Vec3::X - Vec3::Y, -Vec3::Z));
/// ```
pub fn inertialize_transition_vec3(
    off_x: &mut Vec3,
    off_v: &mut Vec3,
    src_x: Vec3,
    src_v: Vec3,
    dst_x: Vec3,
    dst_v: Vec3,
) {
    *off_x = Vec3::new(
        rebase(src_x.x, off_x.x, dst_x.x),
        rebase(src_x.y, off_x.y, dst_x.y),
        rebase(src_x.z, off_x.z, dst_x.z),
    );
    *off_v = Vec3::new(
        rebase(src_v.x, off_v.x, dst_v.x),
        rebase(src_v.y, off_v.y, dst_v.y),
        rebase(src_v.z, off_v.z, dst_v.z),
    );
}

/// Re-bases a rotation offset at a transition from stream `src` to stream `dst`.
///
/// The new offset rotation takes `dst_q` to the previous output `off_q * src_q` (shortest path), and
/// the new angular-velocity offset keeps the output angular velocity `off_w + off_q * in_w`
/// unchanged: `off_w' = (off_w + off_q * src_w) - off_q' * dst_w`. The products are done in `f64`.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::scalar::inertialize_transition_quat;
///
/// let (mut off_q, mut off_w) = (Quat::from_rotation_z(0.4), Vec3::new(0.0, 0.0, 0.3));
/// let (src_q, src_w) = (Quat::from_rotation_x(0.2), Vec3::X);
/// let (dst_q, dst_w) = (Quat::from_rotation_y(-0.7), Vec3::Y);
/// let out_before = (off_q * src_q, off_w + off_q * src_w);
/// inertialize_transition_quat(&mut off_q, &mut off_w, src_q, src_w, dst_q, dst_w);
/// let out_after = (off_q * dst_q, off_w + off_q * dst_w);
/// assert!(out_before.0.dot(out_after.0).abs() > 1.0 - 1e-6);
/// assert!((out_before.1 - out_after.1).length() < 1e-6);
/// ```
pub fn inertialize_transition_quat(
    off_q: &mut Quat,
    off_w: &mut Vec3,
    src_q: Quat,
    src_w: Vec3,
    dst_q: Quat,
    dst_w: Vec3,
) {
    let (q0, w0) = (off_q.as_dquat(), off_w.as_dvec3());
    let (sq, dq) = (src_q.as_dquat(), dst_q.as_dquat());
    let out_w = w0 + q0 * src_w.as_dvec3();
    let q1 = ((q0 * sq) * dq.conjugate() / dq.length_squared()).normalize();
    let q1 = if q1.w < 0.0 { -q1 } else { q1 };
    *off_w = super::saturate_vec3(out_w - q1 * dst_w.as_dvec3());
    *off_q = quat_abs(q1.as_quat());
}

/// Decays a scalar offset with the exact critical decay spring and applies it to the input.
///
/// `out_x = in_x + off_x`, `out_v = in_v + off_v` after the decay. Halflife 0 removes the offset at
/// once; `dt = 0` keeps it.
///
/// ```
/// use hooke::scalar::{inertialize_transition, inertialize_update};
///
/// let (mut off_x, mut off_v) = (0.0_f32, 0.0_f32);
/// inertialize_transition(&mut off_x, &mut off_v, 1.0, 0.0, 0.0, 0.0);
/// let (mut out_x, mut out_v) = (0.0_f32, 0.0_f32);
/// inertialize_update(&mut out_x, &mut out_v, &mut off_x, &mut off_v, 0.0, 0.0, 0.1, 0.0);
/// assert_eq!((out_x, out_v), (1.0, 0.0)); // continuous at the transition
/// inertialize_update(&mut out_x, &mut out_v, &mut off_x, &mut off_v, 0.0, 0.0, 0.1, 1.5);
/// assert!(out_x.abs() < 1e-5); // the offset has decayed
/// ```
pub fn inertialize_update(
    out_x: &mut f32,
    out_v: &mut f32,
    off_x: &mut f32,
    off_v: &mut f32,
    in_x: f32,
    in_v: f32,
    halflife: f32,
    dt: f32,
) {
    if dt != 0.0 {
        SpringCoeffs::critical(halflife, dt).apply(off_x, off_v, 0.0, 0.0);
    }
    *out_x = offset(in_x, *off_x);
    *out_v = offset(in_v, *off_v);
}

/// [`inertialize_update`] for a `Vec3`.
///
/// ```
/// use glam::Vec3;
/// use hooke::scalar::inertialize_update_vec3;
/// let (mut off_x, mut off_v) = (Vec3::X, Vec3::ZERO);
/// let (mut out_x, mut out_v) = (Vec3::ZERO, Vec3::ZERO);
/// inertialize_update_vec3(&mut out_x, &mut out_v, &mut off_x, &mut off_v, Vec3::Y, Vec3::ZERO, 0.0, 0.1);
/// assert_eq!(out_x, Vec3::Y);
/// ```
pub fn inertialize_update_vec3(
    out_x: &mut Vec3,
    out_v: &mut Vec3,
    off_x: &mut Vec3,
    off_v: &mut Vec3,
    in_x: Vec3,
    in_v: Vec3,
    halflife: f32,
    dt: f32,
) {
    if dt != 0.0 {
        let c = SpringCoeffs::critical(halflife, dt);
        c.apply(&mut off_x.x, &mut off_v.x, 0.0, 0.0);
        c.apply(&mut off_x.y, &mut off_v.y, 0.0, 0.0);
        c.apply(&mut off_x.z, &mut off_v.z, 0.0, 0.0);
    }
    *out_x = Vec3::new(
        offset(in_x.x, off_x.x),
        offset(in_x.y, off_x.y),
        offset(in_x.z, off_x.z),
    );
    *out_v = Vec3::new(
        offset(in_v.x, off_v.x),
        offset(in_v.y, off_v.y),
        offset(in_v.z, off_v.z),
    );
}

/// Decays a rotation offset toward the identity with the exact critical decay spring and applies
/// it to the input: `out_q = off_q * in_q`, `out_w = off_w + off_q * in_w`.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::scalar::inertialize_update_quat;
/// let (mut off_q, mut off_w) = (Quat::from_rotation_x(1.0), Vec3::ZERO);
/// let (mut out_q, mut out_w) = (Quat::IDENTITY, Vec3::ZERO);
/// let in_q = Quat::from_rotation_y(0.5);
/// inertialize_update_quat(&mut out_q, &mut out_w, &mut off_q, &mut off_w, in_q, Vec3::ZERO, 0.1, 2.0);
/// assert!(out_q.angle_between(in_q) < 1e-4);
/// ```
pub fn inertialize_update_quat(
    out_q: &mut Quat,
    out_w: &mut Vec3,
    off_q: &mut Quat,
    off_w: &mut Vec3,
    in_q: Quat,
    in_w: Vec3,
    halflife: f32,
    dt: f32,
) {
    if dt != 0.0 {
        decay_spring_damper_exact_quat(off_q, off_w, halflife, dt);
    }
    let q = off_q.as_dquat();
    *out_q = (q * in_q.as_dquat()).normalize().as_quat();
    *out_w = super::saturate_vec3(off_w.as_dvec3() + q * in_w.as_dvec3());
}
