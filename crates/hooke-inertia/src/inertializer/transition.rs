//! Starting a blend: [`Inertializer::transition`] and the current output it folds in.

use crate::bone::{self, Bone};
use crate::error::InertiaError;
use crate::pose::PoseRef;
use crate::validate;
use crate::world::{self, Spin};

use super::channel::Start;
use super::source::PoseSource;
use super::{Inertializer, get_bone};

impl Inertializer {
    /// Switches `character` from the animation it was showing to a new one, keeping its output
    /// pose and velocities unchanged (C0 and C1 continuous).
    ///
    /// `source` is the character's *input* at the time of the switch (its previous animation,
    /// before any offset, with velocities); `destination` is the new animation at the same time.
    /// Call it before the update of the frame whose input changes: that update shows the
    /// character as of the switch (the source's continuation, whatever its `dt`), and the blend
    /// advances from the next update on.
    /// Any blend in flight is folded in: the new offsets are computed from the current output
    /// `off ⊕ source` (see `docs/math.md` §6.1, including the angular-velocity fix), so transitions
    /// can follow each other at any rate. In [`BlendMode::DeadBlend`](crate::BlendMode::DeadBlend) the current output is stored
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
        let poses = [
            (&validate::SOURCE, &source),
            (&validate::DESTINATION, &destination),
        ];
        let mode = self.modes[character];
        let lanes = self.lanes_apply(character, mode);
        // The lanes path reads each pose once: gathered into lanes, pre-checked there, and
        // re-based from there once the checks (which name a failure only where the pre-check
        // says no) have passed.
        let passed = match lanes {
            true => self.gathered.gather(shape.bones, &source, &destination),
            false => [&source, &destination].map(|p| validate::bones_pass(shape.bones, p)),
        };
        validate::check_poses(character, shape, poses, passed)?;
        self.note_transition(character);
        match lanes {
            true => self.rebase_gathered(character, &source, &destination),
            false => self.transition_bones(character, mode, &source, &destination),
        }
        self.transition_channels(character, &source, &destination);
        Ok(())
    }

    /// The curves and scales of a transition of `character` (after its bones).
    pub(super) fn transition_channels<S: PoseSource>(
        &mut self,
        character: usize,
        source: &S,
        destination: &S,
    ) {
        let shape = self.profile.shape();
        let (bones, curves) = (shape.bones, shape.curves);
        let mode = self.modes[character];
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
            let input = source.curve(c);
            let output = self.curves.output(lane, input, &self.curve);
            let destination = destination.curve(c);
            self.dead_active |= self.curves.start(lane, curve_start, output, destination);
        }
        if self.profile.has_scales() {
            for b in 0..bones {
                let start = start(!self.profile.is_excluded(b), self.limits.max_scale_speed);
                let (src, dst) = (source.log_scale(b), destination.log_scale(b));
                for axis in 0..3 {
                    let lane = 3 * (character * bones + b) + axis;
                    let output = self.scales.output(lane, src[axis], &self.curve);
                    self.dead_active |= self.scales.start(lane, start, output, dst[axis]);
                }
            }
        }
    }

    /// The bookkeeping of every transition of `character`, whichever path runs it: its
    /// transition count (foot locking's rest test), the liveness of its lane groups (the update
    /// decays and applies them again), and its lanes marked as switched, so that the next update
    /// shows them as of the switch (its curves' and scales' lanes are marked by
    /// `ScalarChannel::start`).
    pub(super) fn note_transition(&mut self, character: usize) {
        self.transitions[character] = self.transitions[character].wrapping_add(1);
        let groups = self.lane_groups(character);
        if let Some(groups) = self.live.get_mut(groups) {
            for g in groups {
                *g |= crate::kernel::LIVE | crate::kernel::FRESH;
            }
        }
        let bones = self.profile.bone_count();
        self.dead_timing
            .mark_fresh(character * bones..(character + 1) * bones);
    }

    /// What `character` shows for each bone when its input is `source`, in the order of the
    /// update: offsets applied (model-space bones through their parents' outputs), the root
    /// anchor, the dead blend.
    pub(super) fn current_outputs<S: PoseSource>(&self, character: usize, source: &S) -> Vec<Bone> {
        let bones = self.profile.bone_count();
        let mut outputs: Vec<Bone> = (0..bones)
            .map(|b| {
                let lane = character * bones + b;
                self.offsets.get(lane).apply_to(&source.bone(b))
            })
            .collect();
        let parents = self.profile.parents();
        for b in self.profile.world_rotation_bones() {
            let offset = self.offsets.get(character * bones + b);
            let input = world::model_space(parents, b, |k| Spin::of(&source.bone(k)));
            let parent = world::parent_space(parents, b, |k| Spin::of(&outputs[k]));
            let spin = Spin::of(&offset).then(input).under(parent);
            (outputs[b].q, outputs[b].w) = (spin.q, spin.w);
        }
        for (b, out) in outputs.iter_mut().enumerate() {
            let lane = character * bones + b;
            if Some(b) == self.anchor_bone {
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
