//! The crowd inertializer ([`hooke_inertia::Inertializer`]) behind an opaque handle.
//!
//! Poses cross the boundary either as arrays of [`HookeBoneState`] (13 floats per bone) or as
//! strided views ([`HookePoseView`], [`HookePoseViewMut`]) of the engine's own memory. Either way
//! every value is checked where it enters (finite, unit quaternions within
//! [`hooke_inertia::UNIT_TOLERANCE`]), and on any failure nothing is written to the caller's
//! output and the inertializer's state is unchanged.

use std::ptr;

use glam::{Quat, Vec3};
use hooke_inertia::{
    BlendMode, BlendProfile, InertiaError, Inertializer, Pose, PoseBatch, RootPolicy,
};

use crate::error::{
    Failure, FfiResult, HookeStatus, guard, guard_or, non_null, read, slice, write,
};
use crate::view::{HookeChannel, HookeConstChannel, Reader, Writer};

/// One bone's state (`HookeBoneState` in `hooke.h`): 13 floats, no padding.
///
/// ```
/// assert_eq!(size_of::<hooke_capi::HookeBoneState>(), 13 * 4);
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HookeBoneState {
    /// Position.
    pub position: [f32; 3],
    /// Linear velocity (units per second).
    pub velocity: [f32; 3],
    /// Rotation `x, y, z, w` (unit length within 1e-3).
    pub rotation: [f32; 4],
    /// Angular velocity as a rotation vector per second.
    pub angular_velocity: [f32; 3],
}

impl Default for HookeBoneState {
    fn default() -> Self {
        HookeBoneState {
            position: [0.0; 3],
            velocity: [0.0; 3],
            rotation: [0.0, 0.0, 0.0, 1.0],
            angular_velocity: [0.0; 3],
        }
    }
}

/// Read-only strided view of bones (`HookePoseView` in `hooke.h`): element `i` of each channel is
/// bone `i` (for a whole crowd, `i = character * bones + bone`). `position` and `rotation` are
/// required; a NULL `velocity` or `angular_velocity` reads as zero.
///
/// ```
/// use hooke_capi::{HookeBoneState, HookePoseView};
/// let bones = [HookeBoneState::default(); 4];
/// let view = HookePoseView::from_bone_states(bones.as_ptr());
/// assert_eq!(view.rotation.stride, size_of::<HookeBoneState>());
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HookePoseView {
    /// 3 floats per bone (required).
    pub position: HookeConstChannel,
    /// 3 floats per bone; NULL reads as zero.
    pub velocity: HookeConstChannel,
    /// 4 floats `x, y, z, w` per bone (required).
    pub rotation: HookeConstChannel,
    /// 3 floats per bone; NULL reads as zero.
    pub angular_velocity: HookeConstChannel,
}

/// Writable strided view of bones (`HookePoseViewMut` in `hooke.h`); a NULL channel is not
/// written. Strides must be at least the element's size (12 or 16 bytes).
///
/// ```
/// use hooke_capi::{HookeBoneState, HookePoseViewMut};
/// let mut bones = [HookeBoneState::default(); 4];
/// let view = HookePoseViewMut::from_bone_states(bones.as_mut_ptr());
/// assert_eq!(view.position.stride, 52);
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct HookePoseViewMut {
    /// 3 floats per bone; NULL: not written.
    pub position: HookeChannel,
    /// 3 floats per bone; NULL: not written.
    pub velocity: HookeChannel,
    /// 4 floats `x, y, z, w` per bone; NULL: not written.
    pub rotation: HookeChannel,
    /// 3 floats per bone; NULL: not written.
    pub angular_velocity: HookeChannel,
}

const BONE_STRIDE: usize = size_of::<HookeBoneState>();

impl HookePoseView {
    /// The view of an array of [`HookeBoneState`] (NULL gives a view whose required channels
    /// are NULL, reported as such).
    ///
    /// ```
    /// let view = hooke_capi::HookePoseView::from_bone_states(std::ptr::null());
    /// assert!(view.position.data.is_null());
    /// ```
    pub fn from_bone_states(states: *const HookeBoneState) -> HookePoseView {
        let channel = |offset: usize| HookeConstChannel {
            data: if states.is_null() {
                ptr::null()
            } else {
                states.cast::<u8>().wrapping_add(offset).cast()
            },
            stride: BONE_STRIDE,
        };
        HookePoseView {
            position: channel(std::mem::offset_of!(HookeBoneState, position)),
            velocity: channel(std::mem::offset_of!(HookeBoneState, velocity)),
            rotation: channel(std::mem::offset_of!(HookeBoneState, rotation)),
            angular_velocity: channel(std::mem::offset_of!(HookeBoneState, angular_velocity)),
        }
    }
}

impl HookePoseViewMut {
    /// The view of an array of [`HookeBoneState`] (NULL writes nothing; the update functions
    /// reject a NULL output array before that).
    ///
    /// ```
    /// let view = hooke_capi::HookePoseViewMut::from_bone_states(std::ptr::null_mut());
    /// assert!(view.rotation.data.is_null());
    /// ```
    pub fn from_bone_states(states: *mut HookeBoneState) -> HookePoseViewMut {
        let channel = |offset: usize| HookeChannel {
            data: if states.is_null() {
                ptr::null_mut()
            } else {
                states.cast::<u8>().wrapping_add(offset).cast()
            },
            stride: BONE_STRIDE,
        };
        HookePoseViewMut {
            position: channel(std::mem::offset_of!(HookeBoneState, position)),
            velocity: channel(std::mem::offset_of!(HookeBoneState, velocity)),
            rotation: channel(std::mem::offset_of!(HookeBoneState, rotation)),
            angular_velocity: channel(std::mem::offset_of!(HookeBoneState, angular_velocity)),
        }
    }
}

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
    Ok(HookeInertializer {
        inner: Inertializer::new(characters, profile, root)?,
        input: PoseBatch::new(characters, bones, 0)?,
        output: PoseBatch::new(characters, bones, 0)?,
        scratch: Pose::rest(bones),
        scratch_destination: Pose::rest(bones),
    })
}

/// Writes a new handle to `*out` (NULL first, so that a failure leaves `*out == NULL`).
///
/// # Safety
///
/// `out` is null or valid, aligned and writable.
unsafe fn new_handle(
    out: *mut *mut HookeInertializer,
    make: impl FnOnce() -> FfiResult<HookeInertializer>,
) -> FfiResult {
    non_null(out, "out")?;
    // SAFETY: non-null and writable per the caller.
    unsafe { write(out, ptr::null_mut()) };
    let handle = Box::into_raw(Box::new(make()?));
    // SAFETY: as above.
    unsafe { write(out, handle) };
    Ok(())
}

/// # Safety
///
/// `h` is null or a live handle, not used concurrently.
unsafe fn handle_mut<'a>(h: *mut HookeInertializer) -> FfiResult<&'a mut HookeInertializer> {
    // SAFETY: a live handle is a valid, exclusive `Box` allocation (caller contract).
    unsafe { h.as_mut() }.ok_or(Failure::Null("inertializer"))
}

/// # Safety
///
/// `h` is null or a live handle, not mutated concurrently.
unsafe fn handle_ref<'a>(h: *const HookeInertializer) -> FfiResult<&'a HookeInertializer> {
    // SAFETY: a live handle is a valid `Box` allocation (caller contract).
    unsafe { h.as_ref() }.ok_or(Failure::Null("inertializer"))
}

/// The checked channels of an input view of `count` bones.
struct PoseReader {
    position: Reader<3>,
    velocity: Option<Reader<3>>,
    rotation: Reader<4>,
    angular_velocity: Option<Reader<3>>,
}

impl PoseReader {
    fn new(view: &HookePoseView, count: usize, name: Names) -> FfiResult<Option<PoseReader>> {
        let position = Reader::new(view.position, count, name.position, false)?;
        let velocity = Reader::new(view.velocity, count, name.velocity, true)?;
        let rotation = Reader::new(view.rotation, count, name.rotation, false)?;
        let angular_velocity = Reader::new(view.angular_velocity, count, name.angular, true)?;
        // Both required channels are present unless `count` is 0.
        Ok(position
            .zip(rotation)
            .map(|(position, rotation)| PoseReader {
                position,
                velocity,
                rotation,
                angular_velocity,
            }))
    }

    /// Copies bones `first..first + pose.len()` into `pose` (unchecked: `set_character` and
    /// `transition` check the values).
    ///
    /// # Safety
    ///
    /// `first + bones` is within the count checked in `new`.
    unsafe fn fill(&self, first: usize, pose: &mut Pose) {
        let zero = |r: &Option<Reader<3>>, i| match r {
            // SAFETY: forwarded.
            Some(r) => Vec3::from_array(unsafe { r.get(i) }),
            None => Vec3::ZERO,
        };
        for b in 0..pose.positions.len() {
            let i = first + b;
            // SAFETY: `i` is within the checked count (caller contract).
            unsafe {
                pose.positions[b] = Vec3::from_array(self.position.get(i));
                pose.rotations[b] = Quat::from_array(self.rotation.get(i));
            }
            pose.velocities[b] = zero(&self.velocity, i);
            pose.angular_velocities[b] = zero(&self.angular_velocity, i);
        }
    }
}

/// Field names for the error messages of one view argument.
#[derive(Clone, Copy)]
struct Names {
    position: &'static str,
    velocity: &'static str,
    rotation: &'static str,
    angular: &'static str,
}

macro_rules! names {
    ($arg:literal) => {
        Names {
            position: concat!($arg, ".position"),
            velocity: concat!($arg, ".velocity"),
            rotation: concat!($arg, ".rotation"),
            angular: concat!($arg, ".angular_velocity"),
        }
    };
}

/// Checks `dt` before any work (the same rule and message as hooke-inertia's update).
fn check_dt(dt: f32) -> FfiResult {
    hooke::error::check_non_negative("dt", dt).map_err(InertiaError::from)?;
    Ok(())
}

/// The body of every update: checks, gathers the input into the SoA batch (validating it),
/// updates, and only then scatters the output.
fn update_views(
    h: &mut HookeInertializer,
    dt: f32,
    input: &HookePoseView,
    output: &HookePoseViewMut,
    parallel: bool,
) -> FfiResult {
    check_dt(dt)?;
    let (characters, bones, _) = h.input.shape();
    let count = characters * bones; // checked when the handle was built
    let reader = PoseReader::new(input, count, names!("input"))?;
    let mut position = Writer::<3>::new(output.position, count, "output.position")?;
    let mut velocity = Writer::<3>::new(output.velocity, count, "output.velocity")?;
    let mut rotation = Writer::<4>::new(output.rotation, count, "output.rotation")?;
    let mut angular = Writer::<3>::new(output.angular_velocity, count, "output.angular_velocity")?;
    if let Some(reader) = reader {
        for c in 0..characters {
            // SAFETY: bones c * bones .. (c + 1) * bones are within `count`.
            unsafe { reader.fill(c * bones, &mut h.scratch) };
            h.input.set_character(c, h.scratch.as_ref())?;
        }
    }
    if parallel {
        h.inner.par_update(dt, &h.input, &mut h.output)?;
    } else {
        h.inner.update(dt, &h.input, &mut h.output)?;
    }
    let out = &h.output;
    for i in 0..count {
        // SAFETY: `i < count`, the count each writer was checked for.
        unsafe {
            if let Some(w) = &mut position {
                w.set(i, out.positions().get(i).to_array());
            }
            if let Some(w) = &mut velocity {
                w.set(i, out.velocities().get(i).to_array());
            }
            if let Some(w) = &mut rotation {
                w.set(i, out.rotations().get(i).to_array());
            }
            if let Some(w) = &mut angular {
                w.set(i, out.angular_velocities().get(i).to_array());
            }
        }
    }
    Ok(())
}

fn transition_views(
    h: &mut HookeInertializer,
    character: usize,
    source: &HookePoseView,
    destination: &HookePoseView,
) -> FfiResult {
    h.inner.is_blending(character)?; // the character index first: the clearest error
    let bones = h.scratch.positions.len();
    let source = PoseReader::new(source, bones, names!("source"))?;
    let destination = PoseReader::new(destination, bones, names!("destination"))?;
    if let (Some(source), Some(destination)) = (source, destination) {
        // SAFETY: `bones` elements were checked.
        unsafe {
            source.fill(0, &mut h.scratch);
            destination.fill(0, &mut h.scratch_destination);
        }
    }
    h.inner.transition(
        character,
        h.scratch.as_ref(),
        h.scratch_destination.as_ref(),
    )?;
    Ok(())
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

/// Switches `character` from the animation it was showing (`source`, `bones` entries, with
/// velocities, at the time of the switch) to a new one (`destination`, `bones` entries) without
/// moving its output. Call it before the update of the frame whose input changes.
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// unsafe {
///     hooke_inertializer_new(2, 1, [0.1_f32].as_ptr(), &mut h);
///     let pose = [HookeBoneState::default()];
///     let status = hooke_inertializer_transition(h, 2, pose.as_ptr(), pose.as_ptr());
///     assert_eq!(status, HookeStatus::IndexOutOfRange);
///     let mut bad = pose;
///     bad[0].rotation = [0.0, 0.0, 0.0, 0.5];
///     let status = hooke_inertializer_transition(h, 0, pose.as_ptr(), bad.as_ptr());
///     assert_eq!(status, HookeStatus::InvalidParameter); // not a unit quaternion
///     hooke_inertializer_free(h);
/// }
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle, not used concurrently; `source` and `destination`
/// are null or point to `bones` states.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_transition(
    inertializer: *mut HookeInertializer,
    character: usize,
    source: *const HookeBoneState,
    destination: *const HookeBoneState,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_mut(inertializer)? };
        non_null(source, "source")?;
        non_null(destination, "destination")?;
        let source = HookePoseView::from_bone_states(source);
        let destination = HookePoseView::from_bone_states(destination);
        transition_views(h, character, &source, &destination)
    })
}

/// [`hooke_inertializer_transition`] with strided views of `bones` bones each.
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// unsafe {
///     hooke_inertializer_new(1, 1, [0.1_f32].as_ptr(), &mut h);
///     let view = HookePoseView {
///         position: HookeConstChannel::NONE,
///         velocity: HookeConstChannel::NONE,
///         rotation: HookeConstChannel::NONE,
///         angular_velocity: HookeConstChannel::NONE,
///     };
///     let status = hooke_inertializer_transition_view(h, 0, &view, &view);
///     assert_eq!(status, HookeStatus::NullPointer); // positions are required
///     hooke_inertializer_free(h);
/// }
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle, not used concurrently; `source` and `destination`
/// are null or valid views whose channels hold `bones` readable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_transition_view(
    inertializer: *mut HookeInertializer,
    character: usize,
    source: *const HookePoseView,
    destination: *const HookePoseView,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let (h, source, destination) = unsafe {
            (
                handle_mut(inertializer)?,
                read(source, "source")?,
                read(destination, "destination")?,
            )
        };
        transition_views(h, character, &source, &destination)
    })
}

/// Advances every character by `dt` (finite, `>= 0`) and writes its output. `input` and
/// `output` hold `characters * bones` states, character-major; they may be the same array.
/// A NaN `dt`, a non-finite value or a non-unit rotation in `input` fails with nothing written.
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// unsafe {
///     hooke_inertializer_new(2, 1, [0.1_f32].as_ptr(), &mut h);
///     let input = [HookeBoneState::default(); 2];
///     let mut output = [HookeBoneState { position: [9.0; 3], ..Default::default() }; 2];
///     let status = hooke_inertializer_update(h, f32::NAN, input.as_ptr(), output.as_mut_ptr());
///     assert_eq!(status, HookeStatus::InvalidParameter);
///     assert_eq!(output[0].position, [9.0; 3]); // untouched
///     hooke_inertializer_free(h);
/// }
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle, not used concurrently; `input` is null or points to
/// `characters * bones` readable states, `output` null or to as many writable ones.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_update(
    inertializer: *mut HookeInertializer,
    dt: f32,
    input: *const HookeBoneState,
    output: *mut HookeBoneState,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe { update_states(inertializer, dt, input, output, false) })
}

/// [`hooke_inertializer_update`] split across rayon's threads for large crowds (bit-identical).
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// unsafe {
///     hooke_inertializer_new(2, 1, [0.1_f32].as_ptr(), &mut h);
///     let input = [HookeBoneState::default(); 2];
///     let mut output = input;
///     assert_eq!(hooke_inertializer_par_update(h, 0.1, input.as_ptr(), output.as_mut_ptr()), HookeStatus::Ok);
///     hooke_inertializer_free(h);
/// }
/// ```
///
/// # Safety
///
/// As [`hooke_inertializer_update`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_par_update(
    inertializer: *mut HookeInertializer,
    dt: f32,
    input: *const HookeBoneState,
    output: *mut HookeBoneState,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe { update_states(inertializer, dt, input, output, true) })
}

/// # Safety
///
/// As [`hooke_inertializer_update`].
unsafe fn update_states(
    inertializer: *mut HookeInertializer,
    dt: f32,
    input: *const HookeBoneState,
    output: *mut HookeBoneState,
    parallel: bool,
) -> FfiResult {
    // SAFETY: forwarded caller contract.
    let h = unsafe { handle_mut(inertializer)? };
    non_null(input, "input")?;
    non_null(output, "output")?;
    let input = HookePoseView::from_bone_states(input);
    let output = HookePoseViewMut::from_bone_states(output);
    update_views(h, dt, &input, &output, parallel)
}

/// [`hooke_inertializer_update`] through strided views of `characters * bones` bones (element
/// `character * bones + bone`), e.g. straight into an engine's transform array.
///
/// ```
/// use hooke_capi::*;
/// // {float t[3]; float pad; float q[4]; float s[3]; float pad;}
/// let mut transforms = [0.0_f32; 12 * 2];
/// for t in transforms.chunks_mut(12) { t[7] = 1.0; }
/// let base = transforms.as_mut_ptr();
/// let input = HookePoseView {
///     position: HookeConstChannel { data: base, stride: 48 },
///     velocity: HookeConstChannel::NONE,
///     rotation: HookeConstChannel { data: base.wrapping_add(4), stride: 48 },
///     angular_velocity: HookeConstChannel::NONE,
/// };
/// let output = HookePoseViewMut {
///     position: HookeChannel { data: base, stride: 48 },
///     velocity: HookeChannel::NONE,
///     rotation: HookeChannel { data: base.wrapping_add(4), stride: 48 },
///     angular_velocity: HookeChannel::NONE,
/// };
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// unsafe {
///     hooke_inertializer_new(2, 1, [0.1_f32].as_ptr(), &mut h);
///     assert_eq!(hooke_inertializer_update_view(h, 1.0 / 60.0, &input, &output), HookeStatus::Ok);
///     hooke_inertializer_free(h);
/// }
/// assert_eq!(transforms[7], 1.0);
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle, not used concurrently; `input` and `output` are null
/// or valid views whose non-null channels hold `characters * bones` elements (readable, resp.
/// writable and not read by another thread during the call).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_update_view(
    inertializer: *mut HookeInertializer,
    dt: f32,
    input: *const HookePoseView,
    output: *const HookePoseViewMut,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe { update_view_ptrs(inertializer, dt, input, output, false) })
}

/// [`hooke_inertializer_update_view`] split across rayon's threads (bit-identical).
///
/// ```
/// let status = unsafe {
///     hooke_capi::hooke_inertializer_par_update_view(
///         std::ptr::null_mut(), 0.0, std::ptr::null(), std::ptr::null())
/// };
/// assert_eq!(status, hooke_capi::HookeStatus::NullPointer);
/// ```
///
/// # Safety
///
/// As [`hooke_inertializer_update_view`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_par_update_view(
    inertializer: *mut HookeInertializer,
    dt: f32,
    input: *const HookePoseView,
    output: *const HookePoseViewMut,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe { update_view_ptrs(inertializer, dt, input, output, true) })
}

/// # Safety
///
/// As [`hooke_inertializer_update_view`].
unsafe fn update_view_ptrs(
    inertializer: *mut HookeInertializer,
    dt: f32,
    input: *const HookePoseView,
    output: *const HookePoseViewMut,
    parallel: bool,
) -> FfiResult {
    // SAFETY: forwarded caller contract.
    let (h, input, output) = unsafe {
        (
            handle_mut(inertializer)?,
            read(input, "input")?,
            read(output, "output")?,
        )
    };
    update_views(h, dt, &input, &output, parallel)
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
        non_null(blending, "blending")?;
        let value = h.inner.is_blending(character)?;
        // SAFETY: non-null and writable per the caller.
        unsafe { write(blending, value) };
        Ok(())
    })
}
