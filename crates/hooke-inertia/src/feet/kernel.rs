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
    pub point: Vec3x8,
    pub velocity: Vec3x8,
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
    let near = sub(s.point, f.toe).length().simd_le(p.max_lock_distance)
        & sub(s.point, f.centre).length().simd_le(f.reach);
    let planted = contact & blending;
    let keep = locked & planted & near;
    // A lock starts where the IK target is: the animated toe, or a releasing point (no jump).
    let start = not(locked) & planted & not(flag(s.planted)) & (not(engaged) | near);
    let now_locked = keep | start;
    let held = select3(engaged, s.point, f.toe);
    let (spring, spring_velocity) = step3(&p.spring, s.point, s.velocity, f.toe, f.toe_velocity);
    let released = select3(engaged, spring, f.toe);
    let released_velocity = select3(engaged, spring_velocity, f.toe_velocity);
    let mut point = select3(now_locked, held, released);
    let mut velocity = select3(
        now_locked,
        Vec3x8 {
            x: zero,
            y: zero,
            z: zero,
        },
        released_velocity,
    );
    let settled = sub(point, f.toe).length().simd_le(p.settle)
        & sub(velocity, f.toe_velocity).length().simd_le(p.settle);
    // Finite input keeps every column finite; anything else lets the leg go.
    let broken = not(finite(point) & finite(velocity));
    let now_engaged = (now_locked | (engaged & not(settled))) & not(broken);
    point = select3(now_engaged, point, f.toe);
    velocity = select3(now_engaged, velocity, f.toe_velocity);
    let one = f32x8::ONE;
    // Characters without a blend or a lock keep their state untouched.
    LockState8 {
        // An inactive character's contacts start afresh at its next blend.
        contact: active.select(contact.select(one, zero), zero),
        planted: active.select(planted.select(one, zero), zero),
        locked: active.select((now_locked & now_engaged).select(one, zero), s.locked),
        engaged: active.select(now_engaged.select(one, zero), s.engaged),
        point: select3(active, point, s.point),
        velocity: select3(active, velocity, s.velocity),
    }
}

/// The release spring on each component: hooke's exact critical spring toward the animated
/// toe and its velocity.
fn step3(c: &LaneCoeffs, x: Vec3x8, v: Vec3x8, goal: Vec3x8, goal_v: Vec3x8) -> (Vec3x8, Vec3x8) {
    let (px, vx) = spring_step(c, x.x, v.x, goal.x, goal_v.x);
    let (py, vy) = spring_step(c, x.y, v.y, goal.y, goal_v.y);
    let (pz, vz) = spring_step(c, x.z, v.z, goal.z, goal_v.z);
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

fn sub(a: Vec3x8, b: Vec3x8) -> Vec3x8 {
    Vec3x8 {
        x: a.x - b.x,
        y: a.y - b.y,
        z: a.z - b.z,
    }
}

fn select3(mask: f32x8, a: Vec3x8, b: Vec3x8) -> Vec3x8 {
    Vec3x8 {
        x: mask.select(a.x, b.x),
        y: mask.select(a.y, b.y),
        z: mask.select(a.z, b.z),
    }
}
