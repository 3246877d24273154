//! Lane groups at rest are skipped by the update (`kernel::LIVE_*`): the results are those of a
//! twin that runs every group through the arithmetic, for separate input and output and in
//! place, on every kind of rig.

use glam::{Quat, Vec3};

use crate::batch::PoseBatch;
use crate::kernel::LIVE;
use crate::pose::Pose;
use crate::profile::{BlendMode, BlendProfile, RootPolicy};

use super::Inertializer;

struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as f32 / (1u64 << 31) as f32) * 2.0 - 1.0
    }

    fn vec(&mut self, scale: f32) -> Vec3 {
        Vec3::new(self.unit(), self.unit(), self.unit()) * scale
    }

    fn pose(&mut self, bones: usize, curves: usize, scales: bool) -> Pose {
        let mut pose = Pose::rest(bones);
        for b in 0..bones {
            pose.positions[b] = self.vec(2.0);
            pose.velocities[b] = self.vec(3.0);
            pose.rotations[b] = Quat::from_scaled_axis(self.vec(2.5));
            pose.angular_velocities[b] = self.vec(8.0);
        }
        let curve = (0..curves).map(|_| self.unit()).collect();
        let rate = (0..curves).map(|_| self.unit()).collect();
        pose = pose.with_curves(curve, rate);
        if scales {
            let s = (0..bones)
                .map(|_| Vec3::splat(1.0) + self.vec(0.3))
                .collect();
            let r = (0..bones).map(|_| self.vec(0.5)).collect();
            pose = pose.with_scales(s, r);
        }
        pose
    }
}

/// The rigs: 13 bones (lane groups straddle characters), every root policy, curves and scales,
/// model-space bones, an excluded bone.
fn profiles() -> Vec<(BlendProfile, RootPolicy)> {
    let bones = 13;
    let parents: Vec<Option<usize>> = (0..bones)
        .map(|b| if b == 0 { None } else { Some((b - 1) / 2) })
        .collect();
    let plain = BlendProfile::uniform(bones, 0.1).unwrap();
    let full = BlendProfile::uniform(bones, 0.05)
        .unwrap()
        .exclude(5)
        .unwrap()
        .with_curves(&[0.1, 0.2])
        .unwrap()
        .with_scales();
    let model = plain
        .clone()
        .with_parents(&parents)
        .unwrap()
        .with_world_rotation(6)
        .unwrap();
    let up = Vec3::new(0.1, 1.0, 0.2);
    vec![
        (plain.clone(), RootPolicy::Local),
        (plain, RootPolicy::Anchored { up }),
        (full, RootPolicy::AnchoredBone { up, bone: 1 }),
        (model, RootPolicy::Local),
    ]
}

#[test]
fn groups_at_rest_give_the_results_of_the_full_arithmetic() {
    let characters = 11;
    let mut rng = Rng(3);
    for (profile, root) in profiles() {
        let (bones, curves, scales) = (
            profile.bone_count(),
            profile.curve_count(),
            profile.has_scales(),
        );
        let mut skipping = Inertializer::new(characters, profile, root).unwrap();
        for c in (0..characters).step_by(3) {
            let mode = BlendMode::DeadBlend {
                blend_time: 0.2,
                halflife: 0.1,
            };
            skipping.set_mode(c, mode).unwrap();
        }
        let (mut in_place, mut full) = (skipping.clone(), skipping.clone());
        let batch = || match scales {
            true => PoseBatch::with_scales(characters, bones, curves).unwrap(),
            false => PoseBatch::new(characters, bones, curves).unwrap(),
        };
        let (mut input, mut output, mut expected) = (batch(), batch(), batch());
        let mut idle_frames = 0;
        for frame in 0..400 {
            // Bursts of switching, then long quiet stretches (offsets decay to zero).
            if frame % 100 < 10 && rng.unit() > 0.3 {
                let c = ((rng.unit() + 1.0) * 0.5 * characters as f32) as usize % characters;
                let (src, dst) = (
                    rng.pose(bones, curves, scales),
                    rng.pose(bones, curves, scales),
                );
                for i in [&mut skipping, &mut in_place, &mut full] {
                    i.transition(c, src.as_ref(), dst.as_ref()).unwrap();
                }
                input.set_character(c, dst.as_ref()).unwrap();
            }
            let dt = match frame % 7 {
                0 => 0.0,
                1 => 0.5,
                _ => 1.0 / 60.0,
            };
            full.live.iter_mut().for_each(|g| *g |= LIVE);
            full.update(dt, &input, &mut expected).unwrap();
            skipping.update(dt, &input, &mut output).unwrap();
            assert_eq!(output, expected, "frame {frame}, {root:?}");
            let mut poses = input.clone();
            in_place.update_in_place(dt, &mut poses).unwrap();
            assert_eq!(poses, expected, "frame {frame} in place, {root:?}");
            assert_eq!(skipping.offsets, full.offsets);
            assert_eq!(in_place.offsets, full.offsets);
            if skipping.live.iter().all(|&g| g == 0) {
                idle_frames += 1;
            }
        }
        assert!(idle_frames > 100, "{idle_frames} frames at rest, {root:?}");
    }
}

#[test]
fn in_place_errors_name_the_poses_and_change_nothing() {
    let mut i =
        Inertializer::new(2, BlendProfile::uniform(3, 0.1).unwrap(), RootPolicy::Local).unwrap();
    let mut small = PoseBatch::new(1, 3, 0).unwrap();
    let before = small.clone();
    let err = i.update_in_place(0.1, &mut small).unwrap_err();
    assert!(
        matches!(
            err,
            crate::InertiaError::ShapeMismatch { field: "poses", .. }
        ),
        "{err:?}"
    );
    let mut scaled = PoseBatch::with_scales(2, 3, 0).unwrap();
    assert!(matches!(
        i.update_in_place(0.1, &mut scaled),
        Err(crate::InertiaError::NoScaleChannel { field: "poses" })
    ));
    let mut poses = PoseBatch::new(2, 3, 0).unwrap();
    assert!(i.update_in_place(-1.0, &mut poses).is_err());
    assert!(i.update_in_place(f32::INFINITY, &mut poses).is_err());
    assert_eq!(small, before);
    assert_eq!(poses, PoseBatch::new(2, 3, 0).unwrap());
}
