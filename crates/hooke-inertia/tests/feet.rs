//! Foot-contact locking (docs/math.md §7): contacts given and detected, lock and release
//! without pops, a leg at full stretch, legs of zero length, a crowd where most characters do
//! not blend. Runs on both SIMD paths (`.ci/run` builds the baseline too). The checks of rigs,
//! settings and shapes are in `feet_rigs.rs`.

mod common;

use common::one_leg::*;
use glam::{Quat, Vec3};
use hooke_bvh::forward_kinematics;
use hooke_inertia::*;

/// How far the toe may stop short of its IK target in these scenes: the soft reach
/// (docs/math.md §7.3) stretches the leg beyond the animated one by less than the target asks,
/// by a fraction of a millimetre for the few-centimetre blends here, whose one-metre leg stands
/// at 99.5 % of its length.
const SOFT_REACH_SLACK: f32 = 1e-3;

#[test]
fn given_contacts_hold_the_toe_and_release_it_without_a_pop() {
    let mut scene = Scene::new(1, Contacts::Given);
    scene.feet.set_contacts(0, &[true]).unwrap();
    scene.switch(0, 0.06);
    let mut planted = Vec3::new(0.0, 0.0, 0.15);
    let mut last = planted;
    let mut largest_step = 0.0_f32;
    let mut gap = 0.0_f32;
    let mut first_step = 0.0_f32;
    for frame in 0..120 {
        if frame == 20 {
            scene.feet.set_contacts(0, &[false]).unwrap();
        }
        scene.frame();
        let toe = toe_of(&scene.output, 0);
        if frame == 0 {
            // Planted where the output showed it at the first frame of the blend.
            planted = scene.feet.lock_point(0, 0).unwrap().unwrap();
            assert!((planted - last).length() < 1e-3);
        }
        if frame == 20 {
            first_step = (toe - last).length();
            gap = (toe_of(&scene.input, 0) - last).length();
        }
        largest_step = largest_step.max((toe - last).length());
        last = toe;
        if frame < 20 {
            assert!(scene.feet.is_locked(0, 0).unwrap());
            assert!(
                (toe - planted).length() < SOFT_REACH_SLACK,
                "frame {frame}: {toe}"
            );
        } else {
            assert!(!scene.feet.is_locked(0, 0).unwrap());
        }
    }
    // A pop would cover the gap between the lock and the animated toe (about 5 cm) in one
    // frame; the spring starts at rest (its first step is a few percent of the gap) and never
    // covers more than a fifth of it in a frame.
    assert!(gap > 0.04, "gap {gap}");
    assert!(first_step < 0.06 * gap, "first step {first_step} of {gap}");
    assert!(
        largest_step < 0.2 * gap,
        "largest step {largest_step} of {gap}"
    );
    // And it ends on the animated toe, the leg no longer touched.
    assert!(
        (last - Vec3::new(0.06, 0.0, 0.15)).length() < 1e-4,
        "{last}"
    );
    assert_eq!(scene.feet.lock_point(0, 0).unwrap(), None);
}

#[test]
fn the_turned_legs_angular_velocities_follow_their_rotations() {
    // The destination stands still (no animated spin), so a leg bone's rotation changes only
    // by the IK's turn: its angular velocity must be the rotation's rate of change, through
    // the lock and its release, and the animated one (zero) once the leg is let go.
    let mut scene = Scene::new(1, Contacts::Given);
    scene.feet.set_contacts(0, &[true]).unwrap();
    scene.switch(0, 0.06);
    let mut last: Option<Vec<Quat>> = None;
    let mut fastest = 0.0_f32;
    for frame in 0..120 {
        if frame == 20 {
            scene.feet.set_contacts(0, &[false]).unwrap();
        }
        scene.frame();
        let pose = scene.output.character(0).unwrap();
        if let Some(last) = &last {
            for bone in [LEG.hip, LEG.knee, LEG.ankle] {
                let rate = hooke::scalar::angular_velocity(last[bone], pose.rotations[bone], DT);
                let w = pose.angular_velocities[bone];
                // The frame a release ends, the leg snaps back to the animation by less than
                // the settle distance (0.1 mm on a 1 m leg: 0.012 rad/s at 60 Hz).
                assert!(
                    (w - rate).length() < 1e-3 * rate.length() + 0.012,
                    "frame {frame} bone {bone}: {w} vs {rate}"
                );
                fastest = fastest.max(rate.length());
            }
        }
        last = Some(pose.rotations.clone());
    }
    assert!(fastest > 0.2, "the IK never turned the leg: {fastest}");
    let pose = scene.output.character(0).unwrap();
    assert_eq!(scene.feet.lock_point(0, 0).unwrap(), None);
    assert!(pose.angular_velocities[LEG.hip].length() < 1e-6);
}

#[test]
fn the_release_decays_the_lock_offset_on_hookes_exact_critical_spring() {
    // The same blend without locking gives the animated toe; once let go, the target is the
    // animated toe plus the lock's offset from it, which decays on the scalar critical spring
    // toward zero: taken undecayed on the frame the lock lets go (with the velocity the
    // held point had: the toe's vertical one), decayed from the next frame on.
    let (mut locked, mut free) = planted_and_free(metres(Contacts::Given));
    locked.switch(0, 0.06);
    free.switch(0, 0.06);
    let halflife = locked.feet.settings().release_halflife;
    let mut offset: Option<(Vec3, Vec3)> = None;
    let mut checked = 0;
    for frame in 0..40 {
        if frame == 10 {
            locked.feet.set_contacts(0, &[false]).unwrap();
        }
        locked.frame();
        free.frame_unlocked();
        let toe = toe_of(&free.output, 0);
        let toe_v = free.output.velocities().get(0);
        let point = locked.feet.lock_point(0, 0).unwrap();
        if frame == 10 {
            let point = point.unwrap();
            offset = Some((point - toe, Vec3::new(0.0, toe_v.y, 0.0) - toe_v));
        } else if let Some((x, v)) = offset.as_mut() {
            for k in 0..3 {
                hooke::scalar::critical_spring_damper_exact(
                    &mut x[k], &mut v[k], 0.0, 0.0, halflife, DT,
                );
            }
            if let Some(point) = point {
                assert!(
                    (point - (toe + *x)).length() < 2e-6,
                    "frame {frame}: {point} vs {}",
                    toe + *x
                );
                assert!((toe_of(&locked.output, 0) - point).length() < SOFT_REACH_SLACK);
                checked += 1;
            }
        }
    }
    assert!(checked > 5, "{checked}");
}

#[test]
fn detected_contacts_lock_planted_feet_only() {
    let thresholds = ContactThresholds::scaled(100.0).unwrap();
    let mut scene = Scene::new(3, Contacts::Detected(thresholds));
    // Character 1's destination lifts its toe 10 cm (above exit_height): never locked;
    // character 2's moves at 1 m/s: never locked; character 0 is planted: locked.
    scene.switch(0, 0.06);
    scene.switch(1, 0.06);
    scene.switch(2, 0.06);
    let mut lifted = stand(0.06, Vec3::ZERO);
    lifted.positions[0].y += 0.1;
    scene.input.set_character(1, lifted.as_ref()).unwrap();
    let moving = stand(0.06, Vec3::new(1.0, 0.0, 0.0));
    scene.input.set_character(2, moving.as_ref()).unwrap();
    for _ in 0..10 {
        scene.frame();
        assert!(scene.feet.is_locked(0, 0).unwrap());
        assert!(!scene.feet.is_in_contact(1, 0).unwrap());
        assert!(!scene.feet.is_in_contact(2, 0).unwrap());
        assert_eq!(scene.feet.lock_point(1, 0).unwrap(), None);
    }
}

#[test]
fn detected_contacts_have_hysteresis() {
    let t = ContactThresholds::scaled(100.0).unwrap();
    let mut scene = Scene::new(1, Contacts::Detected(t));
    scene.switch(0, 0.06);
    // Between the enter and exit speeds: a contact stays, but none starts.
    let between = 0.5 * (t.enter_speed + t.exit_speed);
    let speeds = [0.0, between, between, t.exit_speed * 1.5, between, 0.0];
    let expected = [true, true, true, false, false, true];
    for (speed, contact) in speeds.into_iter().zip(expected) {
        let pose = stand(0.06, Vec3::new(speed, 0.0, 0.0));
        scene.input.set_character(0, pose.as_ref()).unwrap();
        scene.frame();
        assert_eq!(
            scene.feet.is_in_contact(0, 0).unwrap(),
            contact,
            "speed {speed}"
        );
    }
}

#[test]
fn a_lock_past_the_leash_or_the_legs_reach_is_dragged_and_the_leg_stays_whole() {
    // 60 cm away: neither the leash (max_lock_distance, 50 cm) nor the leg can keep the toe
    // where it was planted. The lock holds while the blend moves the toe (the destination
    // stands still on the ground: in contact all along), dragged along both, never let go with
    // a pop, and is released once the blend has settled.
    let thresholds = ContactThresholds::scaled(100.0).unwrap();
    let mut scene = Scene::new(1, Contacts::Detected(thresholds));
    let mut free = Scene::new(1, Contacts::Given);
    scene.switch(0, 0.6);
    free.switch(0, 0.6);
    let max_lock_distance = scene.feet.settings().max_lock_distance;
    let mut last = Vec3::new(0.0, 0.0, 0.15); // standing at 0 before the switch
    let mut dragged = false;
    for frame in 0..240 {
        scene.frame();
        free.frame_unlocked();
        let (toe, animated) = (toe_of(&scene.output, 0), toe_of(&free.output, 0));
        // Bones keep their lengths (FK of unit rotations), the hip-ankle distance never exceeds
        // the leg.
        let pose = scene.output.character(0).unwrap();
        let (mut p, mut q) = ([Vec3::ZERO; 5], [Quat::IDENTITY; 5]);
        forward_kinematics(&PARENTS, &pose.positions, &pose.rotations, &mut p, &mut q);
        assert!((p[3] - p[1]).length() <= 0.5025 * 2.0 + 1e-5);
        every_rotation_unit(&scene.output);
        if frame < 60 {
            assert!(scene.feet.is_locked(0, 0).unwrap(), "frame {frame}");
            // The target stays on the leash across the ground (the reach may lift it a
            // little), and the toe on the target, short of it by the soft reach (§7.3): the
            // target is on the reach itself, which the soft leg approaches without stretching
            // straight (2.5 mm short on this 1 m leg).
            let target = scene.feet.lock_point(0, 0).unwrap().unwrap();
            let across = Vec3::new(target.x - animated.x, 0.0, target.z - animated.z);
            assert!(
                across.length() <= max_lock_distance + 1e-4,
                "frame {frame}: {target} vs {animated}"
            );
            assert!(
                (toe - target).length() < 5e-3,
                "frame {frame}: {toe} vs {target}"
            );
            dragged |= (toe - last).length() > 1e-4;
        }
        // No pop: the toe never moves more in a frame than the blend moves it at the seam.
        assert!(
            (toe - last).length() < 0.05,
            "frame {frame}: {toe} after {last}"
        );
        last = toe;
    }
    assert!(dragged);
    assert!(!scene.feet.is_locked(0, 0).unwrap());
    assert!((toe_of(&scene.output, 0) - Vec3::new(0.6, 0.0, 0.15)).length() < 1e-3);
}

#[test]
fn a_lock_is_held_across_the_ground_and_follows_the_blend_down() {
    // The blend lifts the toe 10 cm above the destination's planted toe: the lock starts there,
    // holds the toe's ground position and lets it come down with the blend.
    let (mut scene, mut free) = planted_and_free(metres(Contacts::Given));
    let mut from = stand(0.0, Vec3::ZERO);
    from.positions[0].y += 0.1;
    from.positions[0].x = 0.05;
    let to = stand(0.0, Vec3::ZERO);
    for s in [&mut scene, &mut free] {
        s.switch_poses(0, &from, &to);
    }
    let planted = {
        scene.frame();
        toe_of(&scene.output, 0)
    };
    free.frame_unlocked();
    for _ in 0..40 {
        scene.frame();
        free.frame_unlocked();
        let (toe, animated) = (toe_of(&scene.output, 0), toe_of(&free.output, 0));
        assert!((toe.x - planted.x).abs() < 1e-4 && (toe.z - planted.z).abs() < 1e-4);
        assert!(
            (toe.y - animated.y).abs() < SOFT_REACH_SLACK,
            "{toe} vs {animated}"
        );
    }
    assert!(toe_of(&scene.output, 0).y < 0.01);
}

#[test]
fn no_lock_starts_once_the_blend_no_longer_moves_the_toe() {
    // A contact that begins after the offsets have decayed below the settle distance at the
    // toe leaves the leg as animated.
    let mut scene = Scene::new(1, Contacts::Given);
    scene.switch(0, 0.06);
    for _ in 0..240 {
        scene.frame();
    }
    scene.feet.set_contacts(0, &[true]).unwrap();
    scene.frame();
    assert!(!scene.feet.is_locked(0, 0).unwrap());
    assert_eq!(scene.feet.lock_point(0, 0).unwrap(), None);
}

#[test]
fn a_character_found_at_rest_is_locked_again_at_its_next_transition() {
    // Foot locking skips a character whose legs it found without a blend until the
    // inertializer's next transition of it: that transition must be seen, whether the rest
    // came from the offsets decaying to zero or from a reset.
    let mut scene = Scene::new(2, Contacts::Given);
    scene.feet.set_contacts(0, &[true]).unwrap();
    scene.feet.set_contacts(1, &[true]).unwrap();
    scene.frame(); // both at rest: skipped from now on
    for round in 0..3 {
        scene.switch(0, 0.06 * (round + 1) as f32);
        scene.frame();
        assert!(scene.feet.is_locked(0, 0).unwrap(), "round {round}");
        assert!(!scene.feet.is_locked(1, 0).unwrap());
        // Round 0 decays to exact rest (the settle rule flushes the offsets), the others
        // are reset.
        if round == 0 {
            for _ in 0..3600 {
                scene.frame();
            }
            assert!(!scene.inertializer.is_blending(0).unwrap());
        } else {
            scene.inertializer.reset(0).unwrap();
            scene.feet.reset(0).unwrap();
            scene.frame();
        }
        assert!(!scene.feet.is_locked(0, 0).unwrap(), "round {round}");
        assert_eq!(scene.feet.lock_point(0, 0).unwrap(), None);
    }
}

#[test]
fn given_contacts_keep_the_settings_leash() {
    // The leash is a setting of the lock, not of detection: a given contact 60 cm from where
    // the blend takes the toe is dragged along it (here 10 cm: the leg's reach would drag it
    // first at the default 50 cm).
    let defaults = Scene::new(1, Contacts::Given).feet.settings();
    assert_eq!(defaults.max_lock_distance, 0.5); // metres
    let leash = 0.1;
    let settings = FootLockSettings {
        max_lock_distance: leash,
        ..metres(Contacts::Given)
    };
    let (mut scene, mut free) = planted_and_free(settings);
    scene.switch(0, 0.6);
    free.switch(0, 0.6);
    let mut taut = false;
    for frame in 0..60 {
        scene.frame();
        free.frame_unlocked();
        let animated = toe_of(&free.output, 0);
        let target = scene.feet.lock_point(0, 0).unwrap().unwrap();
        let across = Vec3::new(target.x - animated.x, 0.0, target.z - animated.z).length();
        assert!(across <= leash + 1e-4, "frame {frame}: {across}");
        taut |= across > leash - 1e-3;
    }
    assert!(taut, "the leash never held the lock");
}

#[test]
fn legs_of_zero_length_are_left_as_animated() {
    let rig = FootRig::new(&PARENTS, &[LEG]).unwrap();
    let profile = BlendProfile::uniform(5, 0.15).unwrap();
    let mut inertializer = Inertializer::new(1, profile, RootPolicy::Local).unwrap();
    let mut feet = FootLocker::new(1, rig, metres(Contacts::Given)).unwrap();
    feet.set_contacts(0, &[true]).unwrap();
    // Knee on the hip, ankle on the knee, toe on the ankle: nothing to bend.
    let mut from = Pose::rest(5);
    from.positions[0] = Vec3::new(0.0, 0.0, 0.0);
    let mut to = from.clone();
    to.positions[0].x = 0.1;
    inertializer
        .transition(0, from.as_ref(), to.as_ref())
        .unwrap();
    let input = PoseBatch::from_pose(1, to.as_ref()).unwrap();
    let mut output = PoseBatch::new(1, 5, 0).unwrap();
    let mut plain = output.clone();
    let mut twin = inertializer.clone();
    for _ in 0..30 {
        inertializer.update(DT, &input, &mut output).unwrap();
        twin.update(DT, &input, &mut plain).unwrap();
        feet.update(DT, &inertializer, &input, &mut output).unwrap();
        assert_eq!(output, plain);
    }
}

#[test]
fn characters_without_a_blend_are_untouched_in_a_crowd() {
    // 19 characters (two full lane groups and a tail); every third blends.
    let mut scene = Scene::new(19, Contacts::Given);
    let mut plain = PoseBatch::new(19, 5, 0).unwrap();
    for c in 0..19 {
        scene.feet.set_contacts(c, &[true]).unwrap();
        if c % 3 == 0 {
            scene.switch(c, 0.05);
        }
    }
    for _ in 0..10 {
        let mut twin = scene.inertializer.clone();
        scene.frame();
        twin.update(DT, &scene.input, &mut plain).unwrap();
        for c in 0..19 {
            let blending = c % 3 == 0;
            assert_eq!(scene.feet.is_locked(c, 0).unwrap(), blending);
            if !blending {
                assert_eq!(
                    scene.output.character(c).unwrap(),
                    plain.character(c).unwrap()
                );
            } else {
                let point = scene.feet.lock_point(c, 0).unwrap().unwrap();
                assert!((point - Vec3::new(0.0, 0.0, 0.15)).length() < 1e-3);
                assert!((toe_of(&scene.output, c) - point).length() < SOFT_REACH_SLACK);
            }
        }
    }
}

#[test]
fn a_detected_lock_starts_once_the_blended_toe_is_down_and_glides_to_a_stop() {
    // The destination plants the toe from the first frame, but the blend carries it 20 cm up
    // and 10 cm across: no lock starts while the blended toe is above `exit_height` (stopping
    // a swinging foot in the air turns the leg as fast as a cut). Once it comes down, the lock
    // starts and the toe glides to a stop on a critical spring (no jump of its velocity),
    // within `lock_in_glide` (2 %) of the leg's reach, then holds across the ground.
    let thresholds = ContactThresholds::scaled(100.0).unwrap();
    let mut scene = Scene::new(1, Contacts::Detected(thresholds));
    let mut free = Scene::new(1, Contacts::Given);
    let mut from = stand(0.0, Vec3::ZERO);
    from.positions[0] += Vec3::new(0.1, 0.2, 0.0);
    let to = stand(0.0, Vec3::ZERO);
    for s in [&mut scene, &mut free] {
        s.switch_poses(0, &from, &to);
    }
    let reach = 0.999 * 2.0 * 0.5025;
    let mut last = toe_of(&scene.output, 0);
    let mut last_step = Vec3::ZERO;
    let mut start: Option<(usize, Vec3)> = None;
    for frame in 0..60 {
        scene.frame();
        free.frame_unlocked();
        let (toe, animated) = (toe_of(&scene.output, 0), toe_of(&free.output, 0));
        let locked = scene.feet.is_locked(0, 0).unwrap();
        assert!(scene.feet.is_in_contact(0, 0).unwrap(), "frame {frame}");
        match start {
            None if locked => {
                // The blended toe came down within exit_height: the lock starts where it is,
                // moving on as it did.
                assert!(animated.y <= thresholds.exit_height + 1e-6, "{animated}");
                let step = toe - last;
                assert!((step - last_step).length() < 0.25 * last_step.length());
                start = Some((frame, toe));
            }
            None => {
                assert!(animated.y > thresholds.exit_height - 1e-2, "frame {frame}");
                assert!((toe - animated).length() < 1e-6, "frame {frame}");
            }
            Some((_, at)) => {
                let across = Vec3::new(toe.x - at.x, 0.0, toe.z - at.z);
                assert!(
                    across.length() <= 0.02 * reach + SOFT_REACH_SLACK,
                    "{across}"
                );
            }
        }
        last_step = toe - last;
        last = toe;
    }
    let (frame, _) = start.expect("the lock never started");
    assert!(
        frame > 3,
        "started at frame {frame}, with the toe in the air"
    );
    // Held while the blend carries the animated toe on toward x = 0.
    let (toe, animated) = (toe_of(&scene.output, 0), toe_of(&free.output, 0));
    assert!(scene.feet.is_locked(0, 0).unwrap());
    assert!(toe.x - animated.x > 0.01, "{toe} vs {animated}");
}

#[test]
fn a_lock_that_brings_the_hip_nearer_bends_the_knee_as_asked() {
    // The leg swung back 0.4 rad (the ankle 39 cm behind the hip), and the blend carries the
    // hip 10 cm back toward it: the lock shortens the leg by 3.5 cm (the soft reach softens
    // only a stretch beyond the animated leg), and the toe stays on its lock point.
    let mut scene = Scene::new(1, Contacts::Given);
    scene.feet.set_contacts(0, &[true]).unwrap();
    let mut from = stand(0.0, Vec3::ZERO);
    from.rotations[LEG.hip] = Quat::from_rotation_x(0.4);
    let mut to = from.clone();
    to.positions[0].z -= 0.1;
    scene.switch_poses(0, &from, &to);
    for frame in 0..40 {
        scene.frame();
        assert!(scene.feet.is_locked(0, 0).unwrap(), "frame {frame}");
        let point = scene.feet.lock_point(0, 0).unwrap().unwrap();
        let toe = toe_of(&scene.output, 0);
        assert!(
            (toe - point).length() < 1e-5,
            "frame {frame}: {toe} vs {point}"
        );
    }
}

#[test]
fn a_lock_on_a_leg_animated_beyond_max_extension_starts_without_a_pop() {
    // The fixture's leg stands at 99.5 % of its length; with `max_extension` 0.9 the IK may
    // keep it as stretched as it is (clamped to 0.9 it pulled the toe in by 9.5 cm on the
    // frame the lock started).
    let settings = FootLockSettings {
        max_extension: 0.9,
        ..metres(Contacts::Given)
    };
    let (mut scene, mut free) = planted_and_free(settings);
    scene.switch(0, 0.06);
    free.switch(0, 0.06);
    scene.frame();
    free.frame_unlocked();
    assert!(scene.feet.is_locked(0, 0).unwrap());
    let (toe, animated) = (toe_of(&scene.output, 0), toe_of(&free.output, 0));
    assert!((toe - animated).length() < 1e-5, "{toe} vs {animated}");
}

#[test]
fn a_rig_in_tiny_units_locks_as_one_in_metres() {
    // The same scene with every length times 1e20 (positions beyond 1.8e19, where a squared
    // length overflows f32): the toe moves as in metres, times 1e20, and never pops.
    let k = 1e20_f32;
    let scaled = |mut pose: Pose| {
        for p in &mut pose.positions {
            *p *= k;
        }
        pose
    };
    let mut metres_scene = Scene::new(1, Contacts::Given);
    let settings = FootLockSettings {
        contacts: Contacts::Given,
        ..FootLockSettings::scaled(100.0 / k).unwrap()
    };
    let mut tiny = Scene::with_settings(1, settings);
    tiny.input = PoseBatch::from_pose(1, scaled(stand(0.0, Vec3::ZERO)).as_ref()).unwrap();
    for s in [&mut metres_scene, &mut tiny] {
        s.feet.set_contacts(0, &[true]).unwrap();
    }
    metres_scene.switch(0, 0.06);
    tiny.switch_poses(
        0,
        &scaled(stand(0.0, Vec3::ZERO)),
        &scaled(stand(0.06, Vec3::ZERO)),
    );
    for frame in 0..120 {
        metres_scene.frame();
        tiny.frame();
        let (want, got) = (toe_of(&metres_scene.output, 0), toe_of(&tiny.output, 0) / k);
        assert!(
            (got - want).length() < 1e-4,
            "frame {frame}: {got} vs {want}"
        );
    }
}

#[test]
fn a_glide_and_softness_of_zero_stop_the_toe_dead_on_its_target() {
    // The settings' extremes: `lock_in_glide` 0 stops a moving toe on the frame its lock
    // starts, and `reach_softness` 0 (a hard clamp) puts it exactly on its target.
    let thresholds = ContactThresholds::scaled(100.0).unwrap();
    let settings = FootLockSettings {
        lock_in_glide: 0.0,
        reach_softness: 0.0,
        ..metres(Contacts::Detected(thresholds))
    };
    let mut scene = Scene::with_settings(1, settings);
    let mut from = stand(0.0, Vec3::ZERO);
    from.positions[0] += Vec3::new(0.1, 0.2, 0.0);
    scene.switch_poses(0, &from, &stand(0.0, Vec3::ZERO));
    let mut held: Option<Vec3> = None;
    for frame in 0..60 {
        scene.frame();
        let toe = toe_of(&scene.output, 0);
        if let Some(point) = scene.feet.lock_point(0, 0).unwrap() {
            assert!(
                (toe - point).length() < 1e-5,
                "frame {frame}: {toe} vs {point}"
            );
        }
        match held {
            None if scene.feet.is_locked(0, 0).unwrap() => held = Some(toe),
            None => {}
            Some(at) => {
                let across = Vec3::new(toe.x - at.x, 0.0, toe.z - at.z);
                assert!(across.length() < 1e-5, "frame {frame}: {across}");
            }
        }
    }
    assert!(held.is_some(), "the lock never started");
}
