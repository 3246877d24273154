//! Batches of quaternion springs on SoA rotations and angular velocities.

use glam::{Quat, Vec3};

use super::halflife::critical_coeffs;
use super::macros::halflife_batch;
use crate::column::{QuatColumns, Vec3Columns};
use crate::error::{ParamError, check_index, check_len};
use crate::lanes::{
    LaneCoeffs, critical_rate, quat_simple_rates, quat_simple_shared, rotation_vector_decay_rates,
    rotation_vector_decay_shared,
};
use crate::scalar::quat_to_scaled_angle_axis;

/// Checks that rotations are finite and of unit length within
/// [`UNIT_QUAT_TOLERANCE`](crate::error::UNIT_QUAT_TOLERANCE), naming the index.
pub(crate) fn check_unit_quats(name: &'static str, quats: &[Quat]) -> Result<(), ParamError> {
    for (i, q) in quats.iter().enumerate() {
        crate::error::check_unit_quat(name, *q).map_err(|e| e.at(i))?;
    }
    Ok(())
}

/// Checks that vectors are finite, naming the index.
pub(crate) fn check_finite_vec3s(name: &'static str, v: &[Vec3]) -> Result<(), ParamError> {
    for (i, v) in v.iter().enumerate() {
        if !v.is_finite() {
            let value = if v.x.is_finite() {
                if v.y.is_finite() { v.z } else { v.y }
            } else {
                v.x
            };
            return Err(ParamError::InvalidAt {
                name,
                index: i,
                value,
                expected: "a finite vector",
            });
        }
    }
    Ok(())
}

halflife_batch! {
    /// Many rotation offsets with angular velocities, decaying toward the identity by critical
    /// springs (inertialization of rotations).
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// use hooke::batch::QuatDecaySprings;
    ///
    /// let mut s = QuatDecaySprings::new(31, 0.1)?;
    /// s.set(0, Quat::from_rotation_z(0.8), Vec3::ZERO)?;
    /// s.update(1.0)?;
    /// assert!(s.rotation(0).angle_between(Quat::IDENTITY) < 1e-3);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub struct QuatDecaySprings: "springs" of q {
        halflife: Halflife<LaneCoeffs> by critical_rate;
        // The rotations, kept in step with `e` by every update.
        q: QuatColumns = Quat::IDENTITY;
        // The same rotations as shortest-path rotation vectors (angle `<= pi`): the spring's state,
        // so an update needs no logarithm.
        e: Vec3Columns = Vec3::ZERO;
        w: Vec3Columns = Vec3::ZERO;
    }
    /// ```
    /// assert_eq!(hooke::batch::QuatDecaySprings::with_halflives(&[0.1; 5])?.len(), 5);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    fn new and with_halflives: "at rest at the identity";
    // The rotation vectors are the state; the rotations follow them.
    fn advance on (e, w, q;) by critical_coeffs =>
        rotation_vector_decay_shared, rotation_vector_decay_rates;
}

impl QuatDecaySprings {
    /// Sets spring `index`: a finite unit rotation (normalised if within 1e-3 of unit length)
    /// and a finite angular velocity.
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// let mut s = hooke::batch::QuatDecaySprings::new(1, 0.1)?;
    /// assert!(s.set(0, Quat::from_xyzw(0.0, 0.0, 0.0, 2.0), Vec3::ZERO).is_err());
    /// assert!(s.set(1, Quat::IDENTITY, Vec3::ZERO).is_err()); // out of range
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set(
        &mut self,
        index: usize,
        rotation: Quat,
        angular_velocity: Vec3,
    ) -> Result<(), ParamError> {
        check_index("spring", index, self.len())?;
        check_unit_quats("rotation", &[rotation]).map_err(|e| e.at(index))?;
        check_finite_vec3s("angular_velocity", &[angular_velocity]).map_err(|e| e.at(index))?;
        let rotation = rotation.normalize();
        self.q.set(index, rotation);
        self.e.set(index, quat_to_scaled_angle_axis(rotation));
        self.w.set(index, angular_velocity);
        Ok(())
    }

    /// The rotation columns (read-only; write through [`set`](Self::set)).
    ///
    /// ```
    /// assert_eq!(hooke::batch::QuatDecaySprings::new(2, 0.1)?.rotations().len(), 2);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn rotations(&self) -> &QuatColumns {
        &self.q
    }

    /// The angular-velocity columns.
    ///
    /// ```
    /// assert_eq!(hooke::batch::QuatDecaySprings::new(2, 0.1)?.angular_velocities().len(), 2);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn angular_velocities(&self) -> &Vec3Columns {
        &self.w
    }
}

halflife_batch! {
    /// Many rotations following critical springs toward per-spring goal rotations.
    ///
    /// ```
    /// use glam::Quat;
    /// use hooke::batch::QuatSprings;
    ///
    /// let mut s = QuatSprings::new(4, 0.05)?;
    /// s.set_goals(&[Quat::from_rotation_x(1.0); 4])?;
    /// s.update(1.0)?;
    /// assert!(s.rotation(3).angle_between(Quat::from_rotation_x(1.0)) < 1e-4);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub struct QuatSprings: "springs" of q {
        halflife: Halflife<LaneCoeffs> by critical_rate;
        q, goal: QuatColumns = Quat::IDENTITY;
        w: Vec3Columns = Vec3::ZERO;
    }
    /// Each spring's rate is computed here; an update computes the coefficients from it and the
    /// frame's `dt`, so a `dt` that changes every frame costs what a constant one costs.
    ///
    /// ```
    /// use glam::Quat;
    /// use hooke::batch::QuatSprings;
    /// let mut s = QuatSprings::with_halflives(&[0.1, 0.3, 0.0])?;
    /// s.set_goals(&[Quat::from_rotation_z(1.0); 3])?;
    /// s.update(1.0 / 60.0)?;
    /// assert!(s.rotation(0).angle_between(Quat::IDENTITY) > s.rotation(1).angle_between(Quat::IDENTITY));
    /// assert_eq!(s.rotation(2), Quat::from_rotation_z(1.0)); // halflife 0: on the goal
    /// assert!(QuatSprings::with_halflives(&[0.1, -1.0]).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    fn new and with_halflives: "at rest at the identity, goals the identity";
    fn advance on (q, w; goal) by critical_coeffs => quat_simple_shared, quat_simple_rates;
}

impl QuatSprings {
    /// Sets every goal rotation (finite unit quaternions, normalised; lengths must match).
    ///
    /// ```
    /// let mut s = hooke::batch::QuatSprings::new(1, 0.1)?;
    /// assert!(s.set_goals(&[glam::Quat::from_xyzw(f32::NAN, 0.0, 0.0, 1.0)]).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_goals(&mut self, goals: &[Quat]) -> Result<(), ParamError> {
        check_len("goal", self.len(), goals.len())?;
        check_unit_quats("goal", goals)?;
        for (i, g) in goals.iter().enumerate() {
            self.goal.set(i, g.normalize());
        }
        Ok(())
    }

    /// Sets every rotation and angular velocity (validated like [`set_goals`](Self::set_goals)).
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// let mut s = hooke::batch::QuatSprings::new(1, 0.1)?;
    /// s.set_state(&[Quat::from_rotation_y(0.2)], &[Vec3::X])?;
    /// assert!(s.set_state(&[Quat::IDENTITY], &[Vec3::splat(f32::INFINITY)]).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_state(
        &mut self,
        rotations: &[Quat],
        angular_velocities: &[Vec3],
    ) -> Result<(), ParamError> {
        check_len("rotation", self.len(), rotations.len())?;
        check_len("angular_velocity", self.len(), angular_velocities.len())?;
        check_unit_quats("rotation", rotations)?;
        check_finite_vec3s("angular_velocity", angular_velocities)?;
        for (i, (q, w)) in rotations.iter().zip(angular_velocities).enumerate() {
            self.q.set(i, q.normalize());
            self.w.set(i, *w);
        }
        Ok(())
    }
}

/// `rotation(index)` and `angular_velocity(index)` of a quaternion batch (fields `q` and `w`).
macro_rules! rotation_getters {
    ($batch:ident) => {
        impl $batch {
            /// The rotation of spring `index` (panics if out of bounds, like slice indexing).
            ///
            /// ```
            #[doc = concat!("let s = hooke::batch::", stringify!($batch), "::new(1, 0.1)?;")]
            /// assert_eq!(s.rotation(0), glam::Quat::IDENTITY);
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            #[track_caller]
            pub fn rotation(&self, index: usize) -> Quat {
                self.q.get(index)
            }

            /// The angular velocity of spring `index` (panics if out of bounds).
            ///
            /// ```
            #[doc = concat!("let s = hooke::batch::", stringify!($batch), "::new(1, 0.1)?;")]
            /// assert_eq!(s.angular_velocity(0), glam::Vec3::ZERO);
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            #[track_caller]
            pub fn angular_velocity(&self, index: usize) -> Vec3 {
                self.w.get(index)
            }
        }
    };
}

rotation_getters!(QuatDecaySprings);
rotation_getters!(QuatSprings);
