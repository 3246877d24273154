//! Property tests (issue 7): the inertializer with random finite inputs, including values at
//! `±3e38`, non-unit (within tolerance), antipodal and near-identity rotations and angular
//! velocities up to 1e6 rad/s, gives finite outputs and unit rotations in both modes and under
//! both root policies, and equals the per-bone scalar twin where the inputs are well conditioned.

mod common;

use common::hostile::check_finite_unit;
use glam::{Quat, Vec3};
use hooke::scalar::{
    inertialize_transition_quat, inertialize_transition_vec3, inertialize_update_quat,
    inertialize_update_vec3,
};
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, Pose, PoseBatch, RootPolicy};
use proptest::prelude::*;

/// Finite values, a fair share of them at the ends of the `f32` range.
fn extreme() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => -10.0_f32..10.0,
        1 => -3e38_f32..3e38,
        1 => prop_oneof![Just(3e38_f32), Just(-3e38), Just(f32::MAX), Just(0.0)],
    ]
}

fn vec3<S: Strategy<Value = f32>>(component: impl Fn() -> S) -> impl Strategy<Value = Vec3> {
    (component(), component(), component()).prop_map(|(x, y, z)| Vec3::new(x, y, z))
}

fn axis_angle() -> impl Strategy<Value = Quat> {
    (vec3(|| -1.0_f32..1.0), -7.0_f32..7.0).prop_map(|(axis, angle)| {
        Quat::from_axis_angle(axis.try_normalize().unwrap_or(Vec3::X), angle)
    })
}

/// Rotations: arbitrary unit, antipodal (`w < 0`), near the identity, and off unit length within
/// the accepted tolerance.
fn rotation() -> impl Strategy<Value = Quat> {
    prop_oneof![
        axis_angle(),
        axis_angle().prop_map(|q| -q),
        vec3(|| -1e-6_f32..1e-6).prop_map(|v| Quat::from_xyzw(v.x, v.y, v.z, 1.0).normalize()),
        (axis_angle(), -0.9_f32..0.9)
            .prop_map(|(q, s)| q * (1.0 + s * hooke::error::UNIT_QUAT_TOLERANCE)),
    ]
}

/// Angular velocities up to 1e6 rad/s, and at the `f32` limits.
fn angular_velocity() -> impl Strategy<Value = Vec3> {
    prop_oneof![
        3 => vec3(|| -1e6_f32..1e6),
        1 => vec3(extreme),
    ]
}

fn pose(bones: usize) -> impl Strategy<Value = Pose> {
    pose_of(bones, (vec3(extreme), vec3(extreme)), angular_velocity())
}

/// One bone away from the `f32` limits and below 50 rad/s of angular velocity: the offset's angle
/// stays within a few turns, where `f32` resolves it to well below the test's bound.
fn moderate_pose() -> impl Strategy<Value = Pose> {
    let vector = || vec3(|| -1e3_f32..1e3);
    pose_of(1, (vector(), vector()), vec3(|| -28.0_f32..28.0))
}

fn pose_of(
    bones: usize,
    (position, velocity): (impl Strategy<Value = Vec3>, impl Strategy<Value = Vec3>),
    angular_velocity: impl Strategy<Value = Vec3>,
) -> impl Strategy<Value = Pose> {
    (
        prop::collection::vec(position, bones),
        prop::collection::vec(velocity, bones),
        prop::collection::vec(rotation(), bones),
        prop::collection::vec(angular_velocity, bones),
    )
        .prop_map(move |(x, v, q, w)| {
            let mut pose = Pose::rest(bones);
            pose.positions = x;
            pose.velocities = v;
            pose.rotations = q;
            pose.angular_velocities = w;
            pose
        })
}

fn dt() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => 0.0_f32..0.1,
        1 => prop_oneof![Just(0.0_f32), Just(1e6), Just(3e38)],
    ]
}

fn halflife() -> impl Strategy<Value = f32> {
    prop_oneof![3 => 0.0_f32..1.0, 1 => prop_oneof![Just(0.0_f32), Just(1e6), Just(3e38)]]
}

fn mode() -> impl Strategy<Value = BlendMode> {
    prop_oneof![
        Just(BlendMode::Inertialize),
        (1e-3_f32..1.0, 0.0_f32..0.5).prop_map(|(blend_time, halflife)| BlendMode::DeadBlend {
            blend_time,
            halflife
        }),
    ]
}

fn root() -> impl Strategy<Value = RootPolicy> {
    prop_oneof![
        Just(RootPolicy::Local),
        vec3(|| -1.0_f32..1.0)
            .prop_filter("a non-zero up axis", |u| u.length() > 1e-3)
            .prop_map(|up| RootPolicy::Anchored { up }),
    ]
}

const BONES: usize = 3;

proptest! {
    #[test]
    fn random_finite_inputs_give_finite_outputs_and_unit_rotations(
        poses in prop::collection::vec(pose(BONES), 3),
        halflife in halflife(),
        modes in prop::collection::vec(mode(), 2),
        root in root(),
        dts in prop::collection::vec(dt(), 4),
    ) {
        let profile = BlendProfile::uniform(BONES, halflife).unwrap();
        let mut inertializer = Inertializer::new(1, profile, root).unwrap();
        let mut input = PoseBatch::new(1, BONES, 0).unwrap();
        input.set_character(0, poses[0].as_ref()).unwrap();
        let mut output = input.clone();
        inertializer.update(0.0, &input, &mut output).unwrap();
        // Two transitions (the second one during the first blend), each followed by updates.
        for (k, mode) in modes.iter().enumerate() {
            inertializer.set_mode(0, *mode).unwrap();
            inertializer.transition(0, poses[k].as_ref(), poses[k + 1].as_ref()).unwrap();
            input.set_character(0, poses[k + 1].as_ref()).unwrap();
            for &dt in &dts {
                inertializer.update(dt, &input, &mut output).unwrap();
                let checked = check_finite_unit(&output, 1e-5);
                prop_assert!(checked.is_ok(), "{:?} after transition {k}, dt {dt}", checked);
            }
        }
    }

    #[test]
    fn well_conditioned_inputs_equal_the_scalar_twin(
        src in moderate_pose(),
        dst in moderate_pose(),
        halflife in 0.01_f32..1.0,
        dt in 0.0_f32..0.1,
    ) {
        let profile = BlendProfile::uniform(1, halflife).unwrap();
        let mut inertializer = Inertializer::new(1, profile, RootPolicy::Local).unwrap();
        inertializer.transition(0, src.as_ref(), dst.as_ref()).unwrap();
        let mut input = PoseBatch::new(1, 1, 0).unwrap();
        input.set_character(0, dst.as_ref()).unwrap();
        let mut output = input.clone();
        // The frame of the switch shows the offsets as the transition computed them; the next
        // update decays them by its `dt`, as the reference's first update does.
        inertializer.update(dt, &input, &mut output).unwrap();
        inertializer.update(dt, &input, &mut output).unwrap();

        let (sq, dq) = (src.rotations[0].normalize(), dst.rotations[0].normalize());
        let (mut off_x, mut off_v) = (Vec3::ZERO, Vec3::ZERO);
        inertialize_transition_vec3(&mut off_x, &mut off_v, src.positions[0], src.velocities[0],
            dst.positions[0], dst.velocities[0]);
        let (mut out_x, mut out_v) = (Vec3::ZERO, Vec3::ZERO);
        inertialize_update_vec3(&mut out_x, &mut out_v, &mut off_x, &mut off_v,
            dst.positions[0], dst.velocities[0], halflife, dt);
        let (mut off_q, mut off_w) = (Quat::IDENTITY, Vec3::ZERO);
        inertialize_transition_quat(&mut off_q, &mut off_w, sq, src.angular_velocities[0], dq,
            dst.angular_velocities[0]);
        let (mut out_q, mut out_w) = (Quat::IDENTITY, Vec3::ZERO);
        inertialize_update_quat(&mut out_q, &mut out_w, &mut off_q, &mut off_w, dq,
            dst.angular_velocities[0], halflife, dt);

        let scale = |v: Vec3| 1.0_f32.max(v.length());
        let dx = (output.positions().get(0) - out_x).length() / scale(out_x);
        let dv = (output.velocities().get(0) - out_v).length() / scale(out_v);
        let got_q = output.rotations().get(0).as_dquat().normalize();
        let angle = 2.0 * got_q.dot(out_q.as_dquat().normalize()).abs().min(1.0).acos();
        let w_scale = scale(out_w).max(scale(dst.angular_velocities[0]));
        let dw = (output.angular_velocities().get(0) - out_w).length() / w_scale;
        prop_assert!(dx <= 1e-5 && dv <= 1e-5, "positions {dx:e}, velocities {dv:e}");
        prop_assert!(angle <= 2e-5, "rotation {angle:e} rad");
        prop_assert!(dw <= 2e-5, "angular velocity {dw:e}");
    }
}
