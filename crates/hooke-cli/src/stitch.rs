//! `hooke stitch`: concatenates frame ranges of clips on one skeleton and hides every seam with
//! inertialization or dead blending (hooke-inertia's `Inertializer`, one character), or leaves
//! it as a hard cut. Prints one line per seam with the largest joint acceleration there, with a
//! cut and with the chosen mode.

use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

use glam::{Quat, Vec3};
use std::borrow::Cow;

use hooke_bvh::{Bvh, Clip};
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, PoseBatch, PoseRef, RootPolicy};

use crate::args::{ClipRange, RootArg, StitchMode};
use crate::{CliError, clipio, output};

/// A stitched pose stream on the first clip's skeleton.
pub(crate) struct Stitched {
    /// Local positions, frame-major.
    pub positions: Vec<Vec3>,
    /// Local rotations, frame-major.
    pub rotations: Vec<Quat>,
    /// Output frames where a new range starts (the first range's start excluded).
    pub seams: Vec<usize>,
}

/// How the seams are blended.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Blend {
    pub mode: StitchMode,
    pub halflife: f32,
    pub blend_time: f32,
    pub root: RootArg,
    /// The joint the anchored root follows (`--root-joint`); `None`: the joint that carries the
    /// first range's travel ([`root_joint`]).
    pub root_joint: Option<usize>,
    /// `--lock-feet`: planted feet held through the blends ([`feet::locker`]).
    pub lock_feet: bool,
}

/// Where a range's frames come from: a clip in memory, or a parsed file converted a window of
/// frames at a time (so memory follows the window, not the file: issue 21).
#[derive(Clone, Copy)]
pub(crate) enum Frames<'a> {
    Clip(&'a Clip),
    Bvh(&'a Bvh),
}

/// Frames converted per window when playing a [`Frames::Bvh`].
pub(crate) const WINDOW: usize = 4096;

impl<'a> Frames<'a> {
    fn frame_count(&self) -> usize {
        match self {
            Frames::Clip(c) => c.frame_count(),
            Frames::Bvh(b) => b.frame_count(),
        }
    }

    fn joint_count(&self) -> usize {
        match self {
            Frames::Clip(c) => c.joint_count(),
            Frames::Bvh(b) => b.joints().len(),
        }
    }

    /// A clip holding frames `range` (and maybe more), and the frame its index 0 is.
    fn window(&self, range: Range<usize>) -> (Cow<'a, Clip>, usize) {
        match *self {
            Frames::Clip(c) => (Cow::Borrowed(c), 0),
            Frames::Bvh(b) => (
                Cow::Owned(Clip::from_bvh_frames(b, range.clone())),
                range.start,
            ),
        }
    }
}

/// Output frames where each range after the first starts (the seams of [`stitch_with`]).
pub(crate) fn seams_of(ranges: impl IntoIterator<Item = usize>) -> Vec<usize> {
    let mut at = 0_usize;
    let mut seams = Vec::new();
    for (k, len) in ranges.into_iter().enumerate() {
        if k > 0 {
            seams.push(at);
        }
        at = at.saturating_add(len);
    }
    seams
}

/// What receives each output pose of [`stitch_with`]: local positions and rotations.
pub(crate) type PoseSink<'a> = dyn FnMut(&[Vec3], &[Quat]) -> Result<(), CliError> + 'a;

/// Plays `ranges` one after the other, blending at each seam as `blend` says, and hands each
/// output pose (local positions and rotations) to `sink` as it is made. The clips must share
/// skeleton and frame time (checked by the caller). Returns the seams.
pub(crate) fn stitch_with(
    sources: &[(Frames<'_>, Range<usize>)],
    blend: Blend,
    sink: &mut PoseSink<'_>,
) -> Result<Vec<usize>, CliError> {
    let failed = |e: hooke_inertia::InertiaError| CliError::Failure(e.to_string());
    let input_error = |e: hooke_inertia::InertiaError| CliError::Input(e.to_string());
    let Some((first, _)) = sources.first() else {
        return Err(CliError::Input("nothing to stitch".into()));
    };
    let bones = first.joint_count();
    let dt = first.window(0..1).0.frame_time();
    // A cut is inertialization with a halflife of 0: offsets vanish at once, and an anchored root
    // is still re-anchored, so the cut and the blends differ only in the blend.
    let halflife = match blend.mode {
        StitchMode::Cut => 0.0,
        _ => blend.halflife,
    };
    let profile = BlendProfile::uniform(bones, halflife).map_err(input_error)?;
    let policy = match blend.root {
        RootArg::Anchored => RootPolicy::AnchoredBone {
            up: Vec3::Y,
            bone: root_joint(sources, blend)?,
        },
        RootArg::Local => RootPolicy::Local,
    };
    let mut inertializer = Inertializer::new(1, profile, policy).map_err(failed)?;
    if let StitchMode::DeadBlend = blend.mode {
        inertializer
            .set_mode(
                0,
                BlendMode::DeadBlend {
                    blend_time: blend.blend_time,
                    halflife: blend.halflife,
                },
            )
            .map_err(input_error)?;
    }
    let mut feet = if blend.lock_feet && !matches!(blend.mode, StitchMode::Cut) {
        Some(feet::locker(sources)?)
    } else {
        None
    };
    let mut input = PoseBatch::new(1, bones, 0).map_err(failed)?;
    let mut output = PoseBatch::new(1, bones, 0).map_err(failed)?;
    let total: usize = sources.iter().map(|(_, r)| r.len()).sum();
    let mut seams = Vec::new();
    let mut made = 0_usize;
    let mut previous: Option<(Frames<'_>, usize)> = None;
    let mut progress = crate::progress::Progress::new(total, "frames");
    for (frames, range) in sources {
        let mut start = range.start;
        while start < range.end {
            let end = range.end.min(start.saturating_add(WINDOW));
            let (clip, base) = frames.window(start..end);
            for frame in start..end {
                progress.set(made);
                // The seam frame shows the offsets undecayed: the transition is taken at this
                // frame's time (the source's next frame against the destination's first), and
                // the update after a transition shows it as of the switch whatever its `dt`
                // (`Inertializer`, the frame of the switch; issue 19 part 3). `update(0)` on the
                // seam frame shows the same, and also holds foot locking's clock there. A cut
                // shows the destination at once: its switch is not held for the seam frame
                // (`transition_after_update`), so the seam frame's update, at halflife 0, removes
                // the offsets (the anchored root keeps its re-anchoring).
                let mut step = dt;
                if frame == range.start
                    && let Some((before, end)) = previous
                {
                    // The pose the character would show now had the previous range gone on.
                    let last = end.min(before.frame_count() - 1);
                    let (was, was_base) = before.window(last..last + 1);
                    let source = PoseRef::from_clip(&was, last - was_base);
                    let destination = PoseRef::from_clip(&clip, frame - base);
                    if matches!(blend.mode, StitchMode::Cut) {
                        inertializer.transition_after_update(0, source, destination)
                    } else {
                        step = 0.0;
                        inertializer.transition(0, source, destination)
                    }
                    .map_err(failed)?;
                    seams.push(made);
                }
                input
                    .set_character(0, PoseRef::from_clip(&clip, frame - base))
                    .map_err(failed)?;
                inertializer
                    .update(step, &input, &mut output)
                    .map_err(failed)?;
                if let Some(feet) = feet.as_mut() {
                    feet.update(step, &inertializer, &input, &mut output)
                        .map_err(failed)?;
                }
                let pose = output.character(0).map_err(failed)?;
                sink(&pose.positions, &pose.rotations)?;
                made += 1;
            }
            start = end;
        }
        previous = Some((*frames, range.end));
    }
    Ok(seams)
}

/// The joint an anchored root follows: `blend.root_joint`, or the one that carries the travel
/// of the first range ([`crate::travel::Travel::carrier`], over its first window of frames).
pub(crate) fn root_joint(
    sources: &[(Frames<'_>, Range<usize>)],
    blend: Blend,
) -> Result<usize, CliError> {
    if let Some(joint) = blend.root_joint {
        return Ok(joint);
    }
    let Some((frames, range)) = sources.first() else {
        return Ok(0);
    };
    let end = range.end.min(range.start.saturating_add(WINDOW));
    let (clip, base) = frames.window(range.start..end);
    let mut travel = crate::travel::Travel::default();
    travel.feed_frames(&clip, range.start - base..end - base);
    Ok(travel.carrier(clip.parents()))
}

/// Plays `ranges` of `clips` one after the other, blending at each seam as `blend` says
/// ([`stitch_with`], kept in memory).
pub(crate) fn stitch(clips: &[(&Clip, Range<usize>)], blend: Blend) -> Result<Stitched, CliError> {
    let bones = clips.first().map_or(0, |(c, _)| c.joint_count());
    let total: usize = clips.iter().map(|(_, r)| r.len()).sum();
    let lanes = total
        .checked_mul(bones)
        .ok_or_else(|| CliError::Input("too many frames".into()))?;
    let mut stitched = Stitched {
        positions: Vec::new(),
        rotations: Vec::new(),
        seams: Vec::new(),
    };
    let alloc = |e: std::collections::TryReserveError| {
        CliError::Failure(format!("{total} frames of {bones} joints: {e}"))
    };
    stitched.positions.try_reserve_exact(lanes).map_err(alloc)?;
    stitched.rotations.try_reserve_exact(lanes).map_err(alloc)?;
    let sources: Vec<(Frames<'_>, Range<usize>)> = clips
        .iter()
        .map(|(c, r)| (Frames::Clip(c), r.clone()))
        .collect();
    let (positions, rotations) = (&mut stitched.positions, &mut stitched.rotations);
    stitched.seams = stitch_with(&sources, blend, &mut |p, r| {
        positions.extend_from_slice(p);
        rotations.extend_from_slice(r);
        Ok(())
    })?;
    Ok(stitched)
}

/// Settings of `hooke stitch`.
pub struct Settings {
    pub ranges: Vec<ClipRange>,
    pub out: PathBuf,
    pub blend: Blend,
    /// `--root-joint NAME`: the joint the anchored root follows (else detected).
    pub root_joint: Option<String>,
    pub force: bool,
    pub gltf: crate::GltfArgs,
}

/// Frames per piece of the streamed output.
const PIECE: usize = 1024;

/// Runs `hooke stitch`: each file is read once, the ranges are converted a window at a time,
/// and the output is streamed to its file, so memory stays within a few times the input files'
/// size (issue 21).
pub fn run(settings: &Settings, out: &mut dyn Write) -> Result<(), CliError> {
    let inputs: Vec<&Path> = settings.ranges.iter().map(|r| r.path.as_path()).collect();
    // A glTF range names its animation after `#`: the file is what must not be written over.
    let files: Vec<PathBuf> = inputs
        .iter()
        .flat_map(|p| crate::gltfio::input_files(p))
        .collect();
    let inputs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    output::check_target(&settings.out, &inputs, settings.force)?;
    let loaded = load_shared(&settings.ranges, &settings.gltf)?;
    let sources = loaded.sources();
    let skeleton = Clip::from_bvh_frames(&loaded.files[0], 0..1);
    let joints = skeleton.joint_count();
    let total: usize = sources.iter().map(|(_, r)| r.len()).sum();
    // The tool must read what it writes (issue 21 row 13b).
    if total.saturating_mul(joints.max(1)) > hooke_bvh::MAX_JOINT_FRAMES {
        return Err(CliError::Input(format!(
            "the output would have {total} frames of {joints} joints, more than the {} joint \
             frames a BVH file may hold (hooke could not read it back)",
            hooke_bvh::MAX_JOINT_FRAMES
        )));
    }
    let mut blend = settings.blend;
    if let Some(name) = &settings.root_joint {
        let joint = skeleton.joint_index(name).ok_or_else(|| {
            CliError::Input(format!(
                "--root-joint {name}: no such joint (joints: {})",
                skeleton.joint_names().join(", ")
            ))
        })?;
        blend.root_joint = Some(joint);
    }
    let chosen = match blend.root {
        RootArg::Anchored => {
            let joint = root_joint(&sources, blend)?;
            blend.root_joint = Some(joint);
            Some(joint)
        }
        RootArg::Local => None,
    };
    let settings = &Settings {
        blend,
        ranges: settings.ranges.clone(),
        out: settings.out.clone(),
        root_joint: settings.root_joint.clone(),
        force: settings.force,
        gltf: settings.gltf.clone(),
    };
    let cut = cut_probe(&sources, &skeleton, settings.blend)?;
    if crate::gltfio::is_gltf(&settings.out) {
        // A .glb is written whole (its binary chunk follows the JSON that describes it).
        let mut blended = SeamProbe::new(cut.seams.clone(), total);
        let (mut positions, mut rotations) = (Vec::new(), Vec::new());
        stitch_with(&sources, settings.blend, &mut |p, r| {
            blended.feed(&skeleton, p, r);
            positions.extend_from_slice(p);
            rotations.extend_from_slice(r);
            Ok(())
        })?;
        clipio::write_poses(
            &settings.out,
            &skeleton,
            (&positions, &rotations),
            (&inputs, settings.force, &settings.gltf),
            out,
        )?;
        let labels: Vec<String> = settings.ranges.iter().map(|r| r.to_string()).collect();
        let report = seam_report_with(&skeleton, &cut, &blended, &labels);
        return print_report((&report, &skeleton, chosen), settings, total, out);
    }
    let mut blended = SeamProbe::new(cut.seams.clone(), total);
    let header = skeleton.bvh_with_poses(&[], &[]);
    let lanes = PIECE * joints.max(1);
    let (mut positions, mut rotations) = (Vec::with_capacity(lanes), Vec::with_capacity(lanes));
    output::write_output_with(
        &settings.out,
        &inputs,
        settings.force,
        Some(&mut *out),
        &mut |w| {
            header
                .write_header(&mut *w, total)
                .map_err(output::written)?;
            let mut written = 0_usize;
            let mut flush = |p: &mut Vec<Vec3>, r: &mut Vec<Quat>, w: &mut dyn Write| {
                let piece = skeleton.bvh_with_poses(p, r);
                p.clear();
                r.clear();
                clipio::check_finite(&piece, written)?;
                written += piece.frame_count();
                piece.write_frames(w).map_err(output::written)
            };
            stitch_with(&sources, settings.blend, &mut |p, r| {
                blended.feed(&skeleton, p, r);
                positions.extend_from_slice(p);
                rotations.extend_from_slice(r);
                if positions.len() >= lanes {
                    flush(&mut positions, &mut rotations, &mut *w)?;
                }
                Ok(())
            })?;
            flush(&mut positions, &mut rotations, &mut *w)
        },
    )?;
    let labels: Vec<String> = settings.ranges.iter().map(|r| r.to_string()).collect();
    let report = seam_report_with(&skeleton, &cut, &blended, &labels);
    print_report((&report, &skeleton, chosen), settings, total, out)
}

#[path = "stitch_feet.rs"]
pub(crate) mod feet;
#[path = "stitch_load.rs"]
mod load;
#[path = "stitch_report.rs"]
mod report;

pub(crate) use load::{load, load_shared};
use report::print_report;
pub(crate) use report::{
    SeamProbe, SeamReport, angular_acceleration, cut_probe, seam_report, seam_report_with,
};

#[cfg(test)]
#[path = "stitch_seams.rs"]
pub(crate) mod seam_quality;

#[cfg(test)]
mod tests {
    use super::*;

    fn walk() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/cmu/01_01.bvh")
    }

    #[test]
    fn ranges_of_one_file_share_one_read() {
        // Issue 21 row 3: every range re-parsed the file and kept a full copy of the clip
        // (2,100 one-frame ranges of a 228 KB file took 2.0 GB).
        let specs: Vec<ClipRange> = (0..2100)
            .map(|f| ClipRange {
                path: if f % 2 == 0 {
                    walk()
                } else {
                    // The same file by another name.
                    walk().parent().unwrap().join("./01_01.bvh")
                },
                start: f,
                end: Some(f + 1),
            })
            .collect();
        let loaded = load_shared(&specs, &crate::GltfArgs::default()).unwrap();
        assert_eq!(loaded.files.len(), 1);
        assert_eq!(loaded.ranges.len(), 2100);
    }

    #[test]
    fn the_streamed_stitch_equals_the_stitch_in_memory() {
        // Windows of frames (velocities across window edges included) give the same output as
        // the whole clip: a range longer than a window, from frame 0 to the end, then another.
        let specs = vec![
            ClipRange {
                path: walk().with_file_name("01_03.bvh"), // 4,511 frames: past one window
                start: 0,
                end: None,
            },
            ClipRange {
                path: walk(),
                start: 5,
                end: None,
            },
        ];
        let blend = Blend {
            mode: StitchMode::DeadBlend,
            halflife: 0.1,
            blend_time: 0.2,
            root: RootArg::Anchored,
            root_joint: None,
            lock_feet: false,
        };
        let settings = Settings {
            ranges: specs.clone(),
            out: PathBuf::from("-"),
            blend,
            root_joint: None,
            force: false,
            gltf: crate::GltfArgs::default(),
        };
        let mut streamed = Vec::new();
        run(&settings, &mut streamed).unwrap();
        let loaded = load(&specs).unwrap();
        let clips: Vec<(&Clip, Range<usize>)> =
            loaded.iter().map(|(c, r)| (c, r.clone())).collect();
        let whole = stitch(&clips, blend).unwrap();
        let mut expected = Vec::new();
        clips[0]
            .0
            .bvh_with_poses(&whole.positions, &whole.rotations)
            .write(&mut expected)
            .unwrap();
        let (a, b) = (
            String::from_utf8(streamed).unwrap(),
            String::from_utf8(expected).unwrap(),
        );
        let first = a.lines().zip(b.lines()).position(|(x, y)| x != y);
        assert!(
            first.is_none() && a.len() == b.len(),
            "differs at line {first:?} of {}",
            a.lines().count()
        );
    }
}
