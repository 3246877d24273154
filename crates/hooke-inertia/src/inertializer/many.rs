//! Switching many characters at once: [`Inertializer::transition_many`].

use crate::alloc;
use crate::batch::PoseBatch;
use crate::error::InertiaError;

use super::Inertializer;
use super::source::BatchPose;

impl Inertializer {
    /// Switches each character of `characters` from its pose in `source` to its pose in
    /// `destination`: the same as [`transition`](Self::transition) for each listed character
    /// (in list order), with both poses read from batches of the inertializer's shape (the
    /// engine passes its last *input* as `source`, and the new animations as `destination`).
    /// Characters not listed are not touched.
    ///
    /// Everything is checked before anything changes: the batches' shapes and scale channel
    /// ([`InertiaError::ShapeMismatch`], [`InertiaError::NoScaleChannel`]), each index
    /// ([`hooke::ParamError::IndexOutOfRange`] naming `characters` and the index) and that no
    /// character is listed twice ([`InertiaError::DuplicateCharacter`]). The poses of a
    /// [`PoseBatch`] are valid by construction. Local bones are re-based eight at a time in
    /// `f32x8` lanes; no allocation per character (one bit set of the characters per call).
    ///
    /// ```
    /// use glam::Vec3;
    /// use hooke_inertia::*;
    ///
    /// let (characters, bones) = (100, 31);
    /// let mut i = Inertializer::new(characters, BlendProfile::uniform(bones, 0.1)?, RootPolicy::Local)?;
    /// let walk = PoseBatch::new(characters, bones, 0)?;
    /// let mut run = PoseBatch::new(characters, bones, 0)?;
    /// let mut pose = Pose::rest(bones);
    /// pose.positions[3] = Vec3::X;
    /// run.set_character(7, pose.as_ref())?;
    /// run.set_character(42, pose.as_ref())?;
    ///
    /// i.transition_many(&[7, 42], &walk, &run)?;
    /// assert!(i.is_blending(7)? && i.is_blending(42)? && !i.is_blending(8)?);
    ///
    /// assert!(i.transition_many(&[7, 100], &walk, &run).is_err()); // out of range: nothing changes
    /// assert!(i.transition_many(&[3, 3], &walk, &run).is_err()); // listed twice
    /// assert!(!i.is_blending(3)?);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn transition_many(
        &mut self,
        characters: &[usize],
        source: &PoseBatch,
        destination: &PoseBatch,
    ) -> Result<(), InertiaError> {
        self.check_batches([("source", source), ("destination", destination)])?;
        self.check_list(characters)?;
        for &character in characters {
            let src = BatchPose::new(source, character);
            let dst = BatchPose::new(destination, character);
            self.transition_checked(character, &src, &dst);
        }
        Ok(())
    }

    /// Every index in range, none twice.
    fn check_list(&self, characters: &[usize]) -> Result<(), InertiaError> {
        let words = self.characters.div_ceil(64);
        let mut seen = alloc::vec("characters", words, 0_u64)?;
        for (position, &character) in characters.iter().enumerate() {
            hooke::error::check_index("characters", character, self.characters)?;
            let (word, bit) = (character / 64, 1_u64 << (character % 64));
            if seen[word] & bit != 0 {
                let first = characters
                    .iter()
                    .position(|&c| c == character)
                    .unwrap_or(position);
                return Err(InertiaError::DuplicateCharacter {
                    character,
                    first,
                    second: position,
                });
            }
            seen[word] |= bit;
        }
        Ok(())
    }
}
