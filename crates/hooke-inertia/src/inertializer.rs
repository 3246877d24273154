//! [`Inertializer`]: offsets (or dead blends) of many characters, transitions and the update.

use std::sync::atomic::{AtomicBool, Ordering};

use glam::{DVec3, Quat, Vec3};
use hooke::SpringCoeffs;
use hooke::column::Column;
use hooke::lanes::CoeffColumns;
use hooke::par;

use crate::alloc;
use crate::batch::{BoneColumns, PoseBatch};
use crate::bone::{self, Anchor, Bone};
use crate::dead::{DeadTiming, dead_blend_curve_lanes, dead_blend_lanes};
use crate::error::InertiaError;
use crate::kernel::{inertialize_curve_lanes, inertialize_lanes};
use crate::lanes::BoneLanesMut;
use crate::offsets::OffsetColumns;
use crate::pose::PoseRef;
use crate::profile::{BlendMode, BlendProfile, RootPolicy, check_time};
use crate::saturate::saturate;
use crate::validate;

/// Minimum lane groups per task in [`Inertializer::par_update`]: 2,048 groups = 16,384 bones
/// (`hooke::par::DEFAULT_MIN_LANES`). Measured on the 2-core machines of this project, splitting a
/// crowd of 1,000 x 31 bones (3,875 groups) in two made the update 1.8x *slower* than one thread
/// (343 vs 190 us), and in 16 pieces 1.6x slower; so a crowd that size stays on the calling
/// thread, and only larger ones are split.
pub const PAR_MIN_LANES: usize = hooke::par::DEFAULT_MIN_LANES;

/// Per-lane columns of the dead blends' timing.
#[derive(Debug, Clone)]
struct TimingColumns {
    elapsed: Column,
    blend_time: Column,
    travel: Column,
    decay: Column,
}

impl TimingColumns {
    fn new(what: &'static str, len: usize) -> Result<TimingColumns, InertiaError> {
        Ok(TimingColumns {
            elapsed: alloc::column(what, len, 0.0, 0.0)?,
            blend_time: alloc::column(what, len, 0.0, 0.0)?,
            travel: alloc::column(what, len, 0.0, 0.0)?,
            decay: alloc::column(what, len, 1.0, 1.0)?,
        })
    }

    fn slices(&mut self) -> DeadTiming<'_> {
        DeadTiming {
            elapsed: self.elapsed.lanes_mut(),
            blend_time: self.blend_time.lanes_mut(),
            travel: self.travel.lanes(),
            decay: self.decay.lanes(),
        }
    }

    fn start(&mut self, lane: usize, blend_time: f32, (travel, decay): (f32, f32)) {
        self.elapsed.as_mut_slice()[lane] = 0.0;
        self.blend_time.as_mut_slice()[lane] = blend_time;
        self.travel.as_mut_slice()[lane] = travel;
        self.decay.as_mut_slice()[lane] = decay;
    }

    fn stop(&mut self, lane: usize) {
        self.blend_time.as_mut_slice()[lane] = 0.0;
    }

    /// `(elapsed, blend_time)` of a running blend at `lane`.
    fn running(&self, lane: usize) -> Option<(f64, f64)> {
        let blend_time = self.blend_time.as_slice()[lane];
        (blend_time > 0.0).then(|| {
            (
                f64::from(self.elapsed.as_slice()[lane]),
                f64::from(blend_time),
            )
        })
    }
}

/// Inertialization (and dead blending) of many characters sharing one rig.
///
/// Per bone of every character it holds an offset (position and velocity, rotation and angular
/// velocity) in `hooke` SoA columns, lane `character * bone_count + bone`, and per curve a scalar
/// offset. [`transition`](Self::transition) switches one character from the animation it was
/// showing to a new one at any time (also during an earlier blend) without moving its output;
/// [`update`](Self::update) decays all offsets and writes every character's output pose and
/// velocities in one fused SIMD pass; [`par_update`](Self::par_update) splits that pass across
/// rayon's threads.
///
/// Each frame: build the input batch (each character's current animation, before offsets),
/// call `update`, read the output. To switch a character, call `transition` *before* the update
/// of the frame in which its input changes, with the source pose (what its input was, at the time
/// of the switch, with velocities) and the destination pose (the new animation at the same time).
///
/// ```
/// use glam::Vec3;
/// use hooke_inertia::{BlendProfile, Inertializer, Pose, PoseBatch, RootPolicy};
///
/// let bones = 2;
/// let mut inertializer = Inertializer::new(10, BlendProfile::uniform(bones, 0.1)?, RootPolicy::Local)?;
/// let mut input = PoseBatch::new(10, bones, 0)?;
/// let mut output = PoseBatch::new(10, bones, 0)?;
///
/// // Character 3 switches from a pose at rest to one with its second bone one unit higher.
/// let source = Pose::rest(bones);
/// let mut destination = Pose::rest(bones);
/// destination.positions[1] = Vec3::Y;
/// inertializer.transition(3, source.as_ref(), destination.as_ref())?;
/// input.set_character(3, destination.as_ref())?;
///
/// inertializer.update(0.0, &input, &mut output)?;
/// assert_eq!(output.positions().get(3 * bones + 1), Vec3::ZERO); // no pop
/// for _ in 0..120 {
///     inertializer.update(1.0 / 60.0, &input, &mut output)?;
/// }
/// assert!((output.positions().get(3 * bones + 1) - Vec3::Y).length() < 1e-4); // converged
/// # Ok::<(), hooke_inertia::InertiaError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Inertializer {
    characters: usize,
    profile: BlendProfile,
    root: RootPolicy,
    up: DVec3,
    modes: Vec<BlendMode>,
    /// Extrapolation halflife of each character's latest dead blend.
    dead_halflife: Vec<f32>,
    anchors: Vec<Anchor>,
    offsets: OffsetColumns,
    coeffs: CoeffColumns,
    curve_off_x: Column,
    curve_off_v: Column,
    curve_coeffs: CoeffColumns,
    /// The `dt` the coefficients and extrapolation factors were computed for.
    dt: f32,
    dead: BoneColumns,
    dead_timing: TimingColumns,
    dead_curve_x: Column,
    dead_curve_v: Column,
    dead_curve_timing: TimingColumns,
    dead_active: bool,
}

impl Inertializer {
    /// `characters` characters with the rig of `profile`, all without offsets, in
    /// [`BlendMode::Inertialize`].
    ///
    /// ```
    /// use hooke_inertia::{BlendProfile, Inertializer, InertiaError, RootPolicy};
    /// let profile = BlendProfile::uniform(31, 0.1)?;
    /// let ok = Inertializer::new(1000, profile.clone(), RootPolicy::Anchored { up: glam::Vec3::Y });
    /// assert!(ok.is_ok());
    /// let bad = Inertializer::new(1, profile, RootPolicy::Anchored { up: glam::Vec3::ZERO });
    /// assert!(matches!(bad, Err(InertiaError::InvalidUpAxis { .. })));
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn new(
        characters: usize,
        profile: BlendProfile,
        root: RootPolicy,
    ) -> Result<Inertializer, InertiaError> {
        let up = match root {
            RootPolicy::Local => DVec3::Y,
            RootPolicy::Anchored { up } => {
                let d = up.as_dvec3();
                if !d.is_finite() || d.length() == 0.0 {
                    return Err(InertiaError::InvalidUpAxis {
                        value: up.to_array(),
                    });
                }
                d.normalize()
            }
        };
        let lanes = alloc::lanes("bone lanes", characters, profile.bone_count())?;
        let curve_lanes = alloc::lanes("curve lanes", characters, profile.curve_count())?;
        let mut inertializer = Inertializer {
            characters,
            root,
            up,
            modes: alloc::vec("characters", characters, BlendMode::Inertialize)?,
            dead_halflife: alloc::vec("characters", characters, 0.0)?,
            anchors: alloc::vec("characters", characters, Anchor::IDENTITY)?,
            offsets: OffsetColumns::zero("bone lanes", lanes)?,
            coeffs: alloc::identity_coeffs("bone lanes", lanes)?,
            curve_off_x: alloc::column("curve lanes", curve_lanes, 0.0, 0.0)?,
            curve_off_v: alloc::column("curve lanes", curve_lanes, 0.0, 0.0)?,
            curve_coeffs: alloc::identity_coeffs("curve lanes", curve_lanes)?,
            dt: 0.0,
            dead: BoneColumns::rest("bone lanes", lanes)?,
            dead_timing: TimingColumns::new("bone lanes", lanes)?,
            dead_curve_x: alloc::column("curve lanes", curve_lanes, 0.0, 0.0)?,
            dead_curve_v: alloc::column("curve lanes", curve_lanes, 0.0, 0.0)?,
            dead_curve_timing: TimingColumns::new("curve lanes", curve_lanes)?,
            dead_active: false,
            profile,
        };
        inertializer.set_dt(0.0);
        Ok(inertializer)
    }

    /// The number of characters.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let i = Inertializer::new(7, BlendProfile::uniform(3, 0.1)?, RootPolicy::Local)?;
    /// assert_eq!(i.character_count(), 7);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn character_count(&self) -> usize {
        self.characters
    }

    /// The rig's blend profile (bone count, halflives, exclusions, curves).
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let i = Inertializer::new(1, BlendProfile::uniform(3, 0.1)?, RootPolicy::Local)?;
    /// assert_eq!(i.profile().bone_count(), 3);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn profile(&self) -> &BlendProfile {
        &self.profile
    }

    /// The root policy.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let i = Inertializer::new(1, BlendProfile::uniform(3, 0.1)?, RootPolicy::Local)?;
    /// assert_eq!(i.root_policy(), RootPolicy::Local);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn root_policy(&self) -> RootPolicy {
        self.root
    }

    /// The blend mode of `character` (used by its next transitions).
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let i = Inertializer::new(1, BlendProfile::uniform(3, 0.1)?, RootPolicy::Local)?;
    /// assert_eq!(i.mode(0)?, BlendMode::Inertialize);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn mode(&self, character: usize) -> Result<BlendMode, InertiaError> {
        self.check_character(character)?;
        Ok(self.modes[character])
    }

    /// Selects how the next transitions of `character` blend. A blend in flight continues; the
    /// next transition starts from whatever the character is showing.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let mut i = Inertializer::new(2, BlendProfile::uniform(3, 0.1)?, RootPolicy::Local)?;
    /// i.set_mode(1, BlendMode::DeadBlend { blend_time: 0.3, halflife: 0.1 })?;
    /// assert!(i.set_mode(2, BlendMode::Inertialize).is_err());
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn set_mode(&mut self, character: usize, mode: BlendMode) -> Result<(), InertiaError> {
        self.check_character(character)?;
        mode.check()?;
        self.modes[character] = mode;
        Ok(())
    }

    /// Removes every offset, dead blend and root anchor of `character`: its output becomes its
    /// input (a hard cut).
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let mut i = Inertializer::new(1, BlendProfile::uniform(1, 0.1)?, RootPolicy::Local)?;
    /// let mut far = Pose::rest(1);
    /// far.positions[0] = glam::Vec3::X;
    /// i.transition(0, far.as_ref(), Pose::rest(1).as_ref())?;
    /// assert!(i.is_blending(0)?);
    /// i.reset(0)?;
    /// assert!(!i.is_blending(0)?);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn reset(&mut self, character: usize) -> Result<(), InertiaError> {
        self.check_character(character)?;
        let (bones, curves) = (self.profile.bone_count(), self.profile.curve_count());
        for lane in character * bones..(character + 1) * bones {
            self.offsets.clear(lane);
            self.dead_timing.stop(lane);
        }
        for lane in character * curves..(character + 1) * curves {
            self.curve_off_x.as_mut_slice()[lane] = 0.0;
            self.curve_off_v.as_mut_slice()[lane] = 0.0;
            self.dead_curve_timing.stop(lane);
        }
        self.anchors[character] = Anchor::IDENTITY;
        Ok(())
    }

    /// Whether `character` still has a non-zero offset or a running dead blend.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let i = Inertializer::new(1, BlendProfile::uniform(1, 0.1)?, RootPolicy::Local)?;
    /// assert!(!i.is_blending(0)?);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn is_blending(&self, character: usize) -> Result<bool, InertiaError> {
        self.check_character(character)?;
        let (bones, curves) = (self.profile.bone_count(), self.profile.curve_count());
        let bone_blending = (character * bones..(character + 1) * bones)
            .any(|lane| !self.offsets.is_zero(lane) || self.dead_timing.running(lane).is_some());
        let curve_blending = (character * curves..(character + 1) * curves).any(|lane| {
            self.curve_off_x.as_slice()[lane] != 0.0
                || self.curve_off_v.as_slice()[lane] != 0.0
                || self.dead_curve_timing.running(lane).is_some()
        });
        Ok(bone_blending || curve_blending)
    }

    /// The root anchor of `character` (rotation about the up axis, translation) under
    /// [`RootPolicy::Anchored`]; the identity otherwise.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let i = Inertializer::new(1, BlendProfile::uniform(1, 0.1)?, RootPolicy::Local)?;
    /// assert_eq!(i.root_anchor(0)?, (glam::Quat::IDENTITY, glam::Vec3::ZERO));
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn root_anchor(&self, character: usize) -> Result<(Quat, Vec3), InertiaError> {
        self.check_character(character)?;
        let a = self.anchors[character];
        Ok((a.q.as_quat(), a.t.as_vec3()))
    }

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
        let (bones, curves) = (self.profile.bone_count(), self.profile.curve_count());
        validate::check_pose(&validate::SOURCE, character, bones, curves, &source)?;
        validate::check_pose(
            &validate::DESTINATION,
            character,
            bones,
            curves,
            &destination,
        )?;
        let mode = self.modes[character];
        if let BlendMode::DeadBlend { halflife, .. } = mode {
            self.dead_halflife[character] = halflife;
        }
        for b in 0..bones {
            let lane = character * bones + b;
            let src = pose_bone(&source, b);
            let dst = pose_bone(&destination, b);
            let output = self.current_output(character, b, &src);
            let anchored = b == 0 && matches!(self.root, RootPolicy::Anchored { .. });
            if anchored {
                self.anchors[character] = Anchor::aligning(&output, &dst, self.up);
            }
            let excluded = self.profile.is_excluded(b);
            match mode {
                BlendMode::Inertialize => {
                    let target = if anchored {
                        self.anchors[character].clip_from_world(&output)
                    } else {
                        output
                    };
                    if excluded {
                        self.offsets.clear(lane);
                    } else {
                        self.offsets.set(lane, &Bone::offset_between(&target, &dst));
                    }
                    self.dead_timing.stop(lane);
                }
                BlendMode::DeadBlend {
                    blend_time,
                    halflife,
                } => {
                    self.offsets.clear(lane);
                    set_bone(&mut self.dead, lane, &output);
                    let blend_time = if excluded { 0.0 } else { blend_time };
                    let factors = bone::extrapolation_factors(halflife, self.dt);
                    self.dead_timing.start(lane, blend_time, factors);
                    self.dead_active |= blend_time > 0.0;
                }
            }
        }
        for c in 0..curves {
            let lane = character * curves + c;
            let (x, v) = self.current_curve_output(lane, &source, c);
            match mode {
                BlendMode::Inertialize => {
                    self.curve_off_x.as_mut_slice()[lane] =
                        saturate(x - f64::from(destination.curves[c]));
                    self.curve_off_v.as_mut_slice()[lane] =
                        saturate(v - f64::from(destination.curve_velocities[c]));
                    self.dead_curve_timing.stop(lane);
                }
                BlendMode::DeadBlend {
                    blend_time,
                    halflife,
                } => {
                    self.curve_off_x.as_mut_slice()[lane] = 0.0;
                    self.curve_off_v.as_mut_slice()[lane] = 0.0;
                    self.dead_curve_x.as_mut_slice()[lane] = saturate(x);
                    self.dead_curve_v.as_mut_slice()[lane] = saturate(v);
                    let factors = bone::extrapolation_factors(halflife, self.dt);
                    self.dead_curve_timing.start(lane, blend_time, factors);
                    self.dead_active |= blend_time > 0.0;
                }
            }
        }
        Ok(())
    }

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
        self.prepare(dt, input, output)?;
        inertialize_lanes(
            self.offsets.lanes_mut(),
            input.bone_columns.lanes(),
            output.bone_columns.lanes_mut(),
            self.coeffs.slices(),
        );
        inertialize_curve_lanes(
            (self.curve_off_x.lanes_mut(), self.curve_off_v.lanes_mut()),
            (input.curve_values.lanes(), input.curve_velocities.lanes()),
            (
                output.curve_values.lanes_mut(),
                output.curve_velocities.lanes_mut(),
            ),
            self.curve_coeffs.slices(),
        );
        self.finish(dt, output, 0);
        Ok(())
    }

    /// [`update`](Self::update) split across rayon's threads in pieces of at least
    /// [`PAR_MIN_LANES`] lane groups. Results are bit-identical to `update`.
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
        self.prepare(dt, input, output)?;
        par::run(
            (
                self.offsets.lanes_mut(),
                input.bone_columns.lanes(),
                output.bone_columns.lanes_mut(),
                self.coeffs.slices(),
            ),
            PAR_MIN_LANES,
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
            PAR_MIN_LANES,
            &|(ox, ov, ix, iv, x, v, c)| inertialize_curve_lanes((ox, ov), (ix, iv), (x, v), c),
        );
        self.finish(dt, output, PAR_MIN_LANES);
        Ok(())
    }

    fn check_character(&self, character: usize) -> Result<(), InertiaError> {
        if character < self.characters {
            Ok(())
        } else {
            Err(InertiaError::CharacterOutOfRange {
                character,
                count: self.characters,
            })
        }
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

    /// Root anchors and dead blends, after the inertialization pass. `min_lanes` 0: one thread.
    fn finish(&mut self, dt: f32, output: &mut PoseBatch, min_lanes: usize) {
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
        let still = AtomicBool::new(false);
        let kernel = |(s, o, t): (BoneLanesMut<'_>, BoneLanesMut<'_>, DeadTiming<'_>)| {
            if dead_blend_lanes(s, o, t, dt) {
                still.store(true, Ordering::Relaxed);
            }
        };
        type Lanes<'a> = &'a mut [wide::f32x8];
        let curve_kernel =
            |(sx, sv, ox, ov, t): (Lanes<'_>, Lanes<'_>, Lanes<'_>, Lanes<'_>, DeadTiming<'_>)| {
                if dead_blend_curve_lanes((sx, sv), (ox, ov), t, dt) {
                    still.store(true, Ordering::Relaxed);
                }
            };
        let parts = (
            self.dead.lanes_mut(),
            output.bone_columns.lanes_mut(),
            self.dead_timing.slices(),
        );
        let curve_parts = (
            self.dead_curve_x.lanes_mut(),
            self.dead_curve_v.lanes_mut(),
            output.curve_values.lanes_mut(),
            output.curve_velocities.lanes_mut(),
            self.dead_curve_timing.slices(),
        );
        if min_lanes == 0 {
            kernel(parts);
            curve_kernel(curve_parts);
        } else {
            par::run(parts, min_lanes, &kernel);
            par::run(curve_parts, min_lanes, &curve_kernel);
        }
        self.dead_active = still.into_inner();
    }

    /// Recomputes the spring coefficients and extrapolation factors for a new `dt`: once per bone
    /// (and curve) of the profile in `f64`, then repeated for every character, so a variable frame
    /// rate costs a copy, not an `exp` per lane.
    fn set_dt(&mut self, dt: f32) {
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
            let (travel, decay) = bone::extrapolation_factors(halflife, dt);
            for (timing, n) in [
                (&mut self.dead_timing, bones),
                (&mut self.dead_curve_timing, curves),
            ] {
                timing.travel.as_mut_slice()[character * n..(character + 1) * n].fill(travel);
                timing.decay.as_mut_slice()[character * n..(character + 1) * n].fill(decay);
            }
        }
    }

    /// What `character` shows for bone `b` when its input is `src`: offsets, root anchor, dead
    /// blend, in the order of the update.
    fn current_output(&self, character: usize, b: usize, src: &Bone) -> Bone {
        let lane = character * self.profile.bone_count() + b;
        let mut out = self.offsets.get(lane).apply_to(src);
        if b == 0 && matches!(self.root, RootPolicy::Anchored { .. }) {
            out = self.anchors[character].world_from_clip(&out);
        }
        if let Some((elapsed, blend_time)) = self.dead_timing.running(lane) {
            out = bone::dead_blend(&get_bone(&self.dead, lane), &out, elapsed, blend_time);
        }
        out
    }

    fn current_curve_output(&self, lane: usize, source: &PoseRef<'_>, c: usize) -> (f64, f64) {
        let x = f64::from(source.curves[c]) + f64::from(self.curve_off_x.as_slice()[lane]);
        let v =
            f64::from(source.curve_velocities[c]) + f64::from(self.curve_off_v.as_slice()[lane]);
        match self.dead_curve_timing.running(lane) {
            None => (x, v),
            Some((elapsed, blend_time)) => {
                let (w, dw) = bone::blend_weight(elapsed, blend_time);
                let ex = f64::from(self.dead_curve_x.as_slice()[lane]);
                let ev = f64::from(self.dead_curve_v.as_slice()[lane]);
                (ex + (x - ex) * w, ev + (v - ev) * w + (x - ex) * dw)
            }
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

fn get_bone(columns: &BoneColumns, lane: usize) -> Bone {
    let (x, v, q, w) = columns.get(lane);
    Bone {
        x: x.as_dvec3(),
        v: v.as_dvec3(),
        q: q.as_dquat(),
        w: w.as_dvec3(),
    }
}

fn set_bone(columns: &mut BoneColumns, lane: usize, b: &Bone) {
    let (x, v, q, w) = b.to_f32();
    columns.set(lane, x, v, q, w);
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
