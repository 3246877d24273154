//! What foot locking asks of the characters' blends (`crate::feet`): whether the bones above
//! their feet still move with an offset or a dead blend.

use super::Inertializer;

/// The offset and dead-blend columns of every lane, as plain slices taken once per frame (so
/// that the check per character is a few loads and compares).
pub(crate) struct LegBlends<'a> {
    offsets: [&'a [f32]; 12],
    blend_time: &'a [f32],
    bones: usize,
}

impl LegBlends<'_> {
    /// Whether any of `bones` (indices below the rig's bone count) of `character` carries an
    /// offset or a running dead blend: the legs' blend in flight. A blend on other bones does
    /// not move the feet.
    pub(crate) fn any(&self, character: usize, bones: &[usize]) -> bool {
        let base = character * self.bones;
        bones.iter().any(|&bone| {
            let lane = base + bone;
            self.blend_time.get(lane).is_some_and(|&t| t > 0.0)
                || self
                    .offsets
                    .iter()
                    .any(|c| c.get(lane).is_some_and(|&x| x != 0.0))
        })
    }
}

impl Inertializer {
    /// The blends of every character's bones, for [`LegBlends::any`].
    pub(crate) fn leg_blends(&self) -> LegBlends<'_> {
        let o = &self.offsets;
        let mut offsets: [&[f32]; 12] = [&[]; 12];
        let columns = [
            &o.positions,
            &o.velocities,
            &o.rotations,
            &o.angular_velocities,
        ];
        for (k, c) in columns.iter().enumerate() {
            offsets[3 * k] = c.x.as_slice();
            offsets[3 * k + 1] = c.y.as_slice();
            offsets[3 * k + 2] = c.z.as_slice();
        }
        LegBlends {
            offsets,
            blend_time: self.dead_timing.blend_time.as_slice(),
            bones: self.profile.bone_count(),
        }
    }
}

impl Inertializer {
    /// How many transitions each character has had (wrapping): a character whose legs were
    /// at rest after its `n`th transition stays so while this reads `n`.
    pub(crate) fn transition_counts(&self) -> &[u64] {
        &self.transitions
    }

    /// The root policy's vertical axis, normalised (+Y for a local root): foot locking's
    /// vertical when the caller gives the contacts.
    pub(crate) fn up(&self) -> glam::DVec3 {
        self.up
    }
}
