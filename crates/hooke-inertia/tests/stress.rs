//! 100,000 frames of random transitions (both modes, anchored root, varying dt, in-flight
//! switches): rotations stay unit length within 1e-6 and nothing ever becomes NaN.

mod common;

use common::driver::BONES;
use common::*;
use glam::Vec3;
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, PoseBatch, RootPolicy};

#[test]
fn quaternions_stay_unit_and_nothing_is_nan_over_100k_frames() {
    const CHARACTERS: usize = 6;
    const FRAMES: usize = 100_000;
    let mut rng = Rng(7);
    let profile = BlendProfile::uniform(BONES, 0.1)
        .unwrap()
        .with_bone_halflife(0, 0.25)
        .unwrap()
        .with_bone_halflife(7, 0.0)
        .unwrap()
        .exclude(30)
        .unwrap();
    let root = RootPolicy::Anchored { up: Vec3::Y };
    let mut inertializer = Inertializer::new(CHARACTERS, profile, root).unwrap();
    let mut cursors: Vec<Cursor> = (0..CHARACTERS)
        .map(|c| Cursor {
            clip: c % 2,
            frame: 1 + 400 * c,
        })
        .collect();
    let mut input = PoseBatch::new(CHARACTERS, BONES, 0).unwrap();
    let mut output = input.clone();
    let dts = [1.0 / 120.0, 1.0 / 60.0, 1.0 / 30.0, 0.0, 0.1];
    let mut worst = 0.0_f64;
    for frame in 0..FRAMES {
        for (c, cursor) in cursors.iter_mut().enumerate() {
            if rng.below(100) < 3 {
                if rng.below(10) == 0 {
                    let mode = if rng.below(2) == 0 {
                        BlendMode::Inertialize
                    } else {
                        BlendMode::DeadBlend {
                            blend_time: 0.05 * rng.below(8) as f32,
                            halflife: 0.1,
                        }
                    };
                    inertializer.set_mode(c, mode).unwrap();
                }
                let clip = rng.below(2);
                let to = Cursor {
                    clip,
                    frame: 1 + rng.below(clips()[clip].frame_count() - 1),
                };
                inertializer
                    .transition(c, cursor.pose(), to.pose())
                    .unwrap();
                *cursor = to;
            } else {
                *cursor = cursor.next();
            }
            input.set_character(c, cursor.pose()).unwrap();
        }
        let dt = dts[rng.below(dts.len())];
        if frame % 2 == 0 {
            inertializer.update(dt, &input, &mut output).unwrap();
        } else {
            inertializer.par_update(dt, &input, &mut output).unwrap();
        }
        let q = output.rotations();
        let (x, y, z, w) = (
            q.x.as_slice(),
            q.y.as_slice(),
            q.z.as_slice(),
            q.w.as_slice(),
        );
        for l in 0..x.len() {
            let len2 = f64::from(x[l]).powi(2)
                + f64::from(y[l]).powi(2)
                + f64::from(z[l]).powi(2)
                + f64::from(w[l]).powi(2);
            worst = worst.max((len2.sqrt() - 1.0).abs());
        }
        for cols in [
            output.positions(),
            output.velocities(),
            output.angular_velocities(),
        ] {
            for col in [&cols.x, &cols.y, &cols.z] {
                assert!(
                    col.as_slice().iter().all(|v| v.is_finite()),
                    "non-finite at frame {frame}"
                );
            }
        }
        assert!(
            worst <= 1e-6,
            "quaternion length off by {worst} at frame {frame}"
        );
    }
    eprintln!("100k frames: largest | |q| - 1 | = {worst:.2e}");
}
