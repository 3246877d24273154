//! [`InertialTransitions`]: the component that replaces Bevy's `AnimationTransitions`.

use core::time::Duration;

use bevy_animation::graph::AnimationNodeIndex;
use bevy_animation::{ActiveAnimation, AnimationPlayer};
use bevy_ecs::component::Component;
use bevy_ecs::system::{Query, Res};
use bevy_time::Time;
use hooke_inertia::BlendMode;

use crate::error::{HookeBevyError, check_time};
use crate::profile::RigProfile;

/// How [`InertialTransitions::play`] switches from the current clip to the new one.
///
/// ```
/// use hooke_bevy::TransitionMode;
/// let modes = [
///     TransitionMode::Cut,
///     TransitionMode::CrossFade(core::time::Duration::from_millis(250)),
///     TransitionMode::Inertialize,
///     TransitionMode::DeadBlend { blend_time: 0.3, halflife: 0.1 },
/// ];
/// assert_eq!(modes.len(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum TransitionMode {
    /// Switch at once and show the new clip at once: the pose jumps (for comparison).
    Cut,
    /// Bevy's linear crossfade of clip weights over a duration (what `AnimationTransitions` does;
    /// for comparison). Both clips play until the old one's weight reaches 0.
    CrossFade(Duration),
    /// Switch at once and hide the switch with per-bone offsets that decay with the halflives of
    /// the skeleton's [`RigProfile`] (hooke-inertia): continuous in pose and velocity.
    #[default]
    Inertialize,
    /// Switch at once; extrapolate the pose shown at the switch (velocities decaying with
    /// `halflife`) and cross-fade it to the new clip with a smoothstep over `blend_time` seconds.
    DeadBlend {
        /// Seconds of the cross-fade from the extrapolated pose to the new clip.
        blend_time: f32,
        /// Halflife of the extrapolated velocities, in seconds.
        halflife: f32,
    },
}

impl TransitionMode {
    /// Checks the mode's times (finite, `>= 0`).
    ///
    /// ```
    /// use hooke_bevy::TransitionMode;
    /// assert!(TransitionMode::DeadBlend { blend_time: -1.0, halflife: 0.1 }.check().is_err());
    /// assert!(TransitionMode::Inertialize.check().is_ok());
    /// ```
    pub fn check(&self) -> Result<(), HookeBevyError> {
        if let TransitionMode::DeadBlend {
            blend_time,
            halflife,
        } = *self
        {
            check_time("blend_time", blend_time)?;
            check_time("halflife", halflife)?;
        }
        Ok(())
    }

    /// hooke-inertia's blend mode for the modes it runs.
    pub(crate) fn blend_mode(&self) -> Option<BlendMode> {
        match *self {
            TransitionMode::Inertialize => Some(BlendMode::Inertialize),
            TransitionMode::DeadBlend {
                blend_time,
                halflife,
            } => Some(BlendMode::DeadBlend {
                blend_time,
                halflife,
            }),
            TransitionMode::Cut | TransitionMode::CrossFade(_) => None,
        }
    }
}

/// One old clip fading out in [`TransitionMode::CrossFade`].
#[derive(Debug, Clone, Copy)]
struct Fade {
    animation: AnimationNodeIndex,
    weight: f32,
    decline_per_sec: f32,
}

/// Where a character lives in the crowd: its rig group and its character index there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Slot {
    pub group: usize,
    pub character: usize,
}

/// Animation transitions of one [`AnimationPlayer`], inertialized: put it on the player's entity
/// instead of Bevy's `AnimationTransitions` and call [`play`](Self::play) to switch clips.
///
/// The bones are the entities with an `AnimationTargetId` and `AnimatedBy(player)`;
/// [`HookePlugin`](crate::HookePlugin) maps them to hooke-inertia lanes once and updates every
/// character of the world in one SIMD pass per frame, after Bevy's animation systems wrote the
/// new clip's pose and before transform propagation.
///
/// ```
/// use bevy_animation::{graph::AnimationNodeIndex, AnimationPlayer};
/// use hooke_bevy::{InertialTransitions, RigProfile, TransitionMode};
///
/// let mut player = AnimationPlayer::default();
/// let mut transitions = InertialTransitions::new(RigProfile::new(0.1)?);
/// let (walk, run) = (AnimationNodeIndex::new(1), AnimationNodeIndex::new(2));
/// transitions.play(&mut player, walk, TransitionMode::Cut)?.repeat();
/// transitions.play(&mut player, run, TransitionMode::Inertialize)?.repeat();
/// assert!(player.is_playing_animation(run) && !player.is_playing_animation(walk));
/// assert_eq!(transitions.main_animation(), Some(run));
/// # Ok::<(), hooke_bevy::HookeBevyError>(())
/// ```
#[derive(Component, Debug, Clone, Default)]
pub struct InertialTransitions {
    profile: RigProfile,
    main: Option<AnimationNodeIndex>,
    fades: Vec<Fade>,
    pub(crate) pending: Option<TransitionMode>,
    pub(crate) slot: Option<Slot>,
}

impl InertialTransitions {
    /// Transitions for a skeleton blending with `profile`.
    ///
    /// ```
    /// let t = hooke_bevy::InertialTransitions::new(hooke_bevy::RigProfile::default());
    /// assert_eq!(t.main_animation(), None);
    /// ```
    pub fn new(profile: RigProfile) -> InertialTransitions {
        InertialTransitions {
            profile,
            ..InertialTransitions::default()
        }
    }

    /// Holds planted feet while the character blends (docs/math.md §7): the plugin runs
    /// hooke-inertia's `FootLocker` after each update of the character's rig group. Bones are
    /// mapped by target; a leg whose bones are missing or not a `ChildOf` chain leaves the group
    /// without locking.
    ///
    /// ```
    /// use bevy_animation::AnimationTargetId;
    /// use hooke_bevy::{FootLocking, InertialTransitions, RigProfile};
    /// let bone = |name: &str| AnimationTargetId::from_iter(["root", name]);
    /// let leg = [bone("LeftUpLeg"), bone("LeftLeg"), bone("LeftFoot"), bone("LeftToeBase")];
    /// let locking = FootLocking::new([leg], hooke_inertia::FootLockSettings::centimetres())?;
    /// let t = InertialTransitions::new(RigProfile::default()).with_foot_locking(locking);
    /// assert!(t.foot_locking().is_some());
    /// # Ok::<(), hooke_bevy::HookeBevyError>(())
    /// ```
    pub fn with_foot_locking(mut self, locking: crate::FootLocking) -> InertialTransitions {
        self.profile.feet = Some(locking);
        self
    }

    /// The foot locking of [`with_foot_locking`](Self::with_foot_locking), if any.
    ///
    /// ```
    /// assert!(hooke_bevy::InertialTransitions::default().foot_locking().is_none());
    /// ```
    pub fn foot_locking(&self) -> Option<&crate::FootLocking> {
        self.profile.feet.as_ref()
    }

    /// The skeleton's blend profile.
    ///
    /// ```
    /// let t = hooke_bevy::InertialTransitions::new(hooke_bevy::RigProfile::new(0.2)?);
    /// assert_eq!(t.profile().halflife(), 0.2);
    /// # Ok::<(), hooke_bevy::HookeBevyError>(())
    /// ```
    pub fn profile(&self) -> &RigProfile {
        &self.profile
    }

    /// The clip [`play`](Self::play) started last.
    ///
    /// ```
    /// # use hooke_bevy::*;
    /// assert_eq!(InertialTransitions::default().main_animation(), None);
    /// ```
    pub fn main_animation(&self) -> Option<AnimationNodeIndex> {
        self.main
    }

    /// Starts `animation` on `player` (from its beginning) and switches to it with `mode`.
    ///
    /// [`Cut`](TransitionMode::Cut), [`Inertialize`](TransitionMode::Inertialize) and
    /// [`DeadBlend`](TransitionMode::DeadBlend) stop every other clip of the player at once
    /// (the new clip plays alone with weight 1; the plugin hides the switch);
    /// [`CrossFade`](TransitionMode::CrossFade) keeps the old clip playing with a declining
    /// weight like Bevy's `AnimationTransitions`. Calling it again before an earlier blend ended
    /// starts from whatever the character shows. An invalid mode is an error and changes
    /// nothing.
    ///
    /// ```
    /// use bevy_animation::{graph::AnimationNodeIndex, AnimationPlayer};
    /// use hooke_bevy::{InertialTransitions, TransitionMode};
    /// let mut player = AnimationPlayer::default();
    /// let mut t = InertialTransitions::default();
    /// let bad = TransitionMode::DeadBlend { blend_time: f32::NAN, halflife: 0.1 };
    /// assert!(t.play(&mut player, AnimationNodeIndex::new(1), bad).is_err());
    /// assert!(!player.is_playing_animation(AnimationNodeIndex::new(1)));
    /// ```
    pub fn play<'p>(
        &mut self,
        player: &'p mut AnimationPlayer,
        animation: AnimationNodeIndex,
        mode: TransitionMode,
    ) -> Result<&'p mut ActiveAnimation, HookeBevyError> {
        mode.check()?;
        let old = self.main.replace(animation);
        match mode {
            TransitionMode::CrossFade(duration) => {
                if let Some(old) = old
                    && old != animation
                    && let Some(active) = player.animation(old)
                    && !active.is_paused()
                {
                    let seconds = duration.as_secs_f32();
                    self.fades.push(Fade {
                        animation: old,
                        weight: active.weight(),
                        // A zero duration fades out within the next frame.
                        decline_per_sec: if seconds > 0.0 {
                            1.0 / seconds
                        } else {
                            f32::MAX
                        },
                    });
                }
                self.fades.retain(|fade| fade.animation != animation);
            }
            TransitionMode::Cut
            | TransitionMode::Inertialize
            | TransitionMode::DeadBlend { .. } => {
                self.fades.clear();
                player.stop_all();
                self.pending = Some(mode);
            }
        }
        Ok(player.start(animation))
    }
}

/// Advances the weights of clips fading out in [`TransitionMode::CrossFade`] (Bevy's scheme:
/// the newest fade takes its share first, the main clip gets what remains) and stops the clips
/// whose weight reached 0.
pub(crate) fn advance_crossfades(
    mut players: Query<(&mut InertialTransitions, &mut AnimationPlayer)>,
    time: Res<Time>,
) {
    let dt = time.delta_secs();
    for (mut transitions, mut player) in &mut players {
        if transitions.fades.is_empty() {
            continue;
        }
        let mut remaining = 1.0;
        for fade in transitions.fades.iter_mut().rev() {
            fade.weight = (fade.weight - fade.decline_per_sec * dt).max(0.0);
            if let Some(active) = player.animation_mut(fade.animation) {
                let weight = fade.weight * remaining;
                active.set_weight(weight);
                remaining -= weight;
            }
        }
        if let Some(main) = transitions.main
            && let Some(active) = player.animation_mut(main)
        {
            active.set_weight(remaining);
        }
        transitions.fades.retain(|fade| {
            let done = fade.weight <= 0.0;
            if done {
                player.stop(fade.animation);
            }
            !done
        });
    }
}
