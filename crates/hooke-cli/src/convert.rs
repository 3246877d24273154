//! `hooke convert IN OUT`: BVH to glTF (`.glb`) and back, or BVH to BVH and glTF to glTF.
//! Positions are scaled by `--scale` metres per BVH unit (glTF is in metres); the round trip
//! BVH -> glb -> BVH with the same `--scale` gives back the file's channels.

use std::io::Write;
use std::path::Path;

use crate::gltfio::{self, GltfArgs};
use crate::{CliError, clipio};

/// Converts `input` to `output`.
pub(crate) fn run(
    input: &Path,
    output: &Path,
    force: bool,
    gltf: &GltfArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let inputs = [input];
    let files = gltfio::input_files(input);
    let files: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    crate::output::check_target(output, &files, force)?;
    let bvh = clipio::read_bvh_with(input, gltf)?;
    clipio::write_clip(output, &bvh, &inputs, force, gltf, out)?;
    let mut stderr = std::io::stderr();
    let out = clipio::report(out, &mut stderr, output);
    writeln!(
        out,
        "wrote {} ({} joints, {} frames at {} s)",
        output.display(),
        bvh.joints().len(),
        bvh.frame_count(),
        bvh.frame_time()
    )
    .map_err(CliError::Stdout)
}
