//! # hooke-bevy — inertialized animation transitions and exact springs for Bevy 0.20
//!
//! Bevy's `AnimationTransitions` cross-fades clip weights linearly; repeated transitions then
//! stack weights and the pose melts (bevy #13910, #14742). This crate switches clips at once and
//! hides the switch with per-bone offsets that decay with hooke's exact critical spring
//! (inertialization, [`hooke_inertia`]): the pose stays continuous in position and velocity and
//! converges to the new clip, whatever the frame rate, for every character of the world in one
//! SIMD pass per frame. It also adds spring components ([`TransformSpring`], [`SmoothDamp`])
//! updated in SIMD batches, exact for any `Time::delta_secs()`.
//!
//! - [`HookePlugin`]: add it after Bevy's `AnimationPlugin`.
//! - [`InertialTransitions`]: put it on the `AnimationPlayer` entity instead of
//!   `AnimationTransitions`; [`InertialTransitions::play`] switches clips with a
//!   [`TransitionMode`] (`Cut`, `CrossFade`, `Inertialize`, `DeadBlend`).
//! - [`RigProfile`]: per-skeleton halflives and excluded bones, keyed by `AnimationTargetId`.
//! - [`TransformSpring`], [`SmoothDamp`]: spring components.
//!
//! System order (all in `PostUpdate`, see [`HookeSystems`]): `Prepare` (map bones to lanes,
//! advance cross-fades) before `AnimationSystems`;
//! `Inertialize` after `AnimationSystems`, then `Springs`, both before
//! `TransformSystems::Propagate`. See `docs/bevy.md`.
//!
//! ```
//! use bevy_app::{App, Update};
//! use bevy_animation::{graph::AnimationNodeIndex, AnimationPlayer};
//! use bevy_ecs::prelude::*;
//! use hooke_bevy::{HookePlugin, InertialTransitions, RigProfile, TransitionMode};
//!
//! fn switch(mut q: Query<(&mut AnimationPlayer, &mut InertialTransitions)>) {
//!     for (mut player, mut transitions) in &mut q {
//!         let run = AnimationNodeIndex::new(2);
//!         if transitions.main_animation() != Some(run) {
//!             transitions
//!                 .play(&mut player, run, TransitionMode::Inertialize)
//!                 .expect("a valid mode")
//!                 .repeat();
//!         }
//!     }
//! }
//!
//! let mut app = App::new();
//! app.add_plugins(HookePlugin).add_systems(Update, switch);
//! app.world_mut().spawn((
//!     AnimationPlayer::default(),
//!     InertialTransitions::new(RigProfile::new(0.1).expect("a valid halflife")),
//! ));
//! ```

// Bevy system parameters (`Query<..>`, `Res<..>`) are written without their lifetimes, as in
// Bevy's own code and documentation.
#![allow(elided_lifetimes_in_paths)]

mod crowd;
mod error;
mod feet;
mod profile;
mod springs;
mod transitions;

use bevy_app::{AnimationSystems, App, Plugin, PostUpdate};
use bevy_ecs::schedule::{IntoScheduleConfigs, SystemSet};
use bevy_transform::TransformSystems;

pub use crowd::InertiaCrowd;
pub use error::HookeBevyError;
pub use feet::FootLocking;
pub use profile::RigProfile;
pub use springs::{SmoothDamp, SpringGoal, TransformSpring};
pub use transitions::{InertialTransitions, TransitionMode};

// docs/bevy.md's Rust example runs as a doctest, so the guide stays true at every commit.
#[doc = include_str!("../../../docs/bevy.md")]
#[cfg(doctest)]
pub struct GuideDoctests;

/// The system sets of [`HookePlugin`], all in `PostUpdate`.
///
/// ```
/// use hooke_bevy::HookeSystems;
/// assert_ne!(HookeSystems::Prepare, HookeSystems::Inertialize);
/// ```
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HookeSystems {
    /// Before `AnimationSystems`: map bones to lanes, advance cross-fades.
    Prepare,
    /// After `AnimationSystems`, before `TransformSystems::Propagate`: inertialize all
    /// characters.
    Inertialize,
    /// After `Inertialize`, before `TransformSystems::Propagate`: spring components.
    Springs,
}

/// Adds inertialized transitions ([`InertialTransitions`]) and the spring components
/// ([`TransformSpring`], [`SmoothDamp`]) to an app. Add it with Bevy's `AnimationPlugin` (for
/// the transitions) and `TransformPlugin`.
///
/// ```
/// let mut app = bevy_app::App::new();
/// app.add_plugins(hooke_bevy::HookePlugin);
/// assert!(app.world().contains_resource::<hooke_bevy::InertiaCrowd>());
/// ```
#[derive(Debug, Default, Clone, Copy)]
pub struct HookePlugin;

impl Plugin for HookePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<InertiaCrowd>()
            .init_resource::<springs::SpringBatches>()
            .configure_sets(
                PostUpdate,
                (
                    HookeSystems::Prepare.before(AnimationSystems),
                    HookeSystems::Inertialize
                        .after(AnimationSystems)
                        .before(TransformSystems::Propagate),
                    HookeSystems::Springs
                        .after(HookeSystems::Inertialize)
                        .before(TransformSystems::Propagate),
                ),
            )
            .add_systems(
                PostUpdate,
                (
                    (crowd::sync_rigs, transitions::advance_crossfades)
                        .chain()
                        .in_set(HookeSystems::Prepare),
                    crowd::inertialize.in_set(HookeSystems::Inertialize),
                    (
                        springs::update_transform_springs,
                        springs::update_smooth_damps,
                    )
                        .chain()
                        .in_set(HookeSystems::Springs),
                ),
            );
    }
}
