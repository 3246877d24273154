//! The lock-state kernel (docs/math.md §7.2, §7.4): contacts with hysteresis, locks held or
//! started, released lock points following the animated toe on hooke's exact critical spring,
//! eight legs of eight characters per `f32x8` lane group. No allocation, no panics, no
//! validation (the settings were checked where they entered).

use hooke::lanes::{LaneCoeffs, critical_rate_lanes, spring_step};
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
    /// The release spring's rate `y` (`+inf` for a halflife of 0) and this frame's `dt`: a lock
    /// starting on a moving toe stops it on a critical spring at least this fast.
    pub rate: f32x8,
    pub dt: f32x8,
    /// The longest glide of a toe a lock stops, as a fraction of the leg's reach
    /// (`FootLockSettings::lock_in_glide`).
    pub glide: f32x8,
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
    /// The animated (output) toe's height above the ground (detected contacts).
    pub toe_height: f32x8,
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
    /// While locked: where the toe is held (the target is the anchor plus the offset).
    pub anchor: Vec3x8,
    /// The target's offset, from the anchor while locked and from the animated toe while
    /// releasing, and its velocity: taken where a lock starts or lets go, so that the target
    /// keeps its position and velocity, and decaying on the release spring.
    pub offset: Vec3x8,
    pub offset_velocity: Vec3x8,
    /// While locked: the rate `y` of the critical spring the toe glides to a stop on.
    pub glide_rate: f32x8,
}

/// One frame of eight legs' lock state. Its lengths are [`Vec3x8::hypot`]s: a rig in tiny
/// units puts points beyond `1.8e19`, where a squared length overflows `f32` and an infinite
/// leash or reach would snap the lock onto the toe or the leg's centre.
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
    let near = (s.point - f.toe).hypot().simd_le(p.max_lock_distance);
    // A detected contact plants a leg only where the blended toe is down too (within the
    // exit height): the destination may plant a toe that the blend still swings through the
    // air, and a lock started there stops the swing within a frame or two, turning the thigh
    // as fast as a cut (docs/math.md §7.4). The lock starts once the blend has brought it down.
    let low = if p.detect {
        f.toe_height.simd_le(p.exit_height)
    } else {
        f32x8::splat(f32::from_bits(u32::MAX))
    };
    let planted = contact & blending & low;
    // A lock starts, and is held, only while the blend still moves this toe: a lock started on
    // a settled offset would only freeze the destination's own motion, and one held after it
    // would keep a standing character's toe off its animation for good.
    let moved = f.blend_offset.simd_gt(p.settle);
    let keep = locked & planted & moved;
    // A lock starts where the IK target is: the animated toe, or a releasing point (no jump).
    let start = not(locked) & planted & not(flag(s.planted)) & moved & (not(engaged) | near);
    let now_locked = keep | start;
    let letting_go = locked & not(now_locked);
    // The anchor is held across the ground, not along the vertical: there it follows the
    // animated toe, which comes down to the destination's planted height as the offsets decay
    // (a lock that starts while the blended foot is still in the air sets it down on the spot
    // instead of holding it up there). It is dragged, never let go with a pop: along a leash of
    // `max_lock_distance` from the animated toe (no rubber band), and along the leg's reach
    // (the leg never over-stretches). The lock so lasts until the contact ends, and the
    // release happens as the foot lifts.
    let zero3 = Vec3x8::splat(glam::Vec3::ZERO);
    let glide_spring = critical_rate_lanes(s.glide_rate, p.dt);
    let (held, held_velocity) = step3(&glide_spring, s.offset, s.offset_velocity);
    let (released, released_velocity) = step3(&p.spring, s.offset, s.offset_velocity);
    let decayed = Vec3x8::select(locked, held, released);
    let decayed_velocity = Vec3x8::select(locked, held_velocity, released_velocity);
    // Where the IK target is this frame: a release's point (the animated toe plus the release
    // offset), else the animated toe.
    let target = Vec3x8::select(engaged, f.toe + released, f.toe);
    let target_velocity =
        Vec3x8::select(engaged, f.toe_velocity + released_velocity, f.toe_velocity);
    // A moving toe glides to a stop (a lock inertialized in): with `v` its velocity across the
    // ground, the anchor is set `2 v / y` ahead and the target's offset from it, `-2 v / y` with
    // velocity `v`, decays on a critical spring of rate `y` as `-(2 v / y + v t) e^(-y t)`: no
    // overshoot, no jump of the toe's velocity, and no acceleration at the start. `y` is the
    // release spring's, or higher where the glide would be longer than `lock_in_glide` of the
    // leg's reach (a glide of 0 gives a rate of `+inf`: the toe stops on the frame the lock
    // starts).
    let ground = |v: Vec3x8| v - p.up * v.dot(p.up);
    let glide = ground(target_velocity);
    let speed2 = glide.hypot() * f32x8::splat(2.0);
    let longest = f.reach * p.glide;
    let faster = speed2.simd_gt(p.rate * longest);
    let glide_rate = start.select(faster.select(speed2 / longest, p.rate), s.glide_rate);
    let ahead = glide * (f32x8::splat(2.0) / glide_rate);
    let ahead = Vec3x8::select(start & finite(ahead), ahead, zero3);
    let anchor = Vec3x8::select(start, target + ahead, s.anchor);
    let anchor = anchor + p.up * (f.toe - anchor).dot(p.up);
    let from_toe = anchor - f.toe;
    let leash = from_toe.hypot();
    let taut = leash.simd_gt(p.max_lock_distance);
    let anchor = Vec3x8::select(
        taut,
        f.toe + from_toe * (p.max_lock_distance / leash),
        anchor,
    );
    let from_centre = anchor - f.centre;
    let distance = from_centre.hypot();
    let over = distance.simd_gt(f.reach) & distance.simd_gt(zero);
    let anchor = Vec3x8::select(over, f.centre + from_centre * (f.reach / distance), anchor);
    let anchor_velocity = p.up * f.toe_velocity.dot(p.up);
    // The lock is inertialized in and out: where it starts or lets go, the target's offset from
    // its new base (the anchor, or the animated toe) is taken with its velocity, and decays on
    // an exact critical spring from the next frame on (the glide's while locked, the release's
    // after). The toe enters and leaves the lock with a continuous position and velocity, and
    // the release converges whatever the toe does.
    let locked_point = anchor + decayed;
    let locked_velocity = anchor_velocity + decayed_velocity;
    let offset = Vec3x8::select(
        start,
        target - anchor,
        Vec3x8::select(letting_go, locked_point - f.toe, decayed),
    );
    let offset_velocity = Vec3x8::select(
        start,
        target_velocity - anchor_velocity,
        Vec3x8::select(
            letting_go,
            locked_velocity - f.toe_velocity,
            decayed_velocity,
        ),
    );
    let base = Vec3x8::select(now_locked, anchor, f.toe);
    let base_velocity = Vec3x8::select(now_locked, anchor_velocity, f.toe_velocity);
    let mut point = base + offset;
    let mut velocity = base_velocity + offset_velocity;
    // A release ends once the offset is within the settle distance and its speed would carry
    // it less than that in a tenth of a second: the leg is left as animated.
    let settled = offset.hypot().simd_le(p.settle)
        & (offset_velocity.hypot() * f32x8::splat(0.1)).simd_le(p.settle);
    // Finite input keeps every column finite; anything else lets the leg go.
    let broken = not(finite(point) & finite(velocity) & finite(anchor) & finite(offset_velocity));
    let now_engaged = (now_locked | ((engaged | start) & not(settled))) & not(broken);
    point = Vec3x8::select(now_engaged, point, f.toe);
    velocity = Vec3x8::select(now_engaged, velocity, f.toe_velocity);
    let kept = active & now_engaged;
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
        anchor: Vec3x8::select(kept, anchor, Vec3x8::select(active, zero3, s.anchor)),
        offset: Vec3x8::select(kept, offset, Vec3x8::select(active, zero3, s.offset)),
        offset_velocity: Vec3x8::select(
            kept,
            offset_velocity,
            Vec3x8::select(active, zero3, s.offset_velocity),
        ),
        glide_rate: kept.select(glide_rate, s.glide_rate),
    }
}

/// The release spring on each component of an offset `x` with velocity `v`: hooke's exact
/// critical spring toward zero at rest.
fn step3(c: &LaneCoeffs, x: Vec3x8, v: Vec3x8) -> (Vec3x8, Vec3x8) {
    let zero = f32x8::ZERO;
    let (px, vx) = spring_step(c, x.x, v.x, zero, zero);
    let (py, vy) = spring_step(c, x.y, v.y, zero, zero);
    let (pz, vz) = spring_step(c, x.z, v.z, zero, zero);
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
