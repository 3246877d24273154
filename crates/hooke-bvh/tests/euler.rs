//! Euler decomposition for all six orders: random rotations and gimbal-lock neighbourhoods.
//! Rotations are compared as quaternion angles, never as Euler numbers (which are not unique).

use glam::{DQuat, DVec3, Vec3};
use hooke_bvh::{Axis, Bvh, Clip, EulerOrder};
use proptest::prelude::*;

/// Angle between two rotations in degrees, robust for tiny angles.
fn angle_deg(a: DQuat, b: DQuat) -> f64 {
    let d = a * b.inverse();
    (2.0 * DVec3::new(d.x, d.y, d.z).length().atan2(d.w.abs())).to_degrees()
}

fn axis_quat(axis: Axis, degrees: f64) -> DQuat {
    let r = degrees.to_radians();
    match axis {
        Axis::X => DQuat::from_rotation_x(r),
        Axis::Y => DQuat::from_rotation_y(r),
        Axis::Z => DQuat::from_rotation_z(r),
    }
}

fn order() -> impl Strategy<Value = EulerOrder> {
    (0..6usize).prop_map(|i| EulerOrder::ALL[i])
}

fn unit_quat() -> impl Strategy<Value = DQuat> {
    (-1.0..1.0f64, -1.0..1.0f64, -1.0..1.0f64, -1.0..1.0f64)
        .prop_filter("non-degenerate", |(x, y, z, w)| {
            x * x + y * y + z * z + w * w > 1e-3
        })
        .prop_map(|(x, y, z, w)| DQuat::from_xyzw(x, y, z, w).normalize())
}

/// Middle angles at and around ±90°, down to offsets far below f32 precision.
fn near_gimbal() -> impl Strategy<Value = f64> {
    let offsets = prop::sample::select(vec![0.0, 1e-12, 1e-9, 1e-7, 1e-5, 1e-3, 0.01, 0.5]);
    (prop::bool::ANY, prop::bool::ANY, offsets).prop_map(|(pos, above, o)| {
        let base = if pos { 90.0 } else { -90.0 };
        if above { base + o } else { base - o }
    })
}

#[test]
fn to_quat_is_the_product_in_list_order() {
    for order in EulerOrder::ALL {
        let [a, b, c] = order.axes();
        let e = DVec3::new(12.0, -34.0, 56.0);
        let expected = axis_quat(a, e.x) * axis_quat(b, e.y) * axis_quat(c, e.z);
        assert!(angle_deg(order.to_dquat(e), expected) < 1e-10, "{order:?}");
        assert_eq!(EulerOrder::from_axes(order.axes()), Some(order));
    }
}

#[test]
fn exact_gimbal_lock_and_special_rotations() {
    for order in EulerOrder::ALL {
        for middle in [90.0, -90.0] {
            for (a, c) in [(0.0, 0.0), (30.0, -60.0), (180.0, 180.0), (-179.0, 45.0)] {
                let q = order.to_dquat(DVec3::new(a, middle, c));
                let e = order.from_dquat(q);
                assert!(
                    angle_deg(order.to_dquat(e), q) < 1e-9,
                    "{order:?} {a} {middle} {c}: {e}"
                );
            }
        }
        for q in [
            DQuat::IDENTITY,
            -DQuat::IDENTITY,
            DQuat::from_xyzw(1.0, 0.0, 0.0, 0.0),
            DQuat::from_xyzw(0.0, 0.0, 1.0, 0.0),
        ] {
            let e = order.from_dquat(q);
            assert!(angle_deg(order.to_dquat(e), q) < 1e-9, "{order:?} {q}");
        }
        // A non-normalised quaternion is treated as its direction.
        let q = DQuat::from_xyzw(0.2, 0.4, -0.1, 0.9);
        assert!(angle_deg(order.to_dquat(order.from_dquat(q * 3.0)), q.normalize()) < 1e-9);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_rotations_round_trip(order in order(), q in unit_quat()) {
        let e = order.from_dquat(q);
        prop_assert!(e.x.abs() <= 180.0 && e.z.abs() <= 180.0 && e.y.abs() <= 90.0, "{e}");
        prop_assert!(angle_deg(order.to_dquat(e), q) < 1e-9);
        // Single precision: well within the 1e-4 degree round-trip budget.
        let q32 = q.as_quat();
        let e32 = order.from_quat(q32);
        prop_assert!(angle_deg(order.to_quat(e32).as_dquat(), q32.as_dquat()) < 2e-5);
    }

    #[test]
    fn random_angles_are_recovered(order in order(), a in -179.9..179.9f64, b in -89.9..89.9f64, c in -179.9..179.9f64) {
        // Away from gimbal lock and inside the canonical ranges the angles are unique.
        let e = order.from_dquat(order.to_dquat(DVec3::new(a, b, c)));
        prop_assert!((e - DVec3::new(a, b, c)).abs().max_element() < 1e-7, "{e} vs {a} {b} {c}");
    }

    #[test]
    fn gimbal_neighbourhoods_round_trip(order in order(), a in -180.0..180.0f64, b in near_gimbal(), c in -180.0..180.0f64) {
        let q = order.to_dquat(DVec3::new(a, b, c));
        let e = order.from_dquat(q);
        prop_assert!(angle_deg(order.to_dquat(e), q) < 1e-9, "{e}");
        let q32 = q.as_quat();
        prop_assert!(angle_deg(order.to_quat(order.from_quat(q32)).as_dquat(), q32.as_dquat()) < 2e-5);
    }
}

/// A one-joint file for `order` with the given frames of (a, b, c) angles.
fn single_joint_file(order: EulerOrder, frames: &[[f64; 3]]) -> String {
    let names: Vec<String> = order
        .axes()
        .iter()
        .map(|a| format!("{a:?}rotation"))
        .collect();
    let mut s = format!(
        "HIERARCHY\nROOT J\n{{\n\tOFFSET 0 0 0\n\tCHANNELS 6 Xposition Yposition Zposition {}\n}}\nMOTION\nFrames: {}\nFrame Time: 0.01\n",
        names.join(" "),
        frames.len()
    );
    for [a, b, c] in frames {
        s += &format!("1 2 3 {a} {b} {c}\n");
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// read -> Clip -> write -> read keeps every rotation within 1e-4 degrees, in every order,
    /// including frames right at and next to gimbal lock.
    #[test]
    fn bvh_round_trip_in_every_order(
        order in order(),
        random in prop::collection::vec((-180.0..180.0f64, -90.0..90.0f64, -180.0..180.0f64), 1..20),
        gimbal in prop::collection::vec((-180.0..180.0f64, near_gimbal(), -180.0..180.0f64), 1..20),
    ) {
        let frames: Vec<[f64; 3]> = random.into_iter().chain(gimbal).map(|(a, b, c)| [a, b, c]).collect();
        let src = single_joint_file(order, &frames);
        let clip = Clip::from_bvh(&Bvh::parse(&src).unwrap());
        let written = clip.to_bvh().to_string();
        let again = Clip::from_bvh(&Bvh::parse(&written).unwrap());
        for f in 0..clip.frame_count() {
            let (q0, q1) = (clip.local_rotations(f)[0], again.local_rotations(f)[0]);
            let err = angle_deg(q0.as_dquat(), q1.as_dquat());
            prop_assert!(err < 1e-4, "{order:?} frame {f}: {err} degrees");
            prop_assert_eq!(again.local_positions(f)[0], Vec3::new(1.0, 2.0, 3.0));
        }
    }
}
