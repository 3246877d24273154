//! Model-space ("world") rotation for chosen bones on the CMU rig: the head's model-space
//! orientation is continuous at a switch and follows `offset(t) * input` in model space, with
//! the offset decayed exactly like the f64 critical decay spring, whatever its parents do.

mod common;

use common::clips;
use glam::{DQuat, DVec3};
use hooke::scalar::{quat_from_scaled_angle_axis_f64, quat_to_scaled_angle_axis_f64};
use hooke_inertia::{
    BlendMode, BlendProfile, InertiaError, Inertializer, Pose, PoseBatch, PoseRef, RootPolicy,
};

const HALFLIFE: f32 = 0.25;
const DT: f32 = 1.0 / 120.0;

/// Model-space rotation and angular velocity of `bone` (f64 forward kinematics).
fn model_space(parents: &[Option<usize>], pose: &Pose, bone: usize) -> (DQuat, DVec3) {
    let local = |k: usize| {
        (
            pose.rotations[k].as_dquat().normalize(),
            pose.angular_velocities[k].as_dvec3(),
        )
    };
    let (mut q, mut w) = local(bone);
    let mut at = bone;
    while let Some(p) = parents[at] {
        let (pq, pw) = local(p);
        (q, w) = (pq * q, pw + pq * w);
        at = p;
    }
    (q.normalize(), w)
}

struct Rig {
    parents: Vec<Option<usize>>,
    head: usize,
    inertializer: Inertializer,
    input: PoseBatch,
    output: PoseBatch,
}

impl Rig {
    fn new(world: bool, root: RootPolicy) -> Rig {
        let clip = &clips()[0];
        let parents = clip.parents().to_vec();
        let head = clip.joint_index("Head").expect("CMU rig has a Head");
        let bones = parents.len();
        let mut profile = BlendProfile::uniform(bones, HALFLIFE)
            .unwrap()
            .with_parents(&parents)
            .unwrap();
        if world {
            profile = profile.with_world_rotation(head).unwrap();
        }
        Rig {
            inertializer: Inertializer::new(2, profile, root).unwrap(),
            input: PoseBatch::new(2, bones, 0).unwrap(),
            output: PoseBatch::new(2, bones, 0).unwrap(),
            parents,
            head,
        }
    }

    /// One frame of character 1 showing `pose`; its output.
    fn show(&mut self, pose: PoseRef<'_>, dt: f32) -> Pose {
        self.input.set_character(1, pose).unwrap();
        self.inertializer
            .update(dt, &self.input, &mut self.output)
            .unwrap();
        self.output.character(1).unwrap()
    }

    /// Switches character 1 from showing `from` to showing `to`; the output of the switch frame.
    fn switch(&mut self, from: PoseRef<'_>, to: PoseRef<'_>) -> Pose {
        self.inertializer.transition(1, from, to).unwrap();
        self.show(to, 0.0)
    }
}

fn walk(frame: usize) -> PoseRef<'static> {
    PoseRef::from_clip(&clips()[0], frame)
}

fn climb(frame: usize) -> PoseRef<'static> {
    PoseRef::from_clip(&clips()[1], frame)
}

#[test]
fn head_model_space_orientation_is_continuous_at_each_switch() {
    for root in [
        RootPolicy::Local,
        RootPolicy::Anchored { up: glam::Vec3::Y },
    ] {
        let mut rig = Rig::new(true, root);
        // walk -> climb at frame 200, climb -> walk 30 frames later (mid-blend).
        let mut shown = Vec::new();
        for f in 190..200 {
            shown.push(rig.show(walk(f), DT));
        }
        shown.push(rig.switch(walk(199), climb(400)));
        for f in 401..430 {
            shown.push(rig.show(climb(f), DT));
        }
        shown.push(rig.switch(climb(429), walk(300)));
        let switches = [10, 40];
        for at in switches {
            let (before, after) = (&shown[at - 1], &shown[at]);
            let (qb, wb) = model_space(&rig.parents, before, rig.head);
            let (qa, wa) = model_space(&rig.parents, after, rig.head);
            let angle = qb.angle_between(qa);
            let spin = (wa - wb).length() / wb.length().max(1.0);
            eprintln!(
                "{root:?}, switch at {at}: head model-space step {angle:.2e} rad, angular velocity {spin:.2e}"
            );
            assert!(angle < 2e-5, "{angle}");
            assert!(spin < 2e-4, "{spin}");
        }
    }
}

#[test]
fn head_follows_the_decayed_model_space_offset_not_its_parents() {
    let mut rig = Rig::new(true, RootPolicy::Local);
    rig.show(walk(250), DT);
    rig.inertializer
        .transition(1, walk(250), climb(500))
        .unwrap();
    // The initial model-space offset of the head, as the reference sees it.
    let (qs, ws) = model_space(&rig.parents, &walk(250).to_owned(), rig.head);
    let (qd, wd) = model_space(&rig.parents, &climb(500).to_owned(), rig.head);
    let mut q0 = qs * qd.conjugate();
    if q0.w < 0.0 {
        q0 = -q0;
    }
    let (e0, w0) = (quat_to_scaled_angle_axis_f64(q0), ws - q0 * wd);
    let y = 2.0 * std::f64::consts::LN_2 / f64::from(HALFLIFE);
    let (mut t, mut worst, mut parent_gap) = (0.0_f64, 0.0_f64, 0.0_f64);
    for (k, f) in (500..740).enumerate() {
        let dt = DT * (1.0 + 0.01 * (k % 7) as f32);
        // The first update after the switch shows it (t = 0); time runs from the next one.
        if k > 0 {
            t += f64::from(dt);
        }
        let out = rig.show(climb(f), dt);
        let decay = (-y * t).exp();
        let e = (e0 + (w0 + y * e0) * t) * decay;
        let (qi, _) = model_space(&rig.parents, &climb(f).to_owned(), rig.head);
        let want = quat_from_scaled_angle_axis_f64(e) * qi;
        let (got, _) = model_space(&rig.parents, &out, rig.head);
        worst = worst.max(got.angle_between(want));
        // Its parent (Neck) is blended locally: its offset differs, so a local-space head
        // would not follow the reference above.
        let neck = rig.parents[rig.head].unwrap();
        let (pn, _) = model_space(&rig.parents, &out, neck);
        let (pi, _) = model_space(&rig.parents, &climb(f).to_owned(), neck);
        parent_gap = parent_gap.max(pn.angle_between(pi));
    }
    eprintln!(
        "head vs model-space reference: worst {worst:.2e} rad over 240 frames (parent offset up to {parent_gap:.3} rad)"
    );
    assert!(worst < 2e-5, "{worst}");
    assert!(
        parent_gap > 0.05,
        "the test needs a parent offset: {parent_gap}"
    );
}

#[test]
fn local_space_head_inherits_its_parents_offsets() {
    // The same switch without world rotation: the head's model-space orientation is still
    // continuous, but during the blend it is not `offset(t) * input` in model space.
    let mut local = Rig::new(false, RootPolicy::Local);
    let mut world = Rig::new(true, RootPolicy::Local);
    for rig in [&mut local, &mut world] {
        rig.show(walk(250), DT);
        rig.inertializer
            .transition(1, walk(250), climb(500))
            .unwrap();
    }
    let mut gap = 0.0_f64;
    for f in 500..560 {
        let (a, b) = (local.show(climb(f), DT), world.show(climb(f), DT));
        let (qa, _) = model_space(&local.parents, &a, local.head);
        let (qb, _) = model_space(&world.parents, &b, world.head);
        gap = gap.max(qa.angle_between(qb));
    }
    eprintln!("local vs model-space head, largest difference during the blend: {gap:.3} rad");
    assert!(gap > 1e-3, "{gap}");
}

#[test]
fn par_update_is_bit_identical_with_model_space_bones() {
    let clip = &clips()[0];
    let bones = clip.joint_count();
    let profile = BlendProfile::uniform(bones, 0.1)
        .unwrap()
        .with_parents(clip.parents())
        .unwrap()
        .with_world_rotation(clip.joint_index("Head").unwrap())
        .unwrap()
        .with_world_rotation(clip.joint_index("LeftHand").unwrap())
        .unwrap();
    let characters = 600;
    let mut one = Inertializer::new(characters, profile, RootPolicy::Local).unwrap();
    for c in (0..characters).step_by(2) {
        one.transition(c, walk(100 + c % 50), climb(300 + c % 70))
            .unwrap();
    }
    let mut many = one.clone();
    let input = PoseBatch::from_pose(characters, climb(310)).unwrap();
    let (mut a, mut b) = (input.clone(), input.clone());
    for _ in 0..4 {
        one.update(DT, &input, &mut a).unwrap();
        many.par_update(DT, &input, &mut b).unwrap();
    }
    assert_eq!(a, b);
}

#[test]
fn invalid_skeletons_are_typed_errors() {
    let profile = BlendProfile::uniform(3, 0.1).unwrap();
    assert_eq!(
        profile.clone().with_world_rotation(1).unwrap_err(),
        InertiaError::MissingParents
    );
    assert_eq!(
        profile
            .clone()
            .with_parents(&[None, Some(1), Some(0)])
            .unwrap_err(),
        InertiaError::InvalidParent { bone: 1, parent: 1 }
    );
    assert!(matches!(
        profile.clone().with_parents(&[None, Some(0)]),
        Err(InertiaError::Param(hooke::ParamError::LengthMismatch {
            name: "parents",
            ..
        }))
    ));
    let with_parents = profile.with_parents(&[None, Some(0), Some(0)]).unwrap();
    assert!(with_parents.clone().with_world_rotation(3).is_err());
    // An excluded model-space bone shows its input, like any excluded bone.
    let excluded = with_parents
        .with_world_rotation(2)
        .unwrap()
        .exclude(2)
        .unwrap();
    let mut i = Inertializer::new(1, excluded, RootPolicy::Local).unwrap();
    let mut turned = Pose::rest(3);
    turned.rotations[0] = glam::Quat::from_rotation_y(1.0);
    turned.rotations[2] = glam::Quat::from_rotation_x(0.5);
    i.set_mode(0, BlendMode::Inertialize).unwrap();
    i.transition(0, Pose::rest(3).as_ref(), turned.as_ref())
        .unwrap();
    let input = PoseBatch::from_pose(1, turned.as_ref()).unwrap();
    let mut output = input.clone();
    i.update(DT, &input, &mut output).unwrap();
    assert_eq!(output.rotations().get(2), input.rotations().get(2));
}

#[test]
fn huge_angular_velocities_stay_finite_in_model_space() {
    // Angular velocities near f32::MAX overflow the f32 lanes' sums: those lanes are redone in
    // f64 and saturated, never NaN.
    let profile = BlendProfile::uniform(3, 0.1)
        .unwrap()
        .with_parents(&[None, Some(0), Some(1)])
        .unwrap()
        .with_world_rotation(2)
        .unwrap();
    let mut i = Inertializer::new(9, profile, RootPolicy::Local).unwrap();
    let mut wild = Pose::rest(3);
    wild.angular_velocities = vec![
        glam::Vec3::splat(f32::MAX),
        glam::Vec3::splat(-f32::MAX),
        glam::Vec3::splat(f32::MAX),
    ];
    wild.rotations[1] = glam::Quat::from_rotation_z(2.0);
    for c in 0..9 {
        i.transition(c, wild.as_ref(), Pose::rest(3).as_ref())
            .unwrap();
    }
    let input = PoseBatch::from_pose(9, wild.as_ref()).unwrap();
    let mut output = input.clone();
    for dt in [0.0, DT, 1.0] {
        i.update(dt, &input, &mut output).unwrap();
        for c in 0..9 {
            let pose = output.character(c).unwrap();
            for b in 0..3 {
                assert!(pose.angular_velocities[b].is_finite(), "{c} {b}");
                assert!((pose.rotations[b].length() - 1.0).abs() < 1e-5, "{c} {b}");
            }
        }
    }
}
