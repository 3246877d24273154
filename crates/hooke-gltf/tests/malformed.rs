//! Malformed files are clear errors that name what is wrong (and never panics or aborts):
//! truncated GLB, accessor counts that do not fit, NaN keys, 2^31 keyframes declared, lying
//! buffer lengths, node cycles, indices out of range, absurd durations.

use hooke_bvh::Bvh;
use hooke_gltf::{GltfError, ReadOptions, WriteOptions, read, write_glb};
use serde_json::{Value, json};

/// A written clip split into its JSON (as a value) and BIN chunk.
fn sample() -> (Value, Vec<u8>) {
    let src = "HIERARCHY ROOT Hips { OFFSET 0 0 0 CHANNELS 6 Xposition Yposition Zposition \
               Zrotation Xrotation Yrotation JOINT Head { OFFSET 0 1 0 CHANNELS 3 Zrotation \
               Xrotation Yrotation } } MOTION Frames: 3 Frame Time: 0.5\n\
               0 0 0 0 0 0 0 0 0\n1 0 0 10 0 0 5 0 0\n2 0 0 20 0 0 10 0 0\n";
    let glb = write_glb(&Bvh::parse(src).unwrap(), &WriteOptions::default()).unwrap();
    let word = |at: usize| u32::from_le_bytes(glb[at..at + 4].try_into().unwrap()) as usize;
    let json_len = word(12);
    let json: Value = serde_json::from_slice(&glb[20..20 + json_len]).unwrap();
    let bin_at = 20 + json_len;
    let bin = glb[bin_at + 8..bin_at + 8 + word(bin_at)].to_vec();
    (json, bin)
}

fn glb(json: &Value, bin: &[u8]) -> Vec<u8> {
    let mut text = serde_json::to_vec(json).unwrap();
    while !text.len().is_multiple_of(4) {
        text.push(b' ');
    }
    let mut out = b"glTF".to_vec();
    out.extend(2u32.to_le_bytes());
    out.extend(((12 + 8 + text.len() + 8 + bin.len()) as u32).to_le_bytes());
    out.extend((text.len() as u32).to_le_bytes());
    out.extend(b"JSON");
    out.extend(text);
    out.extend((bin.len() as u32).to_le_bytes());
    out.extend(b"BIN\0");
    out.extend(bin);
    out
}

fn error(bytes: &[u8]) -> GltfError {
    read(bytes, &ReadOptions::default()).expect_err("a malformed file must be an error")
}

fn assert_names(err: &GltfError, parts: &[&str]) {
    let text = err.to_string();
    for part in parts {
        assert!(text.contains(part), "`{part}` not in: {text}");
    }
}

/// Where accessor `index`'s data starts in the BIN chunk.
fn bin_offset(json: &Value, index: usize) -> usize {
    let accessor = &json["accessors"][index];
    let view = &json["bufferViews"][accessor["bufferView"].as_u64().unwrap() as usize];
    (view["byteOffset"].as_u64().unwrap_or(0) + accessor["byteOffset"].as_u64().unwrap_or(0))
        as usize
}

/// Index of the accessor that holds the animation's key times.
fn input_accessor(json: &Value) -> usize {
    json["animations"][0]["samplers"][0]["input"]
        .as_u64()
        .unwrap() as usize
}

#[test]
fn the_sample_reads() {
    let (json, bin) = sample();
    let clip = read(&glb(&json, &bin), &ReadOptions::default()).unwrap();
    assert_eq!(clip.bvh.frame_count(), 3);
}

#[test]
fn truncated_glb() {
    let (json, bin) = sample();
    let whole = glb(&json, &bin);
    for cut in [0, 4, 11, 12, 19, 30, whole.len() - 20, whole.len() - 1] {
        let err = error(&whole[..cut]);
        assert!(
            matches!(err, GltfError::Container { .. } | GltfError::Invalid { .. }),
            "cut at {cut}: {err}"
        );
    }
    assert_names(&error(&whole[..whole.len() - 1]), &["truncated GLB"]);
}

#[test]
fn wrong_accessor_counts() {
    let (mut json, bin) = sample();
    let output = json["animations"][0]["samplers"][1]["output"]
        .as_u64()
        .unwrap() as usize;
    json["accessors"][output]["count"] = json!(4);
    assert_names(
        &error(&glb(&json, &bin)),
        &[
            "animations[0].samplers[1]",
            "3 input keys need 12 output values",
            "found 16",
        ],
    );
    let input = input_accessor(&json);
    json["accessors"][input]["count"] = json!(1_000_000);
    assert_names(
        &error(&glb(&json, &bin)),
        &[
            &format!("accessors[{input}]"),
            "count 1000000",
            "bufferViews[1] holds",
        ],
    );
}

#[test]
fn nan_and_unordered_keys() {
    let (json, mut bin) = sample();
    let input = input_accessor(&json);
    let at = bin_offset(&json, input);
    bin[at + 4..at + 8].copy_from_slice(&f32::NAN.to_le_bytes());
    assert_names(
        &error(&glb(&json, &bin)),
        &["animations[0].samplers[0]", "input key 1 is NaN"],
    );
    bin[at + 4..at + 8].copy_from_slice(&5.0f32.to_le_bytes());
    assert_names(&error(&glb(&json, &bin)), &["key 2", "does not come after"]);
    // NaN in a rotation output.
    let (json, mut bin) = sample();
    let output = json["animations"][0]["samplers"][1]["output"]
        .as_u64()
        .unwrap() as usize;
    let at = bin_offset(&json, output);
    bin[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
    assert_names(&error(&glb(&json, &bin)), &["output value 0", "not finite"]);
}

#[test]
fn two_to_the_31_keyframes_declared() {
    let (mut json, bin) = sample();
    let input = input_accessor(&json);
    json["accessors"][input]["count"] = json!(1u64 << 31);
    assert_names(
        &error(&glb(&json, &bin)),
        &["count 2147483648", "needs 8589934592 bytes"],
    );
    // Without a buffer view (the gltf crate's validation refuses that for animations).
    json["accessors"][input]
        .as_object_mut()
        .unwrap()
        .remove("bufferView");
    json["accessors"][input]
        .as_object_mut()
        .unwrap()
        .remove("byteOffset");
    assert_names(
        &error(&glb(&json, &bin)),
        &[&format!("accessors[{input}].bufferView: missing")],
    );
    json["accessors"][input]["count"] = json!(u64::MAX);
    assert!(matches!(
        error(&glb(&json, &bin)),
        GltfError::Invalid { .. }
    ));
}

#[test]
fn lying_lengths_and_offsets() {
    let (mut json, bin) = sample();
    json["buffers"][0]["byteLength"] = json!(bin.len() + 1);
    assert_names(&error(&glb(&json, &bin)), &["buffers[0]", "only"]);
    let (mut json, bin) = sample();
    json["bufferViews"][1]["byteOffset"] = json!(u64::MAX - 3);
    assert!(matches!(
        error(&glb(&json, &bin)),
        GltfError::Invalid { .. }
    ));
    let (mut json, bin) = sample();
    json["bufferViews"][1]["byteStride"] = json!(4);
    let err = error(&glb(&json, &bin));
    assert!(matches!(err, GltfError::Invalid { .. }), "{err}");
}

#[test]
fn absurd_durations_are_too_large() {
    let (json, mut bin) = sample();
    let input = input_accessor(&json);
    let at = bin_offset(&json, input);
    bin[at + 8..at + 12].copy_from_slice(&1e30f32.to_le_bytes());
    let mut json = json;
    json["accessors"][input]["max"] = json!([1e30]);
    let err = read(
        &glb(&json, &bin),
        &ReadOptions {
            fps: Some(30.0),
            ..Default::default()
        },
    )
    .unwrap_err();
    assert!(matches!(err, GltfError::TooLarge { .. }), "{err}");
}

#[test]
fn bad_structure() {
    // A cycle in the node hierarchy.
    let (mut json, bin) = sample();
    json["nodes"][1]["children"] = json!([0]);
    assert!(matches!(
        error(&glb(&json, &bin)),
        GltfError::Invalid { .. }
    ));
    // An index out of range.
    let (mut json, bin) = sample();
    json["animations"][0]["channels"][0]["sampler"] = json!(999);
    assert_names(&error(&glb(&json, &bin)), &["animations[0].channels[0]"]);
    // A joint listed twice.
    let (mut json, bin) = sample();
    json["skins"][0]["joints"] = json!([0, 0]);
    assert_names(&error(&glb(&json, &bin)), &["listed twice"]);
    // Not glTF at all.
    assert_names(&error(b"{\"asset\": 5}"), &["not glTF 2.0 JSON"]);
    assert_names(&error(b""), &["not glTF 2.0 JSON"]);
    // A wrong accessor type.
    let (mut json, bin) = sample();
    let input = input_accessor(&json);
    json["accessors"][input]["type"] = json!("VEC2");
    assert_names(&error(&glb(&json, &bin)), &["Scalar"]);
}

#[test]
fn required_extensions() {
    let (mut json, bin) = sample();
    json["extensionsRequired"] = json!(["KHR_draco_mesh_compression"]);
    json["extensionsUsed"] = json!(["KHR_draco_mesh_compression"]);
    let clip = read(&glb(&json, &bin), &ReadOptions::default()).unwrap();
    assert!(
        clip.warnings
            .iter()
            .any(|w| w.contains("KHR_draco_mesh_compression"))
    );
    json["extensionsRequired"] = json!(["EXT_meshopt_compression"]);
    assert_names(
        &error(&glb(&json, &bin)),
        &["extensionsRequired", "EXT_meshopt_compression"],
    );
}

#[test]
fn a_rest_rotation_whose_length_overflows_is_an_error_not_the_identity() {
    // Components of 1e38 are finite, but the length overflows: normalised, it was a zero
    // quaternion, then the identity, without a word.
    let (mut json, bin) = sample();
    json["nodes"][0]["rotation"] = json!([1e38, 1e38, 1e38, 1e38]);
    let err = error(&glb(&json, &bin));
    assert_names(&err, &["nodes[0]", "rest rotation has length inf"]);
}

#[test]
fn a_chain_of_50000_plain_nodes_above_the_skeleton_reads() {
    // The cycle check walked from every node to the root, and every root joint composed its
    // ancestors again: quadratic in the chain's length. Checked here for its result only.
    let (mut json, bin) = sample();
    let nodes = json["nodes"].as_array().unwrap().len();
    let chain = 50_000;
    let mut all = json["nodes"].as_array().unwrap().clone();
    for k in 0..chain {
        let child = if k + 1 < chain { nodes + k + 1 } else { 0 };
        all.push(json!({ "children": [child], "translation": [0.0, 0.001, 0.0] }));
    }
    json["nodes"] = Value::Array(all);
    json["scenes"] = json!([{ "nodes": [nodes] }]);
    json["scene"] = json!(0);
    let clip = read(&glb(&json, &bin), &ReadOptions::default()).unwrap();
    assert_eq!(clip.bvh.joints().len(), 2);
    // The root joint sits at the end of the chain: 50 units up (to the f32 rounding of 50,000
    // composed transforms).
    let root = clip.bvh.joints()[0].offset();
    assert!((root.y - 50.0).abs() < 0.05, "{root}");
}

#[test]
fn a_clip_with_offsets_beyond_f32_writes_an_error_not_invalid_gltf() {
    // Finite offsets whose sum (the rest position in the skeleton) overflows made inverse bind
    // matrices of -inf, and with a scale, translations of JSON null.
    let src = "HIERARCHY ROOT Hips { OFFSET 3e38 0 0 CHANNELS 6 Xposition Yposition Zposition \
               Zrotation Xrotation Yrotation JOINT Head { OFFSET 3e38 0 0 CHANNELS 3 Zrotation \
               Xrotation Yrotation End Site { OFFSET 3e38 0 0 } } } MOTION Frames: 1 \
               Frame Time: 0.5\n0 0 0 0 0 0 0 0 0\n";
    let bvh = Bvh::parse(src).unwrap();
    let err = write_glb(&bvh, &WriteOptions::default()).unwrap_err();
    assert!(err.to_string().contains("not finite"), "{err}");
}
