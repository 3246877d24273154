//! The two-bone IK of a leg (docs/math.md §7.3): turn the hip and the knee so the toe reaches a
//! target, the knee kept in the plane of the animated leg, the foot's orientation kept. In
//! `f64`; every angle comes from `atan2` or a clamped `acos`, so it never makes NaN from finite
//! input, and the rotations are products of unit quaternions.

use glam::{DQuat, DVec3};

use super::chain::LegPose;

/// New local rotations of a leg's hip, knee and ankle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LegRotations {
    pub hip: DQuat,
    pub knee: DQuat,
    pub ankle: DQuat,
}

/// The rotations that put the toe of `leg` on `toe_target`, the hip-to-ankle distance softened
/// near the leg's reach ([`soft_distance`], `softness` of its length, the setting
/// `reach_softness`; 0: a hard clamp) and
/// clamped to what the leg can reach (`max_extension` of its length at most, and at least the
/// difference of its two bones). `None` for a leg with a bone of zero length (it cannot bend:
/// left as animated) or a non-finite result.
pub(crate) fn two_bone_ik(
    leg: &LegPose,
    toe_target: DVec3,
    max_extension: f64,
    softness: f64,
) -> Option<LegRotations> {
    let (a, b, c) = (leg.hip.p, leg.knee.p, leg.ankle.p);
    // The foot keeps its orientation: the ankle moves by what the toe must move.
    let t = c + (toe_target - leg.toe.p);
    let (ab, cb) = (b - a, c - b);
    let (lab, lcb) = (ab.length(), cb.length());
    if !(lab > 0.0 && lcb > 0.0 && lab.is_finite() && lcb.is_finite()) {
        return None;
    }
    let shortest = (lab - lcb).abs();
    // A leg animated beyond `max_extension` may stay as stretched as it is: clamped to the
    // setting, a lock starting on it would pull the toe in within a frame.
    let longest = ((lab + lcb) * max_extension)
        .max(shortest)
        .max((c - a).length().min(lab + lcb));
    let ac = c - a;
    let lat = soft_distance(
        ac.length(),
        (t - a).length(),
        longest,
        softness * (lab + lcb),
    )
    .clamp(shortest, longest);
    let at = t - a;
    // Current angles at the hip (between hip->ankle and hip->knee) and at the knee.
    let hip_0 = angle(ac, ab);
    let knee_0 = angle(-ab, cb);
    // Wanted ones, by the law of cosines for sides lab, lcb, lat.
    let hip_1 = if lat > 0.0 {
        acos_clamped((lab * lab + lat * lat - lcb * lcb) / (2.0 * lab * lat))
    } else {
        0.0
    };
    let knee_1 = acos_clamped((lab * lab + lcb * lcb - lat * lat) / (2.0 * lab * lcb));
    let bend = bend_axis(ac, ab, leg.toe.p - c);
    let swing = (ac.cross(at)).try_normalize().unwrap_or(bend);
    let r0 = DQuat::from_axis_angle(bend, hip_1 - hip_0);
    let r1 = DQuat::from_axis_angle(bend, knee_1 - knee_0);
    // The bend keeps the hip->ankle direction; the swing then turns it onto the target.
    let r2 = DQuat::from_axis_angle(swing, angle(ac, at));
    let hip = (r2 * r0 * leg.hip.q).normalize();
    let knee = (r2 * r0 * r1 * leg.knee.q).normalize();
    let rotations = LegRotations {
        hip: (leg.parent.q.conjugate() * hip).normalize(),
        knee: (hip.conjugate() * knee).normalize(),
        ankle: (knee.conjugate() * leg.ankle.q).normalize(),
    };
    let finite = [rotations.hip, rotations.knee, rotations.ankle]
        .iter()
        .all(|q| q.is_finite());
    finite.then_some(rotations)
}

/// The hip-to-ankle distance the IK gives a leg animated at `animated` whose target is at
/// `wanted`, with `reach` its longest and the stretch softened over the last `softness` below
/// it: `animated + soft(wanted) - soft(animated)`, where `soft` is Andy Nicholas' soft-IK curve
/// (the identity up to `reach - softness`, then `reach - softness e^(-(x - (reach - softness)) /
/// softness)`: continuous with its slope, never reaching `reach`) where `wanted` stretches the
/// leg beyond the animated one, and `wanted` itself where it does not: exact on the animated
/// leg (a lock starts and a release ends there, no pop), continuous, between the two, and
/// `min(wanted, reach)` at zero softness.
pub(crate) fn soft_distance(animated: f64, wanted: f64, reach: f64, softness: f64) -> f64 {
    let softness = softness.clamp(0.0, reach.max(0.0));
    let knee = reach - softness;
    let soft = |x: f64| {
        if x <= knee {
            x
        } else if softness > 0.0 {
            // -expm1: exact as the exponent tends to 0 (just past the start of the curve).
            knee - softness * (-(x - knee) / softness).exp_m1()
        } else {
            reach
        }
    };
    if softness == 0.0 {
        // A hard clamp: the animated distance plays no part (and a leg animated beyond its
        // reach does not move the target's).
        return soft(wanted);
    }
    if wanted <= animated {
        // Only a stretch beyond the animated leg is softened: a target nearer the hip bends
        // the knee as asked (the offset form would shorten a leg on its soft stretch by a
        // third of the distance, missing the target by up to 0.11 of the leg).
        return wanted;
    }
    animated + (soft(wanted) - soft(animated))
}

/// The normal of the plane the knee bends in: the animated leg's plane (hip->ankle x
/// hip->knee); for a straight leg, the plane holding the foot's direction (the knee bends
/// toward the toes); else any axis across the leg.
fn bend_axis(ac: DVec3, ab: DVec3, foot: DVec3) -> DVec3 {
    let scale = ac.length() * ab.length().max(foot.length());
    let candidates = [ac.cross(ab), ac.cross(foot), ab.cross(foot)];
    candidates
        .into_iter()
        .find(|n| n.length() > 1e-9 * scale)
        .and_then(DVec3::try_normalize)
        .or_else(|| ab.try_normalize().map(DVec3::any_orthonormal_vector))
        .unwrap_or(DVec3::X)
}

/// The angle between two vectors in `[0, pi]` (0 if either is zero), by `atan2`: exact near 0
/// and pi, where `acos` of a dot product loses half the digits.
fn angle(u: DVec3, v: DVec3) -> f64 {
    u.cross(v).length().atan2(u.dot(v))
}

/// `acos` of `x` clamped to `[-1, 1]` (rounding can take the law of cosines just outside).
fn acos_clamped(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(-1.0, 1.0).acos()
    }
}

#[cfg(test)]
mod tests {
    use super::super::chain::World;
    use super::*;

    /// The default `reach_softness`.
    const SOFTNESS: f64 = 0.3;

    fn world(p: DVec3) -> World {
        World {
            p,
            q: DQuat::IDENTITY,
            v: DVec3::ZERO,
            w: DVec3::ZERO,
        }
    }

    /// A leg with identity world rotations: hip at 0, knee bent forward, ankle, toe forward.
    fn leg() -> LegPose {
        LegPose {
            parent: world(DVec3::ZERO),
            hip: world(DVec3::ZERO),
            knee: world(DVec3::new(0.0, -0.5, 0.05)),
            ankle: world(DVec3::new(0.0, -1.0, 0.0)),
            toe: world(DVec3::new(0.0, -1.05, 0.15)),
        }
    }

    /// Forward kinematics of the leg with new local rotations (identity parent, the original
    /// local offsets).
    fn toe_after(leg: &LegPose, r: &LegRotations) -> (DVec3, DVec3) {
        let hip = leg.parent.q * r.hip;
        let knee_q = hip * r.knee;
        let knee = leg.hip.p + hip * (leg.hip.q.conjugate() * (leg.knee.p - leg.hip.p));
        let ankle = knee + knee_q * (leg.knee.q.conjugate() * (leg.ankle.p - leg.knee.p));
        let ankle_q = knee_q * r.ankle;
        let toe = ankle + ankle_q * (leg.ankle.q.conjugate() * (leg.toe.p - leg.ankle.p));
        (knee, toe)
    }

    #[test]
    fn the_toe_reaches_a_target_within_reach() {
        let leg = leg();
        for target in [
            DVec3::new(0.1, -0.9, 0.2),
            DVec3::new(-0.2, -0.7, 0.4),
            leg.toe.p,
        ] {
            let r = two_bone_ik(&leg, target, 1.0, 0.0).unwrap();
            let (knee, toe) = toe_after(&leg, &r);
            assert!((toe - target).length() < 1e-9, "{toe} vs {target}");
            // The knee stays forward of the hip->ankle line (in the animated leg's plane side).
            assert!(knee.z > -1e-9);
        }
    }

    #[test]
    fn a_target_out_of_reach_stretches_the_leg_toward_it() {
        let leg = leg();
        let target = DVec3::new(0.0, -3.0, 0.15);
        let r = two_bone_ik(&leg, target, 0.999, 0.0).unwrap();
        let (_, toe) = toe_after(&leg, &r);
        let ankle = toe - (leg.toe.p - leg.ankle.p);
        let reach = (ankle - leg.hip.p).length();
        let length = (leg.knee.p - leg.hip.p).length() + (leg.ankle.p - leg.knee.p).length();
        assert!((reach - 0.999 * length).abs() < 1e-9);
        // Straight down toward the target.
        assert!(ankle.x.abs() < 1e-9 && ankle.z.abs() < 1e-6);
    }

    #[test]
    fn a_straight_leg_bends_toward_the_toes() {
        let mut leg = leg();
        leg.knee.p = DVec3::new(0.0, -0.5, 0.0);
        let target = DVec3::new(0.0, -0.8, 0.15);
        let r = two_bone_ik(&leg, target, 1.0, 0.0).unwrap();
        let (knee, toe) = toe_after(&leg, &r);
        assert!((toe - target).length() < 1e-9);
        assert!(knee.z > 0.0);
    }

    #[test]
    fn zero_length_bones_leave_the_leg_as_animated() {
        let mut leg = leg();
        leg.knee.p = leg.hip.p;
        assert!(two_bone_ik(&leg, DVec3::ZERO, 1.0, 0.0).is_none());
        let mut leg = self::leg();
        leg.ankle.p = leg.knee.p;
        assert!(two_bone_ik(&leg, DVec3::ZERO, 1.0, 0.0).is_none());
    }

    /// Andy Nicholas' curve written out independently: `knee + s (1 - e^(-(x - knee) / s))`.
    fn reference_soft(x: f64, reach: f64, softness: f64) -> f64 {
        let knee = reach - softness;
        if x <= knee {
            x
        } else {
            knee + softness * (1.0 - (-(x - knee) / softness).exp())
        }
    }

    #[test]
    fn the_soft_distance_matches_the_reference_and_is_exact_at_zero_softness() {
        let reach = 0.999;
        for i in 0..=400 {
            let wanted = 0.2 + f64::from(i) * 0.004;
            for animated in [0.3, 0.8, 0.9, 0.95, 0.99] {
                // Zero softness: the hard clamp, whatever the animated leg.
                assert_eq!(
                    soft_distance(animated, wanted, reach, 0.0),
                    wanted.min(reach)
                );
                for softness in [0.05, 0.3] {
                    let got = soft_distance(animated, wanted, reach, softness);
                    let want = if wanted <= animated {
                        wanted
                    } else {
                        animated + reference_soft(wanted, reach, softness)
                            - reference_soft(animated, reach, softness)
                    };
                    assert!((got - want).abs() <= 1e-12, "{got} vs {want}");
                    // Between the animated distance and the wanted one; below the reach
                    // where the animated leg is not on the soft curve itself (there the IK's
                    // clamp to the reach still holds).
                    assert!(got >= animated.min(wanted) - 1e-15);
                    assert!(got <= animated.max(wanted) + 1e-15);
                    if animated <= reach - softness {
                        assert!(got < reach);
                    }
                }
            }
        }
    }

    #[test]
    fn the_soft_distance_is_continuous_and_exact_on_the_animated_leg() {
        for softness in [0.0, 1e-9, 0.05, 0.3, 2.0] {
            for animated in [0.0, 0.5, 0.7, 0.9, 0.998, 1.2] {
                let reach = 0.999;
                if animated <= reach {
                    // A lock starts and a release ends on the animated leg: no pop.
                    assert_eq!(soft_distance(animated, animated, reach, softness), animated);
                }
                let mut last = soft_distance(animated, 0.0, reach, softness);
                for i in 1..=20_000 {
                    let x = f64::from(i) * 1e-4;
                    let y = soft_distance(animated, x, reach, softness);
                    assert!(y.is_finite());
                    // 1-Lipschitz and increasing: never a jump.
                    assert!(y >= last && y - last <= 1e-4 + 1e-15, "{x}: {last} -> {y}");
                    last = y;
                }
            }
        }
    }

    #[test]
    fn the_soft_ik_leaves_the_animated_leg_as_it_is_and_bends_less_near_reach() {
        let leg = leg();
        let r = two_bone_ik(&leg, leg.toe.p, 0.999, SOFTNESS).unwrap();
        for (q, animated) in [
            (r.hip, leg.hip.q),
            (r.knee, leg.knee.q),
            (r.ankle, leg.ankle.q),
        ] {
            assert!((q.dot(animated).abs() - 1.0).abs() < 1e-12);
        }
        // A target past the animated leg's stretch: the soft leg stops short of it, along the
        // way, and its rotations are unit quaternions.
        let target = DVec3::new(0.0, -1.053, 0.15);
        let hard = toe_after(&leg, &two_bone_ik(&leg, target, 0.999, 0.0).unwrap()).1;
        let r = two_bone_ik(&leg, target, 0.999, SOFTNESS).unwrap();
        let soft = toe_after(&leg, &r).1;
        assert!((hard - target).length() < 1e-9);
        assert!((soft - target).length() > 1e-3);
        assert!((soft - leg.toe.p).length() < (target - leg.toe.p).length());
        for q in [r.hip, r.knee, r.ankle] {
            assert!(q.is_finite() && (q.length() - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn degenerate_targets_give_unit_rotations() {
        // Equal bones folded onto the hip, a target on the hip, opposite the leg.
        let mut leg = leg();
        leg.knee.p = DVec3::new(0.0, -0.5, 0.0);
        for target in [
            leg.hip.p + (leg.toe.p - leg.ankle.p),
            DVec3::new(0.0, 5.0, 0.0),
            DVec3::new(1e30, -1e30, 1e30),
        ] {
            for softness in [0.0, SOFTNESS] {
                let r = two_bone_ik(&leg, target, 1.0, softness).unwrap();
                for q in [r.hip, r.knee, r.ankle] {
                    assert!(q.is_finite() && (q.length() - 1.0).abs() < 1e-12);
                }
            }
        }
    }
}
