//! Advancing a frame: [`Inertializer::update`] / [`Inertializer::par_update`], one wiring for
//! both, and the per-`dt` coefficients.

use hooke::SpringCoeffs;
use hooke::column::Column;
use hooke::lanes::CoeffColumns;
use hooke::par::{self, DEFAULT_GRAIN};

use crate::batch::PoseBatch;
use crate::dead::{DeadTiming, dead_blend_curve_lanes, dead_blend_lanes};
use crate::error::InertiaError;
use crate::kernel::{inertialize_curve_lanes, inertialize_lanes};
use crate::lanes::BoneLanesMut;
use crate::profile::{RootPolicy, check_time};

use super::{Inertializer, get_bone, set_bone};

// `par_update` splits by hooke's default grain, 2,048 lane groups = 16,384 bones. Measured on
// the 2-core machines of this project, splitting a crowd of 1,000 x 31 bones (3,875 groups) in
// two made the update 1.8x *slower* than one thread (343 vs 190 us), and in 16 pieces 1.6x
// slower; so a crowd that size stays on the calling thread, and only larger ones are split.

impl Inertializer {
    /// Advances every character by `dt` seconds and writes its output pose and velocities.
    ///
    /// One fused SIMD pass decays all offsets and applies them to `input`; coefficients are
    /// recomputed only when `dt` changes (per bone of the profile, then repeated per character).
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
        par::run(
            (
                self.curve_off_x.lanes_mut(),
                self.curve_off_v.lanes_mut(),
                input.curve_values.lanes(),
                input.curve_velocities.lanes(),
                output.curve_values.lanes_mut(),
                output.curve_velocities.lanes_mut(),
                self.curve_coeffs.slices(),
            ),
            grain,
            &|(ox, ov, ix, iv, x, v, c)| inertialize_curve_lanes((ox, ov), (ix, iv), (x, v), c),
        );
        self.finish(dt, output, grain);
        Ok(())
    }

    fn prepare(
        &mut self,
        dt: f32,
        input: &PoseBatch,
        output: &PoseBatch,
    ) -> Result<(), InertiaError> {
        let dt = check_time("dt", dt)?;
        let expected = (
            self.characters,
            self.profile.bone_count(),
            self.profile.curve_count(),
        );
        for (field, batch) in [("input", input), ("output", output)] {
            if batch.shape() != expected {
                return Err(InertiaError::ShapeMismatch {
                    field,
                    expected,
                    found: batch.shape(),
                });
            }
        }
        if dt != self.dt {
            self.set_dt(dt);
        }
        Ok(())
    }

    /// Root anchors and dead blends, after the inertialization pass, split by `grain`
    /// ([`par::NO_SPLIT`]: on the calling thread).
    fn finish(&mut self, dt: f32, output: &mut PoseBatch, grain: usize) {
        let bones = self.profile.bone_count();
        // A rig without bones has no root to anchor.
        if matches!(self.root, RootPolicy::Anchored { .. }) && bones > 0 {
            for (character, anchor) in self.anchors.iter().enumerate() {
                let lane = character * bones;
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
        type Lanes<'a> = &'a mut [wide::f32x8];
        let curve_kernel =
            |(sx, sv, ox, ov, t): (Lanes<'_>, Lanes<'_>, Lanes<'_>, Lanes<'_>, DeadTiming<'_>)| {
                dead_blend_curve_lanes((sx, sv), (ox, ov), t, dt)
            };
        let any = |a: bool, b: bool| a || b;
        let parts = (
            self.dead.lanes_mut(),
            output.bone_columns.lanes_mut(),
            self.dead_timing.slices(&self.curve),
        );
        let curve_parts = (
            self.dead_curve_x.lanes_mut(),
            self.dead_curve_v.lanes_mut(),
            output.curve_values.lanes_mut(),
            output.curve_velocities.lanes_mut(),
            self.dead_curve_timing.slices(&self.curve),
        );
        let bones_running = par::run_reduce(parts, grain, &kernel, &any);
        let curves_running = par::run_reduce(curve_parts, grain, &curve_kernel, &any);
        self.dead_active = bones_running || curves_running;
    }

    /// Recomputes the spring coefficients and extrapolation factors for a new `dt`: once per bone
    /// (and curve) of the profile in `f64`, then repeated for every character, so a variable frame
    /// rate costs a copy, not an `exp` per lane.
    pub(super) fn set_dt(&mut self, dt: f32) {
        self.dt = dt;
        let profile = &self.profile;
        let bone_coeffs: Vec<SpringCoeffs> = (0..profile.bone_count())
            .map(|b| SpringCoeffs::critical(profile.halflife(b), dt))
            .collect();
        fill_coeffs(&mut self.coeffs, &bone_coeffs);
        let curve_coeffs: Vec<SpringCoeffs> = (0..profile.curve_count())
            .map(|c| SpringCoeffs::critical(profile.curve_halflife(c), dt))
            .collect();
        fill_coeffs(&mut self.curve_coeffs, &curve_coeffs);
        let (bones, curves) = (profile.bone_count(), profile.curve_count());
        for (character, &halflife) in self.dead_halflife.iter().enumerate() {
            let (travel, decay) = hooke::lanes::extrapolate_factors_f32(halflife, dt);
            for (timing, n) in [
                (&mut self.dead_timing, bones),
                (&mut self.dead_curve_timing, curves),
            ] {
                timing.travel.as_mut_slice()[character * n..(character + 1) * n].fill(travel);
                timing.decay.as_mut_slice()[character * n..(character + 1) * n].fill(decay);
            }
        }
    }
}

/// Fills per-lane coefficient columns with `per_item` repeated (lane = character * n + item).
fn fill_coeffs(columns: &mut CoeffColumns, per_item: &[SpringCoeffs]) {
    if per_item.is_empty() {
        return;
    }
    type Field = fn(&SpringCoeffs) -> f32;
    let fields: [(&mut Column, Field); 6] = [
        (&mut columns.xx, |c| c.xx),
        (&mut columns.xv, |c| c.xv),
        (&mut columns.xq, |c| c.xq),
        (&mut columns.vx, |c| c.vx),
        (&mut columns.vv, |c| c.vv),
        (&mut columns.vq, |c| c.vq),
    ];
    for (column, field) in fields {
        let pattern: Vec<f32> = per_item.iter().map(field).collect();
        for chunk in column.as_mut_slice().chunks_mut(pattern.len()) {
            chunk.copy_from_slice(&pattern[..chunk.len()]);
        }
    }
}
