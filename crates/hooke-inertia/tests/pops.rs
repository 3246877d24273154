//! How much inertialization reduces the pop of a switch: the largest joint acceleration across
//! the switch, inertialized vs a hard cut, over many transitions on the CMU clips.

mod common;

use common::driver::{BONES, Driver, dt};
use common::*;
use glam::{Quat, Vec3};
use hooke_inertia::{BlendProfile, Pose, RootPolicy};

/// Global joint positions of a local pose; `with_root` false removes the root translation (the
/// pose's own pop, not the character teleporting across the room).
fn global(pose: &Pose, with_root: bool) -> Vec<Vec3> {
    let parents = clips()[0].parents();
    let mut local = pose.positions.clone();
    if !with_root {
        local[0] = Vec3::ZERO;
    }
    let (mut gp, mut gr) = (vec![Vec3::ZERO; BONES], vec![Quat::IDENTITY; BONES]);
    hooke_bvh::forward_kinematics(parents, &local, &pose.rotations, &mut gp, &mut gr);
    gp
}

/// Largest joint acceleration (second difference) over frames 1..len-1 of a pose sequence.
fn max_acceleration(frames: &[Pose], with_root: bool) -> f32 {
    let g: Vec<Vec<Vec3>> = frames.iter().map(|p| global(p, with_root)).collect();
    let mut worst = 0.0_f32;
    for w in g.windows(3) {
        for ((prev, now), next) in w[0].iter().zip(&w[1]).zip(&w[2]) {
            let a = (*next - 2.0 * *now + *prev) / (dt() * dt());
            worst = worst.max(a.length());
        }
    }
    worst
}

#[test]
fn inertialization_reduces_the_largest_acceleration_across_switches() {
    const N: usize = 40;
    let from: Vec<Cursor> = (0..N)
        .map(|c| Cursor {
            clip: c % 2,
            frame: 100 + 61 * c,
        })
        .collect();
    let to: Vec<Cursor> = (0..N)
        .map(|c| Cursor {
            clip: (c / 2) % 2,
            frame: 1 + (1300 + 97 * c) % 2700,
        })
        .collect();
    let profile = BlendProfile::uniform(BONES, 0.1).unwrap();
    let mut d = Driver::new(from.clone(), profile, RootPolicy::Local);
    for _ in 0..10 {
        d.step();
    }
    let mut smooth: Vec<Vec<Pose>> = vec![Vec::new(); N];
    let mut cut: Vec<Vec<Pose>> = vec![Vec::new(); N];
    // Two frames before the switch (t-1, t), the switch, two frames after (t+1, t+2).
    for _ in 0..2 {
        d.step();
    }
    let t_minus_1: Vec<Pose> = (0..N).map(|c| character(&d.output, c)).collect();
    for c in 0..N {
        smooth[c].push(t_minus_1[c].clone());
        cut[c].push(t_minus_1[c].clone());
    }
    d.step();
    for c in 0..N {
        smooth[c].push(character(&d.output, c));
        cut[c].push(character(&d.input, c));
    }
    for (c, to) in to.iter().enumerate() {
        d.switch(c, *to).unwrap();
    }
    for _ in 0..2 {
        d.step();
        for c in 0..N {
            smooth[c].push(character(&d.output, c));
            cut[c].push(character(&d.input, c));
        }
    }
    for with_root in [false, true] {
        let (mut hard, mut soft, mut ratios) = (0.0_f32, 0.0_f32, Vec::new());
        for c in 0..N {
            let (h, s) = (
                max_acceleration(&cut[c], with_root),
                max_acceleration(&smooth[c], with_root),
            );
            hard += h;
            soft += s;
            ratios.push(h / s);
        }
        ratios.sort_by(f32::total_cmp);
        let what = if with_root {
            "with root translation"
        } else {
            "pose only"
        };
        eprintln!(
            "pop reduction over {N} switches ({what}): mean largest acceleration hard cut {:.0}, \
             inertialized {:.0} units/s^2, ratio {:.1} (per switch: min {:.1}, median {:.1})",
            hard / N as f32,
            soft / N as f32,
            hard / soft,
            ratios[0],
            ratios[N / 2]
        );
        assert!(hard / soft > 10.0, "ratio {}", hard / soft);
    }
}
