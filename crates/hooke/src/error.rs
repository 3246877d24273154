//! Typed parameter errors and the checks that produce them: the base layer every other module
//! (scalar functions with checked constructors, columns, batches, the C ABI) reports through.
//!
//! The `hooke::scalar` functions are the unchecked fast path; where values enter a program
//! (constructors, setters, files, C calls) they pass one of these checks, and an invalid value
//! gives a [`ParamError`] naming the parameter, the index and the value.

/// An invalid parameter, named, with the offending value.
///
/// ```
/// use hooke::{ParamError, SpringParams};
/// let err = SpringParams::critical(-0.1).unwrap_err();
/// assert_eq!(err.to_string(), "parameter `halflife` is -0.1, expected a finite value >= 0");
/// assert!(matches!(err, ParamError::Invalid { name: "halflife", .. }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum ParamError {
    /// A single parameter is out of its domain.
    #[error("parameter `{name}` is {value}, expected {expected}")]
    Invalid {
        /// The parameter's name.
        name: &'static str,
        /// The rejected value.
        value: f32,
        /// What the parameter must be.
        expected: &'static str,
    },
    /// One element of a column of parameters is out of its domain.
    #[error("parameter `{name}` at index {index} is {value}, expected {expected}")]
    InvalidAt {
        /// The column's name.
        name: &'static str,
        /// The element's index.
        index: usize,
        /// The rejected value.
        value: f32,
        /// What the parameter must be.
        expected: &'static str,
    },
    /// Storage for `len` entries (springs, bones, lanes) could not be allocated (too large for this machine, or for the
    /// address space); nothing was created.
    #[error("out of memory: cannot allocate `{name}` for {len} entries")]
    OutOfMemory {
        /// The batch (or column) that was being allocated.
        name: &'static str,
        /// The number of springs asked for.
        len: usize,
    },
    /// An index (of a spring, a bone, a character) beyond the `len` entries there are.
    #[error("{name} index {index} is out of range: there are {len}")]
    IndexOutOfRange {
        /// What the index counts (e.g. `spring`).
        name: &'static str,
        /// The index given.
        index: usize,
        /// How many there are.
        len: usize,
    },
    /// Two columns that must have the same length do not.
    #[error("column `{name}` has length {found}, expected {expected}")]
    LengthMismatch {
        /// The column's name.
        name: &'static str,
        /// The length it must have.
        expected: usize,
        /// The length it has.
        found: usize,
    },
}

impl ParamError {
    /// The same error, located at `index` of a column (an error already located is moved there).
    ///
    /// ```
    /// use hooke::ParamError;
    /// let e = ParamError::Invalid { name: "halflife", value: -1.0, expected: "a finite value >= 0" };
    /// assert!(matches!(e.at(3), ParamError::InvalidAt { index: 3, .. }));
    /// assert!(matches!(e.at(3).at(7), ParamError::InvalidAt { index: 7, .. }));
    /// ```
    pub fn at(self, index: usize) -> ParamError {
        match self {
            ParamError::Invalid {
                name,
                value,
                expected,
            }
            | ParamError::InvalidAt {
                name,
                value,
                expected,
                ..
            } => ParamError::InvalidAt {
                name,
                index,
                value,
                expected,
            },
            other => other,
        }
    }
}

const NON_NEGATIVE: &str = "a finite value >= 0";
const POSITIVE: &str = "a finite value > 0";

/// How far from 1 a quaternion's length may be and still be accepted as a rotation (and
/// normalised) where quaternions enter: batch setters, the inertializer, the C ABI.
///
/// A zero or badly scaled quaternion is an error rather than silently normalised: it hides a bug
/// upstream (a missing normalisation after a blend, a scale baked into a rotation).
///
/// ```
/// assert_eq!(hooke::error::UNIT_QUAT_TOLERANCE, 1e-3);
/// ```
pub const UNIT_QUAT_TOLERANCE: f32 = 1e-3;

const UNIT_QUAT: &str = "a finite unit quaternion (length within 1e-3 of 1)";

/// Checks that `q` is a finite quaternion of unit length within [`UNIT_QUAT_TOLERANCE`] and
/// returns it normalised (in `f64`, so the result is unit to the last bit `f32` allows).
///
/// The error carries the length (NaN when a component is not finite).
///
/// ```
/// use glam::Quat;
/// use hooke::error::check_unit_quat;
/// let q = check_unit_quat("rotation", Quat::from_xyzw(0.0, 0.0, 0.0, 1.0005))?;
/// assert!((q.length() - 1.0).abs() < 1e-7);
/// let err = check_unit_quat("rotation", Quat::from_xyzw(0.0, 0.0, 0.0, 0.0)).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "parameter `rotation` is 0, expected a finite unit quaternion (length within 1e-3 of 1)"
/// );
/// # Ok::<(), hooke::ParamError>(())
/// ```
pub fn check_unit_quat(name: &'static str, q: glam::Quat) -> Result<glam::Quat, ParamError> {
    let length = if q.is_finite() { q.length() } else { f32::NAN };
    if (length - 1.0).abs() <= UNIT_QUAT_TOLERANCE {
        Ok(q.as_dquat().normalize().as_quat())
    } else {
        Err(ParamError::Invalid {
            name,
            value: length,
            expected: UNIT_QUAT,
        })
    }
}

/// Checks that `value` is finite and `>= 0`.
///
/// ```
/// assert!(hooke::error::check_non_negative("dt", 0.0).is_ok());
/// assert!(hooke::error::check_non_negative("dt", f32::NAN).is_err());
/// ```
pub fn check_non_negative(name: &'static str, value: f32) -> Result<f32, ParamError> {
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(ParamError::Invalid {
            name,
            value,
            expected: NON_NEGATIVE,
        })
    }
}

/// Checks that `value` is finite and `> 0`.
///
/// ```
/// assert!(hooke::error::check_positive("damping_ratio", 0.0).is_err());
/// ```
pub fn check_positive(name: &'static str, value: f32) -> Result<f32, ParamError> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(ParamError::Invalid {
            name,
            value,
            expected: POSITIVE,
        })
    }
}

/// Checks a time step: finite and `>= 0`.
///
/// ```
/// assert!(hooke::error::check_dt(1.0 / 60.0).is_ok());
/// assert!(hooke::error::check_dt(-0.1).is_err());
/// ```
pub fn check_dt(dt: f32) -> Result<f32, ParamError> {
    check_non_negative("dt", dt)
}

/// Checks that a column called `name` has the `expected` length.
///
/// ```
/// assert!(hooke::error::check_len("goal", 3, 3).is_ok());
/// let err = hooke::error::check_len("goal", 3, 2).unwrap_err();
/// assert_eq!(err.to_string(), "column `goal` has length 2, expected 3");
/// ```
pub fn check_len(name: &'static str, expected: usize, found: usize) -> Result<(), ParamError> {
    if expected == found {
        Ok(())
    } else {
        Err(ParamError::LengthMismatch {
            name,
            expected,
            found,
        })
    }
}

/// Checks that `index` is below `len`: an error naming what `name` counts otherwise.
///
/// ```
/// use hooke::{error::check_index, ParamError};
/// assert!(check_index("spring", 2, 3).is_ok());
/// let err = check_index("spring", 3, 3).unwrap_err();
/// assert_eq!(err, ParamError::IndexOutOfRange { name: "spring", index: 3, len: 3 });
/// assert_eq!(err.to_string(), "spring index 3 is out of range: there are 3");
/// ```
pub fn check_index(name: &'static str, index: usize, len: usize) -> Result<usize, ParamError> {
    if index < len {
        Ok(index)
    } else {
        Err(ParamError::IndexOutOfRange { name, index, len })
    }
}
