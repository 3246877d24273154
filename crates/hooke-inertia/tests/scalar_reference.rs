//! The SoA inertializer against a per-bone scalar computation with `hooke::scalar`, and the
//! plain-subtraction reference that breaks C1 when a transition starts during another blend.

mod common;

use common::driver::{BONES, Driver, dt};
use common::*;
use glam::{Quat, Vec3};
use hooke::scalar::{
    inertialize_transition_quat, inertialize_transition_vec3, inertialize_update_quat,
    inertialize_update_vec3, quat_abs,
};
use hooke_inertia::{BlendProfile, RootPolicy};

/// The transition of the widely copied reference: angular-velocity offsets re-based by plain
/// subtraction, `off_w' = (off_w + src_w) - dst_w`, ignoring that the output angular velocity is
/// `off_w + off_q * in_w`. Kept here only to show the velocity jump it causes.
fn plain_subtraction_transition_quat(
    off_q: &mut Quat,
    off_w: &mut Vec3,
    src_q: Quat,
    src_w: Vec3,
    dst_q: Quat,
    dst_w: Vec3,
) {
    *off_q = quat_abs((*off_q * src_q) * dst_q.inverse()).normalize();
    *off_w = (*off_w + src_w) - dst_w;
}

type QuatTransition = fn(&mut Quat, &mut Vec3, Quat, Vec3, Quat, Vec3);

/// One character inertialized bone by bone with `hooke::scalar`.
struct ScalarCharacter {
    off: Vec<(Vec3, Vec3, Quat, Vec3)>,
    out: hooke_inertia::Pose,
    halflife: Vec<f32>,
    quat_transition: QuatTransition,
}

impl ScalarCharacter {
    fn new(halflife: Vec<f32>, quat_transition: QuatTransition) -> ScalarCharacter {
        ScalarCharacter {
            off: vec![(Vec3::ZERO, Vec3::ZERO, Quat::IDENTITY, Vec3::ZERO); BONES],
            out: hooke_inertia::Pose::rest(BONES),
            halflife,
            quat_transition,
        }
    }

    fn transition(&mut self, src: &Cursor, dst: &Cursor) {
        let (s, d) = (src.pose(), dst.pose());
        for (b, (ox, ov, oq, ow)) in self.off.iter_mut().enumerate() {
            inertialize_transition_vec3(
                ox,
                ov,
                s.positions[b],
                s.velocities[b],
                d.positions[b],
                d.velocities[b],
            );
            (self.quat_transition)(
                oq,
                ow,
                s.rotations[b],
                s.angular_velocities[b],
                d.rotations[b],
                d.angular_velocities[b],
            );
        }
    }

    fn update(&mut self, input: &Cursor, dt: f32) {
        let p = input.pose();
        for (b, (ox, ov, oq, ow)) in self.off.iter_mut().enumerate() {
            let h = self.halflife[b];
            let o = &mut self.out;
            inertialize_update_vec3(
                &mut o.positions[b],
                &mut o.velocities[b],
                ox,
                ov,
                p.positions[b],
                p.velocities[b],
                h,
                dt,
            );
            inertialize_update_quat(
                &mut o.rotations[b],
                &mut o.angular_velocities[b],
                oq,
                ow,
                p.rotations[b],
                p.angular_velocities[b],
                h,
                dt,
            );
        }
    }
}

fn halflives() -> Vec<f32> {
    (0..BONES).map(|b| 0.05 + 0.01 * b as f32).collect()
}

fn profile() -> BlendProfile {
    BlendProfile::from_halflives(&halflives()).unwrap()
}

#[test]
fn soa_equals_per_bone_scalar_reference() {
    let starts = [
        Cursor {
            clip: 0,
            frame: 300,
        },
        Cursor {
            clip: 1,
            frame: 1200,
        },
        Cursor {
            clip: 0,
            frame: 2000,
        },
    ];
    let mut driver = Driver::new(starts.to_vec(), profile(), RootPolicy::Local);
    let mut scalar: Vec<ScalarCharacter> = starts
        .iter()
        .map(|_| ScalarCharacter::new(halflives(), inertialize_transition_quat))
        .collect();
    for (s, c) in scalar.iter_mut().zip(&starts) {
        s.update(c, 0.0);
    }
    let mut worst = [0.0_f32; 3];
    for frame in 0..600 {
        // Transitions every 10 frames on a rotating character, so most switch mid-blend.
        if frame % 10 == 5 {
            let c = (frame / 10) % starts.len();
            let to = Cursor {
                clip: frame % 2,
                frame: 100 + 7 * frame,
            };
            let from = driver.cursors[c];
            driver.switch(c, to).unwrap();
            scalar[c].transition(&from, &to);
            for (s, cur) in scalar.iter_mut().zip(&driver.cursors) {
                s.update(cur, 0.0);
            }
        } else {
            driver.step();
            for (s, cur) in scalar.iter_mut().zip(&driver.cursors) {
                s.update(cur, dt());
            }
        }
        for (c, s) in scalar.iter().enumerate() {
            let out = character(&driver.output, c);
            worst[0] = worst[0].max(position_error(&out.positions, &s.out.positions));
            let r = rotation_error(&out.rotations, &s.out.rotations);
            worst[1] = worst[1].max(r);
            let v = position_error(&out.velocities, &s.out.velocities);
            // The input angular velocity is rotated by the offset, so a rotation difference of
            // `r` radians moves the output by up to `r |in_w|`: scale by the larger of the two.
            let input = character(&driver.input, c);
            let w = (0..BONES)
                .map(|b| {
                    let scale = 1f32
                        .max(input.angular_velocities[b].length())
                        .max(s.out.angular_velocities[b].length());
                    (out.angular_velocities[b] - s.out.angular_velocities[b]).length() / scale
                })
                .fold(0.0, f32::max);
            worst[2] = worst[2].max(v.max(w));
        }
    }
    eprintln!(
        "SoA vs scalar: position {:.2e}, rotation {:.2e} rad, velocities {:.2e} (relative to max(1, |v|))",
        worst[0], worst[1], worst[2]
    );
    assert!(
        worst[0] <= 1e-5 && worst[1] <= 1e-5 && worst[2] <= 1e-5,
        "{worst:?}"
    );
}

/// Output angular-velocity jump across a transition, in units of the C1 bound.
fn angular_jump(s: &mut ScalarCharacter, from: &Cursor, to: &Cursor) -> f32 {
    let before = s.out.angular_velocities.clone();
    s.transition(from, to);
    s.update(to, 0.0);
    velocity_error_units(&s.out.angular_velocities, &before)
}

#[test]
fn plain_subtraction_breaks_c1_in_flight_and_the_fix_does_not() {
    let start = Cursor {
        clip: 0,
        frame: 400,
    };
    let mut fixed = ScalarCharacter::new(vec![0.1; BONES], inertialize_transition_quat);
    let mut plain = ScalarCharacter::new(vec![0.1; BONES], plain_subtraction_transition_quat);
    let mut cursor = start;
    for s in [&mut fixed, &mut plain] {
        s.update(&cursor, 0.0);
    }
    // From rest the fix is continuous. Plain subtraction already jumps here: the new rotation
    // offset rotates the destination's angular velocity (`off_q' * dst_w`), which the subtraction
    // ignores, so it is only right while the rotation offsets are small.
    let first = Cursor {
        clip: 1,
        frame: 2500,
    };
    let jumps = [
        angular_jump(&mut fixed, &cursor, &first),
        angular_jump(&mut plain, &cursor, &first),
    ];
    eprintln!(
        "transition from rest, angular velocity jump: fixed {:.3}, plain subtraction {:.0} \
         (units of the C1 bound)",
        jumps[0], jumps[1]
    );
    assert!(jumps[0] <= 1.0, "{jumps:?}");
    cursor = first;
    for _ in 0..6 {
        cursor = cursor.next();
        fixed.update(&cursor, dt());
        plain.update(&cursor, dt());
    }
    // Mid-blend: only the fix keeps the angular velocity.
    let second = Cursor {
        clip: 0,
        frame: 1800,
    };
    let fixed_jump = angular_jump(&mut fixed, &cursor, &second);
    let plain_jump = angular_jump(&mut plain, &cursor, &second);
    eprintln!(
        "in-flight angular velocity jump: fixed {fixed_jump:.3}, plain subtraction {plain_jump:.0} (units of the C1 bound)"
    );
    assert!(fixed_jump <= 1.0, "fixed {fixed_jump}");
    assert!(plain_jump > 100.0, "plain {plain_jump}");
}
