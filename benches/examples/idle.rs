//! Characters between blends (issue 19 part 5): µs per update of 1,000 characters x 31 bones
//! (the CMU rig) with every character blending, 40 s after the last transition (every offset
//! decayed to zero) with separate input and output, and the same in place. Variants
//! interleaved, medians of rounds of 64 updates, one thread; the criterion rows
//! `inertia/idle/...` of `benches/benches/inertia.rs` measure the same.
//!
//! `cargo run --release -p hooke-benches --example idle`

use std::time::Instant;

use hooke_bvh::{Bvh, Clip};
use hooke_inertia::{BlendProfile, Inertializer, PoseBatch, PoseRef, RootPolicy};

const CHARACTERS: usize = 1000;
const DT: f32 = 1.0 / 60.0;
const STEPS: u32 = 64;
const ROUNDS: usize = 15;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/cmu/01_01.bvh");
    let clip = Clip::from_bvh(&Bvh::from_path(path).expect("data/cmu/01_01.bvh"));
    let bones = clip.joint_count();
    let n = clip.frame_count() - 1;
    let profile = BlendProfile::uniform(bones, 0.1).expect("profile");
    let mut blending = Inertializer::new(CHARACTERS, profile, RootPolicy::Local).expect("crowd");
    let mut input = PoseBatch::new(CHARACTERS, bones, 0).expect("batch");
    for c in 0..CHARACTERS {
        let (src, dst) = (1 + (7 * c) % n, 1 + (7 * c + n / 2) % n);
        let dst = PoseRef::from_clip(&clip, dst);
        blending
            .transition(c, PoseRef::from_clip(&clip, src), dst)
            .expect("transition");
        input.set_character(c, dst).expect("pose");
    }
    let mut output = input.clone();
    let mut rest = blending.clone();
    let mut frames_to_rest = None;
    for frame in 1..=(40.0 / DT) as usize {
        rest.update(DT, &input, &mut output).expect("update");
        let done = || (0..CHARACTERS).all(|c| !rest.is_blending(c).expect("character"));
        if frames_to_rest.is_none() && frame % 6 == 0 && done() {
            frames_to_rest = Some(frame);
        }
    }
    let time = |i: &mut Inertializer, in_place: bool, output: &mut PoseBatch| {
        let start = Instant::now();
        for _ in 0..STEPS {
            if in_place {
                // At rest the update leaves the poses as they are: no restore needed.
                i.update_in_place(DT, output).expect("update");
            } else {
                i.update(DT, &input, output).expect("update");
            }
        }
        start.elapsed().as_secs_f64() * 1e6 / f64::from(STEPS)
    };
    let (mut b, mut r, mut p) = (vec![], vec![], vec![]);
    for _ in 0..ROUNDS {
        let mut i = blending.clone();
        b.push(time(&mut i, false, &mut output));
        let mut i = rest.clone();
        r.push(time(&mut i, false, &mut output));
        let mut i = rest.clone();
        let mut poses = input.clone();
        p.push(time(&mut i, true, &mut poses));
        assert!(
            poses == input,
            "at rest, the update in place keeps the input"
        );
    }
    let (b, r, p) = (median(b), median(r), median(p));
    println!(
        "{CHARACTERS} x {bones} bones, one thread, SIMD path {}",
        hooke::simd_backend().name()
    );
    println!("every character blending:         {b:8.1} us");
    println!(
        "at rest, separate input/output:   {r:8.1} us  ({:.3}x)",
        r / b
    );
    println!(
        "at rest, in place:                {p:8.1} us  ({:.3}x)",
        p / b
    );
    if let Some(frames) = frames_to_rest {
        println!(
            "every offset exactly zero {:.1} s after the transitions (halflife 0.1 s)",
            frames as f32 * DT
        );
    }
}
