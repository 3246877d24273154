//! Typed errors of the foot rig and the foot-locking settings.

/// A foot rig or foot-locking setting that cannot be used, naming the leg, the field and the
/// bone.
///
/// ```
/// use hooke_inertia::{FootRig, FootRigError, Leg};
/// let parents = [None, Some(0), Some(1), Some(2)];
/// let leg = Leg { hip: 0, knee: 1, ankle: 2, toe: 9 };
/// let err = FootRig::new(&parents, &[leg]).unwrap_err();
/// assert_eq!(err, FootRigError::BoneOutOfRange { leg: 0, field: "toe", bone: 9, bones: 4 });
/// assert!(err.to_string().contains("leg 0"));
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FootRigError {
    /// A leg names a bone the skeleton does not have.
    #[error("leg {leg}: `{field}` is bone {bone}, the skeleton has {bones} bones")]
    BoneOutOfRange {
        /// The leg (index in the rig's list).
        leg: usize,
        /// `"hip"`, `"knee"`, `"ankle"` or `"toe"`.
        field: &'static str,
        /// The bone given.
        bone: usize,
        /// The skeleton's bone count.
        bones: usize,
    },
    /// A leg's bones are not a chain: `field`'s parent must be the bone above it.
    #[error("leg {leg}: `{field}` (bone {bone}) has parent {parent:?}, expected bone {expected}")]
    NotAChain {
        /// The leg.
        leg: usize,
        /// `"knee"`, `"ankle"` or `"toe"`.
        field: &'static str,
        /// The bone.
        bone: usize,
        /// Its parent in the skeleton.
        parent: Option<usize>,
        /// The bone above it in the leg.
        expected: usize,
    },
    /// A bone belongs to two legs.
    #[error("bone {bone} belongs to legs {first} and {second}")]
    SharedBone {
        /// The bone.
        bone: usize,
        /// The first leg holding it.
        first: usize,
        /// The second leg holding it.
        second: usize,
    },
    /// More legs than a skeleton can hold: each leg owns four bones, none shared.
    ///
    /// ```
    /// use hooke_inertia::{FootRig, FootRigError};
    /// let err = FootRig::check_leg_count(3, 8).unwrap_err();
    /// assert_eq!(err, FootRigError::TooManyLegs { legs: 3, bones: 8 });
    /// assert!(err.to_string().contains("3 legs"));
    /// ```
    #[error("{legs} legs for a skeleton of {bones} bones: each leg owns 4 bones, none shared")]
    TooManyLegs {
        /// The number of legs given.
        legs: usize,
        /// The skeleton's bone count.
        bones: usize,
    },
    /// A parent is not a bone of the skeleton, or a bone is its own ancestor.
    #[error("parent of bone {bone} is bone {parent}: not a bone of the skeleton, or a cycle")]
    InvalidParent {
        /// The bone.
        bone: usize,
        /// Its parent.
        parent: usize,
    },
    /// The names and the parents of a skeleton differ in length.
    #[error("{names} names for {parents} parents")]
    NamesMismatch {
        /// The number of names.
        names: usize,
        /// The number of parents.
        parents: usize,
    },
    /// No bone named like a foot (`foot`, `ankle`) on one side, or no chain of three bones
    /// (hip, knee, ankle) with a toe below it.
    #[error("no {side} leg: {reason}")]
    LegNotFound {
        /// `"left"` or `"right"`.
        side: &'static str,
        /// What was missing.
        reason: String,
    },
    /// A threshold, halflife or axis out of its domain.
    #[error("`{field}` is {value}, expected {expected}")]
    InvalidSetting {
        /// The setting, e.g. `"exit_speed"`.
        field: &'static str,
        /// The value given.
        value: f32,
        /// What it must be.
        expected: &'static str,
    },
}
