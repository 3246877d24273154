//! Transitions and updates: poses in, checked, inertialized, written out (nothing on failure).

use hooke_inertia::InertiaError;

use super::pose::{HookeBoneState, HookePoseView, HookePoseViewMut, Names, PoseReader};
use super::{HookeInertializer, handle_mut};
use crate::error::{FfiResult, HookeStatus, check_pointer, guard, read, slice};
use crate::view::Writer;
use crate::view::{HookeChannel, HookeConstChannel};
use hooke_inertia::PoseBatch;

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

/// `e` of `PoseBatch::set_character`, which names a pose's fields `input.*`, with the fields of
/// a transition's pose `role` ("source" or "destination") instead, as hooke-inertia's own
/// transition names them.
fn in_role(e: InertiaError, role: &'static str) -> InertiaError {
    let rename = |field: &'static str| match (role, field) {
        ("source", "input.positions") => "source.positions",
        ("source", "input.velocities") => "source.velocities",
        ("source", "input.rotations") => "source.rotations",
        ("source", "input.angular_velocities") => "source.angular_velocities",
        ("destination", "input.positions") => "destination.positions",
        ("destination", "input.velocities") => "destination.velocities",
        ("destination", "input.rotations") => "destination.rotations",
        ("destination", "input.angular_velocities") => "destination.angular_velocities",
        _ => field,
    };
    match e {
        InertiaError::NotFinite {
            field,
            character,
            bone,
            value,
        } => InertiaError::NotFinite {
            field: rename(field),
            character,
            bone,
            value,
        },
        InertiaError::NotUnit {
            field,
            character,
            bone,
            length,
        } => InertiaError::NotUnit {
            field: rename(field),
            character,
            bone,
            length,
        },
        other => other,
    }
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
    // In place (every written channel is its input channel), a character whose output will be
    // its input is neither read nor written: its data already is its output. Foot locking
    // reads every character, so it turns this off.
    let in_place = aliased(input, output) && h.feet.is_none();
    let at_rest = |h: &HookeInertializer, c: usize| in_place && h.inner.is_at_rest(c) == Ok(true);
    for c in 0..characters {
        let skip = at_rest(h, c);
        if let Some(slot) = h.skipped.get_mut(c) {
            *slot = skip;
        }
        if let (Some(reader), false) = (&reader, skip) {
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
    if let Some(feet) = &mut h.feet {
        feet.update(dt, &h.inner, &h.input, &mut h.output)?;
    }
    let out = &h.output;
    for i in 0..count {
        if bones > 0 && h.skipped.get(i / bones) == Some(&true) {
            continue;
        }
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

/// Whether every channel `output` writes is the same memory, with the same stride, as the
/// channel of `input` it is computed from (an update in place).
fn aliased(input: &HookePoseView, output: &HookePoseViewMut) -> bool {
    let same = |i: &HookeConstChannel, o: &HookeChannel| {
        o.data.is_null() || (std::ptr::eq(i.data, o.data.cast_const()) && i.stride == o.stride)
    };
    same(&input.position, &output.position)
        && same(&input.velocity, &output.velocity)
        && same(&input.rotation, &output.rotation)
        && same(&input.angular_velocity, &output.angular_velocity)
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

/// Switches `character` from the animation it was showing (`source`, `bones` entries, with
/// velocities, at the time of the switch) to a new one (`destination`, `bones` entries) without
/// moving its output. Call it before the update of the frame whose input changes: that update
/// shows the character as of the switch, and the blend advances from the next one.
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
        // The header's rule: an array may be NULL when its length is 0 (a 0-bone rig).
        if !h.scratch.positions.is_empty() {
            check_pointer(source, "source")?;
            check_pointer(destination, "destination")?;
        }
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

/// Switches each of the `count` characters listed in `characters` from its pose in `source`
/// to its pose in `destination` (both `characters * bones` states, character-major, like the
/// update's input: the engine passes its last input and the new animations), as
/// [`hooke_inertializer_transition`] for each listed character
/// ([`hooke_inertia::Inertializer::transition_many`]). Only the listed characters' states are
/// read. An index out of range, a character listed twice, or a non-finite value or non-unit
/// rotation in a listed character's states fails with nothing changed.
///
/// ```
/// use hooke_capi::*;
/// let (characters, bones) = (3, 2);
/// let mut h: *mut HookeInertializer = std::ptr::null_mut();
/// unsafe {
///     hooke_inertializer_new(characters, bones, [0.1_f32; 2].as_ptr(), &mut h);
///     let source = [HookeBoneState::default(); 6];
///     let mut destination = source;
///     destination[2 * bones + 1].position = [0.0, 1.0, 0.0];
///     let list = [2_usize, 0];
///     let status = hooke_inertializer_transition_many(h, list.as_ptr(), 2, source.as_ptr(), destination.as_ptr());
///     assert_eq!(status, HookeStatus::Ok);
///     let twice = [1_usize, 1];
///     let status = hooke_inertializer_transition_many(h, twice.as_ptr(), 2, source.as_ptr(), destination.as_ptr());
///     assert_eq!(status, HookeStatus::InvalidParameter);
///     let beyond = [3_usize];
///     let status = hooke_inertializer_transition_many(h, beyond.as_ptr(), 1, source.as_ptr(), destination.as_ptr());
///     assert_eq!(status, HookeStatus::IndexOutOfRange);
///     hooke_inertializer_free(h);
/// }
/// ```
///
/// # Safety
///
/// `inertializer` is null or a live handle, not used concurrently; `characters` is null or
/// points to `count` indices; `source` and `destination` are null or point to
/// `characters * bones` readable states.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_inertializer_transition_many(
    inertializer: *mut HookeInertializer,
    characters: *const usize,
    count: usize,
    source: *const HookeBoneState,
    destination: *const HookeBoneState,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let (h, list) = unsafe {
            (
                handle_mut(inertializer)?,
                slice(characters, count, "characters")?,
            )
        };
        let (n, bones, _) = h.input.shape();
        // Indices first: the states of each listed character are read below.
        for &character in list {
            hooke::error::check_index("characters", character, n).map_err(InertiaError::from)?;
        }
        if list.is_empty() || bones == 0 {
            return Ok(h.inner.transition_many(list, &h.input, &h.input)?);
        }
        check_pointer(source, "source")?;
        check_pointer(destination, "destination")?;
        let total = n * bones; // checked when the handle was built
        let source = PoseReader::new(
            &HookePoseView::from_bone_states(source),
            total,
            names!("source"),
        )?;
        let destination = PoseReader::new(
            &HookePoseView::from_bone_states(destination),
            total,
            names!("destination"),
        )?;
        let (Some(source), Some(destination)) = (source, destination) else {
            return Ok(());
        };
        if h.many.is_none() {
            let batch = || PoseBatch::new(n, bones, 0);
            h.many = Some(Box::new((batch()?, batch()?)));
        }
        let Some(many) = h.many.as_deref_mut() else {
            return Ok(());
        };
        for &character in list {
            // SAFETY: `character < n`, so its bones are within `total`.
            unsafe {
                source.fill(character * bones, &mut h.scratch);
                destination.fill(character * bones, &mut h.scratch_destination);
            }
            let as_role = |role| move |e| in_role(e, role);
            (many.0)
                .set_character(character, h.scratch.as_ref())
                .map_err(as_role("source"))?;
            (many.1)
                .set_character(character, h.scratch_destination.as_ref())
                .map_err(as_role("destination"))?;
        }
        h.inner.transition_many(list, &many.0, &many.1)?;
        Ok(())
    })
}

/// Advances every character by `dt` (finite, `>= 0`) and writes its output. `input` and
/// `output` hold `characters * bones` states, character-major; they may be the same array.
/// A NaN `dt`, a non-finite value or a non-unit rotation in `input` fails with nothing written.
/// Characters that switched since the last update are shown as of their switch. In place (the
/// same array) and without foot locking, a character at rest
/// ([`hooke_inertia::Inertializer::is_at_rest`]) is neither read nor written, nor checked: its
/// states already are its output.
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
    // The header's rule: an array may be NULL when its length is 0 (no characters or bones).
    let (characters, bones, _) = h.input.shape();
    if characters * bones > 0 {
        check_pointer(input, "input")?;
        check_pointer(output, "output")?;
    }
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
