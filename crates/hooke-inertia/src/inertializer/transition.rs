//! Starting a blend: [`Inertializer::transition`] and the current output it folds in.

use crate::bone::{self, Anchor, Bone};
use crate::error::InertiaError;
use crate::limits::reach_time;
use crate::pose::PoseRef;
use crate::profile::{BlendMode, RootPolicy};
use crate::scale;
use crate::validate;
use crate::world::{self, Spin};
use hooke::scalar::quat_to_scaled_angle_axis_f64;

use super::channel::Start;
use super::{Inertializer, get_bone, set_bone};

impl Inertializer {
    /// Switches `character` from the animation it was showing to a new one, keeping its output
    /// pose and velocities unchanged (C0 and C1 continuous).
    ///
    /// `source` is the character's *input* at the time of the switch (its previous animation,
    /// before any offset, with velocities); `destination` is the new animation at the same time.
    /// Any blend in flight is folded in: the new offsets are computed from the current output
    /// `off ⊕ source` (see `docs/math.md` §6.1, including the angular-velocity fix), so transitions
    /// can follow each other at any rate. In [`BlendMode::DeadBlend`] the current output is stored
    /// and extrapolated instead, and `destination` is only checked.
    ///
    /// Both poses are checked (lengths, finite values, unit rotations) before anything changes.
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// use hooke_inertia::*;
    ///
    /// let mut i = Inertializer::new(1, BlendProfile::uniform(1, 0.1)?, RootPolicy::Local)?;
    /// let mut src = Pose::rest(1);
    /// src.angular_velocities[0] = Vec3::Z;
    /// let mut dst = Pose::rest(1);
    /// dst.rotations[0] = Quat::from_rotation_x(1.0);
    /// i.transition(0, src.as_ref(), dst.as_ref())?;
    ///
    /// let mut input = PoseBatch::new(1, 1, 0)?;
    /// input.set_character(0, dst.as_ref())?;
    /// let mut output = PoseBatch::new(1, 1, 0)?;
    /// i.update(0.0, &input, &mut output)?;
    /// assert!(output.rotations().get(0).angle_between(Quat::IDENTITY) < 1e-6);
    /// assert!((output.angular_velocities().get(0) - Vec3::Z).length() < 1e-6);
    ///
    /// let mut bad = dst.clone();
    /// bad.positions[0].x = f32::NAN;
    /// assert!(matches!(
    ///     i.transition(0, src.as_ref(), bad.as_ref()),
    ///     Err(InertiaError::NotFinite { field: "destination.positions", character: 0, bone: 0, .. })
    /// ));
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn transition(
        &mut self,
        character: usize,
        source: PoseRef<'_>,
        destination: PoseRef<'_>,
    ) -> Result<(), InertiaError> {
        self.check_character(character)?;
        let shape = self.profile.shape();
        let (bones, curves) = (shape.bones, shape.curves);
        validate::check_pose(&validate::SOURCE, character, shape, &source)?;
        validate::check_pose(&validate::DESTINATION, character, shape, &destination)?;
        let mode = self.modes[character];
        let outputs = self.current_outputs(character, &source);
        let anchored = matches!(self.root, RootPolicy::Anchored { .. });
        if anchored && bones > 0 {
            let dst = pose_bone(&destination, 0);
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
            let dst = pose_bone(&destination, b);
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
                            let destination = world::model_space(parents, b, |k| {
                                Spin::of(&pose_bone(&destination, k))
                            });
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
        let start = |blend: bool, max_speed: f32| Start {
            mode,
            blend,
            max_speed,
            limits: self.limits,
            dt: self.dt,
        };
        let curve_start = start(true, self.limits.max_curve_speed);
        for c in 0..curves {
            let lane = character * curves + c;
            let input = (
                f64::from(source.curves[c]),
                f64::from(source.curve_velocities[c]),
            );
            let output = self.curves.output(lane, input, &self.curve);
            let destination = (
                f64::from(destination.curves[c]),
                f64::from(destination.curve_velocities[c]),
            );
            self.dead_active |= self.curves.start(lane, curve_start, output, destination);
        }
        if self.profile.has_scales() {
            for b in 0..bones {
                let start = start(!self.profile.is_excluded(b), self.limits.max_scale_speed);
                let (src, dst) = (log_scale(&source, b), log_scale(&destination, b));
                for axis in 0..3 {
                    let lane = 3 * (character * bones + b) + axis;
                    let output = self.scales.output(lane, src[axis], &self.curve);
                    self.dead_active |= self.scales.start(lane, start, output, dst[axis]);
                }
            }
        }
        Ok(())
    }

    /// What `character` shows for each bone when its input is `source`, in the order of the
    /// update: offsets applied (model-space bones through their parents' outputs), the root
    /// anchor, the dead blend.
    fn current_outputs(&self, character: usize, source: &PoseRef<'_>) -> Vec<Bone> {
        let bones = self.profile.bone_count();
        let mut outputs: Vec<Bone> = (0..bones)
            .map(|b| {
                let lane = character * bones + b;
                self.offsets.get(lane).apply_to(&pose_bone(source, b))
            })
            .collect();
        let parents = self.profile.parents();
        for b in self.profile.world_rotation_bones() {
            let offset = self.offsets.get(character * bones + b);
            let input = world::model_space(parents, b, |k| Spin::of(&pose_bone(source, k)));
            let parent = world::parent_space(parents, b, |k| Spin::of(&outputs[k]));
            let spin = Spin::of(&offset).then(input).under(parent);
            (outputs[b].q, outputs[b].w) = (spin.q, spin.w);
        }
        for (b, out) in outputs.iter_mut().enumerate() {
            let lane = character * bones + b;
            if b == 0 && matches!(self.root, RootPolicy::Anchored { .. }) {
                *out = self.anchors[character].world_from_clip(out);
            }
            if let Some((elapsed, blend_time)) = self.dead_timing.running(lane) {
                let stored = get_bone(&self.dead, lane);
                *out = bone::dead_blend(&stored, out, elapsed, blend_time, &self.curve);
            }
        }
        outputs
    }
}

/// The log scale of bone `b` of a pose and its rate, per axis (`(0, 0)` for a pose without
/// scales: scale 1 at rest).
fn log_scale(pose: &PoseRef<'_>, b: usize) -> [(f64, f64); 3] {
    match pose.scales.get(b) {
        None => [(0.0, 0.0); 3],
        Some(&s) => {
            let (log, rate) = scale::to_log(s, pose.scale_velocities[b]);
            [0, 1, 2].map(|k| (f64::from(log[k]), f64::from(rate[k])))
        }
    }
}

fn pose_bone(pose: &PoseRef<'_>, b: usize) -> Bone {
    Bone::new(
        pose.positions[b],
        pose.velocities[b],
        pose.rotations[b],
        pose.angular_velocities[b],
    )
}
