//! Typed errors for everything that enters the inertializer from outside.

/// Invalid input to the inertializer, naming the field, the character and the bone.
///
/// Values are checked once where they enter ([`crate::PoseBatch::set_character`],
/// [`crate::Inertializer::transition`], the constructors); the update kernels never check and never
/// fail.
///
/// ```
/// use hooke_inertia::{BlendProfile, InertiaError};
/// let err = BlendProfile::uniform(3, -0.1).unwrap_err();
/// assert!(matches!(
///     err,
///     InertiaError::Param(hooke::ParamError::InvalidAt { name: "halflife", index: 0, .. })
/// ));
/// assert_eq!(err.to_string(), "parameter `halflife` at index 0 is -0.1, expected a finite value >= 0");
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum InertiaError {
    /// A parameter, index, length or allocation error, with hooke's kinds and texts: a halflife
    /// or time out of its domain (`Invalid`, `InvalidAt` with the bone index), a character or
    /// bone index out of range (`IndexOutOfRange`), an array of the wrong length
    /// (`LengthMismatch`), an allocation that failed (`OutOfMemory`).
    #[error(transparent)]
    Param(#[from] hooke::ParamError),
    /// A foot rig or foot-locking setting that cannot be used ([`crate::FootRig`],
    /// [`crate::FootLockSettings`]).
    #[error(transparent)]
    FootRig(#[from] crate::FootRigError),
    /// A position, velocity, angular velocity, curve value or quaternion component is NaN or
    /// infinite.
    #[error("`{field}` of character {character}, bone {bone} is not finite: {value:?}")]
    NotFinite {
        /// The field, e.g. `"destination.positions"`.
        field: &'static str,
        /// The character.
        character: usize,
        /// The bone (or curve) index.
        bone: usize,
        /// The components (unused trailing components are 0).
        value: [f32; 4],
    },
    /// A finite quaternion whose length is not within [`hooke::error::UNIT_QUAT_TOLERANCE`] of 1.
    #[error(
        "`{field}` of character {character}, bone {bone} has length {length}, expected 1 (± {tolerance})",
        tolerance = hooke::error::UNIT_QUAT_TOLERANCE
    )]
    NotUnit {
        /// The field, e.g. `"input.rotations"`.
        field: &'static str,
        /// The character.
        character: usize,
        /// The bone.
        bone: usize,
        /// The quaternion's length.
        length: f32,
    },
    /// A scale is zero or negative (scales are inertialized in log space).
    ///
    /// ```
    /// let e = hooke_inertia::InertiaError::NotPositive { field: "input.scales", character: 0, bone: 2, value: [1.0, 0.0, 1.0] };
    /// assert!(e.to_string().contains("bone 2"));
    /// ```
    #[error("`{field}` of character {character}, bone {bone} is not positive: {value:?}")]
    NotPositive {
        /// The field, e.g. `"destination.scales"`.
        field: &'static str,
        /// The character.
        character: usize,
        /// The bone.
        bone: usize,
        /// The scale.
        value: [f32; 3],
    },
    /// A pose has scales but the rig has no scale channel ([`crate::BlendProfile::with_scales`]),
    /// or a batch's scale channel does not match the rig's.
    ///
    /// ```
    /// let e = hooke_inertia::InertiaError::NoScaleChannel { field: "input.scales" };
    /// assert!(e.to_string().contains("scale channel"));
    /// ```
    #[error(
        "`{field}`: the scale channel of the rig and of the poses must match (BlendProfile::with_scales, PoseBatch::with_scales)"
    )]
    NoScaleChannel {
        /// The field, e.g. `"input.scales"` or `"output"`.
        field: &'static str,
    },
    /// A bone's parent is not an earlier bone ([`crate::BlendProfile::with_parents`]).
    ///
    /// ```
    /// let e = hooke_inertia::InertiaError::InvalidParent { bone: 2, parent: 5 };
    /// assert!(e.to_string().contains("bone 2"));
    /// ```
    #[error("parent of bone {bone} is bone {parent}: parents must come before their children")]
    InvalidParent {
        /// The bone.
        bone: usize,
        /// Its parent.
        parent: usize,
    },
    /// World-space rotation was asked for before the skeleton's parents were given.
    ///
    /// ```
    /// assert!(hooke_inertia::InertiaError::MissingParents.to_string().contains("with_parents"));
    /// ```
    #[error(
        "world-space rotation needs the skeleton's parents: call BlendProfile::with_parents first"
    )]
    MissingParents,
    /// Two batches (input and output, or batch and inertializer) have different shapes.
    #[error("`{field}` has shape {found:?} (characters, bones, curves), expected {expected:?}")]
    ShapeMismatch {
        /// The batch, e.g. `"output"`.
        field: &'static str,
        /// The inertializer's shape.
        expected: (usize, usize, usize),
        /// The batch's shape.
        found: (usize, usize, usize),
    },
    /// The up axis of [`crate::RootPolicy::Anchored`] is zero or not finite.
    #[error("up axis {value:?} is not a finite non-zero vector")]
    InvalidUpAxis {
        /// The rejected axis.
        value: [f32; 3],
    },
    /// A character listed twice in one [`crate::Inertializer::transition_many`] call (at
    /// positions `first` and `second` of the list).
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let mut i = Inertializer::new(4, BlendProfile::uniform(2, 0.1)?, RootPolicy::Local)?;
    /// let poses = PoseBatch::new(4, 2, 0)?;
    /// assert_eq!(
    ///     i.transition_many(&[1, 3, 1], &poses, &poses),
    ///     Err(InertiaError::DuplicateCharacter { character: 1, first: 0, second: 2 })
    /// );
    /// # Ok::<(), InertiaError>(())
    /// ```
    #[error("character {character} is listed twice (at {first} and {second} of `characters`)")]
    DuplicateCharacter {
        /// The character.
        character: usize,
        /// Its first position in the list.
        first: usize,
        /// Its second position in the list.
        second: usize,
    },
    /// A size computed from the caller's counts (characters times bones or curves) does not fit
    /// in `usize`.
    #[error("{what}: {count} x {per_item} entries do not fit in usize")]
    SizeOverflow {
        /// What was being sized, e.g. `"bone lanes"`.
        what: &'static str,
        /// The number of characters.
        count: usize,
        /// Entries per character (bones or curves).
        per_item: usize,
    },
}
