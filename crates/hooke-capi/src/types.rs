//! Plain C structs for vectors, rotations and step coefficients.

use glam::{Quat, Vec3};
use hooke::SpringCoeffs;

/// A 3D vector (`HookeVec3` in `hooke.h`): positions, velocities, angular velocities.
///
/// ```
/// use hooke_capi::HookeVec3;
/// let v = HookeVec3 { x: 1.0, y: 2.0, z: 3.0 };
/// assert_eq!(glam::Vec3::from(v), glam::Vec3::new(1.0, 2.0, 3.0));
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct HookeVec3 {
    /// The x component.
    pub x: f32,
    /// The y component.
    pub y: f32,
    /// The z component.
    pub z: f32,
}

/// A rotation quaternion (`HookeQuat` in `hooke.h`), scalar part last: `{x, y, z, w}`.
///
/// The same memory layout as `glm::quat` with `GLM_FORCE_QUAT_DATA_XYZW`, Unreal's `FQuat4f`,
/// DirectXMath's `XMFLOAT4` quaternions and glam's `Quat`.
///
/// ```
/// use hooke_capi::HookeQuat;
/// assert_eq!(glam::Quat::from(HookeQuat::IDENTITY), glam::Quat::IDENTITY);
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HookeQuat {
    /// The x component of the vector part.
    pub x: f32,
    /// The y component of the vector part.
    pub y: f32,
    /// The z component of the vector part.
    pub z: f32,
    /// The scalar part.
    pub w: f32,
}

impl HookeQuat {
    /// The identity rotation `{0, 0, 0, 1}`.
    ///
    /// ```
    /// assert_eq!(hooke_capi::HookeQuat::IDENTITY.w, 1.0);
    /// ```
    pub const IDENTITY: HookeQuat = HookeQuat {
        x: 0.0,
        y: 0.0,
        z: 0.0,
        w: 1.0,
    };
}

impl Default for HookeQuat {
    fn default() -> Self {
        Self::IDENTITY
    }
}

impl From<HookeVec3> for Vec3 {
    fn from(v: HookeVec3) -> Vec3 {
        Vec3::new(v.x, v.y, v.z)
    }
}

impl From<Vec3> for HookeVec3 {
    fn from(v: Vec3) -> HookeVec3 {
        HookeVec3 {
            x: v.x,
            y: v.y,
            z: v.z,
        }
    }
}

impl From<HookeQuat> for Quat {
    fn from(q: HookeQuat) -> Quat {
        Quat::from_xyzw(q.x, q.y, q.z, q.w)
    }
}

impl From<Quat> for HookeQuat {
    fn from(q: Quat) -> HookeQuat {
        HookeQuat {
            x: q.x,
            y: q.y,
            z: q.z,
            w: q.w,
        }
    }
}

/// Precomputed step coefficients of the exact spring-damper for one `(parameters, dt)`
/// (`HookeSpringCoeffs` in `hooke.h`; the fields of [`hooke::SpringCoeffs`]).
///
/// Build them once per parameter set and frame time with the checked `hooke_spring_coeffs_*`
/// constructors, then step many springs with
/// [`hooke_spring_coeffs_apply`](crate::hooke_spring_coeffs_apply).
///
/// ```
/// use hooke_capi::HookeSpringCoeffs;
/// let c = HookeSpringCoeffs::from(hooke::SpringCoeffs::IDENTITY);
/// assert_eq!(c.vv, 1.0);
/// ```
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HookeSpringCoeffs {
    /// Position response to the offset from the goal, minus one.
    pub xx: f32,
    /// Position response to the initial velocity.
    pub xv: f32,
    /// Position response to the goal velocity.
    pub xq: f32,
    /// Velocity response to the offset from the goal.
    pub vx: f32,
    /// Velocity response to the initial velocity.
    pub vv: f32,
    /// Velocity response to the goal velocity.
    pub vq: f32,
}

/// `From` both ways between two structs with the same named fields.
macro_rules! convert_fields {
    ($a:ident <=> $b:ident { $($field:ident),* }) => {
        impl From<$a> for $b {
            fn from(c: $a) -> $b {
                $b { $($field: c.$field),* }
            }
        }

        impl From<$b> for $a {
            fn from(c: $b) -> $a {
                $a { $($field: c.$field),* }
            }
        }
    };
}

convert_fields!(SpringCoeffs <=> HookeSpringCoeffs { xx, xv, xq, vx, vv, vq });
