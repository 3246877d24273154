//! Fallible sizing and allocation of the per-lane storage: sizes come from the caller (character,
//! bone and curve counts), so an impossible size is an [`InertiaError`], never an abort or a
//! silent overflow.

use glam::{Quat, Vec3};
use hooke::column::{Column, QuatColumns, Vec3Columns};
use hooke::lanes::CoeffColumns;

use crate::error::InertiaError;
use hooke::ParamError;

/// `count * per_item`, or [`InertiaError::SizeOverflow`] naming `what`.
pub(crate) fn lanes(
    what: &'static str,
    count: usize,
    per_item: usize,
) -> Result<usize, InertiaError> {
    count
        .checked_mul(per_item)
        .ok_or(InertiaError::SizeOverflow {
            what,
            count,
            per_item,
        })
}

/// `len` copies of `value`, or an out-of-memory error.
pub(crate) fn vec<T: Clone>(
    what: &'static str,
    len: usize,
    value: T,
) -> Result<Vec<T>, InertiaError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| InertiaError::Param(ParamError::OutOfMemory { name: what, len }))?;
    v.resize(len, value);
    Ok(v)
}

/// A column of `len` copies of `value` with padding `pad`, or an out-of-memory error.
pub(crate) fn column(
    what: &'static str,
    len: usize,
    value: f32,
    pad: f32,
) -> Result<Column, InertiaError> {
    Column::try_with_padding(len, value, pad)
        .map_err(|_| InertiaError::Param(ParamError::OutOfMemory { name: what, len }))
}

/// `len` zero vectors (zero padding).
pub(crate) fn zero_vec3s(what: &'static str, len: usize) -> Result<Vec3Columns, InertiaError> {
    Vec3Columns::try_new(len, Vec3::ZERO)
        .map_err(|_| InertiaError::Param(ParamError::OutOfMemory { name: what, len }))
}

/// `len` identity rotations (identity padding), like `QuatColumns::new(len, Quat::IDENTITY)`.
pub(crate) fn identity_quats(what: &'static str, len: usize) -> Result<QuatColumns, InertiaError> {
    QuatColumns::try_new(len, Quat::IDENTITY)
        .map_err(|_| InertiaError::Param(ParamError::OutOfMemory { name: what, len }))
}

/// Identity coefficients for `len` springs, like `CoeffColumns::identity(len)` (padding: the
/// identity step).
pub(crate) fn identity_coeffs(
    what: &'static str,
    len: usize,
) -> Result<CoeffColumns, InertiaError> {
    CoeffColumns::try_identity(len)
        .map_err(|_| InertiaError::Param(ParamError::OutOfMemory { name: what, len }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fallible_constructors_match_the_infallible_ones() {
        assert_eq!(
            zero_vec3s("t", 11).unwrap(),
            Vec3Columns::new(11, Vec3::ZERO)
        );
        assert_eq!(
            identity_quats("t", 11).unwrap(),
            QuatColumns::new(11, Quat::IDENTITY)
        );
        assert_eq!(
            identity_coeffs("t", 11).unwrap(),
            CoeffColumns::identity(11)
        );
    }

    #[test]
    fn impossible_sizes_are_errors() {
        assert!(matches!(
            lanes("t", usize::MAX / 31 + 1, 31),
            Err(InertiaError::SizeOverflow { .. })
        ));
        assert!(matches!(
            column("t", usize::MAX, 0.0, 0.0),
            Err(InertiaError::Param(ParamError::OutOfMemory { .. }))
        ));
        assert!(matches!(
            vec::<u64>("t", usize::MAX, 0),
            Err(InertiaError::Param(ParamError::OutOfMemory { .. }))
        ));
    }
}
