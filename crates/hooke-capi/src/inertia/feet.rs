//! Foot-contact locking of the crowd inertializer ([`hooke_inertia::FootLocker`], docs/math.md
//! §7): enabled on a handle with the skeleton's parents and legs, then run by every update after
//! the offsets are applied and before the output is written.

use glam::Vec3;
use hooke_inertia::{ContactThresholds, Contacts, FootLockSettings, FootLocker, FootRig, Leg};

use super::HookeInertializer;
use crate::error::{Failure, FfiResult, HookeStatus, check_pointer, guard, read, slice, write};
use crate::handle::{handle_mut, handle_ref};

/// One leg's bones (`HookeLeg` in `hooke.h`): each the parent of the next.
///
/// ```
/// let leg = hooke_capi::HookeLeg { hip: 1, knee: 2, ankle: 3, toe: 4 };
/// assert_eq!(leg.toe, 4);
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HookeLeg {
    /// The thigh's bone.
    pub hip: usize,
    /// The shin's bone.
    pub knee: usize,
    /// The foot's bone.
    pub ankle: usize,
    /// The toe's bone: the point held where it was planted.
    pub toe: usize,
}

/// Foot-locking settings (`HookeFootLockOptions` in `hooke.h`; docs/math.md §7.2, §7.4); fill
/// them with [`hooke_foot_lock_options_default`] and change what differs.
///
/// ```
/// use hooke_capi::*;
/// let mut o = HookeFootLockOptions::default();
/// assert_eq!(unsafe { hooke_foot_lock_options_default(100.0, &mut o) }, HookeStatus::Ok);
/// assert_eq!(o.exit_height, 0.08); // metres
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HookeFootLockOptions {
    /// Contacts come from `hooke_inertializer_set_foot_contacts` (else detected on the input).
    pub given_contacts: bool,
    /// The input's up axis (finite, non-zero).
    pub up: [f32; 3],
    /// The ground's height along `up`.
    pub ground: f32,
    /// Detection thresholds: enter below both, leave above either exit one (exit >= enter).
    pub enter_height: f32,
    /// See `enter_height`.
    pub exit_height: f32,
    /// Toe speeds (units per second).
    pub enter_speed: f32,
    /// See `enter_speed`.
    pub exit_speed: f32,
    /// The leash of a held lock: it is dragged to stay within this distance of the animated
    /// toe (given and detected contacts alike).
    pub max_lock_distance: f32,
    /// Halflife (s) of the critical spring that returns a released lock to the animated toe.
    pub release_halflife: f32,
    /// A release within this distance (and distance per second) of the toe is done.
    pub settle_distance: f32,
    /// The longest a lock may stretch a leg, as a fraction of its length, in `(0, 1]`.
    pub max_extension: f32,
    /// The longest glide of a toe a lock stops, as a fraction of the leg's reach (`>= 0`; 0:
    /// stopped within a frame).
    pub lock_in_glide: f32,
    /// How far below its reach a leg's stretch is softened, as a fraction of its length, in
    /// `[0, 1]` (0: a hard clamp).
    pub reach_softness: f32,
}

impl HookeFootLockOptions {
    fn settings(&self) -> FootLockSettings {
        let thresholds = ContactThresholds {
            up: Vec3::from_array(self.up),
            ground: self.ground,
            enter_height: self.enter_height,
            exit_height: self.exit_height,
            enter_speed: self.enter_speed,
            exit_speed: self.exit_speed,
        };
        FootLockSettings {
            contacts: if self.given_contacts {
                Contacts::Given
            } else {
                Contacts::Detected(thresholds)
            },
            release_halflife: self.release_halflife,
            settle_distance: self.settle_distance,
            max_extension: self.max_extension,
            max_lock_distance: self.max_lock_distance,
            lock_in_glide: self.lock_in_glide,
            reach_softness: self.reach_softness,
        }
    }
}

/// Writes the default options for a rig whose unit is `centimetres_per_unit` cm (finite,
/// `> 0`; 1 for centimetres, 100 for metres) to `*out`: detected contacts, +Y up, ground 0.
///
/// ```
/// use hooke_capi::*;
/// let mut o = HookeFootLockOptions::default();
/// assert_eq!(unsafe { hooke_foot_lock_options_default(0.0, &mut o) }, HookeStatus::InvalidParameter);
/// ```
///
/// # Safety
///
/// `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_foot_lock_options_default(
    centimetres_per_unit: f32,
    out: *mut HookeFootLockOptions,
) -> HookeStatus {
    guard(|| {
        check_pointer(out, "out")?;
        let s = FootLockSettings::scaled(centimetres_per_unit).map_err(inertia)?;
        let t = ContactThresholds::scaled(centimetres_per_unit).map_err(inertia)?;
        let options = HookeFootLockOptions {
            given_contacts: false,
            up: t.up.to_array(),
            ground: t.ground,
            enter_height: t.enter_height,
            exit_height: t.exit_height,
            enter_speed: t.enter_speed,
            exit_speed: t.exit_speed,
            max_lock_distance: s.max_lock_distance,
            release_halflife: s.release_halflife,
            settle_distance: s.settle_distance,
            max_extension: s.max_extension,
            lock_in_glide: s.lock_in_glide,
            reach_softness: s.reach_softness,
        };
        // SAFETY: non-null and writable per the caller.
        unsafe { write(out, options) };
        Ok(())
    })
}

/// Enables foot locking on `inertializer`: `parents[0..bones]` is the skeleton's parents
/// (`SIZE_MAX` for a root; any order, no cycle), `legs[0..leg_count]` its legs,
/// `options` the settings (checked). From the next update on, every update holds the planted
/// toes of the characters that blend. `options` NULL disables locking (the other arguments are
/// then ignored). On failure nothing changes.
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// let parents = [usize::MAX, 0, 1, 2, 3];
/// let leg = HookeLeg { hip: 1, knee: 2, ankle: 3, toe: 4 };
/// let mut o = HookeFootLockOptions::default();
/// unsafe {
///     hooke_inertializer_new(2, 5, [0.1_f32; 5].as_ptr(), &mut h);
///     hooke_foot_lock_options_default(1.0, &mut o);
///     assert_eq!(hooke_inertializer_lock_feet(h, parents.as_ptr(), &leg, 1, &o), HookeStatus::Ok);
///     let bad = HookeLeg { toe: 9, ..leg };
///     assert_eq!(hooke_inertializer_lock_feet(h, parents.as_ptr(), &bad, 1, &o), HookeStatus::InvalidParameter);
///     hooke_inertializer_free(h);
/// }
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle, not used concurrently; `parents` null or `bones`
/// readable entries; `legs` null or `leg_count` readable legs; `options` null or valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_lock_feet(
    inertializer: *mut HookeInertializer,
    parents: *const usize,
    legs: *const HookeLeg,
    leg_count: usize,
    options: *const HookeFootLockOptions,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_mut(inertializer)? };
        if options.is_null() {
            h.feet = None;
            return Ok(());
        }
        // SAFETY: non-null (checked again with the alignment) and valid per the caller.
        let options = unsafe { read(options, "options")? };
        let (characters, bones, _) = h.input.shape();
        // SAFETY: the caller guarantees `bones` readable entries (or NULL).
        let parents = unsafe { slice(parents, bones, "parents")? };
        // Before the legs are read: a hostile count is neither read nor copied (an allocation
        // of its size aborted the process).
        FootRig::check_leg_count(leg_count, bones).map_err(inertia)?;
        // SAFETY: the caller guarantees `leg_count` readable legs (or NULL).
        let legs = unsafe { slice(legs, leg_count, "legs")? };
        let parents: Vec<Option<usize>> = parents
            .iter()
            .map(|&p| (p != usize::MAX).then_some(p))
            .collect();
        let legs: Vec<Leg> = legs
            .iter()
            .map(|l| Leg {
                hip: l.hip,
                knee: l.knee,
                ankle: l.ankle,
                toe: l.toe,
            })
            .collect();
        let rig = FootRig::new(&parents, &legs).map_err(inertia)?;
        h.feet = Some(FootLocker::new(characters, rig, options.settings())?);
        Ok(())
    })
}

/// Sets the contacts of `character`, one per leg (`contacts[0..count]`, `count` = the legs
/// given to [`hooke_inertializer_lock_feet`]); used when its options say `given_contacts`.
///
/// # Safety
///
/// As [`hooke_inertializer_lock_feet`]; `contacts` null or `count` readable entries.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_set_foot_contacts(
    inertializer: *mut HookeInertializer,
    character: usize,
    contacts: *const bool,
    count: usize,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_mut(inertializer)? };
        // SAFETY: the caller guarantees `count` readable entries (or NULL).
        let contacts = unsafe { slice(contacts, count, "contacts")? };
        Ok(feet_mut(h)?.set_contacts(character, contacts)?)
    })
}

/// Writes to `*locked` whether leg `leg` of `character` is held where it was planted.
///
/// # Safety
///
/// `inertializer` is null or a live handle, not mutated concurrently; `locked` null or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_foot_locked(
    inertializer: *const HookeInertializer,
    character: usize,
    leg: usize,
    locked: *mut bool,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_ref(inertializer)? };
        check_pointer(locked, "locked")?;
        let feet = h.feet.as_ref().ok_or_else(not_enabled)?;
        let value = feet.is_locked(character, leg)?;
        // SAFETY: non-null and writable per the caller.
        unsafe { write(locked, value) };
        Ok(())
    })
}

fn feet_mut(h: &mut HookeInertializer) -> FfiResult<&mut FootLocker> {
    h.feet.as_mut().ok_or_else(not_enabled)
}

fn not_enabled() -> Failure {
    Failure::Inertia(hooke_inertia::InertiaError::Param(
        hooke::ParamError::Invalid {
            name: "foot locking (call hooke_inertializer_lock_feet first)",
            value: 0.0,
            expected: "enabled",
        },
    ))
}

fn inertia(e: hooke_inertia::FootRigError) -> Failure {
    Failure::Inertia(e.into())
}
