//! # hooke-capi — a C ABI for hooke
//!
//! `extern "C"` functions over the [`hooke`] spring library for C and C++ engines, declared in
//! `include/hooke.h`. Build `libhooke_capi.a` / `libhooke_capi.so` with
//! `cargo build --release -p hooke-capi` (see the crate README for link flags).
//!
//! - **Scalar springs** (`hooke_critical_spring_damper_exact`, ...): state passed by pointer,
//!   parameters by value, the unchecked fast path of [`hooke::scalar`].
//! - **Checked coefficients** (`hooke_spring_coeffs_*`): validated parameters, precomputed once,
//!   applied to many springs.
//! - **Batches** behind opaque handles (`HookeCriticalSprings`, `HookeDecaySprings`,
//!   `HookeDampers`, `HookeGeneralSprings`, `HookeQuatDecaySprings`, `HookeQuatSprings`): the SIMD
//!   runtime, with pointers straight into its columns.
//! - **The crowd inertializer** (`HookeInertializer`, `hooke_inertializer_*`) over
//!   [`hooke_inertia::Inertializer`]: poses as arrays of [`HookeBoneState`] or as strided views
//!   ([`HookePoseView`], [`HookePoseViewMut`]) of the engine's own memory; strided views for the
//!   spring batches too (`hooke_*_springs_*_view`). See `docs/engine-integration.md`.
//!
//! Every fallible function returns a [`HookeStatus`]; on failure the thread's last error message
//! (from [`hooke::ParamError`]'s `Display`, e.g. ``parameter `halflife` is -0.1, expected a finite
//! value >= 0``) is available through [`hooke_last_error_message`]. Null pointers are reported,
//! never dereferenced, and panics are caught at the boundary ([`HookeStatus::Panic`]) instead of
//! unwinding into C (this relies on the default `panic = "unwind"`).
//!
//! From Rust the functions can be called through the rlib, which is how the examples and tests
//! here use them:
//!
//! ```
//! use hooke_capi::*;
//! let mut springs: *mut HookeCriticalSprings = std::ptr::null_mut();
//! let status = unsafe { hooke_critical_springs_new(4, -0.1, &mut springs) };
//! assert_eq!(status, HookeStatus::InvalidParameter);
//! assert!(springs.is_null());
//! let mut buf = [0_u8; 128];
//! let n = unsafe { hooke_last_error_message(buf.as_mut_ptr().cast(), buf.len()) };
//! assert_eq!(&buf[..n], b"parameter `halflife` is -0.1, expected a finite value >= 0");
//! ```

// This crate *is* the unsafe boundary: C hands us raw pointers, handles are `Box::into_raw`
// allocations and the exports need `#[no_mangle]`, none of which can be written without `unsafe`.
// The workspace denies `unsafe_code`; it is allowed here only. Each `unsafe` block is a single
// pointer operation (or a call forwarding the caller's contract) with a `// SAFETY:` comment, and
// the pointer handling lives in a few helpers in `error.rs` and `handle.rs`.
#![allow(unsafe_code)]

mod batch;
mod batch_view;
mod coeffs;
mod error;
mod handle;
mod inertia;
mod scalar;
mod types;
mod view;

pub use batch::*;
pub use batch_view::*;
pub use coeffs::*;
pub use error::HookeStatus;
pub use inertia::*;
pub use scalar::*;
pub use types::{HookeQuat, HookeSpringCoeffs, HookeVec3};
pub use view::{HookeChannel, HookeConstChannel};

use std::ffi::c_char;

use error::{guard_or, slice_mut};

/// Copies this thread's last error message into `buf` and returns its length in bytes.
///
/// The message is set by every call that fails on this thread (successful calls leave it as it
/// was, like `errno`); it is empty before the first failure. At most `len - 1` bytes are copied,
/// followed by a NUL, so a return value `>= len` means the message was truncated. With `buf` NULL
/// or `len` 0 nothing is written and the length is still returned (to size a buffer).
///
/// ```
/// use hooke_capi::*;
/// let status = unsafe { hooke_damper_exact(std::ptr::null_mut(), 0.0, 0.1, 0.1) };
/// assert_eq!(status, HookeStatus::NullPointer);
/// let needed = unsafe { hooke_last_error_message(std::ptr::null_mut(), 0) };
/// let mut buf = vec![0_u8; needed + 1];
/// unsafe { hooke_last_error_message(buf.as_mut_ptr().cast(), buf.len()) };
/// assert_eq!(&buf[..needed], b"argument `x` is a null pointer");
/// assert_eq!(buf[needed], 0);
/// ```
///
/// # Safety
///
/// `buf` is null or points to `len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_last_error_message(buf: *mut c_char, len: usize) -> usize {
    guard_or(0, || {
        let buf = if buf.is_null() {
            &mut []
        } else {
            // SAFETY: non-null, and the caller guarantees `len` writable bytes.
            unsafe { slice_mut(buf.cast::<u8>(), len, "buf")? }
        };
        Ok(error::copy_last_error(buf))
    })
}

/// The version of hooke-capi as a static NUL-terminated string, e.g. `"0.1.0"`.
///
/// ```
/// let v = unsafe { std::ffi::CStr::from_ptr(hooke_capi::hooke_version()) };
/// assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
/// ```
#[unsafe(no_mangle)]
pub extern "C" fn hooke_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

#[cfg(test)]
mod tests;
