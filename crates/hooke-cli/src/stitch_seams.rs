//! Seam quality of `stitch` against a plain per-joint inertializer written here (issue 19 part
//! 3): at each seam the reference takes the offsets between the source's next frame and the
//! destination's first frame and shows them undecayed (t = 0) on the seam frame, then decays them
//! with the critical spring (`y = 2 ln 2 / halflife`, closed form). Measured: the largest local
//! angular acceleration over the frames around each seam (second difference of local rotations),
//! relative to a cut; every seam of `stitch --mode inertialize` within 1.15x of the reference.

use std::ops::Range;
use std::path::Path;

use glam::{DQuat, DVec3, Quat};
use hooke_bvh::{Bvh, Clip};

use super::report::angular_acceleration;
use super::{Blend, stitch};
use crate::args::{RootArg, StitchMode};

fn clip(name: &str) -> Clip {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/cmu")
        .join(name);
    Clip::from_bvh(&Bvh::from_path(&path).expect("bundled CMU clip"))
}

/// The rotation vector (angle times axis, shortest path) of `q`, in `f64`.
fn log(q: DQuat) -> DVec3 {
    let q = if q.w < 0.0 { -q } else { q };
    let v = DVec3::new(q.x, q.y, q.z);
    let len = v.length();
    if len < 1e-12 {
        return 2.0 * v;
    }
    v * (2.0 * len.atan2(q.w) / len)
}

fn exp(e: DVec3) -> DQuat {
    let angle = e.length();
    if angle < 1e-12 {
        return DQuat::from_xyzw(e.x / 2.0, e.y / 2.0, e.z / 2.0, 1.0).normalize();
    }
    DQuat::from_axis_angle(e / angle, angle)
}

/// The reference around the seam at output frame `seam`, from `source` (the range that ends
/// there, next frame `source_next`) to `destination` (its first frame `first`): the frames of
/// `shown` before the seam, then the destination with the decaying offsets, for the frames the
/// measure reads (up to `seam + 2`).
#[allow(clippy::too_many_arguments)]
fn reference(
    shown: &[Quat],
    joints: usize,
    seam: usize,
    (source, source_next): (&Clip, usize),
    (destination, first): (&Clip, usize),
    halflife: f64,
    dt: f64,
) -> Vec<Quat> {
    let mut out = shown[..(seam + 3) * joints].to_vec();
    let y = hooke::scalar::critical_rate_f64(halflife);
    for j in 0..joints {
        let sq = source.local_rotations(source_next)[j].as_dquat();
        let sw = source.local_angular_velocities(source_next)[j].as_dvec3();
        let dq = destination.local_rotations(first)[j].as_dquat();
        let dw = destination.local_angular_velocities(first)[j].as_dvec3();
        let e0 = log(sq * dq.conjugate());
        let w0 = sw - dw;
        for k in 0..3 {
            let t = k as f64 * dt;
            let e = (e0 + (w0 + y * e0) * t) * (-y * t).exp();
            let input = destination.local_rotations(first + k)[j].as_dquat();
            out[(seam + k) * joints + j] = (exp(e) * input).normalize().as_quat();
        }
    }
    out
}

/// Ranges of clips, played one after the other.
type Ranges<'a> = Vec<(&'a Clip, Range<usize>)>;

fn check(ranges: &[(&Clip, Range<usize>)], halflife: f32) -> Vec<(f64, f64)> {
    let joints = ranges[0].0.joint_count();
    let dt = f64::from(ranges[0].0.frame_time());
    let blend = |mode| Blend {
        mode,
        halflife,
        blend_time: 0.2,
        root: RootArg::Local,
        root_joint: None,
        lock_feet: false,
    };
    let cut = stitch(ranges, blend(StitchMode::Cut)).unwrap();
    let blended = stitch(ranges, blend(StitchMode::Inertialize)).unwrap();
    let mut rows = Vec::new();
    for (k, &seam) in blended.seams.iter().enumerate() {
        let (source, range) = &ranges[k];
        let (destination, next) = &ranges[k + 1];
        let source_next = range.end.min(source.frame_count() - 1);
        let reference = reference(
            &blended.rotations,
            joints,
            seam,
            (source, source_next),
            (destination, next.start),
            f64::from(halflife),
            dt,
        );
        let base = angular_acceleration(&cut.rotations, joints, seam, dt);
        let hooke = angular_acceleration(&blended.rotations, joints, seam, dt) / base;
        let plain = angular_acceleration(&reference, joints, seam, dt) / base;
        rows.push((hooke, plain));
    }
    rows
}

/// Walk -> climb -> walk at halflife 0.15 and walk segments at 0.1 on the bundled clips: every
/// seam within 1.15x of the reference (relative to a cut).
#[test]
fn seams_are_as_smooth_as_a_plain_inertializer() {
    let (walk, climb) = (clip("01_01.bvh"), clip("01_03.bvh"));
    let cases: [(Ranges<'_>, f32); 2] = [
        (
            vec![(&walk, 20..400), (&climb, 900..1300), (&walk, 700..1000)],
            0.15,
        ),
        (
            vec![
                (&walk, 30..300),
                (&walk, 1100..1400),
                (&walk, 500..800),
                (&walk, 200..400),
            ],
            0.1,
        ),
    ];
    for (ranges, halflife) in &cases {
        for (k, (hooke, plain)) in check(ranges, *halflife).into_iter().enumerate() {
            eprintln!(
                "halflife {halflife}, seam {k}: hooke {hooke:.3} of a cut, reference {plain:.3} \
                 ({:.2}x)",
                hooke / plain
            );
            assert!(
                hooke <= 1.15 * plain,
                "seam {k} at halflife {halflife}: {hooke:.3} vs the reference's {plain:.3}"
            );
        }
    }
}
