//! Unit tests of every wrapper, calling the `extern "C"` functions through the rlib.

use std::ptr::null_mut;

use super::*;
use crate::error::{guard, guard_or};

mod batch_handles;
mod coeff_fns;
mod quat_handles;
mod scalar_fns;

fn last_error() -> String {
    let mut buf = [0_u8; 256];
    // SAFETY: `buf` holds 256 writable bytes.
    let n = unsafe { hooke_last_error_message(buf.as_mut_ptr().cast(), buf.len()) };
    String::from_utf8(buf[..n].to_vec()).unwrap()
}

const DT: f32 = 1.0 / 60.0;

#[test]
fn panics_become_a_status_and_a_message() {
    let status = guard(|| panic!("boom"));
    assert_eq!(status, HookeStatus::Panic);
    assert_eq!(last_error(), "internal panic: boom");
    let value = guard_or(7_usize, || panic!("{}", String::from("owned")));
    assert_eq!(value, 7);
    assert_eq!(last_error(), "internal panic: owned");
}

#[test]
fn last_error_is_per_thread_and_truncates() {
    // SAFETY: null pointers are reported.
    unsafe { hooke_damper_exact(null_mut(), 0.0, 0.1, DT) };
    assert_eq!(last_error(), "argument `x` is a null pointer");
    std::thread::spawn(|| assert_eq!(last_error(), ""))
        .join()
        .unwrap();

    let mut small = [0xff_u8; 4];
    // SAFETY: `small` holds 4 writable bytes; null with len 0 writes nothing.
    unsafe {
        assert_eq!(hooke_last_error_message(small.as_mut_ptr().cast(), 4), 30);
        assert_eq!(hooke_last_error_message(null_mut(), 100), 30);
    }
    assert_eq!(&small, b"arg\0");
}

#[test]
fn version_is_the_crate_version() {
    // SAFETY: `hooke_version` returns a static NUL-terminated string.
    let v = unsafe { std::ffi::CStr::from_ptr(hooke_version()) };
    assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}

#[test]
fn repr_c_layouts() {
    assert_eq!(std::mem::size_of::<HookeVec3>(), 12);
    assert_eq!(std::mem::size_of::<HookeQuat>(), 16);
    assert_eq!(std::mem::size_of::<HookeSpringCoeffs>(), 24);
    assert_eq!(
        std::mem::size_of::<HookeStatus>(),
        std::mem::size_of::<std::ffi::c_int>()
    );
}
