//! The bones of a transition: in `f32x8` lanes ([`Inertializer::rebase_gathered`]) for local
//! bones being inertialized, in `f64` ([`Inertializer::transition_bones`]) for model-space
//! bones, dead blends and characters with a dead blend still running.

use crate::bone::{Anchor, Bone};
use crate::lanes::Bone8;
use crate::limits::reach_time;
use crate::offsets::OffsetColumns;
use crate::pose::PoseRef;
use crate::profile::BlendMode;
use crate::rebase::Offset8;
use crate::world::{self, Spin};
use hooke::scalar::quat_to_scaled_angle_axis_f64;

use super::gathered::lane_groups;
use super::lane_group::{ALL_LANES, fast_store, merge_group, rebase_group};
use super::source::{PoseSource, load_vec3, store_lanes};
use super::{Inertializer, set_bone};

impl Inertializer {
    /// Whether the bones of `character` can be re-based in lanes: inertialized, no model-space
    /// bone in the rig, no dead blend still running on its bones (their output is not a plain
    /// offset of the input).
    pub(super) fn lanes_apply(&self, character: usize, mode: BlendMode) -> bool {
        let bones = self.profile.bone_count();
        let running = self.dead_timing.blend_time.as_slice();
        // (Without a dead blend running, every lane's blend time is zero: no scan.)
        matches!(mode, BlendMode::Inertialize)
            && self.profile.world_rotation_bones().next().is_none()
            && !(self.dead_active
                && running
                    .get(character * bones..(character + 1) * bones)
                    .unwrap_or(&[])
                    .iter()
                    .any(|&t| t > 0.0))
    }

    /// The bones of a transition in `f32x8` lanes, from the poses [`GatheredPoses::gather`](super::gathered::GatheredPoses::gather)
    /// gathered last (`source` and `destination`, read again only by the cold path of lanes
    /// beyond the `f32` range), one lane group of `character` at a time ([`rebase_group`], over
    /// the groups of [`lane_groups`]: the last one ends at the last bone and overlaps the one
    /// before, whose results it keeps). The anchored root is left out of the lanes and
    /// re-anchored in `f64` after them ([`finish_rebase`](Self::finish_rebase)).
    pub(super) fn rebase_gathered(
        &mut self,
        character: usize,
        source: &PoseRef<'_>,
        destination: &PoseRef<'_>,
    ) {
        let bones = self.profile.bone_count();
        let at = (character * bones, self.anchor_bone);
        let mut cols = offset_slices(&mut self.offsets);
        for (g, group) in lane_groups(bones).enumerate() {
            if let Some(pair) = self.gathered.group(g) {
                rebase_bone_group(&mut cols, at, pair, group, (source, destination));
            }
        }
        self.finish_rebase(character, source, destination);
    }

    /// What a transition in lanes leaves to do for `character` once its lanes are re-based
    /// (the anchored root's lane is not among them): re-anchor the root in `f64` from its old
    /// offset, clear the excluded bones' offsets, mark no dead blend running.
    pub(super) fn finish_rebase<S: PoseSource>(
        &mut self,
        character: usize,
        source: &S,
        destination: &S,
    ) {
        let bones = self.profile.bone_count();
        let base = character * bones;
        let root = self.anchor_bone.map(|r| {
            let output = self.anchors[character]
                .world_from_clip(&self.offsets.get(base + r).apply_to(&source.bone(r)));
            let dst = destination.bone(r);
            let anchor = Anchor::aligning(&output, &dst, self.up);
            let target = anchor.clip_from_world(&output);
            (r, anchor, Bone::offset_between(&target, &dst))
        });
        for k in 0..self.profile.excluded_bones().len() {
            let b = self.profile.excluded_bones()[k];
            self.offsets.clear(base + b);
        }
        // (Without a dead blend running, every lane's blend time is zero already.)
        if self.dead_active {
            let running = self.dead_timing.blend_time.as_mut_slice();
            if let Some(lanes) = running.get_mut(base..base + bones) {
                lanes.fill(0.0);
            }
        }
        if let Some((r, anchor, offset)) = root {
            self.anchors[character] = anchor;
            if !self.profile.is_excluded(r) {
                self.offsets.set(base + r, &offset);
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
        let anchored = self.anchor_bone;
        if let Some(r) = anchored {
            let dst = destination.bone(r);
            self.anchors[character] = Anchor::aligning(&outputs[r], &dst, self.up);
        }
        // What the offsets take the destination to: the output, the root in the new anchor's
        // clip space.
        let targets: Vec<Bone> = outputs
            .iter()
            .enumerate()
            .map(|(b, output)| match Some(b) == anchored {
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
                    let dst = match Some(b) == anchored {
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

/// The 12 offset columns' slices: position, velocity, rotation vector, angular velocity.
type OffsetSlices<'a> = [&'a mut [f32]; 12];

fn offset_slices(o: &mut OffsetColumns) -> OffsetSlices<'_> {
    o.columns_mut().map(|c| c.as_mut_slice())
}

#[inline(always)]
fn load_offsets(c: &OffsetSlices<'_>, lane: usize, count: usize) -> Offset8 {
    Offset8 {
        x: load_vec3(c, 0, lane, count),
        v: load_vec3(c, 3, lane, count),
        e: load_vec3(c, 6, lane, count),
        w: load_vec3(c, 9, lane, count),
    }
}

#[inline(always)]
fn store_offsets(c: &mut OffsetSlices<'_>, lane: usize, count: usize, n: &Offset8) {
    // Written out column by column: as a loop over the columns or the four vectors it was not
    // unrolled, and copied each vector through the stack.
    let [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11] = c;
    store_lanes(s0, lane, 0..count, n.x.x);
    store_lanes(s1, lane, 0..count, n.x.y);
    store_lanes(s2, lane, 0..count, n.x.z);
    store_lanes(s3, lane, 0..count, n.v.x);
    store_lanes(s4, lane, 0..count, n.v.y);
    store_lanes(s5, lane, 0..count, n.v.z);
    store_lanes(s6, lane, 0..count, n.e.x);
    store_lanes(s7, lane, 0..count, n.e.y);
    store_lanes(s8, lane, 0..count, n.e.z);
    store_lanes(s9, lane, 0..count, n.w.x);
    store_lanes(s10, lane, 0..count, n.w.y);
    store_lanes(s11, lane, 0..count, n.w.z);
}

/// One lane group of [`Inertializer::rebase_gathered`]: bones `start..start + count` of the
/// character whose bone 0 is at lane `base`, gathered in `src` and `dst`; lanes `keep..count`
/// stored, all but the anchored root's.
#[inline(always)]
fn rebase_bone_group(
    cols: &mut OffsetSlices<'_>,
    (base, root): (usize, Option<usize>),
    [src, dst]: &[Bone8; 2],
    (start, count, keep): (usize, usize, usize),
    poses: (&PoseRef<'_>, &PoseRef<'_>),
) {
    let lane = base + start;
    let old = load_offsets(cols, lane, count);
    // Every lane but the anchored root's (lanes past `count` are padding, not stored).
    let mut store = ALL_LANES;
    if let Some(r) = root.filter(|r| (start..start + count).contains(r)) {
        store &= !(1 << (r - start));
    }
    let result = rebase_group(&old, src, dst);
    // Lanes `keep..` take the result (those past `count` are padding, never stored); lanes
    // before `keep` (re-based by the group before) and the anchored root's (re-anchored after
    // the lanes) keep what memory holds. The group is stored whole: one vector store per
    // column, not a store per lane.
    store &= ALL_LANES << keep;
    match fast_store((ALL_LANES, store), result, || {
        load_offsets(cols, lane, count)
    }) {
        Some(new) => store_offsets(cols, lane, count, &new),
        None => store_some_bones(cols, (lane, start, count), store, [src, dst], poses),
    }
}

/// Stores the lanes of the group of bones `start..start + count` at `lane` that
/// [`merge_group`] says (from the values in memory; lanes beyond the `f32` range redone in
/// `f64` from the poses).
#[cold]
#[inline(never)]
fn store_some_bones(
    cols: &mut OffsetSlices<'_>,
    (lane, start, count): (usize, usize, usize),
    store: u8,
    [src, dst]: [&Bone8; 2],
    (source, destination): (&PoseRef<'_>, &PoseRef<'_>),
) {
    let old = load_offsets(cols, lane, count);
    let merged = merge_group(&old, (src, dst), store, |k| {
        (source.bone(start + k), destination.bone(start + k))
    });
    store_offsets(cols, lane, count, &merged);
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
    /// excluded bone and a last lane group overlapping the one before, for rigs whose poses
    /// are gathered by scalar loads (fewer than 8 bones, or 10 without AVX2), by whole lane
    /// groups (without AVX2: transposes read forward and back: 10, 13, 31) or both.
    #[test]
    fn lanes_match_the_f64_path() {
        for bones in [5, 8, 9, 10, 13, 31] {
            lanes_match_the_f64_path_on(bones);
        }
    }

    fn lanes_match_the_f64_path_on(bones: usize) {
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
            let (src, dst) = (src.as_ref(), dst.as_ref());
            assert_eq!(lanes.gathered.gather(bones, &src, &dst), [true; 2]);
            lanes.rebase_gathered(1, &src, &dst);
            let mut f64_path = i.clone();
            f64_path.transition_bones(1, BlendMode::Inertialize, &src, &dst);
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
