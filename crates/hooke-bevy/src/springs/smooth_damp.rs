//! [`SmoothDamp`]: a `Vec3` value with velocity, Unity-style `smooth_time`, and its system.

use core::f32::consts::LN_2;

use bevy_ecs::component::Component;
use bevy_ecs::system::{Query, Res, ResMut};
use bevy_time::Time;
use glam::Vec3;

use super::batch::SpringBatches;
use crate::error::{HookeBevyError, check_time};

/// A `Vec3` value moving toward a goal like Unity's `SmoothDamp` (and the `smooth_damp` asked
/// for in Bevy #13408): a critically damped spring with velocity state whose halflife is
/// `ln 2 * smooth_time` (Unity's `omega = 2 / smooth_time`), exact for any frame time.
///
/// It runs on hooke's exact critical spring (`hooke::scalar::critical_spring_damper_exact` per
/// component, goal velocity 0) in SIMD batches ([`hooke::batch::CriticalSprings`]).
///
/// ```
/// use glam::Vec3;
/// let mut zoom = hooke_bevy::SmoothDamp::new(Vec3::ZERO, 0.3)?;
/// zoom.set_goal(Vec3::new(0.0, 0.0, 10.0))?;
/// assert_eq!(zoom.value(), Vec3::ZERO);
/// assert!((zoom.halflife() - 0.3 * core::f32::consts::LN_2).abs() < 1e-7);
/// # Ok::<(), hooke_bevy::HookeBevyError>(())
/// ```
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct SmoothDamp {
    value: Vec3,
    velocity: Vec3,
    goal: Vec3,
    smooth_time: f32,
}

fn check_vec3(name: &'static str, v: Vec3) -> Result<Vec3, HookeBevyError> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err(HookeBevyError::InvalidGoal {
            name,
            value: v.extend(0.0).to_array(),
        })
    }
}

impl SmoothDamp {
    /// At rest at `value` (finite; also the goal) with `smooth_time` seconds (finite, `>= 0`;
    /// 0 jumps to the goal).
    ///
    /// ```
    /// assert!(hooke_bevy::SmoothDamp::new(glam::Vec3::ZERO, f32::NAN).is_err());
    /// assert!(hooke_bevy::SmoothDamp::new(glam::Vec3::NAN, 0.1).is_err());
    /// ```
    pub fn new(value: Vec3, smooth_time: f32) -> Result<SmoothDamp, HookeBevyError> {
        Ok(SmoothDamp {
            value: check_vec3("value", value)?,
            velocity: Vec3::ZERO,
            goal: value,
            smooth_time: check_time("smooth_time", smooth_time)?,
        })
    }

    /// The current value.
    ///
    /// ```
    /// let s = hooke_bevy::SmoothDamp::new(glam::Vec3::X, 0.1)?;
    /// assert_eq!(s.value(), glam::Vec3::X);
    /// # Ok::<(), hooke_bevy::HookeBevyError>(())
    /// ```
    pub fn value(&self) -> Vec3 {
        self.value
    }

    /// The current velocity (per second).
    ///
    /// ```
    /// let s = hooke_bevy::SmoothDamp::new(glam::Vec3::X, 0.1)?;
    /// assert_eq!(s.velocity(), glam::Vec3::ZERO);
    /// # Ok::<(), hooke_bevy::HookeBevyError>(())
    /// ```
    pub fn velocity(&self) -> Vec3 {
        self.velocity
    }

    /// The goal.
    ///
    /// ```
    /// let s = hooke_bevy::SmoothDamp::new(glam::Vec3::X, 0.1)?;
    /// assert_eq!(s.goal(), glam::Vec3::X);
    /// # Ok::<(), hooke_bevy::HookeBevyError>(())
    /// ```
    pub fn goal(&self) -> Vec3 {
        self.goal
    }

    /// Sets the goal (finite; unchanged on error).
    ///
    /// ```
    /// let mut s = hooke_bevy::SmoothDamp::new(glam::Vec3::X, 0.1)?;
    /// assert!(s.set_goal(glam::Vec3::INFINITY).is_err());
    /// assert_eq!(s.goal(), glam::Vec3::X);
    /// # Ok::<(), hooke_bevy::HookeBevyError>(())
    /// ```
    pub fn set_goal(&mut self, goal: Vec3) -> Result<(), HookeBevyError> {
        self.goal = check_vec3("goal", goal)?;
        Ok(())
    }

    /// The smooth time in seconds.
    ///
    /// ```
    /// let s = hooke_bevy::SmoothDamp::new(glam::Vec3::X, 0.25)?;
    /// assert_eq!(s.smooth_time(), 0.25);
    /// # Ok::<(), hooke_bevy::HookeBevyError>(())
    /// ```
    pub fn smooth_time(&self) -> f32 {
        self.smooth_time
    }

    /// Sets the smooth time (finite, `>= 0`; unchanged on error).
    ///
    /// ```
    /// let mut s = hooke_bevy::SmoothDamp::new(glam::Vec3::X, 0.25)?;
    /// assert!(s.set_smooth_time(-1.0).is_err());
    /// # Ok::<(), hooke_bevy::HookeBevyError>(())
    /// ```
    pub fn set_smooth_time(&mut self, smooth_time: f32) -> Result<(), HookeBevyError> {
        self.smooth_time = check_time("smooth_time", smooth_time)?;
        Ok(())
    }

    /// The halflife of the equivalent critical spring: `ln 2 * smooth_time`.
    ///
    /// ```
    /// let s = hooke_bevy::SmoothDamp::new(glam::Vec3::X, 1.0)?;
    /// assert_eq!(s.halflife(), core::f32::consts::LN_2);
    /// # Ok::<(), hooke_bevy::HookeBevyError>(())
    /// ```
    pub fn halflife(&self) -> f32 {
        LN_2 * self.smooth_time
    }
}

/// Updates every [`SmoothDamp`] with this frame's `dt`.
pub(crate) fn update_smooth_damps(
    time: Res<Time>,
    mut batches: ResMut<SpringBatches>,
    mut values: Query<&mut SmoothDamp>,
) {
    let dt = time.delta_secs();
    if dt == 0.0 || values.is_empty() {
        return;
    }
    let batch = &mut batches.smooth;
    batch.clear();
    for s in &values {
        batch.push(s.value, s.velocity, s.goal, s.halflife());
    }
    if batch.run(dt).is_err() {
        return;
    }
    for (i, mut s) in values.iter_mut().enumerate() {
        if let Some((x, v)) = batch.get(i) {
            (s.value, s.velocity) = (x, v);
        }
    }
}
