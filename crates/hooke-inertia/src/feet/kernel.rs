//! The lock-state kernel (docs/math.md §7.2, §7.4): contacts with hysteresis, locks held or
//! started, released lock points following the animated toe on hooke's exact critical spring,
//! eight legs of eight characters per `f32x8` lane group. No allocation, no panics, no
//! validation (the settings were checked where they entered).

use hooke::lanes::{LaneCoeffs, spring_step};
use hooke::simd::Vec3x8;
use wide::f32x8;

/// The per-frame constants of the kernel (checked settings, splatted).
#[derive(Debug, Clone, Copy)]
pub(crate) struct LockParams {
    /// Contacts are detected (else given by the caller).
    pub detect: bool,
    pub enter_speed: f32x8,
    pub exit_speed: f32x8,
    pub enter_height: f32x8,
    pub exit_height: f32x8,
    pub max_lock_distance: f32x8,
    pub settle: f32x8,
    /// The vertical axis (unit): a held lock point follows the animated toe along it.
    pub up: Vec3x8,
    /// The release spring over this frame's `dt`.
    pub spring: LaneCoeffs,
}

/// What the gather pass measured this frame for eight legs (flags are 0 or 1).
#[derive(Debug, Clone, Copy)]
pub(crate) struct LegFrame8 {
    /// The character has a blend in flight or a leg still locked or releasing.
    pub active: f32x8,
    /// The character has a blend in flight.
    pub blending: f32x8,
    /// The caller's contact (given contacts).
    pub given: f32x8,
    /// The destination toe's speed and height above the ground (detected contacts).
    pub speed: f32x8,
    pub height: f32x8,
    /// How far the animated toe is from the destination's (the blend's offset at the toe): a
    /// lock starts only where the blend moves the toe by more than the settle distance.
    pub blend_offset: f32x8,
    /// The animated (output) toe and its velocity.
    pub toe: Vec3x8,
    pub toe_velocity: Vec3x8,
    /// A lock point `p` is within the leg's reach when `|p - centre| <= reach`.
    pub centre: Vec3x8,
    pub reach: f32x8,
}

/// The lock state of eight legs (flags are 0 or 1).
#[derive(Debug, Clone, Copy)]
pub(crate) struct LockState8 {
    pub contact: f32x8,
    /// In contact while the character blended, at the last update: a lock starts only when a
    /// leg becomes planted (a lock released past reach or too far does not start again while
    /// the same contact lasts, which would drag the toe in steps).
    pub planted: f32x8,
    /// Held where it was planted.
    pub locked: f32x8,
    /// Locked or releasing: the IK moves the toe to `point`.
    pub engaged: f32x8,
    /// The IK target and its velocity.
    pub point: Vec3x8,
    pub velocity: Vec3x8,
    /// While releasing: the target's offset from the animated toe and its velocity, decaying
    /// on the release spring.
    pub release: Vec3x8,
    pub release_velocity: Vec3x8,
}

/// One frame of eight legs' lock state.
#[inline]
pub(crate) fn lock_step(s: LockState8, f: &LegFrame8, p: &LockParams) -> LockState8 {
    let zero = f32x8::ZERO;
    let flag = |x: f32x8| x.simd_ne(zero);
    let active = flag(f.active);
    let blending = flag(f.blending);
    let was_contact = flag(s.contact);
    let contact = if p.detect {
        let enter = f.speed.simd_le(p.enter_speed) & f.height.simd_le(p.enter_height);
        let stay = f.speed.simd_le(p.exit_speed) & f.height.simd_le(p.exit_height);
        was_contact.select(stay, enter)
    } else {
        flag(f.given)
    } & active;
    let locked = flag(s.locked);
    let engaged = flag(s.engaged);
    let near = (s.point - f.toe).length().simd_le(p.max_lock_distance)
        & (s.point - f.centre).length().simd_le(f.reach);
    let planted = contact & blending;
    let keep = locked & planted & near;
    // A lock starts where the IK target is: the animated toe, or a releasing point (no jump);
    // only while the blend still moves this toe (a lock started on a settled offset would only
    // freeze the destination's own motion).
    let moved = f.blend_offset.simd_gt(p.settle);
    let start = not(locked) & planted & not(flag(s.planted)) & moved & (not(engaged) | near);
    let now_locked = keep | start;
    // Held across the ground, not along the vertical: there the point follows the animated toe,
    // which comes down to the destination's planted height as the offsets decay. A lock that
    // starts while the blended foot is still in the air then sets it down where it is instead
    // of holding it up there (docs/math.md §7.4).
    let held = Vec3x8::select(engaged, s.point, f.toe);
    let held = held + p.up * (f.toe - held).dot(p.up);
    let held_velocity = p.up * f.toe_velocity.dot(p.up);
    // A release inertializes the lock point out: the target's offset from the animated toe
    // decays on the exact critical spring, so it converges whatever the toe does (a point
    // chasing the toe would lag a swinging foot by centimetres). The offset is taken, undecayed,
    // on the frame the lock lets go, and decays from the next frame on.
    let letting_go = locked & not(now_locked);
    let zero3 = Vec3x8::splat(glam::Vec3::ZERO);
    let (decayed, decayed_velocity) = step3(&p.spring, s.release, s.release_velocity, zero3);
    let release = Vec3x8::select(letting_go, held - f.toe, decayed);
    let release_velocity =
        Vec3x8::select(letting_go, held_velocity - f.toe_velocity, decayed_velocity);
    let released = Vec3x8::select(engaged, f.toe + release, f.toe);
    let released_velocity =
        Vec3x8::select(engaged, f.toe_velocity + release_velocity, f.toe_velocity);
    let mut point = Vec3x8::select(now_locked, held, released);
    let mut velocity = Vec3x8::select(now_locked, held_velocity, released_velocity);
    // Settled once the target is within the settle distance of the toe and the offset's speed
    // would carry it less than that in a tenth of a second.
    let settled = (point - f.toe).length().simd_le(p.settle)
        & ((velocity - f.toe_velocity).length() * f32x8::splat(0.1)).simd_le(p.settle);
    // Finite input keeps every column finite; anything else lets the leg go.
    let broken = not(finite(point) & finite(velocity) & finite(release) & finite(release_velocity));
    let now_engaged = (now_locked | (engaged & not(settled))) & not(broken);
    point = Vec3x8::select(now_engaged, point, f.toe);
    velocity = Vec3x8::select(now_engaged, velocity, f.toe_velocity);
    let one = f32x8::ONE;
    // Characters without a blend or a lock keep their state untouched.
    LockState8 {
        // An inactive character's contacts start afresh at its next blend.
        contact: active.select(contact.select(one, zero), zero),
        planted: active.select(planted.select(one, zero), zero),
        locked: active.select((now_locked & now_engaged).select(one, zero), s.locked),
        engaged: active.select(now_engaged.select(one, zero), s.engaged),
        point: Vec3x8::select(active, point, s.point),
        velocity: Vec3x8::select(active, velocity, s.velocity),
        release: Vec3x8::select(active & now_engaged, release, zero3),
        release_velocity: Vec3x8::select(active & now_engaged, release_velocity, zero3),
    }
}

/// The release spring on each component of an offset `x` with velocity `v`: hooke's exact
/// critical spring toward `goal` at rest.
fn step3(c: &LaneCoeffs, x: Vec3x8, v: Vec3x8, goal: Vec3x8) -> (Vec3x8, Vec3x8) {
    let zero = f32x8::ZERO;
    let (px, vx) = spring_step(c, x.x, v.x, goal.x, zero);
    let (py, vy) = spring_step(c, x.y, v.y, goal.y, zero);
    let (pz, vz) = spring_step(c, x.z, v.z, goal.z, zero);
    (
        Vec3x8 {
            x: px,
            y: py,
            z: pz,
        },
        Vec3x8 {
            x: vx,
            y: vy,
            z: vz,
        },
    )
}

fn not(mask: f32x8) -> f32x8 {
    // A mask lane is all ones (a NaN) or zero.
    mask.simd_eq(f32x8::ZERO)
}

fn finite(v: Vec3x8) -> f32x8 {
    let max = f32x8::splat(f32::MAX);
    v.x.abs().simd_le(max) & v.y.abs().simd_le(max) & v.z.abs().simd_le(max)
}
