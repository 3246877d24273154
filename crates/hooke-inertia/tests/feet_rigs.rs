//! Foot locking's checks of its inputs (docs/math.md §7): invalid rigs and settings are typed
//! errors, batch shapes are checked, and the legs of common rigs (the bundled CMU clips, Unreal-
//! and Blender-style names) are found by name.

mod common;

use common::one_leg::*;
use glam::Vec3;
use hooke_inertia::*;

#[test]
fn shapes_are_checked() {
    let mut scene = Scene::new(2, Contacts::Given);
    let small = PoseBatch::new(1, 5, 0).unwrap();
    let err = scene
        .feet
        .update(DT, &scene.inertializer, &small, &mut scene.output)
        .unwrap_err();
    assert!(matches!(
        err,
        InertiaError::ShapeMismatch { field: "input", .. }
    ));
    assert!(scene.feet.set_contacts(0, &[]).is_err());
    assert!(scene.feet.is_locked(0, 1).is_err());
}

#[test]
fn invalid_rigs_are_typed_errors() {
    let out = FootRig::new(&PARENTS, &[Leg { toe: 7, ..LEG }]).unwrap_err();
    assert_eq!(
        out,
        FootRigError::BoneOutOfRange {
            leg: 0,
            field: "toe",
            bone: 7,
            bones: 5
        }
    );
    let skip = FootRig::new(
        &PARENTS,
        &[Leg {
            knee: 3,
            ankle: 2,
            ..LEG
        }],
    )
    .unwrap_err();
    assert!(matches!(
        skip,
        FootRigError::NotAChain {
            field: "knee",
            bone: 3,
            ..
        }
    ));
    let twice = FootRig::new(&PARENTS, &[LEG, LEG]).unwrap_err();
    assert_eq!(
        twice,
        FootRigError::SharedBone {
            bone: 1,
            first: 0,
            second: 1
        }
    );
    let cycle = FootRig::new(&[None, Some(2), Some(1)], &[]).unwrap_err();
    assert_eq!(cycle, FootRigError::InvalidParent { bone: 1, parent: 2 });
    let missing = FootRig::new(&[None, Some(9)], &[]).unwrap_err();
    assert_eq!(missing, FootRigError::InvalidParent { bone: 1, parent: 9 });
    // Any order without a cycle is a skeleton (an engine's bones sorted by id): toe first.
    let reversed = [Some(1), Some(2), Some(3), Some(4), None];
    let leg = Leg {
        hip: 3,
        knee: 2,
        ankle: 1,
        toe: 0,
    };
    assert_eq!(FootRig::new(&reversed, &[leg]).unwrap().legs(), &[leg]);
    let names = ["Hips", "Spine", "Head"];
    let none = FootRig::find(&names, &[None, Some(0), Some(1)]).unwrap_err();
    assert!(matches!(
        none,
        FootRigError::LegNotFound { side: "left", .. }
    ));
    let short = FootRig::find(&names, &[None, Some(0)]).unwrap_err();
    assert_eq!(
        short,
        FootRigError::NamesMismatch {
            names: 3,
            parents: 2
        }
    );
    // A foot at the root has no knee.
    let names = ["LeftFoot", "LeftToe"];
    let root = FootRig::find(&names, &[None, Some(0)]).unwrap_err();
    assert!(root.to_string().contains("no parent (knee)"), "{root}");
}

#[test]
fn invalid_settings_are_typed_errors() {
    let rig = FootRig::new(&PARENTS, &[LEG]).unwrap();
    let mut t = ContactThresholds::centimetres();
    t.exit_height = t.enter_height - 1.0;
    let err = FootLocker::new(1, rig.clone(), metres(Contacts::Detected(t))).unwrap_err();
    assert!(matches!(
        err,
        InertiaError::FootRig(FootRigError::InvalidSetting {
            field: "exit_height",
            ..
        })
    ));
    let mut t = ContactThresholds::centimetres();
    t.up = Vec3::ZERO;
    assert!(FootLocker::new(1, rig.clone(), metres(Contacts::Detected(t))).is_err());
    let settings = FootLockSettings {
        release_halflife: -1.0,
        ..FootLockSettings::centimetres()
    };
    assert!(FootLocker::new(1, rig.clone(), settings).is_err());
    let settings = FootLockSettings {
        max_lock_distance: -1.0,
        ..FootLockSettings::centimetres()
    };
    assert!(matches!(
        FootLocker::new(1, rig.clone(), settings),
        Err(InertiaError::FootRig(FootRigError::InvalidSetting {
            field: "max_lock_distance",
            ..
        }))
    ));
    for (field, settings) in [
        (
            "lock_in_glide",
            FootLockSettings {
                lock_in_glide: -0.01,
                ..FootLockSettings::centimetres()
            },
        ),
        (
            "lock_in_glide",
            FootLockSettings {
                lock_in_glide: f32::INFINITY,
                ..FootLockSettings::centimetres()
            },
        ),
        (
            "reach_softness",
            FootLockSettings {
                reach_softness: 1.5,
                ..FootLockSettings::centimetres()
            },
        ),
        (
            "reach_softness",
            FootLockSettings {
                reach_softness: f32::NAN,
                ..FootLockSettings::centimetres()
            },
        ),
    ] {
        let err = FootLocker::new(1, rig.clone(), settings).unwrap_err();
        assert!(
            matches!(err, InertiaError::FootRig(FootRigError::InvalidSetting { field: f, .. }) if f == field),
            "{err}"
        );
    }
    assert!(matches!(
        FootLocker::new(usize::MAX, rig, FootLockSettings::centimetres()),
        Err(InertiaError::Param(hooke::ParamError::OutOfMemory { .. }))
    ));
}

#[test]
fn the_bundled_clips_legs_are_found_by_name() {
    for clip in common::clips() {
        let rig = FootRig::find(clip.joint_names(), clip.parents()).unwrap();
        let name = |b: usize| clip.joint_names()[b].as_str();
        let [left, right] = [rig.legs()[0], rig.legs()[1]];
        assert_eq!(
            left.bones().map(name),
            ["LeftUpLeg", "LeftLeg", "LeftFoot", "LeftToeBase"]
        );
        assert_eq!(
            right.bones().map(name),
            ["RightUpLeg", "RightLeg", "RightFoot", "RightToeBase"]
        );
    }
    // Unreal- and Blender-style names.
    let names = [
        "pelvis", "thigh_l", "calf_l", "foot_l", "ball_l", "thigh.R", "shin.R", "foot.R", "toe.R",
    ];
    let parents = [
        None,
        Some(0),
        Some(1),
        Some(2),
        Some(3),
        Some(0),
        Some(5),
        Some(6),
        Some(7),
    ];
    let rig = FootRig::find(&names, &parents).unwrap();
    assert_eq!(
        rig.legs()[0],
        Leg {
            hip: 1,
            knee: 2,
            ankle: 3,
            toe: 4
        }
    );
    assert_eq!(
        rig.legs()[1],
        Leg {
            hip: 5,
            knee: 6,
            ankle: 7,
            toe: 8
        }
    );
}
