//! `extern "C"` wrappers of the per-value inertialization functions (f32, Vec3, Quat).

use glam::{Quat, Vec3};
use hooke::scalar;

use super::{rotation, step2, step2_vec3, try_step_rotation, try_step4};
use crate::error::{HookeStatus, guard};
use crate::types::{HookeQuat, HookeVec3};

/// Re-bases a scalar inertialization offset at a transition from stream `src` to stream `dst`.
///
/// Wraps [`hooke::scalar::inertialize_transition`].
///
/// # Safety
///
/// `off_x` and `off_v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertialize_transition(
    off_x: *mut f32,
    off_v: *mut f32,
    src_x: f32,
    src_v: f32,
    dst_x: f32,
    dst_v: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            step2((off_x, "off_x"), (off_v, "off_v"), |ox, ov| {
                scalar::inertialize_transition(ox, ov, src_x, src_v, dst_x, dst_v)
            })
        }
    })
}

/// Decays a scalar inertialization offset and applies it to the input: writes `*out_x`, `*out_v`.
///
/// Wraps [`hooke::scalar::inertialize_update`].
///
/// # Safety
///
/// `out_x`, `out_v`, `off_x` and `off_v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertialize_update(
    out_x: *mut f32,
    out_v: *mut f32,
    off_x: *mut f32,
    off_v: *mut f32,
    in_x: f32,
    in_v: f32,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe {
        try_step4(
            ((out_x, "out_x"), (out_v, "out_v")),
            ((off_x, "off_x"), (off_v, "off_v")),
            |ox, ov, fx, fv| {
                scalar::inertialize_update(ox, ov, fx, fv, in_x, in_v, halflife, dt);
                Ok(())
            },
        )
    })
}

/// [`hooke_inertialize_transition`] for a 3D vector.
///
/// Wraps [`hooke::scalar::inertialize_transition_vec3`].
///
/// # Safety
///
/// `off_x` and `off_v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertialize_transition_vec3(
    off_x: *mut HookeVec3,
    off_v: *mut HookeVec3,
    src_x: HookeVec3,
    src_v: HookeVec3,
    dst_x: HookeVec3,
    dst_v: HookeVec3,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe {
        step2_vec3((off_x, "off_x"), (off_v, "off_v"), |x, v| {
            scalar::inertialize_transition_vec3(
                x,
                v,
                src_x.into(),
                src_v.into(),
                dst_x.into(),
                dst_v.into(),
            )
        })
    })
}

/// [`hooke_inertialize_update`] for a 3D vector.
///
/// Wraps [`hooke::scalar::inertialize_update_vec3`].
///
/// # Safety
///
/// `out_x`, `out_v`, `off_x` and `off_v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertialize_update_vec3(
    out_x: *mut HookeVec3,
    out_v: *mut HookeVec3,
    off_x: *mut HookeVec3,
    off_v: *mut HookeVec3,
    in_x: HookeVec3,
    in_v: HookeVec3,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe {
        try_step4(
            ((out_x, "out_x"), (out_v, "out_v")),
            ((off_x, "off_x"), (off_v, "off_v")),
            |ox, ov, fx, fv| {
                let [mut x, mut v, mut f, mut g] = [*ox, *ov, *fx, *fv].map(Vec3::from);
                let (input, input_v) = (in_x.into(), in_v.into());
                scalar::inertialize_update_vec3(
                    &mut x, &mut v, &mut f, &mut g, input, input_v, halflife, dt,
                );
                [*ox, *ov, *fx, *fv] = [x, v, f, g].map(HookeVec3::from);
                Ok(())
            },
        )
    })
}

/// Re-bases a rotation inertialization offset at a transition from `src` to `dst`.
///
/// Wraps [`hooke::scalar::inertialize_transition_quat`].
///
/// # Safety
///
/// `off_q` and `off_w` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertialize_transition_quat(
    off_q: *mut HookeQuat,
    off_w: *mut HookeVec3,
    src_q: HookeQuat,
    src_w: HookeVec3,
    dst_q: HookeQuat,
    dst_w: HookeVec3,
) -> HookeStatus {
    guard(|| {
        let (src, dst) = (rotation(src_q, "src_q")?, rotation(dst_q, "dst_q")?);
        // SAFETY: forwarded caller contract.
        unsafe {
            try_step_rotation((off_q, "off_q"), (off_w, "off_w"), |q, w| {
                scalar::inertialize_transition_quat(q, w, src, src_w.into(), dst, dst_w.into())
            })
        }
    })
}

/// Decays a rotation inertialization offset and applies it: writes `*out_q`, `*out_w`.
///
/// Wraps [`hooke::scalar::inertialize_update_quat`].
///
/// # Safety
///
/// `out_q`, `out_w`, `off_q` and `off_w` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertialize_update_quat(
    out_q: *mut HookeQuat,
    out_w: *mut HookeVec3,
    off_q: *mut HookeQuat,
    off_w: *mut HookeVec3,
    in_q: HookeQuat,
    in_w: HookeVec3,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe {
        try_step4(
            ((out_q, "out_q"), (out_w, "out_w")),
            ((off_q, "off_q"), (off_w, "off_w")),
            |hq, hw, hf, hg| {
                let (mut oq, mut ow) = (Quat::from(*hq), Vec3::from(*hw));
                let (mut fq, mut fw) = (rotation(*hf, "off_q")?, Vec3::from(*hg));
                let input = rotation(in_q, "in_q")?;
                scalar::inertialize_update_quat(
                    &mut oq,
                    &mut ow,
                    &mut fq,
                    &mut fw,
                    input,
                    in_w.into(),
                    halflife,
                    dt,
                );
                (*hq, *hw, *hf, *hg) = (oq.into(), ow.into(), fq.into(), fw.into());
                Ok(())
            },
        )
    })
}
