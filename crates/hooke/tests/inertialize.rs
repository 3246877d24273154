//! Inertialization (offset blending), extrapolation with decaying velocity, and dead blending.

use glam::{Quat, Vec3};
use hooke::scalar::{
    DeadBlend, DeadBlendQuat, DeadBlendVec3, extrapolate_decay, extrapolate_decay_quat,
    extrapolate_decay_vec3, inertialize_transition, inertialize_transition_quat,
    inertialize_transition_vec3, inertialize_update, inertialize_update_quat,
    inertialize_update_vec3, quat_from_scaled_angle_axis, quat_to_scaled_angle_axis,
};

/// The angle between two rotations, precise for tiny angles (unlike `acos` of a dot product).
fn angle(a: Quat, b: Quat) -> f32 {
    quat_to_scaled_angle_axis(a * b.inverse()).length()
}

const DT: f32 = 1.0 / 60.0;
const HALFLIFE: f32 = 0.2;

/// The transition of the widely copied reference: the angular-velocity offset is re-based by plain
/// subtraction, ignoring that the output velocity is `off_w + off_q * in_w`. Only here to show the
/// velocity jump it causes when an earlier offset rotation is still decaying.
fn inertialize_transition_quat_plain_subtraction(
    off_q: &mut Quat,
    off_w: &mut Vec3,
    src_q: Quat,
    src_w: Vec3,
    dst_q: Quat,
    dst_w: Vec3,
) {
    *off_q = hooke::scalar::quat_abs((*off_q * src_q) * dst_q.inverse());
    *off_w = (src_w + *off_w) - dst_w;
}

/// The stream switched to on `frame`, from a schedule of `(frame, stream)` switches.
fn switch_at(frame: usize, schedule: [(usize, usize); 2]) -> Option<usize> {
    schedule
        .iter()
        .find(|&&(at, _)| at == frame)
        .map(|&(_, next)| next)
}

/// An animation stream turning at a constant angular velocity `w` (parent frame) from `q0`.
#[derive(Clone, Copy)]
struct Spin {
    q0: Quat,
    w: Vec3,
}

impl Spin {
    fn at(&self, t: f32) -> (Quat, Vec3) {
        (quat_from_scaled_angle_axis(self.w * t) * self.q0, self.w)
    }
}

fn streams() -> [Spin; 3] {
    [
        Spin {
            q0: Quat::IDENTITY,
            w: Vec3::new(0.0, 2.0, 0.5),
        },
        Spin {
            q0: Quat::from_rotation_x(1.2),
            w: Vec3::new(-1.0, 0.0, 3.0),
        },
        Spin {
            q0: Quat::from_rotation_z(-2.0) * Quat::from_rotation_y(0.7),
            w: Vec3::new(1.5, -2.5, 0.0),
        },
    ]
}

type Transition = fn(&mut Quat, &mut Vec3, Quat, Vec3, Quat, Vec3);

/// Plays stream 0, switches to stream 1 at frame 30 and to stream 2 at frame 36 (the first offset
/// is still large), and returns the output rotation and angular-velocity changes across each
/// transition instant, and the final output state with the time.
fn run_double_transition(transition: Transition) -> ([f32; 2], [f32; 2], (Quat, Vec3, f32)) {
    let s = streams();
    let (mut off_q, mut off_w) = (Quat::IDENTITY, Vec3::ZERO);
    let (mut out_q, mut out_w) = (Quat::IDENTITY, Vec3::ZERO);
    let mut current = 0;
    let (mut jump_q, mut jump_w) = ([0.0_f32; 2], [0.0_f32; 2]);
    let frames = 36 + (15.0 * HALFLIFE / DT) as usize + 2;
    for frame in 0..frames {
        let t = frame as f32 * DT;
        let next = switch_at(frame, [(30, 1), (36, 2)]);
        if let Some(next) = next {
            // Output just before the switch, at this instant.
            let (in_q, in_w) = s[current].at(t);
            let (mut bq, mut bw) = (Quat::IDENTITY, Vec3::ZERO);
            let (mut oq, mut ow) = (off_q, off_w);
            inertialize_update_quat(
                &mut bq, &mut bw, &mut oq, &mut ow, in_q, in_w, HALFLIFE, 0.0,
            );
            let (src_q, src_w) = s[current].at(t);
            let (dst_q, dst_w) = s[next].at(t);
            transition(&mut off_q, &mut off_w, src_q, src_w, dst_q, dst_w);
            current = next;
            // Output just after the switch, at the same instant.
            let (mut aq, mut aw) = (Quat::IDENTITY, Vec3::ZERO);
            let (mut oq, mut ow) = (off_q, off_w);
            inertialize_update_quat(
                &mut aq, &mut aw, &mut oq, &mut ow, dst_q, dst_w, HALFLIFE, 0.0,
            );
            jump_q[next - 1] = angle(bq, aq);
            jump_w[next - 1] = (bw - aw).length();
        }
        let (in_q, in_w) = s[current].at(t);
        inertialize_update_quat(
            &mut out_q,
            &mut out_w,
            &mut off_q,
            &mut off_w,
            in_q,
            in_w,
            HALFLIFE,
            if frame == 0 { 0.0 } else { DT },
        );
        assert!((out_q.length() - 1.0).abs() < 1e-6 && (off_q.length() - 1.0).abs() < 1e-6);
    }
    (jump_q, jump_w, (out_q, out_w, (frames - 1) as f32 * DT))
}

#[test]
fn quat_transition_during_a_blend_is_c0_and_c1() {
    let (jump_q, jump_w, _) = run_double_transition(inertialize_transition_quat);
    eprintln!(
        "fixed transition: rotation jumps {jump_q:?} rad, angular velocity jumps {jump_w:?} rad/s"
    );
    for i in 0..2 {
        assert!(jump_q[i] < 1e-6, "{jump_q:?}");
        assert!(jump_w[i] < 1e-5, "{jump_w:?}");
    }
}

#[test]
fn plain_subtraction_jumps_when_a_blend_is_in_flight() {
    let (jump_q, jump_w, _) = run_double_transition(inertialize_transition_quat_plain_subtraction);
    eprintln!(
        "plain subtraction: rotation jumps {jump_q:?} rad, angular velocity jumps {jump_w:?} rad/s"
    );
    assert!(
        jump_q.iter().all(|&j| j < 1e-6),
        "the rotation itself is continuous either way"
    );
    // Plain subtraction is only right while the new offset rotation is the identity; with the
    // output velocity `off_w + off_q * in_w` it jumps at the second, in-flight transition (and in
    // fact already at the first, whose new offset rotation is not the identity either).
    assert!(
        jump_w[1] > 0.5,
        "expected a visible angular-velocity jump, got {jump_w:?}"
    );
}

#[test]
fn quat_converges_to_the_destination_after_15_halflives() {
    let (_, _, (out_q, out_w, t)) = run_double_transition(inertialize_transition_quat);
    let (dst_q, dst_w) = streams()[2].at(t);
    assert!(angle(out_q, dst_q) < 1e-5, "angle {}", angle(out_q, dst_q));
    assert!((out_w - dst_w).length() < 1e-4, "{out_w} {dst_w}");
}

/// Scalar and vector streams.
fn wave(k: usize, t: f32) -> (f32, f32) {
    let (a, f, p) = [(1.0, 3.0, 0.0), (2.0, 5.0, 1.0), (-0.5, 7.0, 2.0)][k];
    (a * (f * t + p).sin() + k as f32, a * f * (f * t + p).cos())
}

#[test]
fn scalar_and_vec3_transitions_are_c0_and_c1_and_converge() {
    let (mut off_x, mut off_v, mut out_x, mut out_v) = (0.0_f32, 0.0_f32, 0.0_f32, 0.0_f32);
    let (mut off3, mut offv3, mut out3, mut outv3) =
        (Vec3::ZERO, Vec3::ZERO, Vec3::ZERO, Vec3::ZERO);
    let to3 = |x: f32| Vec3::new(x, -2.0 * x, 0.5 * x);
    let mut current = 0;
    let frames = 200;
    for frame in 0..frames {
        let t = frame as f32 * DT;
        let next = switch_at(frame, [(30, 1), (34, 2)]);
        if let Some(next) = next {
            let (before_x, before_v) = (wave(current, t).0 + off_x, wave(current, t).1 + off_v);
            let (sx, sv) = wave(current, t);
            let (dx, dv) = wave(next, t);
            inertialize_transition(&mut off_x, &mut off_v, sx, sv, dx, dv);
            inertialize_transition_vec3(&mut off3, &mut offv3, to3(sx), to3(sv), to3(dx), to3(dv));
            current = next;
            let (mut ax, mut av) = (0.0, 0.0);
            let (mut ox, mut ov) = (off_x, off_v);
            inertialize_update(&mut ax, &mut av, &mut ox, &mut ov, dx, dv, HALFLIFE, 0.0);
            assert!((ax - before_x).abs() < 1e-6 && (av - before_v).abs() < 1e-5);
        }
        let (ix, iv) = wave(current, t);
        let step = if frame == 0 { 0.0 } else { DT };
        inertialize_update(
            &mut out_x, &mut out_v, &mut off_x, &mut off_v, ix, iv, HALFLIFE, step,
        );
        inertialize_update_vec3(
            &mut out3,
            &mut outv3,
            &mut off3,
            &mut offv3,
            to3(ix),
            to3(iv),
            HALFLIFE,
            step,
        );
        assert!((out3 - to3(out_x)).length() < 1e-5 * (1.0 + out_x.abs()));
        assert!((outv3 - to3(out_v)).length() < 1e-4 * (1.0 + out_v.abs()));
    }
    let t = (frames - 1) as f32 * DT; // more than 15 halflives after the last transition
    let (ix, iv) = wave(2, t);
    assert!(
        (out_x - ix).abs() < 1e-5 && (out_v - iv).abs() < 1e-4,
        "{out_x} {ix} {out_v} {iv}"
    );
}

#[test]
fn zero_halflife_removes_the_offset_at_once() {
    let (mut off_x, mut off_v) = (3.0_f32, 1.0_f32);
    let (mut out_x, mut out_v) = (0.0, 0.0);
    inertialize_update(
        &mut out_x, &mut out_v, &mut off_x, &mut off_v, 1.0, 2.0, 0.0, DT,
    );
    assert_eq!((out_x, out_v), (1.0, 2.0));
}

// ---------------------------------------------------------------------------------------------
// Extrapolation with decaying velocity.

#[test]
fn extrapolation_is_exact_and_dt_invariant() {
    for &halflife in &[0.01_f32, 0.1, 1.0, 100.0] {
        let (mut x1, mut v1) = (1.0_f32, 3.0_f32);
        extrapolate_decay(&mut x1, &mut v1, halflife, 0.8);
        let (mut x2, mut v2) = (1.0_f32, 3.0_f32);
        for _ in 0..480 {
            extrapolate_decay(&mut x2, &mut v2, halflife, 0.8 / 480.0);
        }
        let y = std::f64::consts::LN_2 / f64::from(halflife);
        let x_ref = 1.0 + 3.0 * (1.0 - (-y * 0.8).exp()) / y;
        let v_ref = 3.0 * (-y * 0.8).exp();
        assert!(
            (f64::from(x1) - x_ref).abs() < 1e-6 * (1.0 + x_ref.abs()),
            "{x1} {x_ref}"
        );
        assert!((f64::from(v1) - v_ref).abs() < 1e-6 * 3.0, "{v1} {v_ref}");
        assert!((x1 - x2).abs() < 1e-5 * (1.0 + x1.abs()), "{x1} {x2}");
        assert!((v1 - v2).abs() < 1e-5 * 3.0, "{v1} {v2}");
    }
}

#[test]
fn extrapolation_limits() {
    let (mut x, mut v) = (1.0_f32, 3.0_f32);
    extrapolate_decay(&mut x, &mut v, 0.0, 0.1);
    assert_eq!((x, v), (1.0, 0.0));
    let (mut x, mut v) = (1.0_f32, 3.0_f32);
    extrapolate_decay(&mut x, &mut v, f32::INFINITY, 0.5);
    assert_eq!((x, v), (2.5, 3.0));
    let (mut x, mut v) = (-0.0_f32, -0.0_f32);
    extrapolate_decay(&mut x, &mut v, 0.1, 0.0);
    assert_eq!(
        (x.to_bits(), v.to_bits()),
        ((-0.0_f32).to_bits(), (-0.0_f32).to_bits())
    );
    for &h in &[1e-38_f32, 1e-20, 1e20, f32::MAX] {
        for &dt in &[1e-38_f32, 1e-3, 1e20] {
            let (mut x, mut v) = (1.0_f32, 3.0_f32);
            extrapolate_decay(&mut x, &mut v, h, dt);
            assert!(x.is_finite() && v.is_finite(), "h={h} dt={dt}");
        }
    }
    let (mut x, mut v) = (Vec3::ONE, Vec3::new(1.0, 0.0, -2.0));
    extrapolate_decay_vec3(&mut x, &mut v, 0.5, 1e9);
    let total = 0.5 / std::f32::consts::LN_2;
    assert!((x - Vec3::new(1.0 + total, 1.0, 1.0 - 2.0 * total)).length() < 1e-5);
}

#[test]
fn quat_extrapolation_turns_about_the_velocity() {
    let w0 = Vec3::new(0.0, 0.0, 2.0);
    let (mut q, mut w) = (Quat::from_rotation_x(0.3), w0);
    for _ in 0..100 {
        extrapolate_decay_quat(&mut q, &mut w, 0.25, 0.01);
        assert!((q.length() - 1.0).abs() < 1e-6);
    }
    let y = std::f64::consts::LN_2 / 0.25;
    let turned = 2.0 * (1.0 - (-y * 1.0).exp()) / y;
    let expected = Quat::from_rotation_z(turned as f32) * Quat::from_rotation_x(0.3);
    assert!(angle(q, expected) < 1e-5, "{q} {expected}");
    assert!((w - w0 * (-y).exp() as f32).length() < 1e-6);
}

// ---------------------------------------------------------------------------------------------
// Dead blending.

#[test]
fn dead_blend_is_continuous_at_the_transition_and_ends_on_the_input() {
    let mut blend = DeadBlend::default();
    blend.transition(2.0, -1.0, 0.3, 0.1);
    assert_eq!(blend.update(5.0, 4.0, 0.0), (2.0, -1.0));
    let mut b = blend;
    let (x, v) = b.update(5.0, 4.0, 1e-5);
    // Smoothstep has zero slope at 0, so the output leaves along the source's velocity.
    assert!(
        (x - (2.0 - 1e-5)).abs() < 1e-6 && (v + 1.0).abs() < 1e-2,
        "{x} {v}"
    );
    let mut t = 0.0;
    while t < 0.3 + 2.0 * DT {
        t += DT;
        let (ix, iv) = wave(1, t);
        let (x, v) = blend.update(ix, iv, DT);
        if t > 0.3 + 1e-4 {
            assert_eq!((x, v), (ix, iv));
        }
    }
    assert!(!blend.is_active());
}

#[test]
fn dead_blend_velocity_is_the_derivative_of_its_output() {
    let mut blend = DeadBlendVec3::default();
    blend.transition(
        Vec3::new(1.0, 2.0, 3.0),
        Vec3::new(4.0, -1.0, 0.0),
        0.4,
        0.15,
    );
    let input = |t: f32| {
        (
            Vec3::new(t.sin(), 2.0 * t, -t * t),
            Vec3::new(t.cos(), 2.0, -2.0 * t),
        )
    };
    let mut t = 0.0;
    for _ in 0..20 {
        t += 0.01;
        let (ix, iv) = input(t);
        blend.update(ix, iv, 0.01);
    }
    // Central difference of the output around t + h (h = 1e-3), computed in copies of the blend.
    let h = 1e-3;
    let (x0, _) = blend.clone().update(input(t).0, input(t).1, 0.0);
    let (_, v1) = blend.clone().update(input(t + h).0, input(t + h).1, h);
    let (x2, _) = blend
        .clone()
        .update(input(t + 2.0 * h).0, input(t + 2.0 * h).1, 2.0 * h);
    let fd = (x2 - x0) / (2.0 * h);
    eprintln!("dead blend velocity {v1}, central difference {fd}");
    assert!(
        (fd - v1).length() < 1e-2 * (1.0 + v1.length()),
        "fd {fd} v {v1}"
    );
}

#[test]
fn interrupted_dead_blend_stays_continuous() {
    let mut blend = DeadBlend::default();
    blend.transition(0.0, 3.0, 0.3, 0.2);
    let mut last = (0.0, 3.0);
    let mut t = 0.0;
    for _ in 0..6 {
        t += DT;
        last = blend.update(wave(0, t).0, wave(0, t).1, DT);
    }
    // Transition again from what is being output (mid-blend).
    blend.transition(last.0, last.1, 0.3, 0.2);
    assert_eq!(blend.update(wave(1, t).0, wave(1, t).1, 0.0), last);
}

#[test]
fn dead_blend_quat_is_continuous_unit_and_ends_on_the_input() {
    let s = streams();
    let mut blend = DeadBlendQuat::default();
    let (src_q, src_w) = s[0].at(0.5);
    blend.transition(src_q, src_w, 0.25, 0.1);
    assert_eq!(
        blend.update(s[1].at(0.5).0, s[1].at(0.5).1, 0.0),
        (src_q, src_w)
    );
    let mut t = 0.5;
    for frame in 0..20 {
        t += DT;
        let (iq, iw) = s[1].at(t);
        // Feed the input in the double-cover representative far from the source: the slerp must
        // still take the shortest path.
        let (q, w) = blend.update(-iq, iw, DT);
        assert!((q.length() - 1.0).abs() < 1e-6);
        if frame == 0 {
            assert!(
                angle(q, src_q) < 0.1,
                "moved {} in one frame",
                angle(q, src_q)
            );
        }
        if t > 0.75 + 1e-4 {
            assert_eq!((q, w), (-iq, iw));
        }
    }
}

#[test]
fn dead_blend_with_zero_blend_time_passes_the_input() {
    let mut blend = DeadBlend::default();
    blend.transition(1.0, 1.0, 0.0, 0.1);
    assert_eq!(blend.update(3.0, 2.0, 0.0), (3.0, 2.0));
}
