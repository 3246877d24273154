//! C0 / C1 continuity of inertialization at transitions on the CMU clips, including transitions
//! that start while another blend is in flight, and convergence to the destination.

mod common;

use common::driver::{BONES, Driver, dt};
use common::*;
use hooke_inertia::{BlendProfile, RootPolicy};

/// Distant transitions within and between the two clips: (from, to) cursors.
fn schedule() -> Vec<(Cursor, Cursor)> {
    let c = |clip, frame| Cursor { clip, frame };
    vec![
        (c(0, 200), c(0, 1500)),
        (c(0, 900), c(1, 3000)),
        (c(1, 100), c(0, 2000)),
        (c(1, 4000), c(1, 1000)),
        (c(0, 2500), c(0, 300)),
        (c(1, 2200), c(0, 700)),
        (c(0, 50), c(1, 4400)),
        (c(1, 1700), c(1, 3500)),
    ]
}

struct Errors {
    position: f32,
    rotation: f32,
    velocity_units: f32,
    angular_units: f32,
}

fn errors(before: &hooke_inertia::Pose, after: &hooke_inertia::Pose) -> Errors {
    Errors {
        position: position_error(&after.positions, &before.positions),
        rotation: rotation_error(&after.rotations, &before.rotations),
        velocity_units: velocity_error_units(&after.velocities, &before.velocities),
        angular_units: velocity_error_units(&after.angular_velocities, &before.angular_velocities),
    }
}

fn assert_continuous(e: &Errors, what: &str) {
    assert!(
        e.position <= 1e-5,
        "{what}: C0 position error {}",
        e.position
    );
    assert!(
        e.rotation <= 1e-5,
        "{what}: C0 rotation error {} rad",
        e.rotation
    );
    assert!(
        e.velocity_units <= 1.0,
        "{what}: C1 velocity error {} x bound",
        e.velocity_units
    );
    assert!(
        e.angular_units <= 1.0,
        "{what}: C1 angular velocity error {} x bound",
        e.angular_units
    );
}

#[test]
fn transitions_are_c0_and_c1_also_in_flight() {
    let plan = schedule();
    let profile = BlendProfile::uniform(BONES, 0.1).unwrap();
    let mut driver = Driver::new(
        plan.iter().map(|p| p.0).collect(),
        profile,
        RootPolicy::Local,
    );
    for _ in 0..30 {
        driver.step();
    }
    let mut worst = [0.0_f32; 4];
    let mut record = |e: &Errors| {
        worst[0] = worst[0].max(e.position);
        worst[1] = worst[1].max(e.rotation);
        worst[2] = worst[2].max(e.velocity_units);
        worst[3] = worst[3].max(e.angular_units);
    };
    // First transition from a settled state.
    for (c, (_, to)) in plan.iter().enumerate() {
        let (before, after) = driver.switch(c, *to).unwrap();
        let e = errors(&before, &after);
        assert_continuous(&e, &format!("character {c} first transition"));
        record(&e);
    }
    // Second and third transitions while the first offsets are still large (1 and 6 frames in).
    for (wait, target) in [(6, 1600), (1, 2300)] {
        for _ in 0..wait {
            driver.step();
        }
        for c in 0..plan.len() {
            let to = Cursor {
                clip: (c + 1) % 2,
                frame: target + 37 * c,
            };
            assert!(driver.inertializer.is_blending(c).unwrap());
            let (before, after) = driver.switch(c, to).unwrap();
            let e = errors(&before, &after);
            assert_continuous(&e, &format!("character {c} in-flight transition"));
            record(&e);
        }
    }
    eprintln!(
        "C0/C1 max errors: position {:.2e} (relative), rotation {:.2e} rad, velocity {:.3} and \
         angular velocity {:.3} of the bound 1e-4 relative + 1e-5",
        worst[0], worst[1], worst[2], worst[3]
    );
}

#[test]
fn converges_to_destination_after_15_halflives() {
    let halflife = 0.1;
    let plan = schedule();
    let profile = BlendProfile::uniform(BONES, halflife).unwrap();
    let mut driver = Driver::new(
        plan.iter().map(|p| p.0).collect(),
        profile,
        RootPolicy::Local,
    );
    for (c, (_, to)) in plan.iter().enumerate() {
        driver.switch(c, *to).unwrap();
    }
    let frames = (15.0 * halflife / dt()).ceil() as usize;
    for _ in 0..frames {
        driver.step();
    }
    let (mut worst_x, mut worst_deg) = (0.0_f32, 0.0_f32);
    for c in 0..plan.len() {
        let out = character(&driver.output, c);
        let want = driver.cursors[c].pose();
        let dx = out
            .positions
            .iter()
            .zip(want.positions)
            .map(|(a, b)| (*a - *b).length())
            .fold(0.0, f32::max);
        worst_x = worst_x.max(dx);
        worst_deg = worst_deg.max(rotation_error(&out.rotations, want.rotations).to_degrees());
    }
    eprintln!("after 15 halflives: {worst_x:.2e} units, {worst_deg:.2e} degrees");
    assert!(worst_x < 1e-3, "position {worst_x}");
    assert!(worst_deg < 1e-3, "rotation {worst_deg} degrees");
}

#[test]
fn excluded_bones_switch_instantly_and_per_bone_halflives_differ() {
    let plan = schedule();
    let profile = BlendProfile::uniform(BONES, 0.1)
        .unwrap()
        .with_bone_halflife(5, 0.4)
        .unwrap()
        .exclude(20)
        .unwrap();
    let mut driver = Driver::new(
        plan.iter().map(|p| p.0).collect(),
        profile,
        RootPolicy::Local,
    );
    let (_, to) = plan[0];
    driver.switch(0, to).unwrap();
    for _ in 0..24 {
        driver.step();
    }
    let out = character(&driver.output, 0);
    let want = driver.cursors[0].pose();
    // The excluded bone shows its input exactly; the slow bone lags more than a 0.1 s bone.
    assert_eq!(out.rotations[20], want.rotations[20]);
    let slow = rotation_error(&out.rotations[5..6], &want.rotations[5..6]);
    let fast = rotation_error(&out.rotations[4..5], &want.rotations[4..5]);
    assert!(slow > fast, "slow {slow} fast {fast}");
}
