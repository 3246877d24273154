//! Opaque handles to the SIMD batches of `hooke::batch`.
//!
//! A handle is created by a `*_new` function (which writes it to `*out`, or NULL on failure),
//! used through the functions of its type, and released by its `*_free` function exactly once.
//! Column pointers (`hooke_critical_springs_x`, ...) point into the batch's storage: they stay
//! valid, and keep pointing at the same springs, until the handle is freed (no function changes a
//! batch's length). A handle is not thread-safe: do not call two functions on the same handle, or
//! touch its columns, from two threads at once. Distinct handles are independent.

use crate::error::{Failure, FfiResult};

/// Checks a spring index against a batch length.
fn check_index(index: usize, len: usize) -> FfiResult {
    if index < len {
        Ok(())
    } else {
        Err(Failure::Index { index, len })
    }
}

/// `_free`, `_len`, `_update` and `_par_update` of a handle type.
macro_rules! handle_basics {
    ($handle:ident, $what:literal, $free:ident, $len:ident, $update:ident, $par_update:ident) => {
        impl crate::handle::Handle for $handle {}

        #[doc = concat!("Frees a ", $what, " handle; NULL is ignored.")]
        ///
        /// Column pointers obtained from the handle become dangling.
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle of this type; it is not used again.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $free(handle: *mut $handle) {
            let _ = guard_value((), || {
                if !handle.is_null() {
                    // SAFETY: a live handle is a `Box` from `Box::into_raw`, freed once.
                    drop(unsafe { Box::from_raw(handle) });
                }
                Ok(())
            });
        }

        #[doc = concat!("Number of springs in a ", $what, " batch (0 for NULL).")]
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle of this type.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $len(handle: *const $handle) -> usize {
            // SAFETY: forwarded caller contract.
            guard_or(0, || Ok(unsafe { handle_ref(handle)? }.inner.len()))
        }

        #[doc = concat!("Advances every spring of a ", $what, " batch by `dt` on the calling thread.")]
        ///
        /// `dt` must be finite and `>= 0` (else `HOOKE_INVALID_PARAMETER`, nothing changes).
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle of this type, not used concurrently.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $update(handle: *mut $handle, dt: f32) -> HookeStatus {
            guard(|| {
                // SAFETY: forwarded caller contract.
                let h = unsafe { handle_mut(handle)? };
                Ok(h.inner.update(dt)?)
            })
        }

        #[doc = concat!("Advances every spring of a ", $what, " batch by `dt` on rayon's global thread pool.")]
        ///
        /// Bit-identical to the single-threaded update; small batches run on the calling thread.
        /// The call returns when every spring is updated.
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle of this type, not used concurrently.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $par_update(handle: *mut $handle, dt: f32) -> HookeStatus {
            guard(|| {
                // SAFETY: forwarded caller contract.
                let h = unsafe { handle_mut(handle)? };
                Ok(h.inner.par_update(dt)?)
            })
        }
    };
}

/// `_new(len, halflife, out)` and `_with_halflives(halflives, len, out)` of a handle type.
macro_rules! halflife_constructors {
    ($handle:ident, $inner:ident, $what:literal, $new:ident, $with:ident) => {
        #[doc = concat!("Creates `len` ", $what, " with a shared `halflife` (finite, `>= 0`).")]
        ///
        /// Writes the new handle to `*out` (NULL on failure). An invalid halflife gives
        /// `HOOKE_INVALID_PARAMETER` and a message naming it.
        ///
        /// # Safety
        ///
        /// `out` is null or valid, aligned and writable.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $new(len: usize, halflife: f32, out: *mut *mut $handle) -> HookeStatus {
            guard(|| {
                // SAFETY: forwarded caller contract.
                unsafe { new_handle(out, || Ok($handle { inner: $inner::new(len, halflife)? })) }
            })
        }

        #[doc = concat!("Creates one of the ", $what, " per element of `halflives[0..len]` (each finite, `>= 0`).")]
        ///
        /// Writes the new handle to `*out` (NULL on failure). `halflives` may be NULL only when
        /// `len` is 0; the array is copied.
        ///
        /// # Safety
        ///
        /// `halflives` is null or points to `len` floats; `out` is null or valid and writable.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $with(
            halflives: *const f32,
            len: usize,
            out: *mut *mut $handle,
        ) -> HookeStatus {
            guard(|| {
                let make = || {
                    // SAFETY: forwarded caller contract.
                    let halflives = unsafe { slice(halflives, len, "halflives")? };
                    Ok($handle {
                        inner: $inner::with_halflives(halflives)?,
                    })
                };
                // SAFETY: forwarded caller contract.
                unsafe { new_handle(out, make) }
            })
        }
    };
}

/// A pointer accessor to one `f32` column of a handle.
///
/// The pointer comes from the column's heap buffer, which is never reallocated (no function changes
/// a batch's length). Between calls Rust holds no reference into the batch (each call's `&mut`
/// ends when it returns), so C reading and writing through the pointer does not alias a live Rust
/// reference as long as it does not overlap a call on the same handle (the documented rule).
macro_rules! column_ptr {
    ($fn:ident, $handle:ident, $method:ident, $what:literal) => {
        #[doc = concat!("Pointer to the ", $what, " column: `len` floats, read and write.")]
        ///
        /// Valid until the handle is freed (the storage never moves); NULL if `handle` is NULL.
        /// Do not access it while an update of the same handle runs on another thread.
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle of this type.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $fn(handle: *mut $handle) -> *mut f32 {
            guard_or(ptr::null_mut(), || {
                // SAFETY: forwarded caller contract.
                let h = unsafe { handle_mut(handle)? };
                Ok(h.inner.$method().as_mut_ptr())
            })
        }
    };
}

/// A read-only pointer accessor to one `f32` column of a handle.
macro_rules! column_const_ptr {
    ($fn:ident, $handle:ident, $method:ident, $what:literal) => {
        #[doc = concat!("Read-only pointer to the ", $what, " column: `len` floats.")]
        ///
        /// Valid until the handle is freed; NULL if `handle` is NULL. Must not be written through.
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle of this type.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $fn(handle: *const $handle) -> *const f32 {
            guard_or(ptr::null(), || {
                // SAFETY: forwarded caller contract.
                let h = unsafe { handle_ref(handle)? };
                Ok(h.inner.$method().as_ptr())
            })
        }
    };
}

mod quat;
mod spring;

pub use quat::*;
pub use spring::*;
