//! The transition kernel of local bones in `f32x8`: eight bones of one character re-based from
//! their source onto their destination at once (`docs/math.md` §6.1). Pure arithmetic on lane
//! values: no memory access, no validation, no allocation, no panic; the caller gathers the
//! lanes and keeps only the lanes the kernel reports finite (the others go through the `f64`
//! path of `bone.rs`, which saturates).

use hooke::simd::{Quat8, Vec3x8};
use wide::f32x8;

use crate::lanes::{Bone8, ReadLanes};
use crate::offsets::OffsetLanesMut;

/// An offset of eight bones: position, velocity, rotation vector, angular velocity (the
/// columns of `OffsetColumns`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Offset8 {
    pub x: Vec3x8,
    pub v: Vec3x8,
    pub e: Vec3x8,
    pub w: Vec3x8,
}

impl Offset8 {
    /// Lane group `i` of the 12 offset columns (`OffsetColumns::lanes_mut`), read straight
    /// from each column.
    #[inline(always)]
    pub(crate) fn load(lanes: &OffsetLanesMut<'_>, i: usize) -> Offset8 {
        Offset8 {
            x: lanes.vec3(i, 0),
            v: lanes.vec3(i, 3),
            e: lanes.vec3(i, 6),
            w: lanes.vec3(i, 9),
        }
    }

    /// Stores the offsets into lane group `i` of the 12 offset columns.
    #[inline(always)]
    pub(crate) fn store(&self, lanes: &mut OffsetLanesMut<'_>, i: usize) {
        lanes.set_vec3(i, 0, self.x);
        lanes.set_vec3(i, 3, self.v);
        lanes.set_vec3(i, 6, self.e);
        lanes.set_vec3(i, 9, self.w);
    }
}

/// The new offsets `(off ⊕ src) ⊖ dst` of eight bones, and a mask of the lanes whose result is
/// finite (all ones there).
///
/// With `off_q = exp(e / 2)`: the output `out = off ⊕ src` is `x = src_x + off_x`,
/// `v = src_v + off_v`, `q = off_q src_q`, `w = off_w + off_q src_w`, and the new offset is
/// `x - dst_x`, `v - dst_v`, `q' = abs(q inv(dst_q))` (stored as its rotation vector on the
/// shortest path) and `w - q' dst_w` — [`crate::bone::Bone::apply_to`] followed by
/// [`crate::bone::Bone::offset_between`], in `f32`.
///
/// The source and destination rotations need not be normalised (a [`crate::pose::PoseRef`]'s
/// are unit within the checked tolerance only): `q'` is used through its logarithm, which does
/// not depend on its length, and a rotation that divides by `|q'|^2`, so the result is that of
/// the normalised rotations without a square root and a division per quaternion.
#[inline(always)]
pub(crate) fn rebase(off: &Offset8, src: &Bone8, dst: &Bone8) -> (Offset8, f32x8) {
    // Stored offsets are on the shortest path (`OffsetColumns::set`, the decay step).
    let oq = Quat8::from_scaled_angle_axis_within_pi(off.e);
    let out_x = src.x + off.x;
    let out_v = src.v + off.v;
    let out_q = oq * src.q;
    let out_w = off.w + oq.rotate(src.w);
    let q = out_q * dst.q.conjugate();
    let (e, inverse_norm2) = log_any_length(q);
    // `q` of any length turns `v` into `v + |q|^2 (R v - v)` (`Quat8::rotate` assumes a unit
    // quaternion), so the rotation `R` of its normalised form is recovered exactly.
    let turned = q.rotate(dst.w);
    let rotated = Vec3x8 {
        x: (turned.x - dst.w.x).mul_add(inverse_norm2, dst.w.x),
        y: (turned.y - dst.w.y).mul_add(inverse_norm2, dst.w.y),
        z: (turned.z - dst.w.z).mul_add(inverse_norm2, dst.w.z),
    };
    let new = Offset8 {
        x: out_x - dst.x,
        v: out_v - dst.v,
        e,
        w: out_w - rotated,
    };
    let sum = |v: Vec3x8| v.x + v.y + v.z;
    let total = sum(new.x) + sum(new.v) + sum(new.e) + sum(new.w);
    let finite = total.is_finite();
    (new, finite)
}

/// The rotation vector (angle times axis, on the shortest path) of the rotation of `q / |q|`,
/// and `1 / |q|^2`, for a quaternion `q` of any non-zero length: one division and one square
/// root for both.
///
/// The half angle is `h = atan2(|xyz|, |w|)` in `[0, pi / 2]`, and the rotation vector
/// `xyz 2 h / |xyz|`, signed like `w`. With `m = max(|xyz|, |w|)` and `r = min(..) / m` in
/// `[0, 1]`, `atan(r) = r A(r^2)` ([`ATAN_OVER_R`]) gives `2 h / |xyz| = 2 A(r^2) / m` when
/// `|xyz| <= |w|` and `2 (pi / 2 - r A(r^2)) / m` otherwise: no division by a vanishing `|xyz|`
/// (a zero rotation gives exactly zero) and no separate small-angle branch. Neither value
/// changes when `q` is scaled. `docs/math.md` §6.1.
#[inline(always)]
fn log_any_length(q: Quat8) -> (Vec3x8, f32x8) {
    let xyz2 = q.z.mul_add(q.z, q.y.mul_add(q.y, q.x * q.x));
    let norm2 = q.w.mul_add(q.w, xyz2);
    let (len, w) = (xyz2.sqrt(), q.w.abs());
    let (m, n) = (len.max(w), len.min(w));
    // One division for 1 / m and 1 / |q|^2.
    let inverse = f32x8::ONE / (m * norm2);
    let r = n * (norm2 * inverse);
    let r2 = r * r;
    let (&last, rest) = ATAN_OVER_R.split_last().unwrap_or((&0.0, &[]));
    let a = rest.iter().rev().fold(f32x8::splat(last), |acc, &c| {
        acc.mul_add(r2, f32x8::splat(c))
    });
    let far = len.simd_gt(w);
    let half = far.select(
        r.mul_neg_add(a, f32x8::splat(std::f32::consts::FRAC_PI_2)),
        a,
    );
    // 2 h / |xyz|, with the sign of w (the shortest path).
    let scale = (f32x8::splat(2.0) * half * (norm2 * inverse)) ^ (q.w & f32x8::splat(-0.0));
    let e = Vec3x8 {
        x: q.x * scale,
        y: q.y * scale,
        z: q.z * scale,
    };
    (e, m * inverse)
}

/// `atan(r) / r` in powers of `r^2` on `0 <= r <= 1`: the minimax polynomial of SLEEF's
/// `atanf` (leading term exact). Its own error is below 4.5e-8 on the range; evaluated in
/// `f32` the angle is within a few ulps.
const ATAN_OVER_R: [f32; 9] = [
    1.0,
    -0.333_331_02,
    0.199_926_96,
    -0.142_027_36,
    0.106_347_93,
    -0.074_890_09,
    0.042_504_99,
    -0.015_956_903,
    0.002_823_639,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bone::Bone;
    use glam::{Quat, Vec3};

    fn splat_bone(b: &Bone) -> Bone8 {
        let v = |v: glam::DVec3| Vec3x8 {
            x: f32x8::splat(v.x as f32),
            y: f32x8::splat(v.y as f32),
            z: f32x8::splat(v.z as f32),
        };
        Bone8 {
            x: v(b.x),
            v: v(b.v),
            q: Quat8 {
                x: f32x8::splat(b.q.x as f32),
                y: f32x8::splat(b.q.y as f32),
                z: f32x8::splat(b.q.z as f32),
                w: f32x8::splat(b.q.w as f32),
            },
            w: v(b.w),
        }
    }

    fn lane0(v: Vec3x8) -> Vec3 {
        Vec3::new(v.x.to_array()[0], v.y.to_array()[0], v.z.to_array()[0])
    }

    /// A uniform value in `[-1, 1)` from a linear congruential generator.
    fn uniform(seed: &mut u64) -> f32 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((*seed >> 33) as f32 / (1u64 << 31) as f32) * 2.0 - 1.0
    }

    /// Against the `f64` path (`apply_to` then `offset_between`) on offsets in flight, including
    /// half-turn offsets and large angular velocities.
    #[test]
    fn matches_the_f64_path() {
        let mut seed = 1_u64;
        let mut r = || uniform(&mut seed);
        for _ in 0..2000 {
            let mut v3 = |s: f32| Vec3::new(r() * s, r() * s, r() * s);
            let (ox, ov, ow) = (v3(1.0), v3(3.0), v3(10.0));
            // Stored offsets are on the shortest path (angle at most half a turn).
            let oe = v3(1.8);
            let src = Bone::new(v3(2.0), v3(3.0), Quat::from_scaled_axis(v3(3.0)), v3(10.0));
            let dst = Bone::new(v3(2.0), v3(3.0), Quat::from_scaled_axis(v3(3.0)), v3(10.0));
            let off = Bone {
                x: ox.as_dvec3(),
                v: ov.as_dvec3(),
                q: hooke::scalar::quat_from_scaled_angle_axis_f64(oe.as_dvec3()),
                w: ow.as_dvec3(),
            };
            let want = Bone::offset_between(&off.apply_to(&src), &dst);
            let want_e = hooke::scalar::quat_to_scaled_angle_axis_f64(want.q);
            let off8 = {
                let s = splat_bone(&Bone {
                    q: glam::DQuat::IDENTITY,
                    ..off
                });
                let e = Vec3x8 {
                    x: f32x8::splat(oe.x),
                    y: f32x8::splat(oe.y),
                    z: f32x8::splat(oe.z),
                };
                Offset8 {
                    x: s.x,
                    v: s.v,
                    e,
                    w: s.w,
                }
            };
            let (got, finite) = rebase(&off8, &splat_bone(&src), &splat_bone(&dst));
            assert_eq!(finite.to_array()[0].to_bits(), u32::MAX);
            let close = |a: Vec3, b: glam::DVec3, scale: f64| {
                (a.as_dvec3() - b).length() <= 2e-5 * scale.max(1.0)
            };
            assert!(close(lane0(got.x), want.x, want.x.length()));
            assert!(close(lane0(got.v), want.v, want.v.length()));
            let turn = (want_e.length() - std::f64::consts::PI).abs() < 1e-3;
            if !turn {
                // (At half a turn both signs of the axis are the same rotation.)
                assert!(close(lane0(got.e), want_e, 4.0), "{got:?} {want_e}");
            }
            assert!(close(lane0(got.w), want.w, want.w.length()));
        }
    }

    /// Rotations off unit length within the checked tolerance (a `PoseRef`'s) give the result
    /// of their normalised forms; equal rotations give a zero rotation vector (to rounding).
    #[test]
    fn rotations_of_any_length() {
        let mut seed = 3_u64;
        let mut r = || uniform(&mut seed);
        let zero = Vec3x8 {
            x: f32x8::ZERO,
            y: f32x8::ZERO,
            z: f32x8::ZERO,
        };
        for _ in 0..500 {
            let mut v3 = |s: f32| Vec3::new(r() * s, r() * s, r() * s);
            let (qs, qd) = (v3(3.0), v3(3.0));
            let (ws, wd, e) = (v3(10.0), v3(10.0), v3(1.8));
            let (ks, kd) = (1.0 + 1e-3 * r(), 1.0 + 1e-3 * r());
            let bone = |q: Vec3, k: f32, w: Vec3| {
                let mut b = splat_bone(&Bone::new(
                    Vec3::ZERO,
                    Vec3::ZERO,
                    Quat::from_scaled_axis(q),
                    w,
                ));
                b.q = Quat8 {
                    x: b.q.x * f32x8::splat(k),
                    y: b.q.y * f32x8::splat(k),
                    z: b.q.z * f32x8::splat(k),
                    w: b.q.w * f32x8::splat(k),
                };
                b
            };
            let off = Offset8 {
                x: zero,
                v: zero,
                e: Vec3x8 {
                    x: f32x8::splat(e.x),
                    y: f32x8::splat(e.y),
                    z: f32x8::splat(e.z),
                },
                w: zero,
            };
            let (unit, _) = rebase(&off, &bone(qs, 1.0, ws), &bone(qd, 1.0, wd));
            let (scaled, _) = rebase(&off, &bone(qs, ks, ws), &bone(qd, kd, wd));
            let (a, b) = (lane0(unit.e), lane0(scaled.e));
            let turn = (a.length() - std::f32::consts::PI).abs() < 1e-3;
            assert!(turn || (a - b).length() < 1e-5, "{a} {b}");
            assert!((lane0(unit.w) - lane0(scaled.w)).length() < 1e-5 * 10.0);
            let (same, _) = rebase(
                &Offset8 { e: zero, ..off },
                &bone(qs, ks, ws),
                &bone(qs, kd, ws),
            );
            assert!(lane0(same.e).length() < 1e-6);
        }
    }

    #[test]
    fn overflow_is_reported() {
        let big = Bone::new(
            Vec3::splat(f32::MAX),
            Vec3::ZERO,
            Quat::IDENTITY,
            Vec3::ZERO,
        );
        let off = Offset8 {
            x: splat_bone(&big).x,
            v: splat_bone(&big).v,
            e: splat_bone(&big).v,
            w: splat_bone(&big).w,
        };
        let (_, finite) = rebase(
            &off,
            &splat_bone(&big),
            &splat_bone(&Bone::new(
                Vec3::ZERO,
                Vec3::ZERO,
                Quat::IDENTITY,
                Vec3::ZERO,
            )),
        );
        assert_eq!(finite.to_array()[0], 0.0);
    }
}
