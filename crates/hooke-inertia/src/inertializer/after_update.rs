//! Switches taken at the time of the frame already shown: [`Inertializer::transition_many_after_update`].

use crate::batch::PoseBatch;
use crate::error::InertiaError;
use crate::pose::PoseRef;

use super::Inertializer;

impl Inertializer {
    /// The switches of [`transition_many`](Self::transition_many), taken at the time of the
    /// frame the last update showed: call it *after* that update, with that frame's input as
    /// `source` and the new animations at the same time as `destination`. The next update then
    /// advances the new blends by its `dt`, like every other character (a
    /// [`transition`](Self::transition) before an update is shown as of the switch by that
    /// update instead; `docs/math.md` §6.1).
    ///
    /// For callers that can only update the frame of a switch with the old animation's
    /// continuation (an engine that no longer samples the old clip once it has switched: the
    /// Bevy plugin), and for corrections of a switch already shown (re-basing its velocity
    /// offsets once the new clip's velocity is measured). Checked like `transition_many`;
    /// nothing changes on an error.
    ///
    /// ```
    /// use glam::Vec3;
    /// use hooke_inertia::*;
    ///
    /// let (characters, bones, dt) = (2, 8, 1.0 / 60.0);
    /// let mut i = Inertializer::new(characters, BlendProfile::uniform(bones, 0.1)?, RootPolicy::Local)?;
    /// let old = PoseBatch::new(characters, bones, 0)?;
    /// let mut new = PoseBatch::new(characters, bones, 0)?;
    /// let mut pose = Pose::rest(bones);
    /// pose.positions[0] = Vec3::X;
    /// new.set_character(1, pose.as_ref())?;
    ///
    /// let mut output = old.clone();
    /// i.update(dt, &old, &mut output)?; // the frame of the switch, shown with the old input
    /// i.transition_many_after_update(&[1], &old, &new)?;
    /// i.update(dt, &new, &mut output)?; // already one frame into the blend
    /// let x = output.positions().get(bones).x;
    /// assert!(x > 0.0 && x < 0.1);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn transition_many_after_update(
        &mut self,
        characters: &[usize],
        source: &PoseBatch,
        destination: &PoseBatch,
    ) -> Result<(), InertiaError> {
        self.transition_many(characters, source, destination)?;
        for &character in characters {
            self.unmark_fresh(character);
        }
        Ok(())
    }

    /// [`transition`](Self::transition) taken at the time of the frame the last update showed,
    /// as [`transition_many_after_update`](Self::transition_many_after_update) for one
    /// character given as [`PoseRef`]s (e.g. a character moved into another inertializer,
    /// re-created from the output and input of the frame it showed).
    ///
    /// ```
    /// use glam::Vec3;
    /// use hooke_inertia::*;
    ///
    /// let mut i = Inertializer::new(1, BlendProfile::uniform(1, 0.1)?, RootPolicy::Local)?;
    /// let (mut shown, input) = (Pose::rest(1), Pose::rest(1));
    /// shown.positions[0] = Vec3::X; // what the frame showed: the input plus an offset
    /// i.transition_after_update(0, shown.as_ref(), input.as_ref())?;
    /// let batch = PoseBatch::from_pose(1, input.as_ref())?;
    /// let mut output = batch.clone();
    /// i.update(1.0 / 60.0, &batch, &mut output)?; // the offset decays from here
    /// let x = output.positions().get(0).x;
    /// assert!(x < 1.0 && x > 0.9);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn transition_after_update(
        &mut self,
        character: usize,
        source: PoseRef<'_>,
        destination: PoseRef<'_>,
    ) -> Result<(), InertiaError> {
        self.transition(character, source, destination)?;
        self.unmark_fresh(character);
        Ok(())
    }

    /// Takes `character`'s lanes out of the frame of the switch (its lane groups keep their
    /// `FRESH` bit when they hold other characters' lanes; a group whose lanes are all unmarked
    /// only reads them once more).
    fn unmark_fresh(&mut self, character: usize) {
        let (bones, curves) = (self.profile.bone_count(), self.profile.curve_count());
        self.dead_timing
            .unmark_fresh(character * bones..(character + 1) * bones);
        for lane in character * curves..(character + 1) * curves {
            self.curves.unmark_fresh(lane);
        }
        for lane in self.scale_lanes(character) {
            self.scales.unmark_fresh(lane);
        }
    }
}
