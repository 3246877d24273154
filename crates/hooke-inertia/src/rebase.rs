//! The transition kernel of local bones in `f32x8`: eight bones of one character re-based from
//! their source onto their destination at once (`docs/math.md` §6.1). Pure arithmetic on lane
//! values: no memory access, no validation, no allocation, no panic; the caller gathers the
//! lanes and keeps only the lanes the kernel reports finite (the others go through the `f64`
//! path of `bone.rs`, which saturates).

use hooke::simd::{Quat8, Vec3x8};
use wide::f32x8;

use crate::lanes::Bone8;

/// An offset of eight bones: position, velocity, rotation vector, angular velocity (the
/// columns of `OffsetColumns`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Offset8 {
    pub x: Vec3x8,
    pub v: Vec3x8,
    pub e: Vec3x8,
    pub w: Vec3x8,
}

/// The new offsets `(off ⊕ src) ⊖ dst` of eight bones, and a mask of the lanes whose result is
/// finite (all ones there).
///
/// With `off_q = exp(e / 2)`: the output `out = off ⊕ src` is `x = src_x + off_x`,
/// `v = src_v + off_v`, `q = off_q src_q`, `w = off_w + off_q src_w`, and the new offset is
/// `x - dst_x`, `v - dst_v`, `q' = abs(q inv(dst_q))` (stored as its rotation vector on the
/// shortest path) and `w - q' dst_w` — [`crate::bone::Bone::apply_to`] followed by
/// [`crate::bone::Bone::offset_between`], in `f32`.
#[inline(always)]
pub(crate) fn rebase(off: &Offset8, src: &Bone8, dst: &Bone8) -> (Offset8, f32x8) {
    // Stored offsets are on the shortest path (`OffsetColumns::set`, the decay step).
    let oq = Quat8::from_scaled_angle_axis_within_pi(off.e);
    let out_x = src.x + off.x;
    let out_v = src.v + off.v;
    let out_q = oq * src.q;
    let out_w = off.w + oq.rotate(src.w);
    let q = (out_q * dst.q.conjugate()).normalize();
    let e = q.to_scaled_angle_axis();
    let new = Offset8 {
        x: out_x - dst.x,
        v: out_v - dst.v,
        e,
        w: out_w - q.rotate(dst.w),
    };
    let sum = |v: Vec3x8| v.x + v.y + v.z;
    let total = sum(new.x) + sum(new.v) + sum(new.e) + sum(new.w);
    let finite = total.is_finite();
    (new, finite)
}

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

    /// Against the `f64` path (`apply_to` then `offset_between`) on offsets in flight, including
    /// half-turn offsets and large angular velocities.
    #[test]
    fn matches_the_f64_path() {
        let mut seed = 1_u64;
        let mut r = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as f32 / (1u64 << 31) as f32) * 2.0 - 1.0
        };
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
