//! A single transition's two poses gathered into lanes once ([`GatheredPoses`]): checked there
//! by the fast check of `validate`, then re-based from there
//! ([`Inertializer::rebase_gathered`](super::Inertializer)).
//!
//! Each pose is read from memory once (the checks and the re-basing used to read it twice, and
//! the first read of a pose scattered through a clip is most of a transition's time), and the
//! re-basing reads its lanes with plain vector loads from a buffer in L1: gathered inside the
//! re-basing loop, the 26 vectors of a lane group did not fit the registers beside the kernel's
//! and were spilled around it.

use std::fmt;

use glam::Vec3;
use hooke::simd::{Quat8, Vec3x8};
use wide::f32x8;

use crate::alloc;
use crate::error::InertiaError;
use crate::lanes::Bone8;
use crate::pose::PoseRef;
use crate::validate::{bone_lengths_fit, doubtful_lanes};

use super::source::bones8;

/// A transition's source and destination, one pair of [`Bone8`] per lane group of the rig
/// ([`lane_groups`]), kept by the inertializer so that a transition allocates nothing.
#[derive(Clone)]
pub(super) struct GatheredPoses {
    groups: Vec<[Bone8; 2]>,
}

impl fmt::Debug for GatheredPoses {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Scratch space: its size says all there is to say.
        f.debug_struct("GatheredPoses")
            .field("lane_groups", &self.groups.len())
            .finish()
    }
}

impl GatheredPoses {
    /// Room for the lane groups of a rig of `bones` bones.
    pub(super) fn new(bones: usize) -> Result<GatheredPoses, InertiaError> {
        let zero = Vec3x8::splat(Vec3::ZERO);
        let rest = Bone8 {
            x: zero,
            v: zero,
            q: Quat8::IDENTITY,
            w: zero,
        };
        Ok(GatheredPoses {
            groups: alloc::vec("bone lane groups", bones.div_ceil(8), [rest; 2])?,
        })
    }

    /// Gathers the bones of `source` and `destination` (rigs of `bones` bones) into lanes, and
    /// says for each pose whether its bones certainly pass the checks of `validate::check_pose`
    /// (its lengths are the rig's, every lane passes [`doubtful_lanes`]). A pose of another
    /// length is not gathered: both say no, and the checks that name the failure run.
    pub(super) fn gather(
        &mut self,
        bones: usize,
        source: &PoseRef<'_>,
        destination: &PoseRef<'_>,
    ) -> [bool; 2] {
        let fits = |p: &PoseRef<'_>| bone_lengths_fit(bones, p);
        if !(fits(source) && fits(destination)) {
            return [false; 2];
        }
        let doubtful = |b: &Bone8| {
            let Bone8 { x, v, q, w } = *b;
            let values = [x.x, x.y, x.z, v.x, v.y, v.z, w.x, w.y, w.z];
            doubtful_lanes(values, [q.x, q.y, q.z, q.w])
        };
        let groups = &mut self.groups;
        for (slot, (start, count, _)) in groups.iter_mut().zip(lane_groups(bones)) {
            *slot = [
                bones8(source, start, count),
                bones8(destination, start, count),
            ];
        }
        // Checked in a pass of its own, from L1: checked as they were gathered, the 26 vectors
        // of a group did not fit the registers and were spilled before being stored.
        let (mut bad_source, mut bad_destination) = (f32x8::ZERO, f32x8::ZERO);
        for [s, d] in groups.iter() {
            bad_source |= doubtful(s);
            bad_destination |= doubtful(d);
        }
        [bad_source, bad_destination].map(|bad| bad.to_bitmask() == 0)
    }

    /// The gathered source and destination of lane group `g` (of [`lane_groups`]).
    #[inline(always)]
    pub(super) fn group(&self, g: usize) -> Option<&[Bone8; 2]> {
        self.groups.get(g)
    }
}

/// The lane groups of a character of `bones` bones, as `(start, count, keep)`: bones
/// `start..start + count` in lanes `0..count`, of which lanes `keep..` are its own. A rig of
/// fewer than 8 bones is one group of `count = bones`; a larger one runs whole groups only, the
/// last ending at the last bone and overlapping the one before, whose lanes (`..keep`) it
/// leaves to it.
pub(super) fn lane_groups(bones: usize) -> impl Iterator<Item = (usize, usize, usize)> {
    let whole = bones / 8 * 8;
    let small = (bones < 8 && bones > 0).then_some((0, bones, 0));
    let full = (0..whole).step_by(8).map(|start| (start, 8, 0));
    let last = (bones >= 8 && whole < bones).then(|| (bones - 8, 8, whole - (bones - 8)));
    small.into_iter().chain(full).chain(last)
}

#[cfg(test)]
mod tests {
    use glam::{Quat, Vec3};
    use wide::f32x8;

    use super::{GatheredPoses, lane_groups};
    use crate::lanes::Bone8;
    use crate::pose::Pose;
    use crate::validate::{self, Shape};

    #[test]
    fn lane_groups_cover_every_bone_once() {
        for bones in 0..40 {
            let mut owner = vec![0; bones];
            let groups: Vec<_> = lane_groups(bones).collect();
            assert_eq!(groups.len(), bones.div_ceil(8), "{bones}");
            for (start, count, keep) in groups {
                assert!(count <= 8 && start + count <= bones && keep <= count);
                for n in &mut owner[start + keep..start + count] {
                    *n += 1;
                }
            }
            assert!(owner.iter().all(|&n| n == 1), "{bones}: {owner:?}");
        }
    }

    /// Lane `k` of a gathered group is bone `start + k` of the pose, bit for bit (lanes past a
    /// small rig's bones at rest), on every lane group of rigs gathered by scalar loads and by
    /// whole groups (both SIMD paths run this test).
    #[test]
    fn gathered_lanes_are_the_bones() {
        let mut seed = 3_u64;
        let mut r = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            (seed >> 40) as f32 / (1u64 << 20) as f32 - 8.0
        };
        for bones in [1, 5, 8, 9, 10, 13, 16, 31, 33] {
            let mut poses = [Pose::rest(bones), Pose::rest(bones)];
            for pose in &mut poses {
                for b in 0..bones {
                    pose.positions[b] = Vec3::new(r(), r(), r());
                    pose.velocities[b] = Vec3::new(r(), r(), r());
                    pose.rotations[b] = Quat::from_xyzw(r(), r(), r(), r()).normalize();
                    pose.angular_velocities[b] = Vec3::new(r(), r(), r());
                }
            }
            let mut g = GatheredPoses::new(bones).unwrap();
            let passed = g.gather(bones, &poses[0].as_ref(), &poses[1].as_ref());
            assert_eq!(passed, [true; 2]);
            for (i, (start, count, _)) in lane_groups(bones).enumerate() {
                for (lanes, pose) in g.group(i).unwrap().iter().zip(&poses) {
                    let Bone8 { x, v, q, w } = *lanes;
                    let columns = [
                        x.x, x.y, x.z, v.x, v.y, v.z, q.x, q.y, q.z, q.w, w.x, w.y, w.z,
                    ];
                    let columns = columns.map(f32x8::to_array);
                    for k in 0..8 {
                        let lane: Vec<f32> = columns.iter().map(|c| c[k]).collect();
                        let want: Vec<f32> = if k < count {
                            let b = start + k;
                            let (p, v, q, w) = (
                                pose.positions[b],
                                pose.velocities[b],
                                pose.rotations[b],
                                pose.angular_velocities[b],
                            );
                            [p.to_array(), v.to_array()]
                                .concat()
                                .into_iter()
                                .chain(q.to_array())
                                .chain(w.to_array())
                                .collect()
                        } else {
                            [
                                0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0,
                            ]
                            .to_vec()
                        };
                        let bits = |l: &[f32]| l.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
                        assert_eq!(
                            bits(&lane),
                            bits(&want),
                            "{bones} bones, group {i}, lane {k}"
                        );
                    }
                }
            }
        }
    }

    /// The gather's pre-check never passes a pose the checks reject: every kind of invalid
    /// value in every field at every bone, rotation lengths around both ends of the unit
    /// tolerance, and poses of other lengths; each pose answered for itself; huge finite values
    /// (whose sum overflows) are left to the checks, which accept them.
    #[test]
    fn gathered_pre_check_agrees_with_the_checks() {
        let bones = 13;
        let shape = Shape {
            bones,
            curves: 0,
            scales: false,
        };
        let check = |p: &Pose| validate::check_pose(&validate::SOURCE, 0, shape, &p.as_ref());
        let mut g = GatheredPoses::new(bones).unwrap();
        let rest = Pose::rest(bones);
        let mut gather = |a: &Pose, b: &Pose| g.gather(bones, &a.as_ref(), &b.as_ref());
        assert_eq!(gather(&rest, &rest), [true; 2]);
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            for bone in 0..bones {
                for field in 0..4 {
                    let mut pose = Pose::rest(bones);
                    match field {
                        0 => pose.positions[bone].y = bad,
                        1 => pose.velocities[bone].z = bad,
                        2 => pose.rotations[bone].x = bad,
                        _ => pose.angular_velocities[bone] = Vec3::splat(bad),
                    }
                    assert!(check(&pose).is_err());
                    assert_eq!(gather(&pose, &rest), [false, true], "{bone} {field} {bad}");
                    assert_eq!(gather(&rest, &pose), [true, false], "{bone} {field} {bad}");
                }
            }
        }
        let tolerance = hooke::error::UNIT_QUAT_TOLERANCE;
        for k in -40..=40 {
            let length = 1.0 + tolerance * (1.0 + k as f32 * 1e-3);
            for length in [length, 2.0 - length] {
                let mut pose = Pose::rest(bones);
                pose.rotations[12] = Quat::from_xyzw(0.0, 0.6 * length, 0.0, 0.8 * length);
                let exact = check(&pose).is_ok();
                assert!(!gather(&rest, &pose)[1] || exact, "{length}");
            }
        }
        let mut huge = Pose::rest(bones);
        huge.positions[4] = Vec3::splat(3e38);
        assert!(check(&huge).is_ok());
        assert_eq!(gather(&huge, &rest), [false, true]);
        let short = Pose::rest(bones - 1);
        assert_eq!(gather(&short, &rest), [false; 2]);
        assert_eq!(gather(&rest, &short), [false; 2]);
    }
}
