//! Headless transitions on a skeleton with two clips built in code: an inertialized switch is
//! continuous, converges to the new clip and keeps unit quaternions; a cut jumps; rapid
//! repeated switches (bevy #13910) neither melt the pose nor pop.

#![allow(clippy::needless_range_loop)] // bones are indexed across several frames at once

mod common;

use common::*;
use glam::{Quat, Vec3};
use hooke_bevy::{InertiaCrowd, TransitionMode};

const DT: f32 = 1.0 / 60.0;
const SWITCH: usize = 30;

/// Frames around one switch from A to B at frame `SWITCH` (frame `SWITCH` is the first that
/// plays B), then 2 s.
fn run_switch(mode: TransitionMode) -> Vec<Vec<(Vec3, Quat)>> {
    run_switch_at(mode, 60.0)
}

/// The same at `fps` frames per second (switch at 0.5 s, then 2 s).
fn run_switch_at(mode: TransitionMode, fps: f32) -> Vec<Vec<(Vec3, Quat)>> {
    let dt = 1.0 / fps;
    let switch = (0.5 * fps) as usize;
    let mut rig = Rig::new(dt);
    let mut frames = Vec::new();
    for f in 0..switch + (2.0 * fps) as usize {
        if f == switch {
            rig.play(1, mode);
        }
        frames.push(rig.step(dt));
    }
    frames
}

/// Largest (linear, angular) second difference around the switch at `fps`.
fn at_switch(mode: TransitionMode, fps: f32) -> (f32, f32) {
    let frames = run_switch_at(mode, fps);
    let s = (0.5 * fps) as usize;
    (
        max_acceleration(&frames, 1.0 / fps, s - 1..s + 2),
        max_angular_acceleration(&frames, 1.0 / fps, s - 1..s + 2),
    )
}

fn assert_unit_and_finite(frames: &[Vec<(Vec3, Quat)>]) {
    for (f, pose) in frames.iter().enumerate() {
        for (b, (x, q)) in pose.iter().enumerate() {
            assert!(
                x.is_finite() && q.is_finite(),
                "frame {f} bone {b}: {x} {q}"
            );
            assert!(
                (q.length() - 1.0).abs() < 1e-5,
                "frame {f} bone {b}: |q| = {}",
                q.length()
            );
        }
    }
}

#[test]
fn inertialized_switch_is_c0_and_c1_and_converges_to_the_new_clip() {
    let smooth = run_switch(TransitionMode::Inertialize);
    let cut = run_switch(TransitionMode::Cut);
    assert_unit_and_finite(&smooth);

    // Before the switch both runs show clip A.
    assert_eq!(smooth[SWITCH - 1], cut[SWITCH - 1]);
    // C0 and C1 by refinement: the second difference across the switch (windows centred on
    // the frames before, at and after it) is the decaying spring's own acceleration, bounded
    // independently of the frame rate (at 60 fps the difference averages the spring's sharp
    // start over +-1 frame, so it reads somewhat lower). A velocity jump would grow 4x from 60
    // to 240 fps, a position jump 16x (as the cut's does).
    let (x60, w60) = at_switch(TransitionMode::Inertialize, 60.0);
    let (x240, w240) = at_switch(TransitionMode::Inertialize, 240.0);
    assert!(
        x240 <= 2.0 * x60,
        "position: {x240} at 240 fps vs {x60} at 60 fps"
    );
    assert!(
        w240 <= 2.0 * w60,
        "rotation: {w240} at 240 fps vs {w60} at 60 fps"
    );
    let (cx60, cw60) = at_switch(TransitionMode::Cut, 60.0);
    let (cx240, cw240) = at_switch(TransitionMode::Cut, 240.0);
    assert!(
        cx240 > 8.0 * cx60 && cw240 > 8.0 * cw60,
        "the cut jumps: {cx60} -> {cx240}"
    );
    assert!(
        cx60 > 10.0 * x60 && cw60 > 10.0 * w60,
        "cut {cx60} vs {x60}, {cw60} vs {w60}"
    );

    // The position step at the switch is what the previous velocity predicts (C0).
    for b in 0..BONES {
        let predicted = 2.0 * smooth[SWITCH - 1][b].0 - smooth[SWITCH - 2][b].0;
        let err = (smooth[SWITCH][b].0 - predicted).length();
        assert!(err < 0.05, "bone {b}: {err} off the extrapolation");
        let jump = (cut[SWITCH][b].0 - cut[SWITCH - 1][b].0).length();
        if b != UNANIMATED_IN_B {
            assert!(jump > 0.3, "the cut of bone {b} should jump: {jump}");
        }
    }

    // After 2 s (20 halflives) the output is the new clip, which the cut shows at once.
    let (last_smooth, last_cut) = (smooth.last().unwrap(), cut.last().unwrap());
    for b in 0..BONES {
        let dx = (last_smooth[b].0 - last_cut[b].0).length();
        let dq = qdist(last_smooth[b].1, last_cut[b].1);
        assert!(
            dx < 1e-3 && dq < 1e-3,
            "bone {b}: {dx} units, {dq} rad from clip B"
        );
    }
}

#[test]
fn bones_without_curves_in_the_new_clip_hold_still_and_do_not_drift() {
    let smooth = run_switch(TransitionMode::Inertialize);
    let b = UNANIMATED_IN_B;
    // Clip B leaves this bone where clip A left it: the output settles there and stays.
    let held = smooth[SWITCH - 1][b];
    let last = smooth.last().unwrap()[b];
    assert!(
        (last.0 - held.0).length() < 1e-3,
        "{:?} vs {:?}",
        last,
        held
    );
    for w in smooth[SWITCH + 90..].windows(2) {
        assert!((w[1][b].0 - w[0][b].0).length() < 1e-5, "drifts: {:?}", w);
        assert!(qdist(w[1][b].1, w[0][b].1) < 1e-5, "turns: {:?}", w);
    }
    // Once settled, offsets do not accumulate frame over frame: 2 more seconds change nothing.
    let mut rig = Rig::new(DT);
    rig.play(1, TransitionMode::Inertialize);
    let settled: Vec<_> = (0..240).map(|_| rig.step(DT)).collect();
    let (p120, p239) = (settled[120][b], settled[239][b]);
    assert!((p120.0 - p239.0).length() < 1e-5 && qdist(p120.1, p239.1) < 1e-5);
}

#[test]
fn varying_frame_times_stay_continuous_and_converge() {
    // Frame times between 1/144 and 1/30 s, a new one every frame.
    let dts: Vec<f32> = (0..200)
        .map(|i| 1.0 / (30.0 + ((i * 37) % 115) as f32))
        .collect();
    let mut smooth = Rig::new(DT);
    let mut cut = Rig::new(DT);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for (f, &dt) in dts.iter().enumerate() {
        if f == 40 {
            smooth.play(1, TransitionMode::Inertialize);
            cut.play(1, TransitionMode::Cut);
        }
        a.push(smooth.step(dt));
        b.push(cut.step(dt));
    }
    assert_unit_and_finite(&a);
    // The second difference across the switch, with dt changing every frame, stays at the
    // decaying spring's own acceleration (as measured at a fixed 60 fps); the cut's does not.
    let (x60, _) = at_switch(TransitionMode::Inertialize, 60.0);
    let smooth_at = (39..42)
        .map(|i| acceleration_at(&a, &dts, i))
        .fold(0.0, f32::max);
    let cut_at = (39..42)
        .map(|i| acceleration_at(&b, &dts, i))
        .fold(0.0, f32::max);
    assert!(
        smooth_at <= 1.5 * x60,
        "{smooth_at} vs {x60} at a fixed 60 fps"
    );
    assert!(cut_at > 10.0 * smooth_at, "cut {cut_at} vs {smooth_at}");
    for bone in 0..BONES {
        let (x, y) = (a.last().unwrap()[bone], b.last().unwrap()[bone]);
        assert!((x.0 - y.0).length() < 1e-3 && qdist(x.1, y.1) < 1e-3);
    }
}

#[test]
fn rapid_transitions_every_two_frames_neither_melt_nor_pop() {
    // bevy #13910: switching every 2 frames for 200 frames.
    let mut smooth = Rig::new(DT);
    let mut cut = Rig::new(DT);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for f in 0..200 {
        if f % 2 == 0 {
            let which = (f / 2 + 1) % 2;
            smooth.play(which, TransitionMode::Inertialize);
            cut.play(which, TransitionMode::Cut);
        }
        a.push(smooth.step(DT));
        b.push(cut.step(DT));
    }
    assert_unit_and_finite(&a);
    // Output continuous: the largest frame-to-frame step stays at clip speeds, while the cut
    // jumps between the clips.
    let max_step = |frames: &[Vec<(Vec3, Quat)>]| {
        let mut worst = 0.0_f32;
        for w in frames.windows(2) {
            for bone in 0..BONES {
                worst = worst.max((w[1][bone].0 - w[0][bone].0).length());
            }
        }
        worst
    };
    let (smooth_step, cut_step) = (max_step(&a), max_step(&b));
    assert!(smooth_step < 0.1, "largest step {smooth_step}");
    assert!(
        cut_step > 5.0 * smooth_step,
        "cut {cut_step} vs {smooth_step}"
    );
    // No melting: once the switching stops, the pose converges to the clip playing.
    smooth.play(1, TransitionMode::Inertialize);
    cut.play(1, TransitionMode::Cut);
    let mut last = (Vec::new(), Vec::new());
    for _ in 0..150 {
        last = (smooth.step(DT), cut.step(DT));
    }
    for bone in 0..BONES {
        let (x, y) = (last.0[bone], last.1[bone]);
        assert!(
            (x.0 - y.0).length() < 1e-3 && qdist(x.1, y.1) < 1e-3,
            "bone {bone}: {x:?} vs {y:?}"
        );
    }
}

#[test]
fn crossfade_blends_both_clips_and_ends_on_the_new_one() {
    let fade = run_switch(TransitionMode::CrossFade(
        core::time::Duration::from_millis(250),
    ));
    let cut = run_switch(TransitionMode::Cut);
    assert_unit_and_finite(&fade);
    // Half-way through the fade the pose is neither clip.
    let mid = SWITCH + 7;
    assert!((fade[mid][0].0 - cut[mid][0].0).length() > 1e-2);
    let (x, y) = (fade.last().unwrap()[0], cut.last().unwrap()[0]);
    assert!((x.0 - y.0).length() < 1e-4);
}

#[test]
fn dead_blend_is_continuous_and_ends_on_the_new_clip() {
    let mode = TransitionMode::DeadBlend {
        blend_time: 0.3,
        halflife: 0.1,
    };
    let dead = run_switch(mode);
    let cut = run_switch(TransitionMode::Cut);
    assert_unit_and_finite(&dead);
    for b in 0..BONES {
        let predicted = 2.0 * dead[SWITCH - 1][b].0 - dead[SWITCH - 2][b].0;
        assert!((dead[SWITCH][b].0 - predicted).length() < 0.05, "bone {b}");
        let (x, y) = (dead.last().unwrap()[b], cut.last().unwrap()[b]);
        assert!((x.0 - y.0).length() < 1e-4, "bone {b}: {x:?} vs {y:?}");
    }
}

#[test]
fn characters_of_one_rig_share_one_inertializer_and_keep_their_state_when_others_join() {
    let mut rig = Rig::new(DT);
    rig.play(1, TransitionMode::Inertialize);
    let mut frames = vec![rig.step(DT), rig.step(DT)];
    {
        let crowd = rig.app.world().resource::<InertiaCrowd>();
        assert_eq!((crowd.group_count(), crowd.character_count()), (1, 1));
    }
    // A second character with the same bones joins mid-blend: the group is rebuilt and the
    // first character's blend continues without a pop.
    let world = rig.app.world_mut();
    let graph = world
        .get::<bevy_animation::graph::AnimationGraphHandle>(rig.player)
        .unwrap()
        .clone();
    let other = world
        .spawn((
            bevy_animation::AnimationPlayer::default(),
            graph,
            hooke_bevy::InertialTransitions::new(hooke_bevy::RigProfile::new(HALFLIFE).unwrap()),
        ))
        .id();
    for bone in 0..BONES {
        world.spawn((
            bevy_transform::components::Transform::IDENTITY,
            target(bone),
            bevy_animation::AnimatedBy(other),
        ));
    }
    for _ in 0..3 {
        frames.push(rig.step(DT));
    }
    let crowd = rig.app.world().resource::<InertiaCrowd>();
    assert_eq!((crowd.group_count(), crowd.character_count()), (1, 2));
    assert_eq!(crowd.bone_count(), 2 * BONES);
    let across = max_acceleration(&frames, DT, 1..frames.len() - 1);
    let cut = run_switch(TransitionMode::Cut);
    let cut_jump = max_acceleration(&cut, DT, SWITCH - 1..SWITCH + 2);
    assert!(across < cut_jump / 10.0, "{across} vs cut {cut_jump}");
}

#[test]
fn a_bone_renamed_or_moved_to_another_player_in_place_regroups_the_crowd() {
    let mut rig = Rig::new(DT);
    rig.step(DT);
    let crowd = |rig: &Rig| {
        let crowd = rig.app.world().resource::<InertiaCrowd>();
        (
            crowd.group_count(),
            crowd.character_count(),
            crowd.bone_count(),
        )
    };
    assert_eq!(crowd(&rig), (1, 1, BONES));
    // Bone 0's target changed in place (`Mut`, no insertion) to bone 1's: the player animates
    // one bone per target, so its rig loses a bone.
    *rig.app
        .world_mut()
        .get_mut::<bevy_animation::AnimationTargetId>(rig.bones[0])
        .unwrap() = target(1);
    rig.step(DT);
    assert_eq!(crowd(&rig), (1, 1, BONES - 1));
    // A second player, and bone 0 handed over to it in place: two rigs, of one bone and of
    // `BONES - 1`, in two groups.
    let other = rig
        .app
        .world_mut()
        .spawn((
            bevy_animation::AnimationPlayer::default(),
            hooke_bevy::InertialTransitions::new(hooke_bevy::RigProfile::new(HALFLIFE).unwrap()),
        ))
        .id();
    rig.step(DT);
    rig.app
        .world_mut()
        .get_mut::<bevy_animation::AnimatedBy>(rig.bones[0])
        .unwrap()
        .0 = other;
    rig.step(DT);
    assert_eq!(crowd(&rig), (2, 2, BONES));
}
