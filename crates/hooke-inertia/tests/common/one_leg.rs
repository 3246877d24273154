//! A one-legged character in metres (root, hip, knee, ankle, toe) and a scene of such
//! characters with an inertializer and a foot locker: the fixtures of the foot-locking tests.

use glam::{Quat, Vec3};
use hooke_bvh::forward_kinematics;
use hooke_inertia::*;

pub const DT: f32 = 1.0 / 60.0;
/// root, hip, knee, ankle, toe.
pub const PARENTS: [Option<usize>; 5] = [None, Some(0), Some(1), Some(2), Some(3)];
pub const LEG: Leg = Leg {
    hip: 1,
    knee: 2,
    ankle: 3,
    toe: 4,
};

/// A one-legged character in metres standing with its root at `root` (x, z) and the toe on
/// the ground at `root + (0, 0, 0.15)`, the knee slightly bent; the root moving at `velocity`.
pub fn stand(x: f32, velocity: Vec3) -> Pose {
    let mut pose = Pose::rest(5);
    pose.positions = vec![
        Vec3::new(x, 1.05, 0.0),
        Vec3::ZERO,
        Vec3::new(0.0, -0.5, 0.05),
        Vec3::new(0.0, -0.5, -0.05),
        Vec3::new(0.0, -0.05, 0.15),
    ];
    pose.velocities[0] = velocity;
    pose
}

/// The toe of `character` in model space.
pub fn toe_of(batch: &PoseBatch, character: usize) -> Vec3 {
    let pose = batch.character(character).unwrap();
    let (mut p, mut q) = ([Vec3::ZERO; 5], [Quat::IDENTITY; 5]);
    forward_kinematics(&PARENTS, &pose.positions, &pose.rotations, &mut p, &mut q);
    p[4]
}

/// Settings for a rig in metres with the given contacts.
pub fn metres(contacts: Contacts) -> FootLockSettings {
    FootLockSettings {
        contacts,
        ..FootLockSettings::scaled(100.0).unwrap()
    }
}

/// One character with foot-locking `settings` whose toe is held planted (contacts given, in
/// contact), beside the same character with no contact: the animated pose the lock is measured
/// against.
pub fn planted_and_free(settings: FootLockSettings) -> (Scene, Scene) {
    let mut planted = Scene::with_settings(1, settings);
    planted.feet.set_contacts(0, &[true]).unwrap();
    (planted, Scene::new(1, Contacts::Given))
}

/// Every rotation of `batch` is a finite unit quaternion.
pub fn every_rotation_unit(batch: &PoseBatch) {
    for r in batch.rotations().to_quats() {
        assert!(r.is_finite() && (r.length() - 1.0).abs() < 1e-5, "{r}");
    }
}

/// Characters of the one-legged rig, their inertializer, foot locker, input and output.
pub struct Scene {
    pub inertializer: Inertializer,
    pub feet: FootLocker,
    pub input: PoseBatch,
    pub output: PoseBatch,
}

impl Scene {
    pub fn new(characters: usize, contacts: Contacts) -> Scene {
        Scene::with_settings(characters, metres(contacts))
    }

    /// [`Scene::new`] with foot-locking `settings` of its own.
    pub fn with_settings(characters: usize, settings: FootLockSettings) -> Scene {
        let profile = BlendProfile::uniform(5, 0.15).unwrap();
        let rig = FootRig::new(&PARENTS, &[LEG]).unwrap();
        Scene {
            inertializer: Inertializer::new(characters, profile, RootPolicy::Local).unwrap(),
            feet: FootLocker::new(characters, rig, settings).unwrap(),
            input: PoseBatch::from_pose(characters, stand(0.0, Vec3::ZERO).as_ref()).unwrap(),
            output: PoseBatch::new(characters, 5, 0).unwrap(),
        }
    }

    /// Character `c` switches from standing at 0 to standing at `x`.
    pub fn switch(&mut self, c: usize, x: f32) {
        self.switch_poses(c, &stand(0.0, Vec3::ZERO), &stand(x, Vec3::ZERO));
    }

    /// Character `c` switches from `from` to `to`, which becomes its input.
    pub fn switch_poses(&mut self, c: usize, from: &Pose, to: &Pose) {
        self.inertializer
            .transition(c, from.as_ref(), to.as_ref())
            .unwrap();
        self.input.set_character(c, to.as_ref()).unwrap();
    }

    /// A frame of the inertializer alone: what the blend shows without foot locking.
    pub fn frame_unlocked(&mut self) {
        self.inertializer
            .update(DT, &self.input, &mut self.output)
            .unwrap();
    }

    pub fn frame(&mut self) {
        self.inertializer
            .update(DT, &self.input, &mut self.output)
            .unwrap();
        self.feet
            .update(DT, &self.inertializer, &self.input, &mut self.output)
            .unwrap();
        every_rotation_unit(&self.output);
    }
}
