//! Status codes, the thread-local last error, panic containment and raw-pointer helpers.

use std::any::Any;
use std::cell::RefCell;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use hooke::ParamError;
use hooke_inertia::InertiaError;

/// The result of every fallible `hooke_*` function (`HookeStatus` in `hooke.h`).
///
/// The C names are `HOOKE_OK`, `HOOKE_NULL_POINTER`, `HOOKE_INVALID_PARAMETER`,
/// `HOOKE_LENGTH_MISMATCH`, `HOOKE_PANIC`, `HOOKE_INDEX_OUT_OF_RANGE` and `HOOKE_OUT_OF_MEMORY`,
/// with the same values.
/// Every status other than [`Ok`](HookeStatus::Ok) also sets the thread's last error message
/// (see [`hooke_last_error_message`](crate::hooke_last_error_message)).
///
/// ```
/// use hooke_capi::HookeStatus;
/// assert_eq!(HookeStatus::Ok as i32, 0);
/// assert_eq!(HookeStatus::Panic as i32, 4);
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HookeStatus {
    /// `HOOKE_OK`: success.
    #[doc(alias = "HOOKE_OK")]
    Ok = 0,
    /// `HOOKE_NULL_POINTER`: a required pointer argument was null; nothing was written.
    #[doc(alias = "HOOKE_NULL_POINTER")]
    NullPointer = 1,
    /// `HOOKE_INVALID_PARAMETER`: a parameter is out of its domain (negative or non-finite
    /// halflife, `dt`, stiffness, ..., or a quaternion that is not of unit length).
    #[doc(alias = "HOOKE_INVALID_PARAMETER")]
    InvalidParameter = 2,
    /// `HOOKE_LENGTH_MISMATCH`: an array does not have the length of the batch.
    #[doc(alias = "HOOKE_LENGTH_MISMATCH")]
    LengthMismatch = 3,
    /// `HOOKE_PANIC`: an internal panic was caught at the ABI boundary (a bug in hooke).
    #[doc(alias = "HOOKE_PANIC")]
    Panic = 4,
    /// `HOOKE_INDEX_OUT_OF_RANGE`: a spring index is `>=` the batch length.
    #[doc(alias = "HOOKE_INDEX_OUT_OF_RANGE")]
    IndexOutOfRange = 5,
    /// `HOOKE_OUT_OF_MEMORY`: the requested size could not be allocated; nothing was created
    /// (constructors set `*out` to NULL). The host process is never aborted.
    #[doc(alias = "HOOKE_OUT_OF_MEMORY")]
    OutOfMemory = 6,
}

/// Why a call failed, before it becomes a status and a message.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Failure {
    /// The named pointer argument was null.
    Null(&'static str),
    /// The named pointer argument is not aligned for its element type.
    Misaligned(&'static str),
    /// hooke rejected a parameter.
    Param(ParamError),
    /// A spring index past the end of a batch.
    Index { index: usize, len: usize },
    /// hooke-inertia rejected an argument (character index, pose value, time, profile).
    Inertia(InertiaError),
    /// A size from the caller whose product (or byte count) does not fit in memory.
    SizeOverflow { what: &'static str },
    /// A root policy that is neither `HOOKE_ROOT_LOCAL` nor `HOOKE_ROOT_ANCHORED`.
    RootPolicy(u32),
    /// A strided channel whose stride is too small for its elements (outputs would overlap).
    Stride {
        field: &'static str,
        stride: usize,
        min: usize,
    },
}

impl From<InertiaError> for Failure {
    fn from(e: InertiaError) -> Failure {
        Failure::Inertia(e)
    }
}

impl From<ParamError> for Failure {
    fn from(e: ParamError) -> Failure {
        Failure::Param(e)
    }
}

impl Failure {
    fn status(&self) -> HookeStatus {
        match self {
            Failure::Null(_) => HookeStatus::NullPointer,
            Failure::Param(ParamError::LengthMismatch { .. }) => HookeStatus::LengthMismatch,
            Failure::Inertia(InertiaError::Param(e)) => Failure::Param(*e).status(),
            Failure::Param(ParamError::OutOfMemory { .. }) => HookeStatus::OutOfMemory,
            Failure::Param(ParamError::IndexOutOfRange { .. }) | Failure::Index { .. } => {
                HookeStatus::IndexOutOfRange
            }
            Failure::Param(_) => HookeStatus::InvalidParameter,
            Failure::Inertia(InertiaError::ShapeMismatch { .. }) => HookeStatus::LengthMismatch,
            Failure::Inertia(_)
            | Failure::Misaligned(_)
            | Failure::SizeOverflow { .. }
            | Failure::RootPolicy(_)
            | Failure::Stride { .. } => HookeStatus::InvalidParameter,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Null(name) => write!(f, "argument `{name}` is a null pointer"),
            Failure::Misaligned(name) => {
                write!(f, "argument `{name}` is not aligned for its element type")
            }
            Failure::Param(e) => e.fmt(f),
            Failure::Index { index, len } => {
                write!(
                    f,
                    "index {index} is out of range for a batch of {len} springs"
                )
            }
            Failure::Inertia(e) => e.fmt(f),
            Failure::SizeOverflow { what } => {
                write!(f, "{what} does not fit in this machine's address space")
            }
            Failure::RootPolicy(value) => write!(
                f,
                "`options.root_policy` is {value}, expected HOOKE_ROOT_LOCAL (0) or \
                 HOOKE_ROOT_ANCHORED (1)"
            ),
            Failure::Stride { field, stride, min } => write!(
                f,
                "`{field}` has a stride of {stride} bytes, expected at least {min} (the size of \
                 one element, so that outputs do not overlap)"
            ),
        }
    }
}

pub(crate) type FfiResult<T = ()> = Result<T, Failure>;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Replaces this thread's last error message. Never panics (during thread teardown the
/// thread-local may be gone: the message is then dropped).
fn set_last_error(message: String) {
    let _ = LAST_ERROR.try_with(|m| {
        if let Ok(mut m) = m.try_borrow_mut() {
            *m = message;
        }
    });
}

/// Copies the last error into `buf` (NUL-terminated, truncated) and returns its full length.
pub(crate) fn copy_last_error(buf: &mut [u8]) -> usize {
    LAST_ERROR
        .try_with(|m| {
            let m = m.borrow();
            let bytes = m.as_bytes();
            if let Some(room) = buf.len().checked_sub(1) {
                let n = bytes.len().min(room);
                buf[..n].copy_from_slice(&bytes[..n]);
                buf[n] = 0;
            }
            bytes.len()
        })
        .unwrap_or(0)
}

fn panic_message(payload: &(dyn Any + Send)) -> &str {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s
    } else {
        "(non-string panic payload)"
    }
}

/// Runs the body of an `extern "C"` function: a panic becomes [`HookeStatus::Panic`] instead of
/// unwinding into C (which would abort), and a failure sets the last error message.
pub(crate) fn guard(body: impl FnOnce() -> FfiResult) -> HookeStatus {
    guard_value(HookeStatus::Panic, || body().map(|()| HookeStatus::Ok)).unwrap_or_else(|failure| {
        set_last_error(failure.to_string());
        failure.status()
    })
}

/// Like [`guard`] for functions that return a value: `on_panic` if the body panics.
///
/// Returns the body's result so that the caller decides what a failure returns.
pub(crate) fn guard_value<T>(on_panic: T, body: impl FnOnce() -> FfiResult<T>) -> FfiResult<T> {
    // AssertUnwindSafe: after a panic the only state the caller can observe is the batch behind a
    // handle, which holds plain numbers (no invariant a half-finished update can break).
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(payload) => {
            set_last_error(format!("internal panic: {}", panic_message(&*payload)));
            // Dropping a panic payload can itself panic (in pathological code): forget it.
            std::mem::forget(payload);
            Ok(on_panic)
        }
    }
}

/// Runs `body` for a function without a status (accessors): a failure or a panic sets the last
/// error and returns `fallback`.
pub(crate) fn guard_or<T: Copy>(fallback: T, body: impl FnOnce() -> FfiResult<T>) -> T {
    guard_value(fallback, body).unwrap_or_else(|failure| {
        set_last_error(failure.to_string());
        fallback
    })
}

/// Reads `*p`, or fails naming the argument if `p` is null.
///
/// # Safety
///
/// `p` is null or valid for reads of a `T` and aligned.
pub(crate) unsafe fn read<T: Copy>(p: *const T, name: &'static str) -> FfiResult<T> {
    check_pointer(p, name)?;
    // SAFETY: `p` is not null and aligned, and the caller guarantees it is valid.
    Ok(unsafe { p.read() })
}

/// Fails naming the argument if `p` is null or not aligned for `T` (which reading through it
/// would need).
pub(crate) fn check_pointer<T>(p: *const T, name: &'static str) -> FfiResult {
    if p.is_null() {
        Err(Failure::Null(name))
    } else if !p.is_aligned() {
        Err(Failure::Misaligned(name))
    } else {
        Ok(())
    }
}

/// [`check_pointer`], and `len` elements of `T` are at most `isize::MAX` bytes: the
/// preconditions of `slice::from_raw_parts` that a caller's pointer and count can break (a count
/// beyond them is undefined behaviour, and stops the process in builds with debug assertions).
fn check_array<T>(p: *const T, len: usize, name: &'static str) -> FfiResult {
    check_pointer(p, name)?;
    let fits = len
        .checked_mul(size_of::<T>())
        .is_some_and(|bytes| bytes <= isize::MAX as usize);
    match fits {
        true => Ok(()),
        false => Err(Failure::SizeOverflow { what: name }),
    }
}

/// Writes `value` to `*p` (already checked to be non-null).
///
/// # Safety
///
/// `p` is non-null, valid for writes of a `T` and aligned.
pub(crate) unsafe fn write<T>(p: *mut T, value: T) {
    // SAFETY: guaranteed by the caller.
    unsafe { p.write(value) }
}

/// A slice from a C array; `p` may be null only when `len` is 0.
///
/// # Safety
///
/// If `len > 0`, `p` points to `len` initialised, aligned `T`s that stay unmodified for `'a`.
pub(crate) unsafe fn slice<'a, T>(
    p: *const T,
    len: usize,
    name: &'static str,
) -> FfiResult<&'a [T]> {
    if len == 0 {
        return Ok(&[]);
    }
    check_array(p, len, name)?;
    // SAFETY: `p` is non-null and aligned, `len` elements fit in `isize::MAX` bytes, and the
    // caller guarantees `len` valid elements.
    Ok(unsafe { std::slice::from_raw_parts(p, len) })
}

/// A mutable slice over a C array; `p` may be null only when `len` is 0.
///
/// # Safety
///
/// If `len > 0`, `p` points to `len` aligned `T`s, writable and not otherwise accessed for `'a`.
pub(crate) unsafe fn slice_mut<'a, T>(
    p: *mut T,
    len: usize,
    name: &'static str,
) -> FfiResult<&'a mut [T]> {
    if len == 0 {
        return Ok(&mut []);
    }
    check_array(p.cast_const(), len, name)?;
    // SAFETY: `p` is non-null and aligned, `len` elements fit in `isize::MAX` bytes, and the
    // caller guarantees `len` valid, exclusive elements.
    Ok(unsafe { std::slice::from_raw_parts_mut(p, len) })
}
