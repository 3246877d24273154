//! [`TransformSpring`]: a `Transform` following a fixed goal or another entity, and its system.

use bevy_ecs::component::Component;
use bevy_ecs::entity::Entity;
use bevy_ecs::system::{Query, Res, ResMut};
use bevy_time::Time;
use bevy_transform::components::Transform;
use glam::Vec3;
use hooke::error::check_unit_quat;

use super::batch::{QuatBatch, SpringBatches};
use crate::error::{HookeBevyError, check_time};

/// What a [`TransformSpring`] follows.
///
/// ```
/// use bevy_transform::components::Transform;
/// let goal = hooke_bevy::SpringGoal::Fixed(Transform::from_xyz(1.0, 2.0, 3.0));
/// assert!(matches!(goal, hooke_bevy::SpringGoal::Fixed(_)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SpringGoal {
    /// A fixed transform (in the entity's parent space).
    Fixed(Transform),
    /// Another entity's `Transform`, read each frame (both entities should share a parent
    /// space, e.g. both roots). A missing entity or a non-finite transform pauses the spring.
    Entity(Entity),
}

/// A `Transform` that follows a goal with exact critically damped springs: translation and
/// scale with hooke's critical spring (`hooke::scalar::critical_spring_damper_exact` per
/// component, goal velocity 0), rotation with the quaternion spring
/// (`hooke::scalar::simple_spring_damper_exact_quat`), each channel with its own halflife or
/// left alone (`None`).
///
/// [`HookePlugin`](crate::HookePlugin) updates all of them in `PostUpdate` in SIMD batches
/// ([`hooke::batch::CriticalSprings`], [`hooke::batch::QuatSprings`]) with this frame's
/// `Time::delta_secs()`: the result does not depend on how the time is cut into frames.
///
/// ```
/// use bevy_transform::components::Transform;
/// use hooke_bevy::{SpringGoal, TransformSpring};
///
/// let spring = TransformSpring::new(SpringGoal::Fixed(Transform::from_xyz(0.0, 1.0, 0.0)), 0.2)?
///     .with_scale_halflife(None)?;
/// assert_eq!(spring.translation_halflife(), Some(0.2));
/// assert_eq!(spring.scale_halflife(), None);
/// # Ok::<(), hooke_bevy::HookeBevyError>(())
/// ```
#[derive(Component, Debug, Clone, PartialEq)]
pub struct TransformSpring {
    goal: SpringGoal,
    translation_halflife: Option<f32>,
    rotation_halflife: Option<f32>,
    scale_halflife: Option<f32>,
    velocity: Vec3,
    angular_velocity: Vec3,
    scale_velocity: Vec3,
}

fn check_optional(
    name: &'static str,
    halflife: Option<f32>,
) -> Result<Option<f32>, HookeBevyError> {
    halflife.map(|h| check_time(name, h)).transpose()
}

fn check_goal(goal: SpringGoal) -> Result<SpringGoal, HookeBevyError> {
    if let SpringGoal::Fixed(t) = goal {
        for (name, value) in [
            ("goal.translation", t.translation.extend(0.0).to_array()),
            ("goal.scale", t.scale.extend(0.0).to_array()),
        ] {
            if !value.iter().all(|v| v.is_finite()) {
                return Err(HookeBevyError::InvalidGoal { name, value });
            }
        }
        if check_unit_quat("goal.rotation", t.rotation).is_err() {
            return Err(HookeBevyError::InvalidGoal {
                name: "goal.rotation",
                value: t.rotation.to_array(),
            });
        }
    }
    Ok(goal)
}

impl TransformSpring {
    /// Follows `goal` in translation, rotation and scale with one `halflife` (finite, `>= 0`),
    /// starting at rest. A fixed goal must be finite with a unit rotation.
    ///
    /// ```
    /// use bevy_transform::components::Transform;
    /// use hooke_bevy::{SpringGoal, TransformSpring};
    /// assert!(TransformSpring::new(SpringGoal::Fixed(Transform::IDENTITY), -0.1).is_err());
    /// let nan = Transform::from_xyz(f32::NAN, 0.0, 0.0);
    /// assert!(TransformSpring::new(SpringGoal::Fixed(nan), 0.1).is_err());
    /// ```
    pub fn new(goal: SpringGoal, halflife: f32) -> Result<TransformSpring, HookeBevyError> {
        let h = Some(check_time("halflife", halflife)?);
        Ok(TransformSpring {
            goal: check_goal(goal)?,
            translation_halflife: h,
            rotation_halflife: h,
            scale_halflife: h,
            velocity: Vec3::ZERO,
            angular_velocity: Vec3::ZERO,
            scale_velocity: Vec3::ZERO,
        })
    }

    /// Sets the translation halflife (`None`: the translation is left alone).
    ///
    /// ```
    /// # use hooke_bevy::*;
    /// let s = TransformSpring::new(SpringGoal::Fixed(Default::default()), 0.1)?;
    /// assert!(s.with_translation_halflife(Some(f32::NAN)).is_err());
    /// # Ok::<(), HookeBevyError>(())
    /// ```
    pub fn with_translation_halflife(
        mut self,
        halflife: Option<f32>,
    ) -> Result<TransformSpring, HookeBevyError> {
        self.translation_halflife = check_optional("translation_halflife", halflife)?;
        Ok(self)
    }

    /// Sets the rotation halflife (`None`: the rotation is left alone).
    ///
    /// ```
    /// # use hooke_bevy::*;
    /// let s = TransformSpring::new(SpringGoal::Fixed(Default::default()), 0.1)?;
    /// assert_eq!(s.with_rotation_halflife(None)?.rotation_halflife(), None);
    /// # Ok::<(), HookeBevyError>(())
    /// ```
    pub fn with_rotation_halflife(
        mut self,
        halflife: Option<f32>,
    ) -> Result<TransformSpring, HookeBevyError> {
        self.rotation_halflife = check_optional("rotation_halflife", halflife)?;
        Ok(self)
    }

    /// Sets the scale halflife (`None`: the scale is left alone).
    ///
    /// ```
    /// # use hooke_bevy::*;
    /// let s = TransformSpring::new(SpringGoal::Fixed(Default::default()), 0.1)?;
    /// assert_eq!(s.with_scale_halflife(Some(0.3))?.scale_halflife(), Some(0.3));
    /// # Ok::<(), HookeBevyError>(())
    /// ```
    pub fn with_scale_halflife(
        mut self,
        halflife: Option<f32>,
    ) -> Result<TransformSpring, HookeBevyError> {
        self.scale_halflife = check_optional("scale_halflife", halflife)?;
        Ok(self)
    }

    /// The goal.
    ///
    /// ```
    /// # use hooke_bevy::*;
    /// let s = TransformSpring::new(SpringGoal::Fixed(Default::default()), 0.1)?;
    /// assert_eq!(s.goal(), SpringGoal::Fixed(Default::default()));
    /// # Ok::<(), HookeBevyError>(())
    /// ```
    pub fn goal(&self) -> SpringGoal {
        self.goal
    }

    /// Changes the goal (checked like [`new`](Self::new); the velocities carry on).
    ///
    /// ```
    /// # use hooke_bevy::*;
    /// use bevy_transform::components::Transform;
    /// let mut s = TransformSpring::new(SpringGoal::Fixed(Transform::IDENTITY), 0.1)?;
    /// let bad = Transform::IDENTITY.with_rotation(glam::Quat::from_xyzw(0.0, 0.0, 0.0, 2.0));
    /// assert!(s.set_goal(SpringGoal::Fixed(bad)).is_err());
    /// assert_eq!(s.goal(), SpringGoal::Fixed(Transform::IDENTITY));
    /// # Ok::<(), HookeBevyError>(())
    /// ```
    pub fn set_goal(&mut self, goal: SpringGoal) -> Result<(), HookeBevyError> {
        self.goal = check_goal(goal)?;
        Ok(())
    }

    /// The translation halflife.
    ///
    /// ```
    /// # use hooke_bevy::*;
    /// let s = TransformSpring::new(SpringGoal::Fixed(Default::default()), 0.1)?;
    /// assert_eq!(s.translation_halflife(), Some(0.1));
    /// # Ok::<(), HookeBevyError>(())
    /// ```
    pub fn translation_halflife(&self) -> Option<f32> {
        self.translation_halflife
    }

    /// The rotation halflife.
    ///
    /// ```
    /// # use hooke_bevy::*;
    /// let s = TransformSpring::new(SpringGoal::Fixed(Default::default()), 0.1)?;
    /// assert_eq!(s.rotation_halflife(), Some(0.1));
    /// # Ok::<(), HookeBevyError>(())
    /// ```
    pub fn rotation_halflife(&self) -> Option<f32> {
        self.rotation_halflife
    }

    /// The scale halflife.
    ///
    /// ```
    /// # use hooke_bevy::*;
    /// let s = TransformSpring::new(SpringGoal::Fixed(Default::default()), 0.1)?;
    /// assert_eq!(s.scale_halflife(), Some(0.1));
    /// # Ok::<(), HookeBevyError>(())
    /// ```
    pub fn scale_halflife(&self) -> Option<f32> {
        self.scale_halflife
    }

    /// The translation's velocity (units per second).
    ///
    /// ```
    /// # use hooke_bevy::*;
    /// let s = TransformSpring::new(SpringGoal::Fixed(Default::default()), 0.1)?;
    /// assert_eq!(s.velocity(), glam::Vec3::ZERO);
    /// # Ok::<(), HookeBevyError>(())
    /// ```
    pub fn velocity(&self) -> Vec3 {
        self.velocity
    }

    /// The rotation's angular velocity (radians per second, rotation vector).
    ///
    /// ```
    /// # use hooke_bevy::*;
    /// let s = TransformSpring::new(SpringGoal::Fixed(Default::default()), 0.1)?;
    /// assert_eq!(s.angular_velocity(), glam::Vec3::ZERO);
    /// # Ok::<(), HookeBevyError>(())
    /// ```
    pub fn angular_velocity(&self) -> Vec3 {
        self.angular_velocity
    }

    /// The scale's velocity (per second).
    ///
    /// ```
    /// # use hooke_bevy::*;
    /// let s = TransformSpring::new(SpringGoal::Fixed(Default::default()), 0.1)?;
    /// assert_eq!(s.scale_velocity(), glam::Vec3::ZERO);
    /// # Ok::<(), HookeBevyError>(())
    /// ```
    pub fn scale_velocity(&self) -> Vec3 {
        self.scale_velocity
    }
}

/// Updates every [`TransformSpring`] with this frame's `dt`.
pub(crate) fn update_transform_springs(
    time: Res<Time>,
    mut batches: ResMut<SpringBatches>,
    mut springs: Query<(Entity, &mut TransformSpring)>,
    mut transforms: Query<&mut Transform>,
) {
    let dt = time.delta_secs();
    if dt == 0.0 || springs.is_empty() {
        return;
    }
    let b = &mut *batches;
    b.owners.clear();
    b.translation.clear();
    b.translation_owner.clear();
    b.scale.clear();
    b.scale_owner.clear();
    for r in &mut b.rotation {
        r.q.clear();
        r.w.clear();
        r.goal.clear();
        r.owner.clear();
    }
    for (entity, spring) in &springs {
        let Ok(current) = transforms.get(entity) else {
            continue;
        };
        let goal = match spring.goal {
            SpringGoal::Fixed(t) => t,
            SpringGoal::Entity(e) => match transforms.get(e) {
                Ok(t) => *t,
                Err(_) => continue,
            },
        };
        let finite = |t: &Transform| {
            t.translation.is_finite() && t.scale.is_finite() && t.rotation.is_finite()
        };
        if !finite(current) || !finite(&goal) {
            continue;
        }
        let owner = b.owners.len();
        b.owners.push(entity);
        if let Some(h) = spring.translation_halflife {
            b.translation
                .push(current.translation, spring.velocity, goal.translation, h);
            b.translation_owner.push(owner);
        }
        if let Some(h) = spring.scale_halflife {
            b.scale
                .push(current.scale, spring.scale_velocity, goal.scale, h);
            b.scale_owner.push(owner);
        }
        if let Some(h) = spring.rotation_halflife
            && let (Ok(q), Ok(g)) = (
                check_unit_quat("rotation", current.rotation),
                check_unit_quat("goal.rotation", goal.rotation),
            )
        {
            let batch = match b.rotation.iter_mut().position(|r| r.halflife == h) {
                Some(i) => &mut b.rotation[i],
                None => {
                    b.rotation.push(QuatBatch {
                        halflife: h,
                        springs: None,
                        q: Vec::new(),
                        w: Vec::new(),
                        goal: Vec::new(),
                        owner: Vec::new(),
                    });
                    b.rotation.last_mut().expect("just pushed")
                }
            };
            batch.q.push(q);
            batch.w.push(spring.angular_velocity);
            batch.goal.push(g);
            batch.owner.push(owner);
        }
    }
    // Batches unused this frame are dropped so that halflives seen once do not pile up.
    b.rotation.retain(|r| !r.q.is_empty());
    let translated = !b.translation_owner.is_empty() && b.translation.run(dt).is_ok();
    let scaled = !b.scale_owner.is_empty() && b.scale.run(dt).is_ok();
    for r in &mut b.rotation {
        if r.run(dt).is_err() {
            r.owner.clear();
        }
    }
    let mut write = |owner: usize, f: &mut dyn FnMut(&mut Transform, &mut TransformSpring)| {
        let entity = b.owners[owner];
        if let (Ok(mut t), Ok((_, mut s))) = (transforms.get_mut(entity), springs.get_mut(entity)) {
            f(&mut t, &mut s);
        }
    };
    if translated {
        for (i, &owner) in b.translation_owner.iter().enumerate() {
            if let Some((x, v)) = b.translation.get(i) {
                write(owner, &mut |t, s| (t.translation, s.velocity) = (x, v));
            }
        }
    }
    if scaled {
        for (i, &owner) in b.scale_owner.iter().enumerate() {
            if let Some((x, v)) = b.scale.get(i) {
                write(owner, &mut |t, s| (t.scale, s.scale_velocity) = (x, v));
            }
        }
    }
    for r in &b.rotation {
        let Some(springs) = &r.springs else { continue };
        for (i, &owner) in r.owner.iter().enumerate() {
            let (q, w) = (springs.rotation(i), springs.angular_velocity(i));
            write(owner, &mut |t, s| (t.rotation, s.angular_velocity) = (q, w));
        }
    }
}
