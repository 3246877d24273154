//! The joint that carries a clip's travel (issue 19 part 2): some rigs keep the ROOT joint at the
//! origin and move the hips, so an anchored root must follow the joint that actually travels.

use hooke_bvh::Clip;

/// A joint's share of the largest horizontal travel above which it counts as carrying the
/// clip's travel.
const SHARE: f64 = 0.5;

/// Horizontal (x, z: BVH's up is y) path lengths of every joint's global position, accumulated
/// over windows of frames (memory follows the window, not the file).
#[derive(Debug, Clone, Default)]
pub(crate) struct Travel {
    lengths: Vec<f64>,
    last: Vec<Option<(f64, f64)>>,
}

impl Travel {
    /// Adds the frames of `clip` (the next window of the same skeleton).
    pub(crate) fn feed(&mut self, clip: &Clip) {
        self.feed_frames(clip, 0..clip.frame_count());
    }

    /// Adds frames `frames` of `clip` (in bounds).
    pub(crate) fn feed_frames(&mut self, clip: &Clip, frames: std::ops::Range<usize>) {
        let joints = clip.joint_count();
        self.lengths.resize(joints, 0.0);
        self.last.resize(joints, None);
        for f in frames.start..frames.end.min(clip.frame_count()) {
            for (j, p) in clip.global_positions(f).iter().enumerate() {
                let here = (f64::from(p.x), f64::from(p.z));
                if let Some((x, z)) = self.last[j] {
                    let step = (here.0 - x).hypot(here.1 - z);
                    if step.is_finite() {
                        self.lengths[j] += step;
                    }
                }
                self.last[j] = Some(here);
            }
        }
    }

    /// Each joint's horizontal path length so far.
    pub(crate) fn lengths(&self) -> &[f64] {
        &self.lengths
    }

    /// The highest joint in the hierarchy (fewest ancestors, then the first) whose horizontal
    /// travel is at least half the largest joint's; joint 0 for a clip without travel.
    pub(crate) fn carrier(&self, parents: &[Option<usize>]) -> usize {
        let most = self.lengths.iter().copied().fold(0.0_f64, f64::max);
        if most <= 0.0 {
            return 0;
        }
        let depth = |mut j: usize| {
            let mut d = 0;
            while let Some(Some(p)) = parents.get(j) {
                j = *p;
                d += 1;
            }
            d
        };
        (0..self.lengths.len())
            .filter(|&j| self.lengths[j] >= SHARE * most)
            .min_by_key(|&j| (depth(j), j))
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hooke_bvh::Bvh;

    fn walk() -> Bvh {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu/01_01.bvh");
        Bvh::from_path(path).unwrap()
    }

    /// The CMU walk's text with a static ROOT joint above its hips (the hips keep their six
    /// channels and carry the travel; the new ROOT has none).
    pub(crate) fn with_static_root(text: &str) -> String {
        let body = text
            .split_once("HIERARCHY")
            .map(|(_, rest)| rest)
            .unwrap_or(text);
        let (hierarchy, motion) = body.split_once("MOTION").unwrap();
        let hierarchy = hierarchy.trim_start().replacen("ROOT", "JOINT", 1);
        format!(
            "HIERARCHY\nROOT Origin\n{{\nOFFSET 0 0 0\nCHANNELS 0\n{hierarchy}}}\nMOTION{motion}"
        )
    }

    #[test]
    fn the_root_carries_the_cmu_walk_and_the_hips_a_rewritten_rig() {
        let clip = Clip::from_bvh(&walk());
        let mut travel = Travel::default();
        travel.feed(&clip);
        assert_eq!(travel.carrier(clip.parents()), 0);

        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/cmu/01_01.bvh"
        ))
        .unwrap();
        let rewritten = Clip::from_bvh(&Bvh::parse(&with_static_root(&text)).unwrap());
        assert_eq!(rewritten.joint_count(), clip.joint_count() + 1);
        let mut travel = Travel::default();
        travel.feed(&rewritten);
        let carrier = travel.carrier(rewritten.parents());
        assert_eq!(carrier, 1, "{:?}", &travel.lengths()[..3]);
        assert_eq!(travel.lengths()[0], 0.0);
    }
}
