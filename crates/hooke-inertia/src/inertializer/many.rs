//! Switching many characters at once: [`Inertializer::transition_many`].

use crate::alloc;
use crate::batch::PoseBatch;
use crate::bone::Bone;
use crate::error::InertiaError;
use crate::offsets::OffsetLanesMut;
use crate::rebase::Offset8;

use super::Inertializer;
use super::lane_group::{ALL_LANES, fast_store, merge_group, rebase_group};
use super::source::BatchPose;

impl Inertializer {
    /// Switches each character of `characters` from its pose in `source` to its pose in
    /// `destination`: the same as [`transition`](Self::transition) for each listed character
    /// (the order of the list does not matter: distinct characters' transitions are
    /// independent), with both poses read from batches of the inertializer's shape (the engine
    /// passes its last *input* as `source`, and the new animations as `destination`).
    /// Characters not listed are not touched.
    ///
    /// Everything is checked before anything changes: the batches' shapes and scale channel
    /// ([`InertiaError::ShapeMismatch`], [`InertiaError::NoScaleChannel`]), each index
    /// ([`hooke::ParamError::IndexOutOfRange`] naming `characters` and the index) and that no
    /// character is listed twice ([`InertiaError::DuplicateCharacter`]). The poses of a
    /// [`PoseBatch`] are valid by construction. Local bones are re-based eight lanes at a time
    /// in `f32x8`, straight over the aligned lane groups of the columns (a group may span two
    /// characters); no allocation per character (three bit sets per call: the listed
    /// characters, those re-based in lanes, their lanes).
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
        let listed = self.check_list(characters)?;
        let bones = self.profile.bone_count();
        let lanes = self.characters * bones;
        let mut marked = alloc::vec("bone lanes", lanes.div_ceil(64), 0_u64)?;
        let mut by_lanes = alloc::vec("characters", listed.len(), 0_u64)?;
        // Distinct characters' transitions are independent: each step runs over all of them in
        // index order. First the bookkeeping, and the bones of the characters the lanes do not
        // apply to (in `f64`, as `transition`); the others' lanes are marked, without the
        // anchored root (re-anchored in `f64` after the lanes, from its old offset).
        for character in ones(&listed) {
            self.note_transition(character);
            let mode = self.modes[character];
            if self.lanes_apply(character, mode) {
                let base = character * bones;
                mark(&mut marked, base, bones);
                if let Some(r) = self.anchor_bone {
                    marked[(base + r) / 64] &= !(1 << ((base + r) % 64));
                }
                by_lanes[character / 64] |= 1 << (character % 64);
            } else {
                let (src, dst) = (
                    BatchPose::new(source, character),
                    BatchPose::new(destination, character),
                );
                self.transition_bones(character, mode, &src, &dst);
            }
        }
        self.rebase_marked(&marked, source, destination);
        for character in ones(&by_lanes) {
            let (src, dst) = (
                BatchPose::new(source, character),
                BatchPose::new(destination, character),
            );
            self.finish_rebase(character, &src, &dst);
        }
        if self.profile.curve_count() > 0 || self.profile.has_scales() {
            for character in ones(&listed) {
                let (src, dst) = (
                    BatchPose::new(source, character),
                    BatchPose::new(destination, character),
                );
                self.transition_channels(character, &src, &dst);
            }
        }
        Ok(())
    }

    /// Re-bases the offsets of the lanes of `marked` (bit `l`: lane `l`) from `source` onto
    /// `destination`, in the aligned lane groups of the columns, as the update reads them: a
    /// group spans the characters its lanes belong to, and keeps the offsets of the lanes not
    /// marked ([`rebase_group`]). Groups without a marked lane are skipped.
    fn rebase_marked(&mut self, marked: &[u64], source: &PoseBatch, destination: &PoseBatch) {
        let (src, dst) = (
            source.bone_columns.lanes(),
            destination.bone_columns.lanes(),
        );
        let offsets = self.offsets.lanes_mut();
        let n = offsets.len().min(src.len()).min(dst.len());
        let (src, dst, mut offsets) = (src.truncate(n), dst.truncate(n), offsets.truncate(n));
        for (word_index, &word) in marked.iter().enumerate() {
            if word == 0 {
                continue;
            }
            for (g, store) in word.to_le_bytes().into_iter().enumerate() {
                let i = 8 * word_index + g;
                if store == 0 || i >= n {
                    continue;
                }
                let old = Offset8::load(&offsets, i);
                let (new, finite) = rebase_group(&old, &src.load(i), &dst.load(i));
                // A group shared with characters that do not switch (the first and last of a
                // character whose bones are not a multiple of 8) keeps their offsets.
                match fast_store((ALL_LANES, store), (new, finite), || {
                    Offset8::load(&offsets, i)
                }) {
                    Some(new) => new.store(&mut offsets, i),
                    None => store_some_lanes(&mut offsets, i, store, [source, destination]),
                }
            }
        }
    }

    /// Every index in range, none twice: the set of the listed characters (bit `c`: character
    /// `c`).
    fn check_list(&self, characters: &[usize]) -> Result<Vec<u64>, InertiaError> {
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
        Ok(seen)
    }
}

/// Stores the lanes of group `i` that [`merge_group`] says (from the values in memory).
#[cold]
#[inline(never)]
fn store_some_lanes(
    offsets: &mut OffsetLanesMut<'_>,
    i: usize,
    store: u8,
    [source, destination]: [&PoseBatch; 2],
) {
    let lanes = |batch: &PoseBatch| batch.bone_columns.lanes().load(i);
    let bone = |batch: &PoseBatch, lane: usize| Bone::from_f32(batch.bone_columns.get(lane));
    let old = Offset8::load(offsets, i);
    let (src, dst) = (lanes(source), lanes(destination));
    let merged = merge_group(&old, (&src, &dst), store, |k| {
        (bone(source, 8 * i + k), bone(destination, 8 * i + k))
    });
    merged.store(offsets, i);
}

/// The indices of the set bits of `words` (bit `k` of word `w`: index `64 w + k`), in order.
fn ones(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(w, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                64 * w + bit
            })
        })
    })
}

/// Sets bits `start..start + len` of `words`, a word at a time.
fn mark(words: &mut [u64], start: usize, len: usize) {
    let (mut bit, end) = (start, start + len);
    while bit < end {
        let (word, shift) = (bit / 64, bit % 64);
        let count = (64 - shift).min(end - bit);
        let ones = u64::MAX >> (64 - count);
        if let Some(w) = words.get_mut(word) {
            *w |= ones << shift;
        }
        bit += count;
    }
}
