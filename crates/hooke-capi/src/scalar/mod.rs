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

mod inertialize;
mod vector;

pub use inertialize::*;
pub use vector::*;

use glam::{Quat, Vec3};
use hooke::error::check_unit_quat;
use hooke::scalar;

use crate::error::{FfiResult, HookeStatus, guard, read, write};
use crate::types::{HookeQuat, HookeVec3};

/// Reads two in/out values, steps them with `f` and writes them back (nothing is written when
/// a pointer is null or `f` rejects the state it read). Null pointers are reported in argument
/// order, `a` first.
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

/// [`try_step2`] for steps that accept any state.
///
/// # Safety
///
/// `a` and `b` are null or valid, aligned and writable.
unsafe fn step2<A: Copy, B: Copy>(
    a: (*mut A, &'static str),
    b: (*mut B, &'static str),
    f: impl FnOnce(&mut A, &mut B),
) -> FfiResult {
    // SAFETY: forwarded caller contract.
    unsafe {
        try_step2(a, b, |a, b| {
            f(a, b);
            Ok(())
        })
    }
}

/// Reads three in/out values of one type, steps them with `f` and writes them back, in argument
/// order (nothing is written when a pointer is null).
///
/// # Safety
///
/// The three pointers are null or valid, aligned and writable.
unsafe fn step3<T: Copy>(p: [(*mut T, &'static str); 3], f: impl FnOnce(&mut [T; 3])) -> FfiResult {
    // SAFETY: null or valid per the caller; reads check for null.
    let mut values = unsafe {
        [
            read(p[0].0, p[0].1)?,
            read(p[1].0, p[1].1)?,
            read(p[2].0, p[2].1)?,
        ]
    };
    f(&mut values);
    for ((ptr, _), value) in p.into_iter().zip(values) {
        // SAFETY: every pointer was non-null above and is writable per the caller.
        unsafe { write(ptr, value) };
    }
    Ok(())
}

/// The body of a wrapper stepping the state `(*x, *v)` (named `x` and `v` in errors): [`step2`]
/// under [`guard`].
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
unsafe fn step_xv<A: Copy, B: Copy>(
    x: *mut A,
    v: *mut B,
    f: impl FnOnce(&mut A, &mut B),
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe { step2((x, "x"), (v, "v"), f) })
}

/// Two pairs of in/out values stepped together, the outputs `out` and the offsets `off` of an
/// inertialization update: read in that order, written offsets first (nothing is written when a
/// pointer is null or `f` rejects the state).
///
/// # Safety
///
/// The four pointers are null or valid, aligned and writable.
unsafe fn try_step4<A: Copy, B: Copy, C: Copy, D: Copy>(
    out: ((*mut A, &'static str), (*mut B, &'static str)),
    off: ((*mut C, &'static str), (*mut D, &'static str)),
    f: impl FnOnce(&mut A, &mut B, &mut C, &mut D) -> FfiResult,
) -> FfiResult {
    // SAFETY: forwarded caller contract (the inner pair is written before the outer one).
    unsafe {
        try_step2(out.0, out.1, |a, b| {
            try_step2(off.0, off.1, |c, d| f(a, b, c, d))
        })
    }
}

/// [`step2`] of two 3D vectors, stepped as glam vectors.
///
/// # Safety
///
/// `a` and `b` are null or valid, aligned and writable.
unsafe fn step2_vec3(
    a: (*mut HookeVec3, &'static str),
    b: (*mut HookeVec3, &'static str),
    f: impl FnOnce(&mut Vec3, &mut Vec3),
) -> FfiResult {
    // SAFETY: forwarded caller contract.
    unsafe {
        step2(a, b, |a, b| {
            let (mut va, mut vb) = (Vec3::from(*a), Vec3::from(*b));
            f(&mut va, &mut vb);
            (*a, *b) = (va.into(), vb.into());
        })
    }
}

/// [`try_step2`] of a rotation and an angular velocity, stepped as glam values; the rotation
/// read must be a unit quaternion ([`rotation`], named as `q`'s name), else nothing is written.
///
/// # Safety
///
/// `q` and `w` are null or valid, aligned and writable.
unsafe fn try_step_rotation(
    q: (*mut HookeQuat, &'static str),
    w: (*mut HookeVec3, &'static str),
    f: impl FnOnce(&mut Quat, &mut Vec3),
) -> FfiResult {
    let name = q.1;
    // SAFETY: forwarded caller contract.
    unsafe {
        try_step2(q, w, |hq, hw| {
            let (mut q, mut w) = (rotation(*hq, name)?, Vec3::from(*hw));
            f(&mut q, &mut w);
            (*hq, *hw) = (q.into(), w.into());
            Ok(())
        })
    }
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
    // SAFETY: forwarded caller contract.
    unsafe {
        step_xv(x, v, |x, v| {
            scalar::spring_damper_exact_stiffness_damping(
                x, v, x_goal, v_goal, stiffness, damping, dt,
            )
        })
    }
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
    // SAFETY: forwarded caller contract.
    unsafe {
        step_xv(x, v, |x, v| {
            scalar::spring_damper_exact(x, v, x_goal, v_goal, frequency, halflife, dt)
        })
    }
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
    // SAFETY: forwarded caller contract.
    unsafe {
        step_xv(x, v, |x, v| {
            scalar::spring_damper_exact_ratio(x, v, x_goal, v_goal, damping_ratio, halflife, dt)
        })
    }
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
    // SAFETY: forwarded caller contract.
    unsafe {
        step_xv(x, v, |x, v| {
            scalar::critical_spring_damper_exact(x, v, x_goal, v_goal, halflife, dt)
        })
    }
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
    // SAFETY: forwarded caller contract.
    unsafe {
        step_xv(x, v, |x, v| {
            scalar::simple_spring_damper_exact(x, v, x_goal, halflife, dt)
        })
    }
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
    // SAFETY: forwarded caller contract.
    unsafe {
        step_xv(x, v, |x, v| {
            scalar::decay_spring_damper_exact(x, v, halflife, dt)
        })
    }
}
