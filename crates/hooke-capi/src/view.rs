//! Strided views: an engine's own memory (e.g. an array of bone transforms with padding), read
//! and written in place through a pointer and a byte stride per channel, without a copy on the
//! engine's side.

use std::ptr;

use crate::error::{Failure, FfiResult};

/// A read-only strided channel (`HookeConstChannel` in `hooke.h`): element `i` starts at
/// `(const char *)data + i * stride` and holds consecutive `float`s (3 for a vector, 4 for a
/// quaternion `x, y, z, w`). No alignment is required. `data` NULL means "absent" (what that
/// means is documented per function, e.g. zero velocities).
///
/// ```
/// use hooke_capi::HookeConstChannel;
/// // An engine transform {float t[3]; float pad; float q[4]; float s[3]; float pad;}: 48 bytes.
/// let transforms = [0.0_f32; 12 * 4];
/// let rotations = HookeConstChannel { data: transforms[4..].as_ptr(), stride: 48 };
/// assert_eq!(rotations.stride, 48);
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HookeConstChannel {
    /// The first element's first float, or NULL.
    pub data: *const f32,
    /// Bytes from one element to the next (any value, 0 repeats one element).
    pub stride: usize,
}

/// A writable strided channel (`HookeChannel` in `hooke.h`), laid out like
/// [`HookeConstChannel`]; `data` NULL means "not written". The stride must be at least the
/// element's size so that elements do not overlap.
///
/// ```
/// use hooke_capi::HookeChannel;
/// let mut positions = [0.0_f32; 8];
/// let out = HookeChannel { data: positions.as_mut_ptr(), stride: 16 };
/// assert_eq!(out.stride, 16);
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HookeChannel {
    /// The first element's first float, or NULL.
    pub data: *mut f32,
    /// Bytes from one element to the next (at least the element's size).
    pub stride: usize,
}

impl HookeConstChannel {
    /// An absent channel (`{NULL, 0}`).
    ///
    /// ```
    /// assert!(hooke_capi::HookeConstChannel::NONE.data.is_null());
    /// ```
    pub const NONE: HookeConstChannel = HookeConstChannel {
        data: ptr::null(),
        stride: 0,
    };
}

impl HookeChannel {
    /// An absent channel (`{NULL, 0}`): nothing written.
    ///
    /// ```
    /// assert!(hooke_capi::HookeChannel::NONE.data.is_null());
    /// ```
    pub const NONE: HookeChannel = HookeChannel {
        data: ptr::null_mut(),
        stride: 0,
    };
}

/// The byte span `(count - 1) * stride + N * 4` of `count` elements, or an overflow failure.
fn span<const N: usize>(count: usize, stride: usize, field: &'static str) -> FfiResult<usize> {
    let span = count
        .checked_sub(1)
        .map_or(Some(0), |last| last.checked_mul(stride))
        .and_then(|s| s.checked_add(N * size_of::<f32>()))
        .filter(|&s| s <= isize::MAX as usize);
    span.ok_or(Failure::SizeOverflow { what: field })
}

/// A checked read-only channel of `count` elements of `N` floats.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reader<const N: usize> {
    data: *const u8,
    stride: usize,
}

impl<const N: usize> Reader<N> {
    /// Checks `channel` for `count` elements; `None` if it is absent (NULL) and `optional`.
    pub(crate) fn new(
        channel: HookeConstChannel,
        count: usize,
        field: &'static str,
        optional: bool,
    ) -> FfiResult<Option<Reader<N>>> {
        if channel.data.is_null() {
            return if optional || count == 0 {
                Ok(None)
            } else {
                Err(Failure::Null(field))
            };
        }
        span::<N>(count, channel.stride, field)?;
        Ok(Some(Reader {
            data: channel.data.cast(),
            stride: channel.stride,
        }))
    }

    /// Element `i`.
    ///
    /// # Safety
    ///
    /// `i` is below the `count` checked in [`Reader::new`], and the caller of the `extern "C"`
    /// function guaranteed that many readable elements.
    #[inline]
    pub(crate) unsafe fn get(&self, i: usize) -> [f32; N] {
        // SAFETY: `i * stride` is within the span checked in `new`, which the C caller
        // guarantees readable; the read is unaligned-safe.
        unsafe { ptr::read_unaligned(self.data.add(i * self.stride).cast::<[f32; N]>()) }
    }
}

/// A checked writable channel of `count` elements of `N` floats.
#[derive(Debug)]
pub(crate) struct Writer<const N: usize> {
    data: *mut u8,
    stride: usize,
}

impl<const N: usize> Writer<N> {
    /// Checks `channel` for `count` elements; `None` if it is absent (NULL): nothing is written.
    pub(crate) fn new(
        channel: HookeChannel,
        count: usize,
        field: &'static str,
    ) -> FfiResult<Option<Writer<N>>> {
        if channel.data.is_null() {
            return Ok(None);
        }
        let min = N * size_of::<f32>();
        if count > 1 && channel.stride < min {
            return Err(Failure::Stride {
                field,
                stride: channel.stride,
                min,
            });
        }
        span::<N>(count, channel.stride, field)?;
        Ok(Some(Writer {
            data: channel.data.cast(),
            stride: channel.stride,
        }))
    }

    /// Writes element `i`.
    ///
    /// # Safety
    ///
    /// `i` is below the `count` checked in [`Writer::new`], and the caller of the `extern "C"`
    /// function guaranteed that many writable elements, not otherwise accessed during the call.
    #[inline]
    pub(crate) unsafe fn set(&mut self, i: usize, value: [f32; N]) {
        // SAFETY: as for `Reader::get`, for writes.
        unsafe { ptr::write_unaligned(self.data.add(i * self.stride).cast::<[f32; N]>(), value) }
    }
}
