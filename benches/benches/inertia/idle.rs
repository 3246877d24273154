//! The rows of characters between blends (`inertia/idle`, issue 19 part 5).

use std::hint::black_box;

use criterion::{BatchSize, Criterion};

use crate::common::{CHARACTERS, clip};
use crate::peer::{peer_crowd, peer_pairs, peer_transition, peer_update};
use crate::{DT, Extra, bench_from, crowd, crowd_group, destination_batch, switching};

/// The characters that switch in frame `frame` when character `c` switches every
/// `120 + (37 c) % 121` frames (2 to 4 s at 60 Hz), each with its own phase.
fn switching_every_2_4s(frame: u64) -> Vec<usize> {
    (0..CHARACTERS)
        .filter(|&c| {
            let period = 120 + (37 * c as u64) % 121;
            (frame + 11 * c as u64).is_multiple_of(period)
        })
        .collect()
}

/// The rows of characters between blends (`inertia/idle`).
pub fn bench_idle(c: &mut Criterion) {
    let clip = clip();
    let bones = CHARACTERS * clip.joint_count();
    let base = crowd(&clip, Extra::None);
    let mut group = crowd_group(c, "inertia/idle".to_owned(), bones);
    bench_from(
        &mut group,
        "blending",
        &base.inertializer,
        &base,
        |i, input, out| i.update(black_box(DT), input, out),
    );
    let mut rest = base.inertializer.clone();
    let mut out = base.output.clone();
    for _ in 0..(40.0 / DT) as usize {
        rest.update(DT, &base.input, &mut out).unwrap();
    }
    assert!((0..CHARACTERS).all(|c| !rest.is_blending(c).unwrap()));
    bench_from(&mut group, "at-rest", &rest, &base, |i, input, out| {
        i.update(black_box(DT), input, out)
    });
    group.bench_function("at-rest/in-place", |b| {
        b.iter_batched_ref(
            || (rest.clone(), base.input.clone()),
            |(i, poses)| i.update_in_place(black_box(DT), poses),
            BatchSize::LargeInput,
        )
    });
    let destination = destination_batch(&clip);
    let pairs = peer_pairs(&clip);
    let joints = clip.joint_count();
    let schedules: [(&str, Vec<Vec<usize>>); 2] = [
        (
            "every-2-4s",
            (0..14_400).map(switching_every_2_4s).collect(),
        ),
        ("every-30-frames", (0..30).map(switching).collect()),
    ];
    for (name, lists) in schedules {
        // Steady state: 60 s of the schedule before measuring, then the frames go on (the state
        // carries over from frame to frame, warm in cache as in a game's frame loop).
        let mut crowd = base.inertializer.clone();
        let mut out = base.output.clone();
        for f in 0..3600 {
            let list = &lists[f % lists.len()];
            crowd
                .transition_many(list, &base.input, &destination)
                .unwrap();
            crowd.update(DT, &base.input, &mut out).unwrap();
        }
        let mut frame = 3600;
        group.bench_function(name, |b| {
            b.iter(|| {
                frame += 1;
                let list = &lists[frame % lists.len()];
                crowd
                    .transition_many(list, &base.input, &destination)
                    .unwrap();
                crowd.update(black_box(DT), &base.input, &mut out).unwrap();
            })
        });
        let mut peer = peer_crowd(&clip);
        let mut frame = 3600;
        group.bench_function(format!("peer/{name}"), |b| {
            b.iter(|| {
                frame += 1;
                for &c in &lists[frame % lists.len()] {
                    peer_transition(&mut peer, &pairs, c * joints..(c + 1) * joints);
                }
                peer_update(&mut peer, black_box(DT));
            })
        });
    }
    group.finish();
}
