//! `extern "C"` wrappers of the scalar springs (`hooke::scalar`).
//!
//! State is passed by pointer (read, stepped, written back), parameters by value. Like the Rust
//! functions these are the unchecked fast path: out-of-domain parameters are clamped or leave the
//! state unchanged (never NaN), see [`hooke::scalar`]. The failures are a null pointer, reported
//! as [`HookeStatus::NullPointer`], and a rotation that is not a finite unit quaternion (length
//! within [`hooke::error::UNIT_QUAT_TOLERANCE`] of 1; a zero quaternion has no direction),
//! reported as [`HookeStatus::InvalidParameter`]; either way nothing is written. For checked
//! parameters use the
//! `hooke_spring_coeffs_*` constructors or the batches.
//!
//! The state is copied in and out, so in/out pointers may alias each other (passing the same
//! address for `x` and `v` is not undefined behaviour, merely meaningless).

use glam::{Quat, Vec3};
use hooke::error::check_unit_quat;
use hooke::scalar;

use crate::error::{FfiResult, HookeStatus, guard, read, slice_mut, write};
use crate::types::{HookeQuat, HookeVec3};

/// Reads two in/out values, steps them with `f` and writes them back.
///
/// # Safety
///
/// `a` and `b` are null or valid, aligned and writable.
unsafe fn step2<A: Copy, B: Copy>(
    a: (*mut A, &'static str),
    b: (*mut B, &'static str),
    f: impl FnOnce(&mut A, &mut B),
) -> FfiResult {
    // SAFETY: null or valid per the caller; reads check for null.
    let (mut va, mut vb) = unsafe { (read(a.0, a.1)?, read(b.0, b.1)?) };
    f(&mut va, &mut vb);
    // SAFETY: both pointers were non-null above and are valid for writes per the caller.
    unsafe {
        write(a.0, va);
        write(b.0, vb);
    }
    Ok(())
}

/// Like [`step2`] for steps that can reject the state they read (nothing is written then).
///
/// # Safety
///
/// `a` and `b` are null or valid, aligned and writable.
unsafe fn try_step2<A: Copy, B: Copy>(
    a: (*mut A, &'static str),
    b: (*mut B, &'static str),
    f: impl FnOnce(&mut A, &mut B) -> FfiResult,
) -> FfiResult {
    // SAFETY: null or valid per the caller; reads check for null.
    let (mut va, mut vb) = unsafe { (read(a.0, a.1)?, read(b.0, b.1)?) };
    f(&mut va, &mut vb)?;
    // SAFETY: both pointers were non-null above and are valid for writes per the caller.
    unsafe {
        write(a.0, va);
        write(b.0, vb);
    }
    Ok(())
}

/// A rotation entering through the C ABI: finite and of unit length within
/// [`hooke::error::UNIT_QUAT_TOLERANCE`] (then normalised), else `HOOKE_INVALID_PARAMETER`
/// naming the argument. A zero quaternion would otherwise turn the state into NaN.
fn rotation(q: HookeQuat, name: &'static str) -> FfiResult<Quat> {
    Ok(check_unit_quat(name, q.into())?)
}

/// The exact damper: moves `*x` toward `goal` so that the distance halves every `halflife`.
///
/// Wraps [`hooke::scalar::damper_exact`].
///
/// ```
/// use hooke_capi::*;
/// let mut x = 0.0_f32;
/// let status = unsafe { hooke_damper_exact(&mut x, 1.0, 0.5, 0.5) };
/// assert_eq!(status, HookeStatus::Ok);
/// assert_eq!(x, hooke::scalar::damper_exact(0.0, 1.0, 0.5, 0.5));
/// assert_eq!(unsafe { hooke_damper_exact(std::ptr::null_mut(), 1.0, 0.5, 0.5) },
///            HookeStatus::NullPointer);
/// ```
///
/// # Safety
///
/// `x` is null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_damper_exact(
    x: *mut f32,
    goal: f32,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: null or valid per the caller; `read` checks for null.
        let value = unsafe { read(x, "x")? };
        // SAFETY: non-null (read above) and writable per the caller.
        unsafe { write(x, scalar::damper_exact(value, goal, halflife, dt)) };
        Ok(())
    })
}

/// The exact spring-damper with stiffness and damping (unit mass), in any damping regime.
///
/// Wraps [`hooke::scalar::spring_damper_exact_stiffness_damping`].
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_spring_damper_exact_stiffness_damping(
    x: *mut f32,
    v: *mut f32,
    x_goal: f32,
    v_goal: f32,
    stiffness: f32,
    damping: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            step2((x, "x"), (v, "v"), |x, v| {
                scalar::spring_damper_exact_stiffness_damping(
                    x, v, x_goal, v_goal, stiffness, damping, dt,
                )
            })
        }
    })
}

/// The exact spring-damper with a natural `frequency` (Hz) and a damping `halflife` (s).
///
/// Wraps [`hooke::scalar::spring_damper_exact`].
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_spring_damper_exact(
    x: *mut f32,
    v: *mut f32,
    x_goal: f32,
    v_goal: f32,
    frequency: f32,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            step2((x, "x"), (v, "v"), |x, v| {
                scalar::spring_damper_exact(x, v, x_goal, v_goal, frequency, halflife, dt)
            })
        }
    })
}

/// The exact spring-damper with a `damping_ratio` (1 = critical) and a damping `halflife` (s).
///
/// Wraps [`hooke::scalar::spring_damper_exact_ratio`].
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_spring_damper_exact_ratio(
    x: *mut f32,
    v: *mut f32,
    x_goal: f32,
    v_goal: f32,
    damping_ratio: f32,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            step2((x, "x"), (v, "v"), |x, v| {
                scalar::spring_damper_exact_ratio(x, v, x_goal, v_goal, damping_ratio, halflife, dt)
            })
        }
    })
}

/// The critically damped spring toward a goal position and goal velocity.
///
/// Wraps [`hooke::scalar::critical_spring_damper_exact`].
///
/// ```
/// use hooke_capi::*;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// unsafe { hooke_critical_spring_damper_exact(&mut x, &mut v, 1.0, 0.0, 0.1, 0.1) };
/// assert!((x - 0.40342).abs() < 1e-4);
/// ```
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_critical_spring_damper_exact(
    x: *mut f32,
    v: *mut f32,
    x_goal: f32,
    v_goal: f32,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            step2((x, "x"), (v, "v"), |x, v| {
                scalar::critical_spring_damper_exact(x, v, x_goal, v_goal, halflife, dt)
            })
        }
    })
}

/// The critical spring toward a fixed goal (goal velocity 0).
///
/// Wraps [`hooke::scalar::simple_spring_damper_exact`].
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_simple_spring_damper_exact(
    x: *mut f32,
    v: *mut f32,
    x_goal: f32,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            step2((x, "x"), (v, "v"), |x, v| {
                scalar::simple_spring_damper_exact(x, v, x_goal, halflife, dt)
            })
        }
    })
}

/// The critical spring toward 0: decays an offset and its velocity.
///
/// Wraps [`hooke::scalar::decay_spring_damper_exact`].
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_decay_spring_damper_exact(
    x: *mut f32,
    v: *mut f32,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            step2((x, "x"), (v, "v"), |x, v| {
                scalar::decay_spring_damper_exact(x, v, halflife, dt)
            })
        }
    })
}

/// The critically damped spring on each component of a 3D vector.
///
/// Wraps [`hooke::scalar::critical_spring_damper_exact_vec3`].
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_critical_spring_damper_exact_vec3(
    x: *mut HookeVec3,
    v: *mut HookeVec3,
    x_goal: HookeVec3,
    v_goal: HookeVec3,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            step2((x, "x"), (v, "v"), |x, v| {
                let (mut xs, mut vs) = (Vec3::from(*x), Vec3::from(*v));
                scalar::critical_spring_damper_exact_vec3(
                    &mut xs,
                    &mut vs,
                    x_goal.into(),
                    v_goal.into(),
                    halflife,
                    dt,
                );
                (*x, *v) = (xs.into(), vs.into());
            })
        }
    })
}

/// The critical spring from the rotation `*x` (angular velocity `*v`, rad/s) toward `x_goal`.
///
/// Wraps [`hooke::scalar::simple_spring_damper_exact_quat`]; the result is a unit quaternion.
///
/// ```
/// use hooke_capi::*;
/// let goal = HookeQuat::from(glam::Quat::from_rotation_x(1.0));
/// let (mut q, mut w) = (HookeQuat::IDENTITY, HookeVec3::default());
/// for _ in 0..120 {
///     unsafe { hooke_simple_spring_damper_exact_quat(&mut q, &mut w, goal, 0.1, 1.0 / 60.0) };
/// }
/// assert!(glam::Quat::from(q).angle_between(goal.into()) < 1e-3);
/// ```
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_simple_spring_damper_exact_quat(
    x: *mut HookeQuat,
    v: *mut HookeVec3,
    x_goal: HookeQuat,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        let goal = rotation(x_goal, "x_goal")?;
        // SAFETY: forwarded caller contract.
        unsafe {
            try_step2((x, "x"), (v, "v"), |x, v| {
                let (mut q, mut w) = (rotation(*x, "x")?, Vec3::from(*v));
                scalar::simple_spring_damper_exact_quat(&mut q, &mut w, goal, halflife, dt);
                (*x, *v) = (q.into(), w.into());
                Ok(())
            })
        }
    })
}

/// The critical spring decaying a rotation toward the identity (inertialization offsets).
///
/// Wraps [`hooke::scalar::decay_spring_damper_exact_quat`].
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_decay_spring_damper_exact_quat(
    x: *mut HookeQuat,
    v: *mut HookeVec3,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            try_step2((x, "x"), (v, "v"), |x, v| {
                let (mut q, mut w) = (rotation(*x, "x")?, Vec3::from(*v));
                scalar::decay_spring_damper_exact_quat(&mut q, &mut w, halflife, dt);
                (*x, *v) = (q.into(), w.into());
                Ok(())
            })
        }
    })
}

/// Advances a character whose velocity follows a critical spring toward `v_goal`.
///
/// `*x` position, `*v` velocity, `*a` acceleration. Wraps
/// [`hooke::scalar::spring_character_update`].
///
/// # Safety
///
/// `x`, `v` and `a` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_spring_character_update(
    x: *mut f32,
    v: *mut f32,
    a: *mut f32,
    v_goal: f32,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: null or valid per the caller; reads check for null.
        let mut s = unsafe { [read(x, "x")?, read(v, "v")?, read(a, "a")?] };
        let [sx, sv, sa] = &mut s;
        scalar::spring_character_update(sx, sv, sa, v_goal, halflife, dt);
        // SAFETY: all three were non-null above and are writable per the caller.
        unsafe {
            write(x, s[0]);
            write(v, s[1]);
            write(a, s[2]);
        }
        Ok(())
    })
}

/// [`hooke_spring_character_update`] on each component of a 3D vector.
///
/// Wraps [`hooke::scalar::spring_character_update_vec3`].
///
/// # Safety
///
/// `x`, `v` and `a` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_spring_character_update_vec3(
    x: *mut HookeVec3,
    v: *mut HookeVec3,
    a: *mut HookeVec3,
    v_goal: HookeVec3,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: null or valid per the caller; reads check for null.
        let s = unsafe { [read(x, "x")?, read(v, "v")?, read(a, "a")?] };
        let [mut sx, mut sv, mut sa] = s.map(Vec3::from);
        scalar::spring_character_update_vec3(
            &mut sx,
            &mut sv,
            &mut sa,
            v_goal.into(),
            halflife,
            dt,
        );
        // SAFETY: all three were non-null above and are writable per the caller.
        unsafe {
            write(x, sx.into());
            write(v, sv.into());
            write(a, sa.into());
        }
        Ok(())
    })
}

/// Predicts a character's trajectory at the horizons `i * dt`, `i in 0..len`.
///
/// Writes `len` values to each of `px`, `pv`, `pa` (element 0 is the current state `x, v, a`).
/// Wraps [`hooke::scalar::spring_character_predict`]. The arrays may be null only when `len` is 0.
///
/// # Safety
///
/// If `len > 0`, `px`, `pv` and `pa` are null or each points to `len` writable, aligned floats,
/// and the three arrays do not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_spring_character_predict(
    px: *mut f32,
    pv: *mut f32,
    pa: *mut f32,
    len: usize,
    x: f32,
    v: f32,
    a: f32,
    v_goal: f32,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract (valid, non-overlapping arrays of `len` floats).
        let (px, pv, pa) = unsafe {
            (
                slice_mut(px, len, "px")?,
                slice_mut(pv, len, "pv")?,
                slice_mut(pa, len, "pa")?,
            )
        };
        scalar::spring_character_predict(px, pv, pa, x, v, a, v_goal, halflife, dt)?;
        Ok(())
    })
}

/// The exact tracking spring: follows a target position, velocity and acceleration with gains
/// defined at the frame time `gain_dt`, solved exactly over `dt`.
///
/// Wraps [`hooke::scalar::tracking_spring_update_exact`].
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_tracking_spring_update_exact(
    x: *mut f32,
    v: *mut f32,
    x_goal: f32,
    v_goal: f32,
    a_goal: f32,
    x_gain: f32,
    v_gain: f32,
    a_gain: f32,
    dt: f32,
    gain_dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            step2((x, "x"), (v, "v"), |x, v| {
                scalar::tracking_spring_update_exact(
                    x, v, x_goal, v_goal, a_goal, x_gain, v_gain, a_gain, dt, gain_dt,
                )
            })
        }
    })
}

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
