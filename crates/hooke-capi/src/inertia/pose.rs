//! Poses across the boundary: `HookeBoneState` arrays and strided views of the engine's memory,
//! read and checked into hooke-inertia's poses.

use std::ptr;

use glam::{Quat, Vec3};
use hooke_inertia::Pose;

use crate::error::FfiResult;
use crate::view::{HookeChannel, HookeConstChannel, Reader};

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

pub(super) const BONE_STRIDE: usize = size_of::<HookeBoneState>();

/// Byte offsets of the four channels in a [`HookeBoneState`], in the views' field order.
const BONE_CHANNELS: [usize; 4] = [
    std::mem::offset_of!(HookeBoneState, position),
    std::mem::offset_of!(HookeBoneState, velocity),
    std::mem::offset_of!(HookeBoneState, rotation),
    std::mem::offset_of!(HookeBoneState, angular_velocity),
];

/// The first float of the field at byte `offset` of `states[0]`; NULL stays NULL (a view
/// reports its required channels as NULL).
fn bone_field(states: *const HookeBoneState, offset: usize) -> *const f32 {
    if states.is_null() {
        ptr::null()
    } else {
        states.cast::<u8>().wrapping_add(offset).cast()
    }
}

impl HookePoseView {
    /// The view of an array of [`HookeBoneState`] (NULL gives a view whose required channels
    /// are NULL, reported as such).
    ///
    /// ```
    /// let view = hooke_capi::HookePoseView::from_bone_states(std::ptr::null());
    /// assert!(view.position.data.is_null());
    /// ```
    pub fn from_bone_states(states: *const HookeBoneState) -> HookePoseView {
        let [position, velocity, rotation, angular_velocity] =
            BONE_CHANNELS.map(|offset| HookeConstChannel {
                data: bone_field(states, offset),
                stride: BONE_STRIDE,
            });
        HookePoseView {
            position,
            velocity,
            rotation,
            angular_velocity,
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
        let [position, velocity, rotation, angular_velocity] =
            BONE_CHANNELS.map(|offset| HookeChannel {
                data: bone_field(states.cast_const(), offset).cast_mut(),
                stride: BONE_STRIDE,
            });
        HookePoseViewMut {
            position,
            velocity,
            rotation,
            angular_velocity,
        }
    }
}

/// The checked channels of an input view of `count` bones.
pub(super) struct PoseReader {
    pub(super) position: Reader<3>,
    pub(super) velocity: Option<Reader<3>>,
    pub(super) rotation: Reader<4>,
    pub(super) angular_velocity: Option<Reader<3>>,
}

impl PoseReader {
    pub(super) fn new(
        view: &HookePoseView,
        count: usize,
        name: Names,
    ) -> FfiResult<Option<PoseReader>> {
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
    pub(super) unsafe fn fill(&self, first: usize, pose: &mut Pose) {
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
pub(super) struct Names {
    pub(super) position: &'static str,
    pub(super) velocity: &'static str,
    pub(super) rotation: &'static str,
    pub(super) angular: &'static str,
}
