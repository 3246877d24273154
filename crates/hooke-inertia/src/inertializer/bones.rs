//! The bones of a transition: in `f32x8` lanes ([`Inertializer::rebase_bones`]) for local
//! bones being inertialized, in `f64` ([`Inertializer::transition_bones`]) for model-space
//! bones, dead blends and characters with a dead blend still running.

use wide::f32x8;

use crate::bone::{Anchor, Bone};
use crate::limits::reach_time;
use crate::profile::{BlendMode, RootPolicy};
use crate::rebase::{Offset8, rebase};
use crate::world::{self, Spin};
use hooke::scalar::quat_to_scaled_angle_axis_f64;
use hooke::simd::Vec3x8;

use super::source::{PoseSource, load_vec3, store_vec3};
use super::{Inertializer, set_bone};

impl Inertializer {
    /// Whether the bones of `character` can be re-based in lanes: inertialized, no model-space
    /// bone in the rig, no dead blend still running on its bones (their output is not a plain
    /// offset of the input).
    pub(super) fn lanes_apply(&self, character: usize, mode: BlendMode) -> bool {
        let bones = self.profile.bone_count();
        matches!(mode, BlendMode::Inertialize)
            && self.profile.world_rotation_bones().next().is_none()
            && !(character * bones..(character + 1) * bones)
                .any(|lane| self.dead_timing.running(lane).is_some())
    }

    /// The bones of a transition in `f32x8` lanes, eight bones of `character` at a time
    /// ([`rebase`]); lanes whose result leaves the `f32` range go through the `f64` path,
    /// which saturates. The anchored root is re-anchored in `f64` first (from the old offset).
    pub(super) fn rebase_bones<S: PoseSource>(
        &mut self,
        character: usize,
        source: &S,
        destination: &S,
    ) {
        let bones = self.profile.bone_count();
        let base = character * bones;
        let anchored = matches!(self.root, RootPolicy::Anchored { .. }) && bones > 0;
        let root = anchored.then(|| {
            let output = self.anchors[character]
                .world_from_clip(&self.offsets.get(base).apply_to(&source.bone(0)));
            let dst = destination.bone(0);
            let anchor = Anchor::aligning(&output, &dst, self.up);
            let target = anchor.clip_from_world(&output);
            (anchor, Bone::offset_between(&target, &dst))
        });
        let mut start = 0;
        while start < bones {
            let count = (bones - start).min(8);
            let lane = base + start;
            let off = load_offsets(&self.offsets, lane, count);
            let (src, dst) = (
                source.bones8(start, count),
                destination.bones8(start, count),
            );
            let (new, finite) = rebase(&off, &src, &dst);
            if finite.all() {
                store_offsets(&mut self.offsets, lane, count, &new);
            } else {
                self.rebase_saturating(lane, count, finite, &new, (source, destination), start);
            }
            start += count;
        }
        for b in 0..bones {
            let lane = base + b;
            if self.profile.is_excluded(b) {
                self.offsets.clear(lane);
            }
            self.dead_timing.stop(lane);
        }
        if let Some((anchor, offset)) = root {
            self.anchors[character] = anchor;
            if !self.profile.is_excluded(0) {
                self.offsets.set(base, &offset);
            }
        }
    }

    /// Lanes of [`rebase_bones`](Self::rebase_bones) with a result beyond the `f32` range:
    /// there the `f64` path (`apply_to`, `offset_between`, saturated when stored).
    #[cold]
    #[inline(never)]
    fn rebase_saturating<S: PoseSource>(
        &mut self,
        lane: usize,
        count: usize,
        finite: f32x8,
        new: &Offset8,
        (source, destination): (&S, &S),
        start: usize,
    ) {
        let finite = finite.to_array();
        for (k, ok) in finite.into_iter().enumerate().take(count) {
            if ok.to_bits() != 0 {
                let one = lane_offset(new, k);
                store_lane(&mut self.offsets, lane + k, one);
            } else {
                let b = start + k;
                let output = self.offsets.get(lane + k).apply_to(&source.bone(b));
                let offset = Bone::offset_between(&output, &destination.bone(b));
                self.offsets.set(lane + k, &offset);
            }
        }
    }

    /// The bones of a transition in `f64`, one at a time (every mode, model-space bones,
    /// dead blends in flight).
    pub(super) fn transition_bones<S: PoseSource>(
        &mut self,
        character: usize,
        mode: BlendMode,
        source: &S,
        destination: &S,
    ) {
        let bones = self.profile.bone_count();
        let outputs = self.current_outputs(character, source);
        let anchored = matches!(self.root, RootPolicy::Anchored { .. });
        if anchored && bones > 0 {
            let dst = destination.bone(0);
            self.anchors[character] = Anchor::aligning(&outputs[0], &dst, self.up);
        }
        // What the offsets take the destination to: the output, the root in the new anchor's
        // clip space.
        let targets: Vec<Bone> = outputs
            .iter()
            .enumerate()
            .map(|(b, output)| match b == 0 && anchored {
                true => self.anchors[character].clip_from_world(output),
                false => *output,
            })
            .collect();
        for (b, output) in outputs.iter().enumerate() {
            let lane = character * bones + b;
            let dst = destination.bone(b);
            let excluded = self.profile.is_excluded(b);
            match mode {
                BlendMode::Inertialize => {
                    if excluded {
                        self.offsets.clear(lane);
                    } else {
                        let mut offset = Bone::offset_between(&targets[b], &dst);
                        if self.profile.has_world_rotation(b) {
                            // (Excluded bones never get here.)
                            // The rotation offset of a model-space bone is taken between
                            // model-space rotations (`docs/math.md` §6.4).
                            let parents = self.profile.parents();
                            let target = world::model_space(parents, b, |k| Spin::of(&targets[k]));
                            let destination =
                                world::model_space(parents, b, |k| Spin::of(&destination.bone(k)));
                            let spin = target.offset_from(destination);
                            (offset.q, offset.w) = (spin.q, spin.w);
                        }
                        self.offsets.set(lane, &offset);
                    }
                    self.dead_timing.stop(lane);
                }
                BlendMode::DeadBlend {
                    blend_time,
                    halflife,
                } => {
                    self.offsets.clear(lane);
                    // The velocities extrapolated from here are capped (DeadBlendLimits).
                    let stored = Bone {
                        v: output.v.clamp_length_max(f64::from(self.limits.max_speed)),
                        w: output
                            .w
                            .clamp_length_max(f64::from(self.limits.max_angular_speed)),
                        ..*output
                    };
                    set_bone(&mut self.dead, lane, &stored);
                    let blend_time = if excluded { 0.0 } else { blend_time };
                    // The destination as shown (the anchored root in world space).
                    let dst = match b == 0 && anchored {
                        true => self.anchors[character].world_from_clip(&dst),
                        false => dst,
                    };
                    let turn = quat_to_scaled_angle_axis_f64(dst.q * stored.q.conjugate());
                    let reach = [
                        reach_time(dst.x - stored.x, stored.v),
                        reach_time(turn, stored.w),
                    ];
                    let halflife = self.limits.extrapolation_halflife(halflife, reach);
                    self.dead_timing.start(lane, blend_time, halflife, self.dt);
                    self.dead_active |= blend_time > 0.0;
                }
            }
        }
    }
}

#[inline(always)]
fn load_offsets(o: &crate::offsets::OffsetColumns, lane: usize, count: usize) -> Offset8 {
    Offset8 {
        x: load_vec3(&o.positions, lane, count),
        v: load_vec3(&o.velocities, lane, count),
        e: load_vec3(&o.rotations, lane, count),
        w: load_vec3(&o.angular_velocities, lane, count),
    }
}

#[inline(always)]
fn store_offsets(o: &mut crate::offsets::OffsetColumns, lane: usize, count: usize, n: &Offset8) {
    store_vec3(&mut o.positions, lane, count, n.x);
    store_vec3(&mut o.velocities, lane, count, n.v);
    store_vec3(&mut o.rotations, lane, count, n.e);
    store_vec3(&mut o.angular_velocities, lane, count, n.w);
}

fn lane3(v: Vec3x8, k: usize) -> glam::Vec3 {
    glam::Vec3::new(v.x.to_array()[k], v.y.to_array()[k], v.z.to_array()[k])
}

fn lane_offset(n: &Offset8, k: usize) -> [glam::Vec3; 4] {
    [lane3(n.x, k), lane3(n.v, k), lane3(n.e, k), lane3(n.w, k)]
}

fn store_lane(o: &mut crate::offsets::OffsetColumns, lane: usize, [x, v, e, w]: [glam::Vec3; 4]) {
    o.positions.set(lane, x);
    o.velocities.set(lane, v);
    o.rotations.set(lane, e);
    o.angular_velocities.set(lane, w);
}

#[cfg(test)]
mod tests {
    use glam::{Quat, Vec3};

    use crate::pose::Pose;
    use crate::profile::{BlendMode, BlendProfile, RootPolicy};

    use super::Inertializer;

    fn random_pose(bones: usize, seed: &mut u64) -> Pose {
        let mut r = || {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((*seed >> 33) as f32 / (1u64 << 31) as f32) * 2.0 - 1.0
        };
        let mut pose = Pose::rest(bones);
        for b in 0..bones {
            let mut v = |s: f32| Vec3::new(r() * s, r() * s, r() * s);
            pose.positions[b] = v(2.0);
            pose.velocities[b] = v(3.0);
            pose.rotations[b] = Quat::from_scaled_axis(v(2.5));
            pose.angular_velocities[b] = v(8.0);
        }
        pose
    }

    /// The lanes path against the `f64` path, with offsets in flight, an anchored root, an
    /// excluded bone and a partial last lane group (13 bones).
    #[test]
    fn lanes_match_the_f64_path() {
        let bones = 13;
        let mut seed = 7;
        for root in [
            RootPolicy::Local,
            RootPolicy::Anchored {
                up: Vec3::new(0.1, 1.0, 0.2),
            },
        ] {
            let profile = BlendProfile::uniform(bones, 0.1)
                .unwrap()
                .exclude(4)
                .unwrap();
            let mut i = Inertializer::new(3, profile, root).unwrap();
            for c in 0..3 {
                let (a, b) = (random_pose(bones, &mut seed), random_pose(bones, &mut seed));
                i.transition(c, a.as_ref(), b.as_ref()).unwrap();
            }
            let (src, dst) = (random_pose(bones, &mut seed), random_pose(bones, &mut seed));
            let mut lanes = i.clone();
            lanes.rebase_bones(1, &src.as_ref(), &dst.as_ref());
            let mut f64_path = i.clone();
            f64_path.transition_bones(1, BlendMode::Inertialize, &src.as_ref(), &dst.as_ref());
            for lane in 0..3 * bones {
                let (a, b) = (lanes.offsets.get(lane), f64_path.offsets.get(lane));
                assert!((a.x - b.x).length() < 1e-4, "{lane} {a:?} {b:?}");
                assert!((a.v - b.v).length() < 1e-4, "{lane}");
                assert!(a.q.dot(b.q).abs() > 1.0 - 1e-8, "{lane}");
                assert!((a.w - b.w).length() < 1e-4, "{lane}");
            }
            for c in 0..3 {
                let (a, b) = (lanes.anchors[c], f64_path.anchors[c]);
                assert!(a.q.dot(b.q).abs() > 1.0 - 1e-10 && (a.t - b.t).length() < 1e-5);
            }
        }
    }
}
