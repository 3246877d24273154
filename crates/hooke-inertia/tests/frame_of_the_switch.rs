//! The frame of the switch (`docs/math.md` §6.1, issue 19 part 3): in a crowd's one update per
//! frame, a character that switched before the update is shown as of the switch — its source's
//! continuation, offsets undecayed, dead blends at their start — while every other character
//! advances by the update's `dt`; from the next update on, the switched character advances too.
//! For bones (inertialized and dead-blended), curves and scales, with separate input and output
//! and in place.

use glam::{Quat, Vec3};
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, Pose, PoseBatch, RootPolicy};

const CHARACTERS: usize = 7;
const BONES: usize = 13; // lane groups straddle characters
const CURVES: usize = 2;

fn pose(seed: u32) -> Pose {
    let f = |k: u32| ((seed * 31 + k * 17) % 101) as f32 / 50.0 - 1.0;
    let mut pose = Pose::rest(BONES);
    for b in 0..BONES as u32 {
        pose.positions[b as usize] = Vec3::new(f(b), f(b + 1), f(b + 2)) * 2.0;
        pose.velocities[b as usize] = Vec3::new(f(b + 3), f(b + 4), f(b + 5)) * 3.0;
        pose.rotations[b as usize] =
            Quat::from_scaled_axis(Vec3::new(f(b + 6), f(b + 7), f(b + 8)) * 2.0);
        pose.angular_velocities[b as usize] = Vec3::new(f(b + 9), f(b + 10), f(b + 11)) * 5.0;
    }
    let scales = (0..BONES as u32)
        .map(|b| Vec3::splat(1.0) + Vec3::new(f(b), f(b + 2), f(b + 4)) * 0.3)
        .collect();
    let rates = (0..BONES as u32)
        .map(|b| Vec3::new(f(b + 1), f(b + 3), f(b + 5)) * 0.5)
        .collect();
    pose.with_curves(vec![f(40), f(41)], vec![f(42), f(43)])
        .with_scales(scales, rates)
}

/// `input` with the characters `switching` showing `pose(seed + c)` instead: where they switch to.
fn switched(input: &PoseBatch, switching: &[usize], seed: u32) -> PoseBatch {
    let mut destination = input.clone();
    for &c in switching {
        destination
            .set_character(c, pose(seed + c as u32).as_ref())
            .unwrap();
    }
    destination
}

/// A crowd with every character blending (switched 0.1 s ago), characters 2 and 5 dead-blended.
fn crowd() -> (Inertializer, PoseBatch) {
    let profile = BlendProfile::uniform(BONES, 0.1)
        .unwrap()
        .with_curves(&[0.1, 0.2])
        .unwrap()
        .with_scales();
    let up = Vec3::Y;
    let mut i = Inertializer::new(CHARACTERS, profile, RootPolicy::Anchored { up }).unwrap();
    let mut input = PoseBatch::with_scales(CHARACTERS, BONES, CURVES).unwrap();
    for c in 0..CHARACTERS {
        if c % 3 == 2 {
            let mode = BlendMode::DeadBlend {
                blend_time: 0.4,
                halflife: 0.1,
            };
            i.set_mode(c, mode).unwrap();
        }
        let (src, dst) = (pose(c as u32), pose(100 + c as u32));
        i.transition(c, src.as_ref(), dst.as_ref()).unwrap();
        input.set_character(c, dst.as_ref()).unwrap();
    }
    let mut output = input.clone();
    for _ in 0..6 {
        i.update(1.0 / 60.0, &input, &mut output).unwrap();
    }
    (i, input)
}

fn max_gap(a: &Pose, b: &Pose) -> f32 {
    let vec = |a: &[Vec3], b: &[Vec3]| {
        a.iter()
            .zip(b)
            .map(|(a, b)| (*a - *b).length())
            .fold(0.0, f32::max)
    };
    let rot = a
        .rotations
        .iter()
        .zip(&b.rotations)
        // In f64: an f32 `acos` near 1 resolves angles no finer than about 1e-3 rad.
        .map(|(a, b)| {
            a.as_dquat()
                .normalize()
                .angle_between(b.as_dquat().normalize()) as f32
        })
        .fold(0.0, f32::max);
    let curves = a
        .curves
        .iter()
        .zip(&b.curves)
        .chain(a.curve_velocities.iter().zip(&b.curve_velocities))
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f32::max);
    vec(&a.positions, &b.positions)
        .max(vec(&a.velocities, &b.velocities))
        .max(vec(&a.angular_velocities, &b.angular_velocities))
        .max(vec(&a.scales, &b.scales))
        .max(vec(&a.scale_velocities, &b.scale_velocities))
        .max(rot)
        .max(curves)
}

#[test]
fn the_update_after_a_switch_shows_it_and_the_next_one_advances_it() {
    let dt = 1.0 / 30.0;
    for in_place in [false, true] {
        let (crowd, input) = crowd();
        let update = |i: &mut Inertializer, input: &PoseBatch, dt: f32| -> PoseBatch {
            if in_place {
                let mut poses = input.clone();
                i.update_in_place(dt, &mut poses).unwrap();
                poses
            } else {
                let mut output = input.clone();
                i.update(dt, input, &mut output).unwrap();
                output
            }
        };
        // What each character shows now (`dt = 0`: nothing advances).
        let shown = update(&mut crowd.clone(), &input, 0.0);
        // Characters 1 (inertialized) and 2 (dead-blended) switch from what they show.
        let mut switched = crowd.clone();
        let mut next = input.clone();
        for c in [1, 2] {
            let destination = pose(200 + c as u32);
            let source = input.character(c).unwrap();
            switched
                .transition(c, source.as_ref(), destination.as_ref())
                .unwrap();
            next.set_character(c, destination.as_ref()).unwrap();
        }
        // The twin that does not switch, for the characters that do not.
        let mut unswitched = crowd.clone();
        let plain = update(&mut unswitched, &next, dt);
        let mut at_switch = switched.clone();
        let frame = update(&mut switched, &next, dt);
        let held = update(&mut at_switch, &next, 0.0);
        for c in 0..CHARACTERS {
            let got = frame.character(c).unwrap();
            if c == 1 || c == 2 {
                // Shown as of the switch: what it showed, carried by nothing (C0 and C1), the
                // same as a `dt = 0` update.
                let gap = max_gap(&got, &shown.character(c).unwrap());
                assert!(gap < 2e-5, "character {c}: {gap} from what it showed");
                let gap = max_gap(&got, &held.character(c).unwrap());
                assert!(gap < 1e-6, "character {c}: {gap} from the dt = 0 update");
            } else {
                assert_eq!(got, plain.character(c).unwrap(), "character {c}");
                let gap = max_gap(&got, &shown.character(c).unwrap());
                assert!(gap > 1e-3, "character {c} advances: {gap}");
            }
        }
        // The next update advances the switched characters by its `dt`, like the twin that
        // showed the switch with `dt = 0`.
        let after = update(&mut switched, &next, dt);
        let want = update(&mut at_switch, &next, dt);
        for c in [1, 2] {
            let gap = max_gap(&after.character(c).unwrap(), &want.character(c).unwrap());
            assert!(gap < 1e-6, "character {c}: {gap}");
            let moved = max_gap(&after.character(c).unwrap(), &held.character(c).unwrap());
            assert!(
                moved > 1e-3,
                "character {c} advances after the switch: {moved}"
            );
        }
    }
}

#[test]
fn switches_through_transition_many_are_shown_the_same_way() {
    let dt = 1.0 / 30.0;
    let (crowd, input) = crowd();
    let destination = switched(&input, &[0, 3, 4], 300);
    let mut one_by_one = crowd.clone();
    for c in [0, 3, 4] {
        let (src, dst) = (
            input.character(c).unwrap(),
            destination.character(c).unwrap(),
        );
        one_by_one
            .transition(c, src.as_ref(), dst.as_ref())
            .unwrap();
    }
    let mut many = crowd.clone();
    many.transition_many(&[0, 3, 4], &input, &destination)
        .unwrap();
    let (mut a, mut b) = (input.clone(), input.clone());
    one_by_one.update(dt, &destination, &mut a).unwrap();
    many.update(dt, &destination, &mut b).unwrap();
    for c in 0..CHARACTERS {
        let gap = max_gap(&a.character(c).unwrap(), &b.character(c).unwrap());
        assert!(gap < 1e-4, "character {c}: {gap}");
    }
}

/// A switch taken after the update that showed its frame (`transition_many_after_update`)
/// advances with the next update: the same as switching before a `dt = 0` update of that frame,
/// then the next update.
#[test]
fn switches_after_the_update_advance_with_the_next_one() {
    let (dt, next_dt) = (1.0 / 30.0, 1.0 / 50.0);
    let (crowd, input) = crowd();
    let destination = switched(&input, &[1, 2, 6], 400);
    let mut output = input.clone();
    let mut after = crowd.clone();
    after.update(dt, &input, &mut output).unwrap();
    after
        .transition_many_after_update(&[1, 2, 6], &input, &destination)
        .unwrap();
    let mut a = input.clone();
    after.update(next_dt, &destination, &mut a).unwrap();

    let mut before = crowd.clone();
    before.update(dt, &input, &mut output).unwrap();
    before
        .transition_many(&[1, 2, 6], &input, &destination)
        .unwrap();
    before.update(0.0, &destination, &mut output).unwrap();
    let mut b = input.clone();
    before.update(next_dt, &destination, &mut b).unwrap();
    for c in 0..CHARACTERS {
        let gap = max_gap(&a.character(c).unwrap(), &b.character(c).unwrap());
        assert!(gap < 1e-5, "character {c}: {gap}");
    }
    // Errors change nothing, as for transition_many.
    let snapshot = format!("{after:?}");
    assert!(
        after
            .transition_many_after_update(&[3, 3], &input, &destination)
            .is_err()
    );
    assert!(
        after
            .transition_many_after_update(&[CHARACTERS], &input, &destination)
            .is_err()
    );
    assert_eq!(format!("{after:?}"), snapshot);
}
