//! Hostile array arguments and extreme parameters through the C ABI (found by a hostile-input
//! sweep): counts that do not fit the address space or exceed what a batch can hold are errors,
//! never an abort or a read past the caller's array; misaligned pointers are refused; errors
//! name the argument actually at fault; the character controller never writes NaN from finite
//! input.

// Calling the C ABI from Rust is `unsafe` by nature (raw pointers); the workspace denies
// `unsafe_code`, allowed here as in hooke-capi itself.
#![allow(unsafe_code)]

use std::ptr::null_mut;

use hooke_capi::*;

/// This thread's last error message.
fn last_error() -> String {
    let mut buf = [0_u8; 512];
    // SAFETY: `buf` holds `buf.len()` writable bytes.
    let len = unsafe { hooke_last_error_message(buf.as_mut_ptr().cast(), buf.len()) };
    String::from_utf8_lossy(&buf[..len.min(buf.len() - 1)]).into_owned()
}

/// Counts far beyond the arrays passed: the call must fail before reading or copying them.
const HOSTILE_COUNTS: [usize; 3] = [1 << 40, usize::MAX / 2, usize::MAX];

#[test]
fn quat_springs_check_the_length_before_reading_or_copying_the_arrays() {
    // They copied the caller's array into a `Vec` first: an allocation of `len` elements
    // aborted the process (or read past the array).
    let mut h: *mut HookeQuatSprings = null_mut();
    // SAFETY: valid pointers throughout; the arrays hold 4 elements.
    unsafe {
        assert_eq!(hooke_quat_springs_new(4, 0.1, &mut h), HookeStatus::Ok);
        let q = [HookeQuat::default(); 4];
        let w = [HookeVec3::default(); 4];
        for len in HOSTILE_COUNTS {
            let status = hooke_quat_springs_set_goals(h, q.as_ptr(), len);
            assert_eq!(status, HookeStatus::LengthMismatch, "{len}");
            assert!(last_error().contains("goal"), "{}", last_error());
            let status = hooke_quat_springs_set_state(h, q.as_ptr(), w.as_ptr(), len);
            assert_eq!(status, HookeStatus::LengthMismatch, "{len}");
            assert!(last_error().contains("rotation"), "{}", last_error());
        }
        assert_eq!(
            hooke_quat_springs_set_goals(h, q.as_ptr(), 4),
            HookeStatus::Ok
        );
        hooke_quat_springs_free(h);
    }
}

/// Two characters of five bones (root, hip, knee, ankle, toe): the inertializer, the bones'
/// parents, the one leg and default foot-lock options.
struct OneLeg {
    h: *mut HookeInertializer,
    parents: [usize; 5],
    leg: HookeLeg,
    options: HookeFootLockOptions,
}

fn one_leg() -> OneLeg {
    let mut rig = OneLeg {
        h: null_mut(),
        parents: [usize::MAX, 0, 1, 2, 3],
        leg: HookeLeg {
            hip: 1,
            knee: 2,
            ankle: 3,
            toe: 4,
        },
        options: HookeFootLockOptions::default(),
    };
    // SAFETY: valid pointers.
    unsafe {
        hooke_inertializer_new(2, 5, [0.1_f32; 5].as_ptr(), &mut rig.h);
        hooke_foot_lock_options_default(1.0, &mut rig.options);
    }
    rig
}

#[test]
fn more_legs_than_a_rig_can_hold_are_refused_before_they_are_read() {
    let OneLeg {
        h,
        parents,
        leg,
        options,
    } = one_leg();
    // SAFETY: valid pointers; `legs` holds one leg.
    unsafe {
        for count in [2, 1 << 40, usize::MAX] {
            let status = hooke_inertializer_lock_feet(h, parents.as_ptr(), &leg, count, &options);
            assert_eq!(status, HookeStatus::InvalidParameter, "{count}");
            let message = last_error();
            assert!(message.contains(&format!("{count} legs")), "{message}");
        }
        let status = hooke_inertializer_lock_feet(h, parents.as_ptr(), &leg, 1, &options);
        assert_eq!(status, HookeStatus::Ok);
        hooke_inertializer_free(h);
    }
}

#[test]
fn counts_beyond_the_address_space_are_errors_not_an_abort() {
    // `slice::from_raw_parts` of more than `isize::MAX` bytes is undefined behaviour, and stops
    // the process in builds with debug assertions (these tests).
    let mut h: *mut HookeCriticalSprings = null_mut();
    let mut inertializer: *mut HookeInertializer = null_mut();
    let floats = [0.1_f32; 4];
    let mut out = [0.0_f32; 4];
    let list = [0_usize; 2];
    let states = [HookeBoneState::default(); 2];
    // SAFETY: valid pointers; the counts are the hostile part.
    unsafe {
        assert_eq!(hooke_critical_springs_new(4, 0.1, &mut h), HookeStatus::Ok);
        for len in [usize::MAX / 2, usize::MAX] {
            let status = hooke_critical_springs_set_halflives(h, floats.as_ptr(), len);
            assert_eq!(status, HookeStatus::InvalidParameter, "{len}");
            assert!(last_error().contains("halflives"), "{}", last_error());
            let o = out.as_mut_ptr();
            let status = hooke_spring_character_predict(o, o, o, len, 0.0, 0.0, 0.0, 1.0, 0.1, 0.5);
            assert_eq!(status, HookeStatus::InvalidParameter, "{len}");
        }
        hooke_critical_springs_free(h);
        hooke_inertializer_new(2, 1, floats.as_ptr(), &mut inertializer);
        for count in [usize::MAX / 4, usize::MAX] {
            let status = hooke_inertializer_transition_many(
                inertializer,
                list.as_ptr(),
                count,
                states.as_ptr(),
                states.as_ptr(),
            );
            assert_eq!(status, HookeStatus::InvalidParameter, "{count}");
            assert!(last_error().contains("characters"), "{}", last_error());
        }
        hooke_inertializer_free(inertializer);
    }
}

#[test]
fn misaligned_arrays_and_pointers_are_refused_naming_them() {
    let mut h: *mut HookeCriticalSprings = null_mut();
    let floats = [0.1_f32; 8];
    // SAFETY: the pointers are valid for reads of the bytes they span; only their alignment is
    // wrong, which the calls must refuse before reading.
    unsafe {
        assert_eq!(hooke_critical_springs_new(4, 0.1, &mut h), HookeStatus::Ok);
        let odd = floats.as_ptr().cast::<u8>().add(1).cast::<f32>();
        let status = hooke_critical_springs_set_halflives(h, odd, 4);
        assert_eq!(status, HookeStatus::InvalidParameter);
        assert!(
            last_error().contains("`halflives` is not aligned"),
            "{}",
            last_error()
        );
        let mut x = [0.0_f32; 3];
        let odd = x.as_mut_ptr().cast::<u8>().add(1).cast::<f32>();
        let (v, a) = (&mut 0.0_f32 as *mut f32, &mut 0.0_f32 as *mut f32);
        let status = hooke_spring_character_update(odd, v, a, 1.0, 0.1, 0.5);
        assert_eq!(status, HookeStatus::InvalidParameter);
        assert!(
            last_error().contains("`x` is not aligned"),
            "{}",
            last_error()
        );
        assert_eq!(x, [0.0; 3]);
        hooke_critical_springs_free(h);
    }
}

#[test]
fn a_transition_many_error_names_the_source_or_the_destination() {
    let mut h: *mut HookeInertializer = null_mut();
    let good = HookeBoneState::default();
    let bad = HookeBoneState {
        position: [f32::NAN, 0.0, 0.0],
        ..good
    };
    let list = [1_usize];
    // SAFETY: valid pointers; two characters of one bone each.
    unsafe {
        hooke_inertializer_new(2, 1, [0.1_f32].as_ptr(), &mut h);
        let (ok, with_nan) = ([good; 2], [good, bad]);
        let run = |source: &[HookeBoneState; 2], destination: &[HookeBoneState; 2]| {
            let (s, d) = (source.as_ptr(), destination.as_ptr());
            hooke_inertializer_transition_many(h, list.as_ptr(), 1, s, d)
        };
        assert_eq!(run(&ok, &with_nan), HookeStatus::InvalidParameter);
        let message = last_error();
        assert!(
            message.contains("`destination.positions` of character 1"),
            "{message}"
        );
        assert_eq!(run(&with_nan, &ok), HookeStatus::InvalidParameter);
        let message = last_error();
        assert!(
            message.contains("`source.positions` of character 1"),
            "{message}"
        );
        hooke_inertializer_free(h);
    }
}

#[test]
fn foot_contacts_of_the_wrong_count_say_what_was_expected() {
    let OneLeg {
        h,
        parents,
        leg,
        mut options,
    } = one_leg();
    // SAFETY: valid pointers; `contacts` holds two entries, the rig one leg.
    unsafe {
        options.given_contacts = true;
        let status = hooke_inertializer_lock_feet(h, parents.as_ptr(), &leg, 1, &options);
        assert_eq!(status, HookeStatus::Ok);
        let contacts = [true, false];
        let status = hooke_inertializer_set_foot_contacts(h, 0, contacts.as_ptr(), 2);
        assert_eq!(status, HookeStatus::LengthMismatch);
        let message = last_error();
        assert!(message.contains("length 2, expected 1"), "{message}");
        hooke_inertializer_free(h);
    }
}

#[test]
fn the_character_controller_never_writes_nan_from_finite_input() {
    // Coefficients beyond the f32 range (a huge halflife and `dt`, or tiny ones) were infinite,
    // and `inf * 0` made a NaN of a state at rest.
    for (halflife, dt) in [
        (1e20_f32, 1e20_f32),
        (1e21, 1e30),
        (1e-40, 1e-40),
        (1e-42, 1e-45),
    ] {
        let (mut x, mut v, mut a) = (0.0_f32, 0.0_f32, 0.0_f32);
        // SAFETY: valid pointers.
        let status =
            unsafe { hooke_spring_character_update(&mut x, &mut v, &mut a, 0.0, halflife, dt) };
        assert_eq!(status, HookeStatus::Ok);
        assert!(
            x.is_finite() && v.is_finite() && a.is_finite(),
            "{halflife} {dt}: {x} {v} {a}"
        );
        let (mut px, mut pv, mut pa) = ([0.0_f32; 2], [0.0_f32; 2], [0.0_f32; 2]);
        // SAFETY: three arrays of 2 floats.
        let status = unsafe {
            let (px, pv, pa) = (px.as_mut_ptr(), pv.as_mut_ptr(), pa.as_mut_ptr());
            hooke_spring_character_predict(px, pv, pa, 2, 0.0, 1.0, 0.0, 1.0, halflife, dt)
        };
        assert_eq!(status, HookeStatus::Ok);
        let all = px.iter().chain(&pv).chain(&pa);
        assert!(
            all.into_iter().all(|s| s.is_finite()),
            "{halflife} {dt}: {px:?} {pv:?} {pa:?}"
        );
    }
}
