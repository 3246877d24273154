//! The SIMD batches behind the spring components, kept between frames in a resource.

use bevy_ecs::entity::Entity;
use bevy_ecs::resource::Resource;
use glam::{Quat, Vec3};
use hooke::ParamError;
use hooke::batch::{CriticalSprings, QuatSprings};

/// `Vec3` springs as three critical springs each (x, y, z lanes next to each other).
#[derive(Default)]
pub(super) struct Vec3Batch {
    pub(super) springs: Option<CriticalSprings>,
    pub(super) x: Vec<f32>,
    pub(super) v: Vec<f32>,
    pub(super) goal: Vec<f32>,
    pub(super) halflife: Vec<f32>,
}

impl Vec3Batch {
    pub(super) fn clear(&mut self) {
        for column in [&mut self.x, &mut self.v, &mut self.goal, &mut self.halflife] {
            column.clear();
        }
    }

    pub(super) fn push(&mut self, x: Vec3, v: Vec3, goal: Vec3, halflife: f32) {
        self.x.extend(x.to_array());
        self.v.extend(v.to_array());
        self.goal.extend(goal.to_array());
        self.halflife.extend([halflife; 3]);
    }

    pub(super) fn run(&mut self, dt: f32) -> Result<(), ParamError> {
        let springs = match &mut self.springs {
            Some(s) if s.len() == self.x.len() => {
                s.set_halflives(&self.halflife)?;
                s
            }
            slot => slot.insert(CriticalSprings::with_halflives(&self.halflife)?),
        };
        let zeros = vec![0.0; self.x.len()];
        springs.set_state(&self.x, &self.v, &self.goal, &zeros)?;
        springs.update(dt)
    }

    /// Position and velocity of spring `i` after [`run`](Self::run).
    pub(super) fn get(&self, i: usize) -> Option<(Vec3, Vec3)> {
        let s = self.springs.as_ref()?;
        let (x, v) = (s.x(), s.v());
        Some((
            Vec3::from_slice(&x[3 * i..3 * i + 3]),
            Vec3::from_slice(&v[3 * i..3 * i + 3]),
        ))
    }
}

/// Quaternion springs sharing one halflife.
pub(super) struct QuatBatch {
    pub(super) halflife: f32,
    pub(super) springs: Option<QuatSprings>,
    pub(super) q: Vec<Quat>,
    pub(super) w: Vec<Vec3>,
    pub(super) goal: Vec<Quat>,
    /// Index of the owner (in the frame's spring list) of each spring.
    pub(super) owner: Vec<usize>,
}

impl QuatBatch {
    pub(super) fn run(&mut self, dt: f32) -> Result<(), ParamError> {
        let springs = match &mut self.springs {
            Some(s) if s.len() == self.q.len() => s,
            slot => slot.insert(QuatSprings::new(self.q.len(), self.halflife)?),
        };
        springs.set_state(&self.q, &self.w)?;
        springs.set_goals(&self.goal)?;
        springs.update(dt)
    }
}

/// The batches of the spring components, kept from frame to frame to reuse their memory.
#[derive(Resource, Default)]
pub(crate) struct SpringBatches {
    pub(super) owners: Vec<Entity>,
    pub(super) translation: Vec3Batch,
    pub(super) translation_owner: Vec<usize>,
    pub(super) scale: Vec3Batch,
    pub(super) scale_owner: Vec<usize>,
    pub(super) rotation: Vec<QuatBatch>,
    pub(super) smooth: Vec3Batch,
}
