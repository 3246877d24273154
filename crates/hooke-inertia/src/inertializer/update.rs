//! Advancing a frame: [`Inertializer::update`] / [`Inertializer::par_update`], one wiring for
//! both, and the per-`dt` coefficients.

use hooke::SpringCoeffs;
use hooke::par::{self, DEFAULT_GRAIN};

use crate::batch::PoseBatch;
use crate::dead::{DeadTiming, dead_blend_lanes};
use crate::error::InertiaError;
use crate::kernel::{FRESH, Summary, inertialize_lanes, runs};
use crate::lanes::{BoneColumns, BoneLanesMut};
use crate::pose_io::{ChannelInPlace, InPlace, PoseIo, Separate, SeparateChannel};
use crate::profile::check_time;
use crate::world;

use super::{Inertializer, get_bone, set_bone};

// `par_update` splits by hooke's default grain, 2,048 lane groups = 16,384 bones. Measured on
// the 2-core machines of this project, splitting a crowd of 1,000 x 31 bones (3,875 groups) in
// two made the update 1.8x *slower* than one thread (343 vs 190 us), and in 16 pieces 1.6x
// slower; so a crowd that size stays on the calling thread, and only larger ones are split.

impl Inertializer {
    /// Advances every character by `dt` seconds and writes its output pose and velocities.
    ///
    /// One fused SIMD pass decays all offsets and applies them to `input`; coefficients are
    /// recomputed only when `dt` changes, per bone of the profile (never per character).
    /// `dt = 0` keeps the offsets (up to one `f32` rounding of the rotation offsets) and
    /// re-evaluates the output. Characters that switched since the last update are shown as of
    /// their switch whatever `dt` is (their offsets undecayed, their dead blends at their start;
    /// see [`Inertializer`], the frame of the switch), and advance from the next update on.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let mut i = Inertializer::new(4, BlendProfile::uniform(2, 0.1)?, RootPolicy::Local)?;
    /// let input = PoseBatch::new(4, 2, 0)?;
    /// let mut output = PoseBatch::new(4, 2, 0)?;
    /// i.update(1.0 / 60.0, &input, &mut output)?;
    /// assert_eq!(output, input);
    /// assert!(i.update(-1.0, &input, &mut output).is_err());
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn update(
        &mut self,
        dt: f32,
        input: &PoseBatch,
        output: &mut PoseBatch,
    ) -> Result<(), InertiaError> {
        self.update_with_grain(dt, input, output, par::NO_SPLIT)
    }

    /// [`update`](Self::update) split across rayon's threads in pieces of at least
    /// [`hooke::par::DEFAULT_GRAIN`] lane groups. Results are bit-identical to `update`.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let mut i = Inertializer::new(1000, BlendProfile::uniform(31, 0.1)?, RootPolicy::Local)?;
    /// let input = PoseBatch::new(1000, 31, 0)?;
    /// let mut output = PoseBatch::new(1000, 31, 0)?;
    /// i.par_update(1.0 / 60.0, &input, &mut output)?;
    /// assert_eq!(output, input);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn par_update(
        &mut self,
        dt: f32,
        input: &PoseBatch,
        output: &mut PoseBatch,
    ) -> Result<(), InertiaError> {
        self.update_with_grain(dt, input, output, DEFAULT_GRAIN)
    }

    /// Advances every character by `dt` seconds like [`update`](Self::update), with one batch
    /// as both the input and the output: `poses` holds each character's current animation on
    /// entry and its output on return. Characters without an offset or a dead blend (the lane
    /// groups whose offsets have decayed to zero since their last transition) cost nothing: their
    /// output is their input, already in place. Results equal `update`'s.
    ///
    /// ```
    /// use glam::Vec3;
    /// # use hooke_inertia::*;
    /// let mut i = Inertializer::new(4, BlendProfile::uniform(2, 0.1)?, RootPolicy::Local)?;
    /// let mut from = Pose::rest(2);
    /// from.positions[1] = Vec3::X;
    /// i.transition(2, from.as_ref(), Pose::rest(2).as_ref())?;
    /// let mut poses = PoseBatch::new(4, 2, 0)?; // this frame's animation: every bone at rest
    /// i.update_in_place(0.0, &mut poses)?;
    /// assert_eq!(poses.positions().get(2 * 2 + 1), Vec3::X); // character 2 still shows its source
    /// assert!(i.update_in_place(f32::NAN, &mut poses).is_err());
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn update_in_place(&mut self, dt: f32, poses: &mut PoseBatch) -> Result<(), InertiaError> {
        self.run_frame(dt, Frame::InPlace(poses), par::NO_SPLIT)
    }

    /// [`update_in_place`](Self::update_in_place) split across rayon's threads like
    /// [`par_update`](Self::par_update). Results are bit-identical to `update_in_place`.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let mut i = Inertializer::new(1000, BlendProfile::uniform(31, 0.1)?, RootPolicy::Local)?;
    /// let mut poses = PoseBatch::new(1000, 31, 0)?;
    /// i.par_update_in_place(1.0 / 60.0, &mut poses)?;
    /// assert_eq!(poses, PoseBatch::new(1000, 31, 0)?);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn par_update_in_place(
        &mut self,
        dt: f32,
        poses: &mut PoseBatch,
    ) -> Result<(), InertiaError> {
        self.run_frame(dt, Frame::InPlace(poses), DEFAULT_GRAIN)
    }

    fn update_with_grain(
        &mut self,
        dt: f32,
        input: &PoseBatch,
        output: &mut PoseBatch,
        grain: usize,
    ) -> Result<(), InertiaError> {
        self.run_frame(dt, Frame::Separate { input, output }, grain)
    }

    /// The one wiring of every update: the fused bone and curve kernels, then root anchors and
    /// dead blends, split by `grain` ([`par::NO_SPLIT`] keeps everything on the calling thread;
    /// the lanes are computed by the same code either way, so results are bit-identical).
    fn run_frame(&mut self, dt: f32, frame: Frame<'_>, grain: usize) -> Result<(), InertiaError> {
        match frame {
            Frame::Separate { input, output } => {
                self.prepare(dt, input, output)?;
                let (i, o) = (&input.bone_columns, &mut output.bone_columns);
                self.run_bones(
                    Separate {
                        input: i.lanes(),
                        output: o.lanes_mut(),
                    },
                    grain,
                );
                self.apply_world_rotations(i, o);
                let (i, o) = (input, &mut *output);
                let curves = (&i.curve_values, &i.curve_velocities);
                let out = (&mut o.curve_values, &mut o.curve_velocities);
                self.curves.update(SeparateChannel::new(curves, out), grain);
                let scales = (&i.log_scales, &i.log_scale_velocities);
                let out = (&mut o.log_scales, &mut o.log_scale_velocities);
                self.scales.update(SeparateChannel::new(scales, out), grain);
                self.finish(dt, output, grain);
                self.clear_fresh();
            }
            Frame::InPlace(poses) => {
                check_time("dt", dt)?;
                self.check_batches([("poses", poses), ("poses", poses)])?;
                if dt != self.dt {
                    self.set_dt(dt);
                }
                if self.profile.world_rotation_bones().next().is_some() {
                    // Model-space bones read their ancestors' input rotations after the fused
                    // pass has overwritten them: keep a copy of the input (allocated once).
                    let mut input = match self.in_place_input.take() {
                        Some(input) => input,
                        None => BoneColumns::rest("bone lanes", self.offsets.positions.len())?,
                    };
                    copy_bones(&poses.bone_columns, &mut input);
                    let o = &mut poses.bone_columns;
                    self.run_bones(
                        Separate {
                            input: input.lanes(),
                            output: o.lanes_mut(),
                        },
                        grain,
                    );
                    self.apply_world_rotations(&input, o);
                    self.in_place_input = Some(input);
                } else {
                    self.run_bones(InPlace(poses.bone_columns.lanes_mut()), grain);
                }
                let p = &mut *poses;
                let curves = (&mut p.curve_values, &mut p.curve_velocities);
                self.curves.update(ChannelInPlace::new(curves), grain);
                let scales = (&mut p.log_scales, &mut p.log_scale_velocities);
                self.scales.update(ChannelInPlace::new(scales), grain);
                self.finish(dt, poses, grain);
                self.clear_fresh();
            }
        }
        Ok(())
    }

    /// The fused bone kernel over every lane group, split by `grain`.
    fn run_bones<P: PoseIo>(&mut self, io: P, grain: usize) {
        par::run(
            (
                self.offsets.lanes_mut(),
                io,
                self.coeffs.slices(),
                self.live.as_mut_slice(),
                self.dead_timing.fresh.lanes(),
            ),
            grain,
            &|(o, io, c, live, fresh)| inertialize_lanes(o, io, c, (live, fresh)),
        );
    }

    /// Ends the frame of the switch of the characters that switched before this update: from
    /// the next update on, their offsets decay and their dead blends advance.
    fn clear_fresh(&mut self) {
        if Summary::of(&self.live).any(FRESH) {
            for groups in runs(&self.live, FRESH, true) {
                self.dead_timing.clear_fresh_groups(groups);
            }
            for group in &mut self.live {
                *group &= !FRESH;
            }
        }
        self.curves.clear_fresh();
        self.scales.clear_fresh();
    }

    /// Checks what [`update`](Self::update) checks, without changing anything: `dt` finite and
    /// `>= 0`, and `input` and `output` of this inertializer's shape (characters, bones, curves)
    /// and scale channel, errors naming the field. A caller that validates its buffers once,
    /// outside its frame loop, knows `update` will not fail on them (`update` still checks).
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let i = Inertializer::new(4, BlendProfile::uniform(2, 0.1)?, RootPolicy::Local)?;
    /// let (input, output) = (PoseBatch::new(4, 2, 0)?, PoseBatch::new(4, 2, 0)?);
    /// i.validate(1.0 / 60.0, &input, &output)?;
    /// assert!(i.validate(f32::NAN, &input, &output).is_err());
    /// let small = PoseBatch::new(3, 2, 0)?;
    /// assert!(matches!(
    ///     i.validate(1.0 / 60.0, &input, &small),
    ///     Err(InertiaError::ShapeMismatch { field: "output", .. })
    /// ));
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn validate(
        &self,
        dt: f32,
        input: &PoseBatch,
        output: &PoseBatch,
    ) -> Result<(), InertiaError> {
        check_time("dt", dt)?;
        self.check_batches([("input", input), ("output", output)])
    }

    /// [`validate`](Self::validate), then the coefficients of a new `dt`.
    fn prepare(
        &mut self,
        dt: f32,
        input: &PoseBatch,
        output: &PoseBatch,
    ) -> Result<(), InertiaError> {
        self.validate(dt, input, output)?;
        if dt != self.dt {
            self.set_dt(dt);
        }
        Ok(())
    }

    /// Each `(field, batch)` has the inertializer's shape and scale channel (errors name the
    /// field): the check of `update` and `transition_many`.
    pub(super) fn check_batches(
        &self,
        batches: [(&'static str, &PoseBatch); 2],
    ) -> Result<(), InertiaError> {
        let expected = (
            self.characters,
            self.profile.bone_count(),
            self.profile.curve_count(),
        );
        for (field, batch) in batches {
            if batch.has_scales() != self.profile.has_scales() {
                return Err(InertiaError::NoScaleChannel { field });
            }
            if batch.shape() != expected {
                return Err(InertiaError::ShapeMismatch {
                    field,
                    expected,
                    found: batch.shape(),
                });
            }
        }
        Ok(())
    }

    /// Root anchors and dead blends, after the inertialization pass, split by `grain`
    /// ([`par::NO_SPLIT`]: on the calling thread).
    fn finish(&mut self, dt: f32, output: &mut PoseBatch, grain: usize) {
        let bones = self.profile.bone_count();
        // A rig without bones has no root to anchor.
        if let Some(r) = self.anchor_bone {
            for (character, anchor) in self.anchors.iter().enumerate() {
                let lane = character * bones + r;
                let out = get_bone(&output.bone_columns, lane);
                set_bone(
                    &mut output.bone_columns,
                    lane,
                    &anchor.world_from_clip(&out),
                );
            }
        }
        if !self.dead_active {
            return;
        }
        // Each kernel says whether any of its blends is still running.
        let kernel = |(s, o, t): (BoneLanesMut<'_>, BoneLanesMut<'_>, DeadTiming<'_>)| {
            dead_blend_lanes(s, o, t, dt)
        };
        let any = |a: bool, b: bool| a || b;
        let parts = (
            self.dead.lanes_mut(),
            output.bone_columns.lanes_mut(),
            self.dead_timing.slices(&self.curve),
        );
        let bones_running = par::run_reduce(parts, grain, &kernel, &any);
        let curves_running = self.curves.dead_blend(
            (&mut output.curve_values, &mut output.curve_velocities),
            &self.curve,
            dt,
            grain,
        );
        let scales_running = self.scales.dead_blend(
            (&mut output.log_scales, &mut output.log_scale_velocities),
            &self.curve,
            dt,
            grain,
        );
        self.dead_active = bones_running || curves_running || scales_running;
    }

    /// Rewrites the rotations of the model-space bones (`BlendProfile::with_world_rotation`) in
    /// the output the fused kernel wrote (`world::apply_model_space`), on the calling thread.
    fn apply_world_rotations(&self, input: &BoneColumns, output: &mut BoneColumns) {
        world::apply_model_space(
            self.profile.parents(),
            self.profile.world_rotation_bones(),
            self.characters,
            &self.offsets,
            input,
            output,
        );
    }

    /// Recomputes the spring coefficients for a new `dt` once per bone (and curve) of the
    /// profile in `f64`, into tables of one period of the rig's lane groups (`PatternCoeffs`:
    /// a variable frame rate costs nothing per character), and the running dead blends'
    /// extrapolation factors (one per running lane).
    pub(super) fn set_dt(&mut self, dt: f32) {
        self.dt = dt;
        let profile = &self.profile;
        let (bones, curves) = (profile.bone_count(), profile.curve_count());
        let bone_coeffs = critical_coeffs((0..bones).map(|b| profile.halflife(b)), dt);
        self.coeffs.fill(&bone_coeffs);
        if profile.has_scales() {
            // Three log-scale lanes per bone, each with the bone's spring.
            let scale_coeffs: Vec<SpringCoeffs> =
                bone_coeffs.iter().flat_map(|&c| [c; 3]).collect();
            self.scales.fill_coeffs(&scale_coeffs);
        }
        let curve_coeffs = critical_coeffs((0..curves).map(|c| profile.curve_halflife(c)), dt);
        self.curves.fill_coeffs(&curve_coeffs);
        // Without a running dead blend every lane's blend time is zero and there is no factor to
        // recompute: skip the scans of the per-lane timing columns (a pass over every lane of
        // every character, per frame when `dt` changes every frame).
        if self.dead_active {
            self.dead_timing.set_dt(dt);
            self.curves.set_dt(dt);
            self.scales.set_dt(dt);
        }
    }
}

/// Where an update reads its input and writes its output.
enum Frame<'a> {
    Separate {
        input: &'a PoseBatch,
        output: &'a mut PoseBatch,
    },
    InPlace(&'a mut PoseBatch),
}

/// Copies every column of `from` into `to` (the same length: both have the inertializer's bone
/// lanes).
fn copy_bones(from: &BoneColumns, to: &mut BoneColumns) {
    let (from, mut to) = (from.lanes(), to.lanes_mut());
    for k in 0..13 {
        let (from, to) = (from.column(k), to.column_mut(k));
        let n = from.len().min(to.len());
        to[..n].copy_from_slice(&from[..n]);
    }
}

/// The critical springs of `halflives` over `dt`, computed once per run of equal halflives: a rig
/// usually shares a few halflives among many bones, and with a `dt` that changes every frame each
/// one costs an `f64` exponential (about 3 % of a 1,000 x 31 update for 31 of them).
fn critical_coeffs(halflives: impl Iterator<Item = f32>, dt: f32) -> Vec<SpringCoeffs> {
    let mut last: Option<(f32, SpringCoeffs)> = None;
    halflives
        .map(|h| match last {
            Some((lh, c)) if lh.to_bits() == h.to_bits() => c,
            _ => {
                let c = SpringCoeffs::critical(h, dt);
                last = Some((h, c));
                c
            }
        })
        .collect()
}
