//! Any input: the BVH parser returns a value or a typed error, never panics; what parses converts
//! to a clip, writes and re-reads to the same hierarchy and frame count.
#![no_main]

use hooke_bvh::{Bvh, Clip};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(bvh) = Bvh::parse(&text) {
        let clip = Clip::from_bvh(&bvh);
        let again = Bvh::parse(&clip.to_bvh().to_string()).expect("written BVH re-parses");
        assert_eq!(again.joints().len(), bvh.joints().len());
        assert_eq!(again.frame_count(), bvh.frame_count());
    }
});
