//! The crowd inertializer ([`hooke_inertia::Inertializer`]) behind an opaque handle.
//!
//! Poses cross the boundary either as arrays of [`HookeBoneState`] (13 floats per bone) or as
//! strided views ([`HookePoseView`], [`HookePoseViewMut`]) of the engine's own memory. Either way
//! every value is checked where it enters (finite, unit quaternions within
//! [`hooke::error::UNIT_QUAT_TOLERANCE`]), and on any failure nothing is written to the caller's
//! output and the inertializer's state is unchanged.

mod feet;
mod frame;
mod pose;

pub use feet::*;
pub use frame::*;
pub use pose::{HookeBoneState, HookePoseView, HookePoseViewMut};

use glam::Vec3;
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, Pose, PoseBatch, RootPolicy};

use crate::error::{
    Failure, FfiResult, HookeStatus, check_pointer, guard, guard_or, read, slice, write,
};
use crate::handle::{Handle, handle_mut, handle_ref, new_handle};

/// `HOOKE_ROOT_LOCAL`: the root is inertialized like any bone ([`RootPolicy::Local`]).
pub const HOOKE_ROOT_LOCAL: u32 = 0;

/// `HOOKE_ROOT_ANCHORED`: a world-space root re-anchored at each transition
/// ([`RootPolicy::Anchored`], with the options' `up` axis).
pub const HOOKE_ROOT_ANCHORED: u32 = 1;

/// Construction options beyond [`hooke_inertializer_new`] (`HookeInertializerOptions` in
/// `hooke.h`). Zero-initialised options (`{0}`) are those of `hooke_inertializer_new`.
///
/// ```
/// use hooke_capi::{HOOKE_ROOT_ANCHORED, HookeInertializerOptions};
/// let excluded = [3_usize, 4];
/// let options = HookeInertializerOptions {
///     excluded_bones: excluded.as_ptr(),
///     excluded_bone_count: excluded.len(),
///     root_policy: HOOKE_ROOT_ANCHORED,
///     up: [0.0, 1.0, 0.0],
/// };
/// assert_eq!(options.root_policy, 1);
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HookeInertializerOptions {
    /// Bones that follow their input at once (never blended); NULL if the count is 0.
    pub excluded_bones: *const usize,
    /// Entries of `excluded_bones`.
    pub excluded_bone_count: usize,
    /// [`HOOKE_ROOT_LOCAL`] or [`HOOKE_ROOT_ANCHORED`].
    pub root_policy: u32,
    /// The world's up axis for [`HOOKE_ROOT_ANCHORED`] (finite, non-zero; normalised).
    pub up: [f32; 3],
}

/// Opaque crowd inertializer (`HookeInertializer` in `hooke.h`): a
/// [`hooke_inertia::Inertializer`] with the SoA input and output batches it converts the
/// caller's poses through.
///
/// ```
/// use hooke_capi::*;
/// let (characters, bones) = (3, 2);
/// let halflives = [0.1_f32; 2];
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// unsafe {
///     assert_eq!(hooke_inertializer_new(characters, bones, halflives.as_ptr(), &mut h), HookeStatus::Ok);
///     let source = [HookeBoneState::default(); 2];
///     let mut destination = source;
///     destination[1].position = [0.0, 1.0, 0.0];
///     assert_eq!(hooke_inertializer_transition(h, 1, source.as_ptr(), destination.as_ptr()), HookeStatus::Ok);
///     let mut input = [HookeBoneState::default(); 6];
///     input[1 * bones + 1] = destination[1];
///     let mut output = input;
///     assert_eq!(hooke_inertializer_update(h, 0.0, input.as_ptr(), output.as_mut_ptr()), HookeStatus::Ok);
///     assert_eq!(output[1 * bones + 1].position, [0.0, 0.0, 0.0]); // the source pose: no pop
///     hooke_inertializer_free(h);
/// }
/// ```
#[derive(Debug)]
pub struct HookeInertializer {
    inner: Inertializer,
    input: PoseBatch,
    output: PoseBatch,
    /// One character's pose, reused for every character of an update and for the source.
    scratch: Pose,
    /// The destination of a transition.
    scratch_destination: Pose,
    /// Source and destination batches of `hooke_inertializer_transition_many`, allocated at its
    /// first call (only the listed characters' rows are written and read).
    many: Option<Box<(PoseBatch, PoseBatch)>>,
    /// Foot locking, once enabled (`hooke_inertializer_lock_feet`).
    feet: Option<hooke_inertia::FootLocker>,
    /// Per character, whether the update in progress skips its data (at rest, updated in place).
    skipped: Vec<bool>,
}

/// Upper bound of the bytes an inertializer of `lanes` bones holds: about 13 floats in each of
/// the offsets, input, output and dead-blend columns, 6 coefficients and 4 timing floats.
const BYTES_PER_LANE: usize = (4 * 13 + 6 + 4) * size_of::<f32>() + 64;

fn build(
    characters: usize,
    bones: usize,
    halflives: *const f32,
    options: Option<HookeInertializerOptions>,
) -> FfiResult<HookeInertializer> {
    // Checked sizes: a product that overflows, or a crowd whose columns could not be addressed,
    // is an error here instead of an abort in the allocator.
    let lanes = characters.checked_mul(bones).ok_or(Failure::SizeOverflow {
        what: "characters * bones",
    })?;
    lanes
        .checked_mul(BYTES_PER_LANE)
        .filter(|&b| b <= isize::MAX as usize)
        .ok_or(Failure::SizeOverflow {
            what: "the inertializer's columns (characters * bones lanes)",
        })?;
    // Per-bone storage first, fallibly (issue 21 row 8: 0 characters of 2^33 bones passed the
    // lane check and aborted in the allocator), and before reading the caller's array.
    let scratch = Pose::try_rest(bones)?;
    let scratch_destination = Pose::try_rest(bones)?;
    // SAFETY: the caller guarantees `bones` readable floats at `halflives` (or NULL).
    let halflives = unsafe { slice(halflives, bones, "bone_halflives")? };
    let mut profile = BlendProfile::from_halflives(halflives)?;
    let mut root = RootPolicy::Local;
    if let Some(options) = options {
        // SAFETY: the caller guarantees `excluded_bone_count` readable entries (or NULL).
        let excluded = unsafe {
            slice(
                options.excluded_bones,
                options.excluded_bone_count,
                "options.excluded_bones",
            )?
        };
        for &bone in excluded {
            profile = profile.exclude(bone)?;
        }
        root = match options.root_policy {
            HOOKE_ROOT_LOCAL => RootPolicy::Local,
            HOOKE_ROOT_ANCHORED => RootPolicy::Anchored {
                up: Vec3::from_array(options.up),
            },
            other => return Err(Failure::RootPolicy(other)),
        };
    }
    let inner = Inertializer::new(characters, profile, root)?;
    let mut skipped = Vec::new();
    skipped
        .try_reserve_exact(characters)
        .map_err(|_| hooke::ParamError::OutOfMemory {
            name: "characters",
            len: characters,
        })?;
    skipped.resize(characters, false);
    Ok(HookeInertializer {
        inner,
        skipped,
        input: PoseBatch::new(characters, bones, 0)?,
        output: PoseBatch::new(characters, bones, 0)?,
        scratch,
        scratch_destination,
        many: None,
        feet: None,
    })
}

/// Creates an inertializer for `characters` characters of `bones` bones with one halflife per
/// bone (`bone_halflives[0..bones]`, finite, `>= 0`), the root inertialized like any bone.
/// Writes the handle to `*out` (NULL on failure). `characters * bones` that overflows is
/// `HOOKE_INVALID_PARAMETER`.
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// let status = unsafe { hooke_inertializer_new(usize::MAX, 2, [0.1_f32; 2].as_ptr(), &mut h) };
/// assert_eq!(status, HookeStatus::InvalidParameter);
/// assert!(h.is_null());
/// ```
///
/// # Safety
///
/// `bone_halflives` is null or points to `bones` floats; `out` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_new(
    characters: usize,
    bones: usize,
    bone_halflives: *const f32,
    out: *mut *mut HookeInertializer,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe { new_handle(out, || build(characters, bones, bone_halflives, None)) })
}

/// [`hooke_inertializer_new`] with options: excluded bones and the root policy. `options` NULL
/// is the same as `hooke_inertializer_new`.
///
/// ```
/// use hooke_capi::*;
/// let options = HookeInertializerOptions {
///     excluded_bones: [7_usize].as_ptr(),
///     excluded_bone_count: 1,
///     root_policy: HOOKE_ROOT_LOCAL,
///     up: [0.0; 3],
/// };
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// let status = unsafe {
///     hooke_inertializer_new_with_options(1, 2, [0.1_f32; 2].as_ptr(), &options, &mut h)
/// };
/// assert_eq!(status, HookeStatus::IndexOutOfRange); // bone 7 of a 2-bone rig
/// ```
///
/// # Safety
///
/// As [`hooke_inertializer_new`]; `options` is null or valid, its `excluded_bones` null or
/// pointing to `excluded_bone_count` entries.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_new_with_options(
    characters: usize,
    bones: usize,
    bone_halflives: *const f32,
    options: *const HookeInertializerOptions,
    out: *mut *mut HookeInertializer,
) -> HookeStatus {
    guard(|| {
        let options = if options.is_null() {
            None
        } else {
            // SAFETY: non-null and valid per the caller.
            Some(unsafe { read(options, "options")? })
        };
        // SAFETY: forwarded caller contract.
        unsafe { new_handle(out, || build(characters, bones, bone_halflives, options)) }
    })
}

/// Frees an inertializer; NULL is ignored.
///
/// ```
/// unsafe { hooke_capi::hooke_inertializer_free(std::ptr::null_mut()) };
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle, not used again afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_free(inertializer: *mut HookeInertializer) {
    if !inertializer.is_null() {
        // SAFETY: a live handle from `Box::into_raw` (caller contract). Dropping plain columns
        // cannot panic.
        drop(unsafe { Box::from_raw(inertializer) });
    }
}

/// The number of characters (0 for NULL).
///
/// ```
/// assert_eq!(unsafe { hooke_capi::hooke_inertializer_characters(std::ptr::null()) }, 0);
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_characters(
    inertializer: *const HookeInertializer,
) -> usize {
    // SAFETY: forwarded caller contract.
    guard_or(0, || {
        Ok(unsafe { handle_ref(inertializer)? }.input.shape().0)
    })
}

/// The number of bones per character (0 for NULL).
///
/// ```
/// assert_eq!(unsafe { hooke_capi::hooke_inertializer_bones(std::ptr::null()) }, 0);
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_bones(inertializer: *const HookeInertializer) -> usize {
    // SAFETY: forwarded caller contract.
    guard_or(0, || {
        Ok(unsafe { handle_ref(inertializer)? }.input.shape().1)
    })
}

/// Makes the next transitions of `character` dead blends: its output at the transition is
/// extrapolated with velocities decaying with `halflife` and cross-faded to the live input over
/// `blend_time` seconds (both finite, `>= 0`). A blend in flight continues.
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// unsafe {
///     hooke_inertializer_new(1, 1, [0.1_f32].as_ptr(), &mut h);
///     assert_eq!(hooke_inertializer_set_dead_blend(h, 0, 0.3, 0.1), HookeStatus::Ok);
///     assert_eq!(hooke_inertializer_set_dead_blend(h, 0, -1.0, 0.1), HookeStatus::InvalidParameter);
///     hooke_inertializer_free(h);
/// }
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle, not used concurrently.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_set_dead_blend(
    inertializer: *mut HookeInertializer,
    character: usize,
    blend_time: f32,
    halflife: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_mut(inertializer)? };
        let mode = BlendMode::DeadBlend {
            blend_time,
            halflife,
        };
        Ok(h.inner.set_mode(character, mode)?)
    })
}

/// Makes the next transitions of `character` inertializations again (the default).
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// unsafe {
///     hooke_inertializer_new(1, 1, [0.1_f32].as_ptr(), &mut h);
///     assert_eq!(hooke_inertializer_set_inertialize(h, 0), HookeStatus::Ok);
///     hooke_inertializer_free(h);
/// }
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle, not used concurrently.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_set_inertialize(
    inertializer: *mut HookeInertializer,
    character: usize,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_mut(inertializer)? };
        Ok(h.inner.set_mode(character, BlendMode::Inertialize)?)
    })
}

/// Removes every offset, dead blend and root anchor of `character`: its output becomes its
/// input at the next update (a hard cut).
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// unsafe {
///     hooke_inertializer_new(1, 1, [0.1_f32].as_ptr(), &mut h);
///     assert_eq!(hooke_inertializer_reset(h, 0), HookeStatus::Ok);
///     assert_eq!(hooke_inertializer_reset(h, 1), HookeStatus::IndexOutOfRange);
///     hooke_inertializer_free(h);
/// }
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle, not used concurrently.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_reset(
    inertializer: *mut HookeInertializer,
    character: usize,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_mut(inertializer)? };
        Ok(h.inner.reset(character)?)
    })
}

/// Writes to `*blending` whether `character` still carries an offset or a running dead blend.
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// let mut blending = true;
/// unsafe {
///     hooke_inertializer_new(1, 1, [0.1_f32].as_ptr(), &mut h);
///     assert_eq!(hooke_inertializer_is_blending(h, 0, &mut blending), HookeStatus::Ok);
///     hooke_inertializer_free(h);
/// }
/// assert!(!blending);
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle, not mutated concurrently; `blending` is null or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_is_blending(
    inertializer: *const HookeInertializer,
    character: usize,
    blending: *mut bool,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_ref(inertializer)? };
        check_pointer(blending, "blending")?;
        let value = h.inner.is_blending(character)?;
        // SAFETY: non-null and writable per the caller.
        unsafe { write(blending, value) };
        Ok(())
    })
}

impl Handle for HookeInertializer {
    const NAME: &'static str = "inertializer";
}
