//! `extern "C"` wrappers of the per-value inertialization functions (f32, Vec3, Quat).

use glam::{Quat, Vec3};
use hooke::scalar;

use super::{rotation, step2, try_step2};
use crate::error::{HookeStatus, guard, read, write};
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
    guard(|| {
        // SAFETY: null or valid per the caller; reads check for null.
        let mut s = unsafe {
            [
                read(out_x, "out_x")?,
                read(out_v, "out_v")?,
                read(off_x, "off_x")?,
                read(off_v, "off_v")?,
            ]
        };
        let [ox, ov, fx, fv] = &mut s;
        scalar::inertialize_update(ox, ov, fx, fv, in_x, in_v, halflife, dt);
        // SAFETY: all four were non-null above and are writable per the caller.
        unsafe {
            write(off_x, s[2]);
            write(off_v, s[3]);
            write(out_x, s[0]);
            write(out_v, s[1]);
        }
        Ok(())
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
    guard(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            step2((off_x, "off_x"), (off_v, "off_v"), |ox, ov| {
                let (mut x, mut v) = (Vec3::from(*ox), Vec3::from(*ov));
                scalar::inertialize_transition_vec3(
                    &mut x,
                    &mut v,
                    src_x.into(),
                    src_v.into(),
                    dst_x.into(),
                    dst_v.into(),
                );
                (*ox, *ov) = (x.into(), v.into());
            })
        }
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
    guard(|| {
        // SAFETY: null or valid per the caller; reads check for null.
        let s = unsafe {
            [
                read(out_x, "out_x")?,
                read(out_v, "out_v")?,
                read(off_x, "off_x")?,
                read(off_v, "off_v")?,
            ]
        };
        let [mut ox, mut ov, mut fx, mut fv] = s.map(Vec3::from);
        scalar::inertialize_update_vec3(
            &mut ox,
            &mut ov,
            &mut fx,
            &mut fv,
            in_x.into(),
            in_v.into(),
            halflife,
            dt,
        );
        // SAFETY: all four were non-null above and are writable per the caller.
        unsafe {
            write(off_x, fx.into());
            write(off_v, fv.into());
            write(out_x, ox.into());
            write(out_v, ov.into());
        }
        Ok(())
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
            try_step2((off_q, "off_q"), (off_w, "off_w"), |oq, ow| {
                let (mut q, mut w) = (rotation(*oq, "off_q")?, Vec3::from(*ow));
                scalar::inertialize_transition_quat(
                    &mut q,
                    &mut w,
                    src,
                    src_w.into(),
                    dst,
                    dst_w.into(),
                );
                (*oq, *ow) = (q.into(), w.into());
                Ok(())
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
    guard(|| {
        // SAFETY: null or valid per the caller; reads check for null.
        let (oq, ow, fq, fw) = unsafe {
            (
                read(out_q, "out_q")?,
                read(out_w, "out_w")?,
                read(off_q, "off_q")?,
                read(off_w, "off_w")?,
            )
        };
        let (mut oq, mut ow) = (Quat::from(oq), Vec3::from(ow));
        let (mut fq, mut fw) = (rotation(fq, "off_q")?, Vec3::from(fw));
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
        // SAFETY: all four were non-null above and are writable per the caller.
        unsafe {
            write(off_q, fq.into());
            write(off_w, fw.into());
            write(out_q, oq.into());
            write(out_w, ow.into());
        }
        Ok(())
    })
}
