//! Opaque handles: the one place that turns a caller's handle pointer into a reference, and a
//! new handle into a pointer. Every `hooke_*` function on a handle goes through these.

use std::ptr;

use crate::error::{Failure, FfiResult, check_pointer, write};

/// A type behind an opaque C handle, with the name its null-pointer error uses.
pub(crate) trait Handle {
    /// How a NULL handle of this type is reported (`"inertializer"`, `"handle"`, ...).
    const NAME: &'static str = "handle";
}

/// The handle behind `handle`, or a null-pointer failure.
///
/// # Safety
///
/// `handle` is null or a live handle from the matching `*_new`, not used concurrently.
pub(crate) unsafe fn handle_mut<'a, H: Handle>(handle: *mut H) -> FfiResult<&'a mut H> {
    // SAFETY: a live handle is a valid, exclusive `Box` allocation (caller contract).
    unsafe { handle.as_mut() }.ok_or(Failure::Null(H::NAME))
}

/// Shared access to the handle behind `handle`, or a null-pointer failure.
///
/// # Safety
///
/// `handle` is null or a live handle from the matching `*_new`, not mutated concurrently.
pub(crate) unsafe fn handle_ref<'a, H: Handle>(handle: *const H) -> FfiResult<&'a H> {
    // SAFETY: a live handle is a valid `Box` allocation (caller contract).
    unsafe { handle.as_ref() }.ok_or(Failure::Null(H::NAME))
}

/// Builds a handle and writes it to `*out` (NULL first, so a failure leaves `*out == NULL`).
///
/// # Safety
///
/// `out` is null or valid, aligned and writable.
pub(crate) unsafe fn new_handle<H>(
    out: *mut *mut H,
    make: impl FnOnce() -> FfiResult<H>,
) -> FfiResult {
    check_pointer(out, "out")?;
    // SAFETY: non-null (checked) and writable per the caller.
    unsafe { write(out, ptr::null_mut()) };
    let handle = Box::into_raw(Box::new(make()?));
    // SAFETY: as above.
    unsafe { write(out, handle) };
    Ok(())
}
