//! Any input: the glTF reader returns a clip or a typed error, never panics nor aborts on the
//! counts and lengths a file declares; what reads writes as GLB and reads back to the same
//! skeleton and frame count.
#![no_main]

use hooke_gltf::{ReadOptions, WriteOptions, read, write_glb};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let options = ReadOptions::default();
    if let Ok(clip) = read(data, &options)
        && let Ok(glb) = write_glb(&clip.bvh, &WriteOptions::default())
    {
        let again = read(&glb, &options).expect("written GLB re-reads");
        assert_eq!(again.bvh.joints().len(), clip.bvh.joints().len());
        assert_eq!(again.bvh.frame_count(), clip.bvh.frame_count().max(1));
    }
});
