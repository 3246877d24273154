//! Strided views for the spring batches: goals read from, and state written to, an engine's own
//! arrays of structures (pointer + byte stride per channel), without a copy on its side.
//!
//! The scalar batches also expose their columns as plain pointers (`hooke_critical_springs_x`,
//! ...); these functions are for data that lives in the engine's structs.

use glam::Quat;

use crate::batch::{HookeCriticalSprings, HookeQuatSprings};
use crate::error::{Failure, FfiResult, HookeStatus, guard};
use crate::handle::handle_mut;
use crate::view::{HookeChannel, HookeConstChannel, Reader, Writer};

/// Sets every spring's goal from `goal` and goal velocity from `goal_velocity` (strided, one
/// float per spring, batch-length elements). A NULL channel leaves that column unchanged. Values
/// are not checked (like the column pointers): non-finite goals give non-finite states.
///
/// ```
/// use hooke_capi::*;
/// #[repr(C)]
/// struct Target { goal: f32, speed: f32, pad: [f32; 2] }
/// let targets: Vec<Target> = (0..4).map(|i| Target { goal: i as f32, speed: 0.0, pad: [0.0; 2] }).collect();
/// let mut h: *mut HookeCriticalSprings = std::ptr::null_mut();
/// unsafe {
///     hooke_critical_springs_new(4, 0.1, &mut h);
///     let goal = HookeConstChannel { data: &targets[0].goal, stride: size_of::<Target>() };
///     assert_eq!(hooke_critical_springs_set_goals_view(h, goal, HookeConstChannel::NONE), HookeStatus::Ok);
///     assert_eq!(*hooke_critical_springs_goal(h).add(3), 3.0);
///     hooke_critical_springs_free(h);
/// }
/// ```
///
/// # Safety
///
/// `handle` is null or a live handle, not used concurrently; each non-null channel holds
/// batch-length readable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_critical_springs_set_goals_view(
    handle: *mut HookeCriticalSprings,
    goal: HookeConstChannel,
    goal_velocity: HookeConstChannel,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_mut(handle)? };
        let len = h.inner.len();
        let goal = Reader::<1>::new(goal, len, "goal", true)?;
        let goal_velocity = Reader::<1>::new(goal_velocity, len, "goal_velocity", true)?;
        if let Some(r) = goal {
            for (i, g) in h.inner.goal_mut().iter_mut().enumerate() {
                // SAFETY: `i < len`, the checked count.
                *g = unsafe { r.get(i) }[0];
            }
        }
        if let Some(r) = goal_velocity {
            for (i, g) in h.inner.goal_velocity_mut().iter_mut().enumerate() {
                // SAFETY: `i < len`, the checked count.
                *g = unsafe { r.get(i) }[0];
            }
        }
        Ok(())
    })
}

/// Writes `get(i)` of every spring `i < len` to two strided channels (a NULL channel is not
/// written): the body of the `_get_state_view` functions.
///
/// # Safety
///
/// Each non-null channel holds `len` writable elements.
unsafe fn write_channels<const A: usize, const B: usize>(
    len: usize,
    a: (HookeChannel, &'static str),
    b: (HookeChannel, &'static str),
    get: impl Fn(usize) -> ([f32; A], [f32; B]),
) -> FfiResult {
    let mut a = Writer::<A>::new(a.0, len, a.1)?;
    let mut b = Writer::<B>::new(b.0, len, b.1)?;
    for i in 0..len {
        let (va, vb) = get(i);
        // SAFETY: `i < len`, the checked count.
        unsafe {
            if let Some(w) = &mut a {
                w.set(i, va);
            }
            if let Some(w) = &mut b {
                w.set(i, vb);
            }
        }
    }
    Ok(())
}

/// Writes every spring's position to `x` and velocity to `v` (strided, one float per spring,
/// batch-length elements; stride >= 4). A NULL channel is not written.
///
/// ```
/// use hooke_capi::*;
/// let mut out = [[7.0_f32; 2]; 3]; // {x, v} per spring
/// let mut h: *mut HookeCriticalSprings = std::ptr::null_mut();
/// unsafe {
///     hooke_critical_springs_new(3, 0.1, &mut h);
///     let x = HookeChannel { data: out[0].as_mut_ptr(), stride: 8 };
///     let v = HookeChannel { data: out[0].as_mut_ptr().add(1), stride: 8 };
///     assert_eq!(hooke_critical_springs_get_state_view(h, x, v), HookeStatus::Ok);
///     hooke_critical_springs_free(h);
/// }
/// assert_eq!(out, [[0.0; 2]; 3]);
/// ```
///
/// # Safety
///
/// `handle` is null or a live handle, not used concurrently; each non-null channel holds
/// batch-length writable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_critical_springs_get_state_view(
    handle: *mut HookeCriticalSprings,
    x: HookeChannel,
    v: HookeChannel,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_mut(handle)? };
        let len = h.inner.len();
        let get = |i: usize| ([h.inner.x()[i]], [h.inner.v()[i]]);
        // SAFETY: forwarded caller contract.
        unsafe { write_channels(len, (x, "x"), (v, "v"), get) }
    })
}

/// Sets every goal rotation from a strided channel of quaternions `x, y, z, w` (batch-length
/// elements; finite, unit within 1e-3, normalised). On failure no goal changes.
///
/// ```
/// use hooke_capi::*;
/// let goals = [[0.0_f32, 0.0, 0.0, 1.0, 5.0]; 2]; // {q[4], something} per spring
/// let mut h: *mut HookeQuatSprings = std::ptr::null_mut();
/// unsafe {
///     hooke_quat_springs_new(2, 0.1, &mut h);
///     let q = HookeConstChannel { data: goals[0].as_ptr(), stride: 20 };
///     assert_eq!(hooke_quat_springs_set_goals_view(h, q), HookeStatus::Ok);
///     let bad = HookeConstChannel { data: goals[0].as_ptr().add(1), stride: 20 };
///     assert_eq!(hooke_quat_springs_set_goals_view(h, bad), HookeStatus::InvalidParameter);
///     hooke_quat_springs_free(h);
/// }
/// ```
///
/// # Safety
///
/// `handle` is null or a live handle, not used concurrently; `goals` holds batch-length
/// readable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_quat_springs_set_goals_view(
    handle: *mut HookeQuatSprings,
    goals: HookeConstChannel,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_mut(handle)? };
        let len = h.inner.len();
        let mut values = Vec::new();
        values
            .try_reserve_exact(len)
            .map_err(|_| Failure::SizeOverflow { what: "goals" })?;
        if let Some(r) = Reader::<4>::new(goals, len, "goals", false)? {
            // SAFETY: `i < len`, the checked count.
            values.extend((0..len).map(|i| Quat::from_array(unsafe { r.get(i) })));
        }
        Ok(h.inner.set_goals(&values)?)
    })
}

/// Writes every rotation (`x, y, z, w`) and angular velocity (3 floats) to strided channels of
/// batch-length elements; a NULL channel is not written.
///
/// ```
/// use hooke_capi::*;
/// let mut out = [[9.0_f32; 8]; 2];
/// let mut h: *mut HookeQuatSprings = std::ptr::null_mut();
/// unsafe {
///     hooke_quat_springs_new(2, 0.1, &mut h);
///     let q = HookeChannel { data: out[0].as_mut_ptr(), stride: 32 };
///     assert_eq!(hooke_quat_springs_get_state_view(h, q, HookeChannel::NONE), HookeStatus::Ok);
///     hooke_quat_springs_free(h);
/// }
/// assert_eq!(out[1][..5], [0.0, 0.0, 0.0, 1.0, 9.0]);
/// ```
///
/// # Safety
///
/// `handle` is null or a live handle, not used concurrently; each non-null channel holds
/// batch-length writable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_quat_springs_get_state_view(
    handle: *mut HookeQuatSprings,
    rotations: HookeChannel,
    angular_velocities: HookeChannel,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_mut(handle)? };
        let len = h.inner.len();
        let get = |i| {
            let (q, w) = (h.inner.rotation(i), h.inner.angular_velocity(i));
            (q.to_array(), w.to_array())
        };
        let (q, w) = (
            (rotations, "rotations"),
            (angular_velocities, "angular_velocities"),
        );
        // SAFETY: forwarded caller contract.
        unsafe { write_channels(len, q, w, get) }
    })
}
