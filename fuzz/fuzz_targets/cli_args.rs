//! Arbitrary command lines (arguments separated by NUL bytes) through the `hooke` argument
//! parser and the run planner: never a panic; whatever is accepted is in range, and an accepted
//! `bench` (alias `inertialize`) plan is bounded in frames, memory and work for clips of any frame time and
//! joint count.
#![no_main]

use hooke_cli::{
    Command, MAX_BONE_LANES, MAX_BONE_UPDATES, MAX_CHARACTERS, MAX_FRAMES, MAX_SECONDS, Plan,
};
use libfuzzer_sys::fuzz_target;

/// Frame times a clip may have (every positive normal f32 is accepted by hooke-bvh).
const FRAME_TIMES: [f32; 7] = [
    1.0 / 120.0,
    0.0083333,
    1.0 / 30.0,
    1e-30,
    f32::MIN_POSITIVE,
    1e30,
    f32::MAX,
];
/// Joint counts a clip may have.
const BONES: [usize; 5] = [1, 21, 31, 1000, 100_000];

fuzz_target!(|data: &[u8]| {
    let args = std::iter::once("hooke".to_owned()).chain(
        data.split(|&b| b == 0)
            .map(|a| String::from_utf8_lossy(a).into_owned()),
    );
    let cli = match hooke_cli::parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            // Rendering the message must not panic either.
            let _ = err.render().to_string();
            assert!(matches!(err.exit_code(), 0 | 2), "{err}");
            return;
        }
    };
    match cli.command {
        Command::Bench {
            characters,
            seconds,
            halflife,
            switch_every,
            ..
        } => {
            assert!((1..=MAX_CHARACTERS).contains(&characters));
            assert!(seconds.is_finite() && seconds > 0.0 && seconds <= MAX_SECONDS);
            assert!(switch_every.is_finite() && switch_every > 0.0 && switch_every <= MAX_SECONDS);
            assert!(halflife.is_finite() && halflife >= 0.0);
            for frame_time in FRAME_TIMES {
                for bones in BONES {
                    match Plan::new(characters, seconds, switch_every, frame_time, bones) {
                        Ok(plan) => {
                            assert!((1..=MAX_FRAMES).contains(&plan.frames), "{plan:?}");
                            assert!(plan.switch_frames >= 2, "{plan:?}");
                            assert_eq!(plan.lanes, characters * bones);
                            assert!(plan.lanes <= MAX_BONE_LANES);
                            assert!(plan.frames as u64 * plan.lanes as u64 <= MAX_BONE_UPDATES);
                        }
                        Err(err) => assert_eq!(err.exit_code(), 2, "{err}"),
                    }
                }
            }
        }
        Command::Table { halflife } => assert!(halflife.is_finite() && halflife >= 0.0),
        Command::Stitch {
            halflife,
            blend_time,
            ..
        } => {
            assert!(halflife.is_finite() && halflife >= 0.0);
            assert!(blend_time.is_finite() && blend_time >= 0.0);
        }
        Command::Track {
            threshold,
            halflife,
            ..
        } => {
            assert!(threshold.is_finite() && threshold > 0.0);
            assert!(halflife.is_finite() && halflife > 0.0);
        }
        Command::Demo { .. } | Command::Info { .. } | Command::Plot { .. } => {}
        Command::View { files, .. } => assert!(!files.is_empty()),
        Command::Convert { gltf, .. } => {
            assert!(gltf.fps.is_none_or(|fps| fps.is_finite() && fps > 0.0));
            assert!(gltf.scale.is_normal() && gltf.scale > 0.0);
        }
    }
});
