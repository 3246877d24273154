//! What the crowd benches (`inertia`, `capi`, `feet`) share: the CMU clip and each character's
//! pair of frames.

use hooke_bvh::{Bvh, Clip};

/// Characters in every crowd.
pub const CHARACTERS: usize = 1000;

/// The CMU clip `data/cmu/01_01.bvh` (31 joints).
pub fn clip() -> Clip {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/cmu/01_01.bvh");
    Clip::from_bvh(&Bvh::from_path(path).expect("data/cmu/01_01.bvh"))
}

/// Source and destination frames of character `c`: far apart, different per character.
pub fn frames(clip: &Clip, c: usize) -> (usize, usize) {
    let n = clip.frame_count() - 1;
    (1 + (7 * c) % n, 1 + (7 * c + n / 2) % n)
}
