//! Euler angles in BVH's convention: three rotations about the listed axes, composed left to
//! right, so the order `Z X Y` means `R = Rz * Rx * Ry`.

use glam::{DQuat, DVec3, Quat, Vec3};

/// A coordinate axis.
///
/// ```
/// use hooke_bvh::Axis;
/// assert_eq!(Axis::Y.unit(), glam::Vec3::Y);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Axis {
    /// The x axis.
    X,
    /// The y axis.
    Y,
    /// The z axis.
    Z,
}

impl Axis {
    /// Index of the axis: 0 for x, 1 for y, 2 for z.
    ///
    /// ```
    /// assert_eq!(hooke_bvh::Axis::Z.index(), 2);
    /// ```
    pub fn index(self) -> usize {
        match self {
            Axis::X => 0,
            Axis::Y => 1,
            Axis::Z => 2,
        }
    }

    /// The unit vector along the axis.
    ///
    /// ```
    /// assert_eq!(hooke_bvh::Axis::X.unit(), glam::Vec3::X);
    /// ```
    pub fn unit(self) -> Vec3 {
        match self {
            Axis::X => Vec3::X,
            Axis::Y => Vec3::Y,
            Axis::Z => Vec3::Z,
        }
    }

    /// The rotation by `degrees` about this axis, in double precision.
    ///
    /// ```
    /// use hooke_bvh::Axis;
    /// let q = Axis::Z.rotation(90.0);
    /// assert!((q * glam::DVec3::X - glam::DVec3::Y).length() < 1e-12);
    /// ```
    pub fn rotation(self, degrees: f64) -> DQuat {
        let (s, c) = (0.5 * degrees.to_radians()).sin_cos();
        match self {
            Axis::X => DQuat::from_xyzw(s, 0.0, 0.0, c),
            Axis::Y => DQuat::from_xyzw(0.0, s, 0.0, c),
            Axis::Z => DQuat::from_xyzw(0.0, 0.0, s, c),
        }
    }
}

/// The order of three Euler rotations, named in the order the BVH channels list them.
///
/// `EulerOrder::ZXY` is the channel list `Zrotation Xrotation Yrotation` and means the local
/// rotation `Rz * Rx * Ry` (the Y rotation is applied to a vector first). All six orders are
/// Tait-Bryan orders (three distinct axes); proper Euler orders such as `ZXZ` cannot occur in a
/// BVH joint because a channel may not repeat.
///
/// ```
/// use hooke_bvh::EulerOrder;
/// use glam::{Quat, Vec3};
///
/// let q = EulerOrder::ZXY.to_quat(Vec3::new(30.0, 40.0, 50.0));
/// let expected = Quat::from_rotation_z(30f32.to_radians())
///     * Quat::from_rotation_x(40f32.to_radians())
///     * Quat::from_rotation_y(50f32.to_radians());
/// assert!(q.abs_diff_eq(expected, 1e-6));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EulerOrder {
    /// `R = Rx * Ry * Rz`.
    XYZ,
    /// `R = Rx * Rz * Ry`.
    XZY,
    /// `R = Ry * Rx * Rz`.
    YXZ,
    /// `R = Ry * Rz * Rx`.
    YZX,
    /// `R = Rz * Rx * Ry`.
    ZXY,
    /// `R = Rz * Ry * Rx`.
    ZYX,
}

impl EulerOrder {
    /// All six orders.
    ///
    /// ```
    /// assert_eq!(hooke_bvh::EulerOrder::ALL.len(), 6);
    /// ```
    pub const ALL: [EulerOrder; 6] = [
        EulerOrder::XYZ,
        EulerOrder::XZY,
        EulerOrder::YXZ,
        EulerOrder::YZX,
        EulerOrder::ZXY,
        EulerOrder::ZYX,
    ];

    /// The three axes in application-list order (leftmost factor first).
    ///
    /// ```
    /// use hooke_bvh::{Axis, EulerOrder};
    /// assert_eq!(EulerOrder::ZXY.axes(), [Axis::Z, Axis::X, Axis::Y]);
    /// ```
    pub fn axes(self) -> [Axis; 3] {
        use Axis::*;
        match self {
            EulerOrder::XYZ => [X, Y, Z],
            EulerOrder::XZY => [X, Z, Y],
            EulerOrder::YXZ => [Y, X, Z],
            EulerOrder::YZX => [Y, Z, X],
            EulerOrder::ZXY => [Z, X, Y],
            EulerOrder::ZYX => [Z, Y, X],
        }
    }

    /// The order with these three axes, or `None` if an axis repeats.
    ///
    /// ```
    /// use hooke_bvh::{Axis, EulerOrder};
    /// assert_eq!(EulerOrder::from_axes([Axis::Y, Axis::X, Axis::Z]), Some(EulerOrder::YXZ));
    /// assert_eq!(EulerOrder::from_axes([Axis::Y, Axis::X, Axis::Y]), None);
    /// ```
    pub fn from_axes(axes: [Axis; 3]) -> Option<EulerOrder> {
        EulerOrder::ALL.into_iter().find(|o| o.axes() == axes)
    }

    /// The rotation `R(a0) * R(a1) * R(a2)` for angles in degrees, in double precision.
    ///
    /// ```
    /// use hooke_bvh::EulerOrder;
    /// let q = EulerOrder::XYZ.to_dquat(glam::DVec3::new(0.0, 0.0, 180.0));
    /// assert!((q.z.abs() - 1.0).abs() < 1e-12);
    /// ```
    pub fn to_dquat(self, degrees: DVec3) -> DQuat {
        let [a, b, c] = self.axes();
        a.rotation(degrees.x) * b.rotation(degrees.y) * c.rotation(degrees.z)
    }

    /// The rotation `R(a0) * R(a1) * R(a2)` for angles in degrees.
    ///
    /// ```
    /// use hooke_bvh::EulerOrder;
    /// let q = EulerOrder::YZX.to_quat(glam::Vec3::new(90.0, 0.0, 0.0));
    /// assert!(q.abs_diff_eq(glam::Quat::from_rotation_y(std::f32::consts::FRAC_PI_2), 1e-6));
    /// ```
    pub fn to_quat(self, degrees: Vec3) -> Quat {
        self.to_dquat(degrees.as_dvec3()).as_quat().normalize()
    }

    /// Euler angles in degrees, `(a0, a1, a2)` in list order, such that
    /// [`to_dquat`](Self::to_dquat) gives back `q` (up to sign).
    ///
    /// The first and last angles are in `[-180, 180]`, the middle one in `[-90, 90]`. The
    /// decomposition is robust near gimbal lock (middle angle close to ±90°): the angles are
    /// then not unique, but the rotation they describe still matches `q` to double precision.
    ///
    /// ```
    /// use hooke_bvh::EulerOrder;
    /// use glam::DVec3;
    ///
    /// let angles = DVec3::new(-120.0, 89.9999, 45.0);
    /// let q = EulerOrder::ZXY.to_dquat(angles);
    /// let back = EulerOrder::ZXY.from_dquat(q);
    /// // Same rotation: the quaternions agree up to sign.
    /// assert!(EulerOrder::ZXY.to_dquat(back).dot(q).abs() > 1.0 - 1e-15);
    /// ```
    pub fn from_dquat(self, q: DQuat) -> DVec3 {
        // Relabel the axes so that this order becomes XYZ: axis i -> x, j -> y, k -> ±z. For an
        // odd permutation the third axis is negated so the relabelling stays a proper rotation;
        // that negates the third angle, which is undone at the end.
        let [i, j, k] = self.axes().map(Axis::index);
        let odd = matches!(self, EulerOrder::XZY | EulerOrder::YXZ | EulerOrder::ZYX);
        let sign = if odd { -1.0 } else { 1.0 };
        let v = [q.x, q.y, q.z];
        let p = DQuat::from_xyzw(v[i], v[j], sign * v[k], q.w);
        let p = if p.length_squared() > 0.0 {
            p.normalize()
        } else {
            DQuat::IDENTITY
        };
        let [a, b, c] = xyz_from_dquat(p);
        DVec3::new(a, b, sign * c).map(f64::to_degrees)
    }

    /// Euler angles in degrees for `q`; see [`from_dquat`](Self::from_dquat). The computation
    /// is done in double precision.
    ///
    /// ```
    /// use hooke_bvh::EulerOrder;
    /// let q = glam::Quat::from_rotation_x(0.5);
    /// let e = EulerOrder::XYZ.from_quat(q);
    /// assert!((e.x - 0.5f32.to_degrees()).abs() < 1e-4 && e.y.abs() < 1e-4 && e.z.abs() < 1e-4);
    /// ```
    pub fn from_quat(self, q: Quat) -> Vec3 {
        self.from_dquat(q.as_dquat()).as_vec3()
    }
}

/// Angles (radians) of `R = Rx(a) * Ry(b) * Rz(c)` for a unit quaternion.
///
/// Two-step extraction (M. Day, "Euler angles computation with reduced error"): take `a` from
/// the last column, remove it, and read `b` and `c` from the remainder `Ry(b) * Rz(c)`, whose
/// entries are exact. Near gimbal lock `a` comes from tiny numbers and is arbitrary, but `c`
/// then absorbs the difference, so the composed rotation stays accurate.
fn xyz_from_dquat(q: DQuat) -> [f64; 3] {
    let (x, y, z, w) = (q.x, q.y, q.z, q.w);
    // Rotation matrix entries m[row][col] that are needed.
    let m02 = 2.0 * (x * z + w * y);
    let m10 = 2.0 * (x * y + w * z);
    let m11 = 1.0 - 2.0 * (x * x + z * z);
    let m12 = 2.0 * (y * z - w * x);
    let m20 = 2.0 * (x * z - w * y);
    let m21 = 2.0 * (y * z + w * x);
    let m22 = 1.0 - 2.0 * (x * x + y * y);

    // m12 = -sin(a) cos(b), m22 = cos(a) cos(b); choosing cos(b) >= 0 keeps b in [-90°, 90°].
    let a = f64::atan2(-m12, m22);
    let (sa, ca) = a.sin_cos();
    // Rows of Rx(-a) * M = Ry(b) * Rz(c) = [[cb cc, -cb sc, sb], [sc, cc, 0], [-sb cc, sb sc, cb]].
    let p10 = ca * m10 + sa * m20;
    let p11 = ca * m11 + sa * m21;
    let p22 = ca * m22 - sa * m12;
    let b = f64::atan2(m02, p22);
    let c = f64::atan2(p10, p11);
    [a, b, c]
}
