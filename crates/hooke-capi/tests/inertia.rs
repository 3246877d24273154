//! The C inertializer against the Rust one: same poses in, bit-identical poses out, for every
//! entry point (arrays of `HookeBoneState`, strided views, parallel), with options (anchored root,
//! excluded bones) and dead blending; and failures that change nothing.

// Calling the C ABI from Rust is `unsafe` by nature (raw pointers); the workspace denies
// `unsafe_code`, allowed here as in hooke-capi itself.
#![allow(unsafe_code)]

use glam::{Quat, Vec3};
use hooke_capi::*;
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, Pose, PoseBatch, RootPolicy};

const CHARACTERS: usize = 5;
const BONES: usize = 3;
const N: usize = CHARACTERS * BONES;
const HALFLIVES: [f32; BONES] = [0.2, 0.1, 0.05];

/// A deterministic pose, different per `seed`.
fn pose(seed: usize) -> Pose {
    let mut p = Pose::rest(BONES);
    for b in 0..BONES {
        let s = (seed * BONES + b) as f32;
        p.positions[b] = Vec3::new(s.sin(), 1.0 + s.cos(), 0.1 * s);
        p.velocities[b] = Vec3::new(0.5 * s.cos(), -0.3, s.sin());
        p.rotations[b] = Quat::from_euler(glam::EulerRot::XYZ, 0.3 * s, -0.2 * s, 0.1 * s);
        p.angular_velocities[b] = Vec3::new(0.2, 1.5 * s.sin(), -0.7);
    }
    p
}

fn states(p: &Pose) -> Vec<HookeBoneState> {
    (0..BONES)
        .map(|b| HookeBoneState {
            position: p.positions[b].to_array(),
            velocity: p.velocities[b].to_array(),
            rotation: p.rotations[b].to_array(),
            angular_velocity: p.angular_velocities[b].to_array(),
        })
        .collect()
}

fn batch_states(batch: &PoseBatch) -> Vec<HookeBoneState> {
    (0..N)
        .map(|i| HookeBoneState {
            position: batch.positions().get(i).to_array(),
            velocity: batch.velocities().get(i).to_array(),
            rotation: batch.rotations().get(i).to_array(),
            angular_velocity: batch.angular_velocities().get(i).to_array(),
        })
        .collect()
}

fn new_c(options: Option<&HookeInertializerOptions>) -> *mut HookeInertializer {
    let mut h = std::ptr::null_mut();
    let options = options.map_or(std::ptr::null(), |o| o as *const _);
    // SAFETY: valid pointers.
    let status = unsafe {
        hooke_inertializer_new_with_options(CHARACTERS, BONES, HALFLIVES.as_ptr(), options, &mut h)
    };
    assert_eq!(status, HookeStatus::Ok);
    h
}

/// Runs 12 frames with transitions on both sides; `update` is the C entry point under test.
fn compare(
    root: RootPolicy,
    options: Option<&HookeInertializerOptions>,
    excluded: &[usize],
    update: impl Fn(
        *mut HookeInertializer,
        f32,
        &[HookeBoneState],
        &mut [HookeBoneState],
    ) -> HookeStatus,
) {
    let mut profile = BlendProfile::from_halflives(&HALFLIVES).unwrap();
    for &b in excluded {
        profile = profile.exclude(b).unwrap();
    }
    let mut rust = Inertializer::new(CHARACTERS, profile, root).unwrap();
    let c = new_c(options);
    let dead = BlendMode::DeadBlend {
        blend_time: 0.1,
        halflife: 0.05,
    };
    rust.set_mode(2, dead).unwrap();
    // SAFETY: live handle.
    assert_eq!(
        unsafe { hooke_inertializer_set_dead_blend(c, 2, 0.1, 0.05) },
        HookeStatus::Ok
    );
    let mut input = PoseBatch::new(CHARACTERS, BONES, 0).unwrap();
    let mut output = PoseBatch::new(CHARACTERS, BONES, 0).unwrap();
    let mut current: Vec<usize> = (0..CHARACTERS).collect();
    let mut c_out = vec![HookeBoneState::default(); N];
    for frame in 0..12 {
        if frame % 4 == 1 {
            for ch in [frame % CHARACTERS, 2] {
                let (src, dst) = (pose(current[ch] + frame), pose(current[ch] + 10 + frame));
                rust.transition(ch, src.as_ref(), dst.as_ref()).unwrap();
                let (s, d) = (states(&src), states(&dst));
                // SAFETY: live handle, BONES states each.
                let status =
                    unsafe { hooke_inertializer_transition(c, ch, s.as_ptr(), d.as_ptr()) };
                assert_eq!(status, HookeStatus::Ok);
                current[ch] += 10;
            }
        }
        let mut c_in = Vec::new();
        for (ch, &clip) in current.iter().enumerate() {
            let p = pose(clip + frame);
            input.set_character(ch, p.as_ref()).unwrap();
            c_in.extend(states(&p));
        }
        let dt = if frame == 0 { 0.0 } else { 1.0 / 60.0 };
        rust.update(dt, &input, &mut output).unwrap();
        assert_eq!(update(c, dt, &c_in, &mut c_out), HookeStatus::Ok);
        assert_eq!(c_out, batch_states(&output), "frame {frame}");
    }
    // SAFETY: live handle, freed once.
    unsafe { hooke_inertializer_free(c) };
}

/// An update under test: handle, `dt`, `N` input states, `N` output states.
type Update =
    fn(*mut HookeInertializer, f32, &[HookeBoneState], &mut [HookeBoneState]) -> HookeStatus;

const AOS: Update = |h, dt, i, o| {
    // SAFETY: N states each.
    unsafe { hooke_inertializer_update(h, dt, i.as_ptr(), o.as_mut_ptr()) }
};

const PAR: Update = |h, dt, i, o| {
    // SAFETY: N states each.
    unsafe { hooke_inertializer_par_update(h, dt, i.as_ptr(), o.as_mut_ptr()) }
};

/// Through views of a padded engine layout: inputs copied into `{t, pad, q, s, pad}` transforms
/// and a separate motion array, outputs written to another such layout and copied back.
fn view(
    h: *mut HookeInertializer,
    dt: f32,
    i: &[HookeBoneState],
    o: &mut [HookeBoneState],
) -> HookeStatus {
    const T: usize = 12; // floats per transform
    let mut transforms = vec![0.0_f32; T * N];
    let mut motion = vec![0.0_f32; 6 * N];
    for (k, s) in i.iter().enumerate() {
        transforms[T * k..T * k + 3].copy_from_slice(&s.position);
        transforms[T * k + 4..T * k + 8].copy_from_slice(&s.rotation);
        motion[6 * k..6 * k + 3].copy_from_slice(&s.velocity);
        motion[6 * k + 3..6 * k + 6].copy_from_slice(&s.angular_velocity);
    }
    let (mut t_out, mut m_out) = (vec![f32::NAN; T * N], vec![f32::NAN; 6 * N]);
    let cc = |p: &[f32], off: usize, stride: usize| HookeConstChannel {
        data: p[off..].as_ptr(),
        stride: stride * 4,
    };
    let input = HookePoseView {
        position: cc(&transforms, 0, T),
        velocity: cc(&motion, 0, 6),
        rotation: cc(&transforms, 4, T),
        angular_velocity: cc(&motion, 3, 6),
    };
    let (tp, mp) = (t_out.as_mut_ptr(), m_out.as_mut_ptr());
    let mc = |p: *mut f32, off: usize, stride: usize| HookeChannel {
        data: p.wrapping_add(off),
        stride: stride * 4,
    };
    let output = HookePoseViewMut {
        position: mc(tp, 0, T),
        velocity: mc(mp, 0, 6),
        rotation: mc(tp, 4, T),
        angular_velocity: mc(mp, 3, 6),
    };
    // SAFETY: the views cover N elements of live arrays.
    let status = unsafe { hooke_inertializer_update_view(h, dt, &input, &output) };
    for (k, s) in o.iter_mut().enumerate() {
        s.position.copy_from_slice(&t_out[T * k..T * k + 3]);
        s.rotation.copy_from_slice(&t_out[T * k + 4..T * k + 8]);
        s.velocity.copy_from_slice(&m_out[6 * k..6 * k + 3]);
        s.angular_velocity
            .copy_from_slice(&m_out[6 * k + 3..6 * k + 6]);
        assert!(
            t_out[T * k + 3].is_nan() && t_out[T * k + 8].is_nan(),
            "padding and scale untouched"
        );
    }
    status
}

#[test]
fn c_updates_match_the_rust_inertializer_bit_for_bit() {
    compare(RootPolicy::Local, None, &[], AOS);
    compare(RootPolicy::Local, None, &[], PAR);
    compare(RootPolicy::Local, None, &[], view);
}

#[test]
fn options_anchored_root_and_excluded_bones_match_rust() {
    let excluded = [1_usize];
    let options = HookeInertializerOptions {
        excluded_bones: excluded.as_ptr(),
        excluded_bone_count: 1,
        root_policy: HOOKE_ROOT_ANCHORED,
        up: [0.0, 2.0, 0.0],
    };
    compare(
        RootPolicy::Anchored { up: Vec3::Y },
        Some(&options),
        &excluded,
        AOS,
    );
}

#[test]
fn dt_zero_right_after_a_transition_outputs_the_source_pose() {
    let c = new_c(None);
    let (src, dst) = (states(&pose(1)), states(&pose(7)));
    let mut input = vec![HookeBoneState::default(); N];
    input[BONES..2 * BONES].copy_from_slice(&dst);
    let mut out = input.clone();
    // SAFETY: live handle, valid arrays.
    unsafe {
        assert_eq!(
            hooke_inertializer_transition(c, 1, src.as_ptr(), dst.as_ptr()),
            HookeStatus::Ok
        );
        assert_eq!(
            hooke_inertializer_update(c, 0.0, input.as_ptr(), out.as_mut_ptr()),
            HookeStatus::Ok
        );
        hooke_inertializer_free(c);
    }
    for (got, want) in out[BONES..2 * BONES].iter().zip(&src) {
        for (g, w) in got.position.iter().zip(&want.position) {
            assert!((g - w).abs() < 1e-5, "{got:?} vs {want:?}");
        }
        let (g, w) = (
            Quat::from_array(got.rotation),
            Quat::from_array(want.rotation),
        );
        assert!(g.angle_between(w) < 1e-3);
    }
}

#[test]
fn a_failed_update_writes_nothing_and_changes_no_state() {
    let (a, b) = (new_c(None), new_c(None));
    let (src, dst) = (states(&pose(2)), states(&pose(9)));
    let mut input = vec![HookeBoneState::default(); N];
    let sentinel = vec![
        HookeBoneState {
            position: [42.0; 3],
            ..Default::default()
        };
        N
    ];
    let (mut out_a, mut out_b) = (sentinel.clone(), sentinel.clone());
    // SAFETY: live handles, valid arrays.
    unsafe {
        for h in [a, b] {
            assert_eq!(
                hooke_inertializer_transition(h, 4, src.as_ptr(), dst.as_ptr()),
                HookeStatus::Ok
            );
        }
        input[N - 1].rotation = [0.0, 0.0, 0.0, 1.5];
        let status = hooke_inertializer_update(a, 0.1, input.as_ptr(), out_a.as_mut_ptr());
        assert_eq!(status, HookeStatus::InvalidParameter);
        let status = hooke_inertializer_update(a, f32::NAN, input.as_ptr(), out_a.as_mut_ptr());
        assert_eq!(status, HookeStatus::InvalidParameter);
        assert_eq!(out_a, sentinel, "nothing written");
        input[N - 1].rotation = [0.0, 0.0, 0.0, 1.0];
        for h in [a, b] {
            let out = if h == a { &mut out_a } else { &mut out_b };
            assert_eq!(
                hooke_inertializer_update(h, 0.1, input.as_ptr(), out.as_mut_ptr()),
                HookeStatus::Ok
            );
        }
        hooke_inertializer_free(a);
        hooke_inertializer_free(b);
    }
    assert_eq!(out_a, out_b, "the failed calls left the state as it was");
}

/// Input and output the same array (an update in place): the same output as separate arrays
/// every frame, through switches and long quiet stretches; characters at rest are neither read
/// nor written (a value there that is not a pose stays as it is and is not an error).
#[test]
fn an_update_in_place_matches_separate_arrays_and_skips_characters_at_rest() {
    let (separate, in_place) = (new_c(None), new_c(None));
    let dt = 1.0 / 30.0;
    let mut animation = vec![HookeBoneState::default(); N];
    for (frame, c) in (0..400).zip((0..CHARACTERS).cycle()) {
        if frame % 150 < 3 {
            let (src, dst) = (states(&pose(frame)), states(&pose(frame + 50)));
            // SAFETY: live handles, valid arrays.
            unsafe {
                for h in [separate, in_place] {
                    let status = hooke_inertializer_transition(h, c, src.as_ptr(), dst.as_ptr());
                    assert_eq!(status, HookeStatus::Ok);
                }
            }
            animation[c * BONES..(c + 1) * BONES].copy_from_slice(&dst);
        }
        let mut output = vec![HookeBoneState::default(); N];
        let mut poses = animation.clone();
        // SAFETY: live handles, valid arrays (the same one for input and output).
        unsafe {
            let status =
                hooke_inertializer_update(separate, dt, animation.as_ptr(), output.as_mut_ptr());
            assert_eq!(status, HookeStatus::Ok);
            let status =
                hooke_inertializer_update(in_place, dt, poses.as_ptr(), poses.as_mut_ptr());
            assert_eq!(status, HookeStatus::Ok);
        }
        assert_eq!(poses, output, "frame {frame}");
    }
    // 130 frames (4.3 s) after the last switch at halflife 0.2 s some characters are at rest;
    // a NaN written into one of them is not read.
    let mut rest = None;
    for c in 0..CHARACTERS {
        let mut blending = true;
        // SAFETY: live handle.
        unsafe { hooke_inertializer_is_blending(in_place, c, &mut blending) };
        if !blending {
            rest = Some(c);
        }
    }
    let c = rest.expect("a character at rest");
    let mut poses = animation.clone();
    poses[c * BONES].position[0] = f32::NAN;
    // SAFETY: live handle, one array for input and output.
    let status =
        unsafe { hooke_inertializer_update(in_place, dt, poses.as_ptr(), poses.as_mut_ptr()) };
    assert_eq!(status, HookeStatus::Ok);
    assert!(poses[c * BONES].position[0].is_nan());
    // Separate arrays read every character: the NaN is an error there.
    let mut output = vec![HookeBoneState::default(); N];
    // SAFETY: live handle, valid arrays.
    let status =
        unsafe { hooke_inertializer_update(separate, dt, poses.as_ptr(), output.as_mut_ptr()) };
    assert_eq!(status, HookeStatus::InvalidParameter);
    // SAFETY: live handles.
    unsafe {
        hooke_inertializer_free(separate);
        hooke_inertializer_free(in_place);
    }
}
