//! The inertializer: per-character blends of one rig's bones and curves, offsets in hooke's SoA
//! columns. Construction and per-character state here; [`transition`](Inertializer::transition)
//! and [`update`](Inertializer::update) in their own files.

mod after_update;
mod bones;
mod channel;
mod gathered;
mod lane_group;
mod legs;
#[cfg(test)]
mod live_tests;
mod many;
mod source;
mod timing;
mod transition;
mod update;

use glam::{DVec3, Quat, Vec3};
use hooke::scalar::BlendCurve;

use crate::alloc;
use crate::bone::{Anchor, Bone};
use crate::error::InertiaError;
use crate::lanes::BoneColumns;
use crate::limits::DeadBlendLimits;
use crate::offsets::OffsetColumns;
use crate::pattern::PatternCoeffs;
use crate::profile::{BlendMode, BlendProfile, RootPolicy};

use channel::ScalarChannel;
use gathered::GatheredPoses;
use timing::TimingColumns;

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
/// **The frame of the switch** (`docs/math.md` §6.1): the offsets a transition computes are the
/// difference at the time of the frame whose input changes, and belong on that frame undecayed.
/// So the update that follows a transition shows the switched character as of the switch — its
/// offsets as computed, its dead blends at their start: exactly the source's continuation — and
/// the decay starts from the next update, while every other character advances by the update's
/// `dt` as usual. One update per frame serves a crowd in which any characters switch.
///
/// Characters between blends cost almost nothing: the update keeps, per lane group of eight
/// bones, whether its offsets can be non-zero, and a group whose offsets have decayed to zero
/// (about 5.7 s after a transition at halflife 0.1 s) is a copy of its input
/// ([`update`](Self::update)) or nothing at all ([`update_in_place`](Self::update_in_place)).
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
    /// The bone the root policy re-anchors, if any (within the rig).
    anchor_bone: Option<usize>,
    up: DVec3,
    modes: Vec<BlendMode>,
    anchors: Vec<Anchor>,
    /// How many transitions each character has had (wrapping): only a transition puts an
    /// offset or a dead blend on a character, so one found at rest stays at rest until this
    /// changes (what lets foot locking skip it with one compare, `inertializer/legs.rs`).
    transitions: Vec<u64>,
    offsets: OffsetColumns,
    /// A byte per lane group of the offsets: which halves may carry a non-zero offset
    /// (`kernel::LIVE_TRANSLATION`, `kernel::LIVE_ROTATION`). Set by transitions, cleared by the
    /// update once the offsets have decayed to zero: groups at rest are not decayed or applied.
    live: Vec<u8>,
    /// A copy of the input bones for `update_in_place` of a rig with model-space bones
    /// (allocated at its first call).
    in_place_input: Option<BoneColumns>,
    /// The bones' springs, once per period of the rig's lane groups (not per character).
    coeffs: PatternCoeffs,
    /// The scalar curves, a lane each (`character * curves + curve`).
    curves: ScalarChannel,
    /// The log scales, three lanes per bone lane (empty without a scale channel).
    scales: ScalarChannel,
    /// The `dt` the coefficients and extrapolation factors were computed for.
    dt: f32,
    dead: BoneColumns,
    dead_timing: TimingColumns,
    dead_active: bool,
    /// The cross-fade curve of every dead blend.
    curve: BlendCurve,
    /// Caps on what dead blends extrapolate.
    limits: DeadBlendLimits,
    /// The two poses of the last single transition, in lanes (`transition`'s scratch space).
    gathered: GatheredPoses,
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
            RootPolicy::Anchored { up } | RootPolicy::AnchoredBone { up, .. } => {
                let d = up.as_dvec3();
                if !d.is_finite() || d.length() == 0.0 {
                    return Err(InertiaError::InvalidUpAxis {
                        value: up.to_array(),
                    });
                }
                d.normalize()
            }
        };
        if let Some(bone) = root.anchored_bone()
            && bone > 0
        {
            hooke::error::check_index("root bone", bone, profile.bone_count())?;
        }
        // The re-anchored bone (none for a rig without bones).
        let anchor_bone = root.anchored_bone().filter(|&b| b < profile.bone_count());
        let lanes = alloc::lanes("bone lanes", characters, profile.bone_count())?;
        let curve_lanes = alloc::lanes("curve lanes", characters, profile.curve_count())?;
        // Three log-scale lanes per bone.
        let scale_period = if profile.has_scales() {
            alloc::lanes("scale lanes", profile.bone_count(), 3)?
        } else {
            0
        };
        let scale_lanes = if profile.has_scales() {
            alloc::lanes("scale lanes", lanes, 3)?
        } else {
            0
        };
        let mut inertializer = Inertializer {
            characters,
            root,
            anchor_bone,
            up,
            modes: alloc::vec("characters", characters, BlendMode::Inertialize)?,
            anchors: alloc::vec("characters", characters, Anchor::IDENTITY)?,
            transitions: alloc::vec("characters", characters, 0)?,
            offsets: OffsetColumns::zero("bone lanes", lanes)?,
            live: alloc::vec("bone lanes", lanes.div_ceil(8), 0)?,
            in_place_input: None,
            coeffs: PatternCoeffs::identity("bone lanes", profile.bone_count(), lanes)?,
            curves: ScalarChannel::new("curve lanes", profile.curve_count(), curve_lanes)?,
            scales: ScalarChannel::new("scale lanes", scale_period, scale_lanes)?,
            dt: 0.0,
            dead: BoneColumns::rest("bone lanes", lanes)?,
            dead_timing: TimingColumns::new("bone lanes", lanes)?,
            dead_active: false,
            curve: BlendCurve::Smoothstep,
            limits: DeadBlendLimits::default(),
            gathered: GatheredPoses::new(profile.bone_count())?,
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

    /// Sets the cross-fade curve of dead blending for every character (default
    /// [`BlendCurve::Smoothstep`]). Blends in flight follow the new curve from the next update, so
    /// set it before transitions: changing it mid-blend moves the output by the difference of the
    /// two curves' weights. With [`BlendCurve::Linear`] or a table whose end slopes are not 0 the
    /// output's velocity steps at the start and end of each blend ([`BlendCurve::is_c1`]).
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// use hooke::scalar::BlendCurve;
    /// let mut i = Inertializer::new(1, BlendProfile::uniform(2, 0.1)?, RootPolicy::Local)?;
    /// i.set_dead_blend_curve(BlendCurve::Smootherstep);
    /// assert_eq!(i.dead_blend_curve(), &BlendCurve::Smootherstep);
    /// i.set_dead_blend_curve(BlendCurve::table(&[0.0, 0.1, 0.5, 0.9, 1.0])?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_dead_blend_curve(&mut self, curve: BlendCurve) {
        self.curve = curve;
    }

    /// The cross-fade curve of dead blending.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let i = Inertializer::new(1, BlendProfile::uniform(2, 0.1)?, RootPolicy::Local)?;
    /// assert_eq!(i.dead_blend_curve(), &hooke::scalar::BlendCurve::Smoothstep);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn dead_blend_curve(&self) -> &BlendCurve {
        &self.curve
    }

    /// Sets the caps on what dead blends extrapolate ([`DeadBlendLimits`]; default: none),
    /// applied at every later transition into a dead blend. Invalid caps are an error and change
    /// nothing.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let mut i = Inertializer::new(1, BlendProfile::uniform(2, 0.1)?, RootPolicy::Local)?;
    /// let limits = DeadBlendLimits { max_speed: 2.0, ..Default::default() };
    /// i.set_dead_blend_limits(limits)?;
    /// assert_eq!(i.dead_blend_limits(), limits);
    /// assert!(i.set_dead_blend_limits(DeadBlendLimits { max_speed: f32::NAN, ..limits }).is_err());
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn set_dead_blend_limits(&mut self, limits: DeadBlendLimits) -> Result<(), InertiaError> {
        limits.check()?;
        self.limits = limits;
        Ok(())
    }

    /// The caps on what dead blends extrapolate.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let i = Inertializer::new(1, BlendProfile::uniform(2, 0.1)?, RootPolicy::Local)?;
    /// assert_eq!(i.dead_blend_limits(), DeadBlendLimits::default());
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn dead_blend_limits(&self) -> DeadBlendLimits {
        self.limits
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
            self.curves.clear(lane);
        }
        for lane in self.scale_lanes(character) {
            self.scales.clear(lane);
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
        let bones = self.profile.bone_count();
        let bone_blending = (character * bones..(character + 1) * bones)
            .any(|lane| !self.offsets.is_zero(lane) || self.dead_timing.running(lane).is_some());
        Ok(bone_blending || self.channels_blending(character))
    }

    /// Whether the next [`update`](Self::update) shows `character`'s input unchanged: no
    /// offset (its lane groups at rest, `docs/math.md` §6.1), no dead blend, no curve or scale
    /// blending, no root anchor other than the identity, no model-space bone in the rig (those
    /// are recomposed every update). Offsets are tracked per lane group of eight bones, so a
    /// character sharing a group with a blending one is at rest once that group is. A caller
    /// that updates in place may skip such a character's data altogether, as the C ABI does
    /// when input and output are the same array. Cheaper than [`is_blending`](Self::is_blending):
    /// it reads a byte per lane group of the offsets.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let mut i = Inertializer::new(2, BlendProfile::uniform(8, 0.1)?, RootPolicy::Local)?;
    /// assert!(i.is_at_rest(0)?);
    /// let mut far = Pose::rest(8);
    /// far.positions[0] = glam::Vec3::X;
    /// i.transition(0, far.as_ref(), Pose::rest(8).as_ref())?;
    /// assert!(!i.is_at_rest(0)? && i.is_at_rest(1)?);
    /// let (input, mut output) = (PoseBatch::new(2, 8, 0)?, PoseBatch::new(2, 8, 0)?);
    /// for _ in 0..600 {
    ///     i.update(1.0 / 60.0, &input, &mut output)?; // 10 s: decayed to exactly zero
    /// }
    /// assert!(i.is_at_rest(0)?);
    /// assert!(i.is_at_rest(2).is_err());
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn is_at_rest(&self, character: usize) -> Result<bool, InertiaError> {
        self.check_character(character)?;
        let bones = self.profile.bone_count();
        let groups = self.live.get(self.lane_groups(character)).unwrap_or(&[]);
        let groups_at_rest = groups.iter().all(|&g| g == 0);
        let anchored = self.anchor_bone.is_some() && self.anchors[character] != Anchor::IDENTITY;
        let lanes = character * bones..(character + 1) * bones;
        let dead = self.dead_active
            && lanes
                .into_iter()
                .any(|l| self.dead_timing.running(l).is_some());
        let model_space = self.profile.world_rotation_bones().next().is_some();
        Ok(groups_at_rest
            && !anchored
            && !dead
            && !self.channels_blending(character)
            && !model_space)
    }

    /// The lane groups (of eight bone lanes) that hold `character`'s bones (none without bones).
    fn lane_groups(&self, character: usize) -> std::ops::Range<usize> {
        let bones = self.profile.bone_count();
        match bones {
            0 => 0..0,
            _ => character * bones / 8..((character + 1) * bones - 1) / 8 + 1,
        }
    }

    /// Whether any curve or scale lane of `character` has an offset or a running dead blend.
    fn channels_blending(&self, character: usize) -> bool {
        let curves = self.profile.curve_count();
        let curve_blending = (character * curves..(character + 1) * curves)
            .any(|lane| self.curves.is_blending(lane));
        curve_blending
            || self
                .scale_lanes(character)
                .any(|lane| self.scales.is_blending(lane))
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

    /// The scale lanes of `character` (empty without a scale channel).
    fn scale_lanes(&self, character: usize) -> std::ops::Range<usize> {
        if self.profile.has_scales() {
            let bones = self.profile.bone_count();
            3 * character * bones..3 * (character + 1) * bones
        } else {
            0..0
        }
    }

    fn check_character(&self, character: usize) -> Result<(), InertiaError> {
        hooke::error::check_index("character", character, self.characters)?;
        Ok(())
    }
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
