//! Advancing a frame: [`Inertializer::update`] / [`Inertializer::par_update`], one wiring for
//! both, and the per-`dt` coefficients.

use hooke::SpringCoeffs;
use hooke::par::{self, DEFAULT_GRAIN};

use crate::batch::PoseBatch;
use crate::dead::{DeadTiming, dead_blend_lanes};
use crate::error::InertiaError;
use crate::kernel::inertialize_lanes;
use crate::lanes::BoneLanesMut;
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
    /// re-evaluates the output, e.g. right after a transition.
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
    /// [`DEFAULT_GRAIN`](hooke::par::DEFAULT_GRAIN) lane groups. Results are bit-identical to `update`.
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

    /// The one wiring of [`update`](Self::update) and [`par_update`](Self::par_update): the
    /// fused bone and curve kernels, then root anchors and dead blends, split by `grain`
    /// ([`par::NO_SPLIT`] keeps everything on the calling thread; the lanes are computed by the
    /// same code either way, so results are bit-identical).
    fn update_with_grain(
        &mut self,
        dt: f32,
        input: &PoseBatch,
        output: &mut PoseBatch,
        grain: usize,
    ) -> Result<(), InertiaError> {
        self.prepare(dt, input, output)?;
        par::run(
            (
                self.offsets.lanes_mut(),
                input.bone_columns.lanes(),
                output.bone_columns.lanes_mut(),
                self.coeffs.slices(),
            ),
            grain,
            &|(o, i, out, c)| inertialize_lanes(o, i, out, c),
        );
        self.apply_world_rotations(input, output);
        self.curves.update(
            (&input.curve_values, &input.curve_velocities),
            (&mut output.curve_values, &mut output.curve_velocities),
            grain,
        );
        self.scales.update(
            (&input.log_scales, &input.log_scale_velocities),
            (&mut output.log_scales, &mut output.log_scale_velocities),
            grain,
        );
        self.finish(dt, output, grain);
        Ok(())
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
    fn apply_world_rotations(&self, input: &PoseBatch, output: &mut PoseBatch) {
        world::apply_model_space(
            self.profile.parents(),
            self.profile.world_rotation_bones(),
            self.characters,
            &self.offsets,
            &input.bone_columns,
            &mut output.bone_columns,
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
