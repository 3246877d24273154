//! Every setting that enters from user code is checked, with an error naming it.

use bevy_animation::AnimationPlayer;
use bevy_animation::AnimationTargetId;
use bevy_animation::graph::AnimationNodeIndex;
use bevy_transform::components::Transform;
use glam::{Quat, Vec3};
use hooke_bevy::*;

#[test]
fn rig_profile_rejects_bad_halflives() {
    for bad in [f32::NAN, -0.1, f32::INFINITY] {
        assert!(matches!(
            RigProfile::new(bad),
            Err(HookeBevyError::InvalidTime {
                name: "halflife",
                ..
            })
        ));
        let t = AnimationTargetId::from_iter(["a"]);
        assert!(matches!(
            RigProfile::default().with_bone_halflife(t, bad),
            Err(HookeBevyError::InvalidBoneHalflife { .. })
        ));
    }
}

#[test]
fn play_rejects_a_bad_dead_blend_and_changes_nothing() {
    let mut player = AnimationPlayer::default();
    let mut t = InertialTransitions::default();
    let a = AnimationNodeIndex::new(1);
    t.play(&mut player, a, TransitionMode::Cut).unwrap();
    let bad = TransitionMode::DeadBlend {
        blend_time: 0.2,
        halflife: -1.0,
    };
    let err = t
        .play(&mut player, AnimationNodeIndex::new(2), bad)
        .unwrap_err();
    assert!(matches!(
        err,
        HookeBevyError::InvalidTime {
            name: "halflife",
            ..
        }
    ));
    assert_eq!(t.main_animation(), Some(a));
    assert!(player.is_playing_animation(a));
}

#[test]
fn transform_spring_rejects_bad_halflives_and_goals() {
    let ok = SpringGoal::Fixed(Transform::IDENTITY);
    assert!(TransformSpring::new(ok, f32::NAN).is_err());
    let s = TransformSpring::new(ok, 0.1).unwrap();
    assert!(matches!(
        s.clone().with_rotation_halflife(Some(-1.0)),
        Err(HookeBevyError::InvalidTime {
            name: "rotation_halflife",
            ..
        })
    ));
    let not_unit = Transform::IDENTITY.with_rotation(Quat::from_xyzw(0.0, 0.0, 0.0, 0.5));
    assert!(matches!(
        TransformSpring::new(SpringGoal::Fixed(not_unit), 0.1),
        Err(HookeBevyError::InvalidGoal {
            name: "goal.rotation",
            ..
        })
    ));
    let inf_scale = Transform::IDENTITY.with_scale(Vec3::INFINITY);
    assert!(matches!(
        TransformSpring::new(SpringGoal::Fixed(inf_scale), 0.1),
        Err(HookeBevyError::InvalidGoal {
            name: "goal.scale",
            ..
        })
    ));
}

#[test]
fn smooth_damp_rejects_bad_values_and_keeps_its_state() {
    assert!(matches!(
        SmoothDamp::new(Vec3::ZERO, -1.0),
        Err(HookeBevyError::InvalidTime {
            name: "smooth_time",
            ..
        })
    ));
    let mut s = SmoothDamp::new(Vec3::ONE, 0.2).unwrap();
    assert!(matches!(
        s.set_goal(Vec3::new(f32::NAN, 0.0, 0.0)),
        Err(HookeBevyError::InvalidGoal { name: "goal", .. })
    ));
    assert!(s.set_smooth_time(f32::INFINITY).is_err());
    assert_eq!((s.goal(), s.smooth_time()), (Vec3::ONE, 0.2));
}
