//! One lane group of a transition's re-basing, shared by the single-character path
//! ([`Inertializer::rebase_gathered`](super::Inertializer)) and the batched one
//! (`transition_many`): the kernel ([`rebase`]) on eight lanes, the lanes it reports beyond the
//! `f32` range redone in `f64` (which saturates), and only the lanes being transitioned taken
//! from the result (the others keep their offsets).

use glam::DVec3;
use hooke::scalar::{quat_from_scaled_angle_axis_f64, quat_to_scaled_angle_axis_f64};
use hooke::simd::Vec3x8;
use wide::f32x8;

use crate::bone::Bone;
use crate::lanes::Bone8;
use crate::rebase::{Offset8, rebase};
use crate::saturate::saturate_vec3;

/// Every lane of a group.
pub(super) const ALL_LANES: u8 = u8::MAX;

/// The kernel ([`rebase`]) on one lane group, and the lanes whose result is finite (bit `k`:
/// lane `k`). When the lanes stored are finite, the caller stores the result ([`fast_store`]);
/// otherwise its cold path calls [`merge_group`], which runs the kernel again from the values in
/// memory: neither the old offsets nor the result are kept (or spilled) across the kernel for
/// that case.
#[inline(always)]
pub(super) fn rebase_group(old: &Offset8, src: &Bone8, dst: &Bone8) -> (Offset8, u8) {
    let (new, finite) = rebase(old, src, dst);
    (new, finite.to_bitmask() as u8)
}

/// What a lane group stores when not all of it is stored as the kernel gives it: the lanes of
/// `store` (bit `k`: lane `k`) take the kernel's result, redone in `f64` from `old` where it is
/// not finite (poses near the `f32` limits: `bones(k)` gives lane `k`'s source and destination
/// in `f64`); the other lanes keep `old`.
pub(super) fn merge_group(
    old: &Offset8,
    (src, dst): (&Bone8, &Bone8),
    store: u8,
    bones: impl Fn(usize) -> (Bone, Bone),
) -> Offset8 {
    let (new, finite) = rebase_group(old, src, dst);
    let overflow = store & !finite;
    let new = match overflow {
        0 => new,
        _ => rebase_lanes_f64(old, &new, overflow, bones),
    };
    select(lane_mask(store), &new, old)
}

/// What a group of [`rebase_group`] stores where its lanes of `written` (bit `k`: lane `k`) are
/// written, when every lane of `store` (within `written`) is finite: `new`, with the written
/// lanes not in `store` (an anchored root, lanes of characters that do not switch) kept from
/// `old()`, read again from memory (from L1) rather than kept across the kernel. `None` when a
/// lane of `store` left the `f32` range: the caller's cold path ([`merge_group`]).
#[inline(always)]
pub(super) fn fast_store(
    (written, store): (u8, u8),
    (new, finite): (Offset8, u8),
    old: impl FnOnce() -> Offset8,
) -> Option<Offset8> {
    match (store & !finite, store == written) {
        (0, true) => Some(new),
        (0, false) => Some(select(lane_mask(store), &new, &old())),
        _ => None,
    }
}

/// All ones in the lanes of `bits` (bit `k`: lane `k`), zero elsewhere.
#[inline(always)]
fn lane_mask(bits: u8) -> f32x8 {
    let ones = f32::from_bits(u32::MAX);
    let lanes: [f32; 8] = std::array::from_fn(|k| if bits >> k & 1 != 0 { ones } else { 0.0 });
    f32x8::new(lanes)
}

/// `if_true` in the lanes of `mask`, `if_false` elsewhere.
#[inline(always)]
fn select(mask: f32x8, if_true: &Offset8, if_false: &Offset8) -> Offset8 {
    Offset8 {
        x: Vec3x8::select(mask, if_true.x, if_false.x),
        v: Vec3x8::select(mask, if_true.v, if_false.v),
        e: Vec3x8::select(mask, if_true.e, if_false.e),
        w: Vec3x8::select(mask, if_true.w, if_false.w),
    }
}

/// `new` with the lanes of `lanes` redone in `f64` from `old`: `apply_to` then
/// `offset_between`, stored as `OffsetColumns::set` stores (saturated, the rotation as a
/// rotation vector on the shortest path).
#[cold]
#[inline(never)]
fn rebase_lanes_f64(
    old: &Offset8,
    new: &Offset8,
    lanes: u8,
    bones: impl Fn(usize) -> (Bone, Bone),
) -> Offset8 {
    let mut parts = [old.x, old.v, old.e, old.w].map(|v| [v.x, v.y, v.z].map(|c| c.to_array()));
    for lane in (0..8).filter(|k| lanes >> k & 1 != 0) {
        let part = |k: usize| {
            let [x, y, z] = parts[k].map(|c| f64::from(c[lane]));
            DVec3::new(x, y, z)
        };
        let offset = Bone {
            x: part(0),
            v: part(1),
            q: quat_from_scaled_angle_axis_f64(part(2)).normalize(),
            w: part(3),
        };
        let (src, dst) = bones(lane);
        let b = Bone::offset_between(&offset.apply_to(&src), &dst);
        let stored = [
            saturate_vec3(b.x),
            saturate_vec3(b.v),
            quat_to_scaled_angle_axis_f64(b.q).as_vec3(),
            saturate_vec3(b.w),
        ];
        for (part, v) in parts.iter_mut().zip(stored) {
            for (column, value) in part.iter_mut().zip(v.to_array()) {
                column[lane] = value;
            }
        }
    }
    let [x, v, e, w] = parts.map(|[x, y, z]| Vec3x8 {
        x: f32x8::new(x),
        y: f32x8::new(y),
        z: f32x8::new(z),
    });
    select(lane_mask(lanes), &Offset8 { x, v, e, w }, new)
}
