//! Spring components give the same values as `hooke::scalar` for the same frame times.

mod common;

use bevy_app::App;
use bevy_transform::components::Transform;
use glam::{Quat, Vec3};
use hooke::scalar::{critical_spring_damper_exact_vec3, simple_spring_damper_exact_quat};
use hooke_bevy::{SmoothDamp, SpringGoal, TransformSpring};

fn app() -> App {
    common::plugin_app()
}

/// Frame times between 1/144 and 1/20 s, a new one every frame.
fn frame_times() -> Vec<f32> {
    (0..150)
        .map(|i| 1.0 / (20.0 + ((i * 53) % 125) as f32))
        .collect()
}

fn close(a: Vec3, b: Vec3) -> bool {
    (a - b).length() <= 1e-5 * (1.0 + b.length())
}

#[test]
fn transform_springs_match_the_scalar_springs_for_varying_frame_times() {
    let mut app = app();
    let goal = Transform {
        translation: Vec3::new(3.0, -2.0, 1.0),
        rotation: Quat::from_rotation_y(2.0) * Quat::from_rotation_x(0.5),
        scale: Vec3::splat(2.0),
    };
    let start = Transform::from_xyz(0.0, 1.0, 0.0).with_rotation(Quat::from_rotation_z(-1.0));
    let halflives = [0.05, 0.2, 0.7];
    let entities: Vec<_> = halflives
        .iter()
        .map(|&h| {
            let spring = TransformSpring::new(SpringGoal::Fixed(goal), h)
                .unwrap()
                .with_scale_halflife(Some(2.0 * h))
                .unwrap();
            app.world_mut().spawn((start, spring)).id()
        })
        .collect();
    // A translation-only spring leaves rotation and scale alone.
    let only = TransformSpring::new(SpringGoal::Fixed(goal), 0.1)
        .unwrap()
        .with_rotation_halflife(None)
        .unwrap()
        .with_scale_halflife(None)
        .unwrap();
    let only = app.world_mut().spawn((start, only)).id();
    app.update(); // first frame: dt = 0
    let mut reference: Vec<(Vec3, Vec3, Quat, Vec3, Vec3, Vec3)> = halflives
        .iter()
        .map(|_| {
            (
                start.translation,
                Vec3::ZERO,
                start.rotation,
                Vec3::ZERO,
                start.scale,
                Vec3::ZERO,
            )
        })
        .collect();
    for dt in frame_times() {
        common::set_dt(&mut app, dt);
        app.update();
        for (i, &h) in halflives.iter().enumerate() {
            let r = &mut reference[i];
            critical_spring_damper_exact_vec3(
                &mut r.0,
                &mut r.1,
                goal.translation,
                Vec3::ZERO,
                h,
                dt,
            );
            simple_spring_damper_exact_quat(&mut r.2, &mut r.3, goal.rotation, h, dt);
            critical_spring_damper_exact_vec3(
                &mut r.4,
                &mut r.5,
                goal.scale,
                Vec3::ZERO,
                2.0 * h,
                dt,
            );
            let t = app.world().get::<Transform>(entities[i]).unwrap();
            let s = app.world().get::<TransformSpring>(entities[i]).unwrap();
            let checks = [
                ("translation", close(t.translation, r.0), t.translation, r.0),
                ("velocity", close(s.velocity(), r.1), s.velocity(), r.1),
                (
                    "angular velocity",
                    close(s.angular_velocity(), r.3),
                    s.angular_velocity(),
                    r.3,
                ),
                ("scale", close(t.scale, r.4), t.scale, r.4),
            ];
            for (what, ok, got, want) in checks {
                assert!(ok, "h {h}: {what} {got} vs {want}");
            }
            let (rotation, want) = (t.rotation, r.2);
            assert!(
                common::qdist(rotation, want) < 1e-5,
                "h {h}: rotation {rotation} vs {want}"
            );
        }
        let t = app.world().get::<Transform>(only).unwrap();
        assert_eq!((t.rotation, t.scale), (start.rotation, start.scale));
    }
}

#[test]
fn a_spring_follows_another_entity() {
    let mut app = app();
    let leader = app
        .world_mut()
        .spawn(Transform::from_xyz(5.0, 0.0, 0.0))
        .id();
    let spring = TransformSpring::new(SpringGoal::Entity(leader), 0.1).unwrap();
    let follower = app.world_mut().spawn((Transform::IDENTITY, spring)).id();
    common::set_dt(&mut app, 1.0 / 60.0);
    for _ in 0..120 {
        app.update();
    }
    let t = app.world().get::<Transform>(follower).unwrap();
    assert!((t.translation - Vec3::new(5.0, 0.0, 0.0)).length() < 1e-3);
    // A despawned leader pauses the spring instead of moving it anywhere.
    app.world_mut().despawn(leader);
    let before = *app.world().get::<Transform>(follower).unwrap();
    app.update();
    assert_eq!(*app.world().get::<Transform>(follower).unwrap(), before);
}

#[test]
fn smooth_damp_is_the_critical_spring_with_halflife_ln2_smooth_time() {
    let mut app = app();
    let times = [0.1, 0.3, 1.0];
    let goal = Vec3::new(10.0, -4.0, 0.5);
    let entities: Vec<_> = times
        .iter()
        .map(|&st| {
            let mut s = SmoothDamp::new(Vec3::ZERO, st).unwrap();
            s.set_goal(goal).unwrap();
            app.world_mut().spawn(s).id()
        })
        .collect();
    app.update();
    let mut reference = vec![(Vec3::ZERO, Vec3::ZERO); times.len()];
    for dt in frame_times() {
        common::set_dt(&mut app, dt);
        app.update();
        for (i, &st) in times.iter().enumerate() {
            let r = &mut reference[i];
            let halflife = core::f32::consts::LN_2 * st;
            critical_spring_damper_exact_vec3(&mut r.0, &mut r.1, goal, Vec3::ZERO, halflife, dt);
            let s = app.world().get::<SmoothDamp>(entities[i]).unwrap();
            assert!(close(s.value(), r.0), "{st}: {} vs {}", s.value(), r.0);
            assert!(
                close(s.velocity(), r.1),
                "{st}: {} vs {}",
                s.velocity(),
                r.1
            );
        }
    }
}

#[test]
fn smooth_damp_matches_unity_omega_two_over_smooth_time() {
    // Unity's SmoothDamp is the critically damped spring with omega = 2 / smooth_time; its
    // exact solution from rest: x(t) = goal * (1 - (1 + omega t) e^(-omega t)).
    let mut app = app();
    let st = 0.4_f32;
    let mut s = SmoothDamp::new(Vec3::ZERO, st).unwrap();
    s.set_goal(Vec3::X).unwrap();
    let e = app.world_mut().spawn(s).id();
    app.update();
    let mut t = 0.0_f64;
    for dt in frame_times() {
        common::set_dt(&mut app, dt);
        app.update();
        t += f64::from(dt);
        let omega = 2.0 / f64::from(st);
        let want = 1.0 - (1.0 + omega * t) * (-omega * t).exp();
        let got = app.world().get::<SmoothDamp>(e).unwrap().value().x;
        assert!(
            (f64::from(got) - want).abs() < 1e-5,
            "t {t}: {got} vs {want}"
        );
    }
}
