//! The per-spring-halflife constructors of `DoubleSprings`, `TimedSprings`, `VelocitySprings`,
//! `Extrapolators` and `CharacterControllers` (rates precomputed, coefficients computed per lane
//! group inside the kernel) against their scalar twins lane by lane: halflives spanning 0, 1e-6,
//! ordinary and 1e6 in one batch (or 0 and ordinary only: whole lane groups of frame-time
//! steps), every length up to 66 (padding), a `dt` that changes every
//! frame (0, tiny, frame times, huge). Tolerances are those of `compound_batches.rs` and
//! `character_controllers.rs` (the library's bound as the shared-halflife batches are held to
//! it); `-- --nocapture` prints the largest error as a fraction of the tolerance. Thread splits
//! are bit-identical; bad halflives are rejected naming the field and index, changing nothing.

use std::cell::{Cell, RefCell};

use hooke::ParamError;
use hooke::batch::{
    CharacterControllers, DoubleSprings, Extrapolators, TimedSprings, VelocitySprings,
};
use hooke::scalar::spring_character_update;

mod reference;
use reference::compound::{self, Walk};
use reference::{CHARACTER, COMPOUND, Rng, assert_twin_close};

/// Halflives spanning the range: 0 (rigid), 1e-6, ordinary (0.05..2) and 1e6; for even `n`,
/// 0 and ordinary ones only, so that whole lane groups step a frame with `z = y dt` below 1/2
/// (the kernels' branch without range reduction) or mix both sides of it.
fn halflives(rng: &mut Rng, n: usize) -> Vec<f32> {
    (0..n)
        .map(|i| match (i % 6, n % 2) {
            (0, _) => 0.0,
            (1, 1) => 1e-6,
            (2, 1) => 1e6,
            _ => rng.range_f32(0.05, 2.0),
        })
        .collect()
}

/// Frame times, one per frame, changing every frame: 0, tiny, frame times, long and huge.
const DTS: [f32; 9] = [
    1.0 / 60.0,
    0.0,
    1.0 / 144.0,
    1e-6,
    0.05,
    1e4,
    1.0 / 30.0,
    2.0,
    1.0 / 61.0,
];

/// The largest error seen by one test, as a fraction of the tolerance, and where.
struct Worst(&'static str, Cell<f32>, RefCell<String>);

impl Worst {
    fn new(name: &'static str) -> Worst {
        Worst(name, Cell::new(0.0), RefCell::new(String::new()))
    }

    /// `got` within `rel * max(scale, 1)` of `want` (the `close` of the compound and character
    /// tests), and finite.
    #[track_caller]
    fn close(&self, what: &str, got: f32, want: f32, rel: f32, scale: f32) {
        assert_twin_close(what, got, want, rel, scale);
        let (tol, diff) = (rel * scale.max(1.0), (got - want).abs());
        if tol.is_finite() && tol > 0.0 && diff / tol > self.1.get() {
            self.1.set(diff / tol);
            *self.2.borrow_mut() = what.to_owned();
        }
    }
}

impl Drop for Worst {
    fn drop(&mut self) {
        let (name, worst, at) = (self.0, self.1.get(), self.2.borrow());
        println!("{name}: max error {worst:.3} of the tolerance ({at})");
    }
}

/// A walk over [`DTS`] stepping each batch with the grain of [`grain`].
fn walk<'a, B>(step: &'a dyn Fn(&mut B, usize, f32), close: &'a Close<'a>) -> Walk<'a, B> {
    Walk {
        dts: &DTS,
        step,
        close,
    }
}

/// A lane check of a [`Walk`].
type Close<'a> = dyn Fn(&str, f32, f32, f32) + 'a;

impl Worst {
    /// [`close`](Self::close) within [`COMPOUND`], for a [`Walk`].
    fn compound(&self) -> impl Fn(&str, f32, f32, f32) + '_ {
        |what, got, want, scale| self.close(what, got, want, COMPOUND, scale)
    }
}

/// For every length 0..67, a batch built by `new(halflives)` with [`halflives`] walked over
/// [`DTS`] by `check` (one of the walks of `reference::compound`), stepped by `step`; the largest
/// error is reported under `name`.
fn walk_every_length<B, E: std::fmt::Debug>(
    (name, seed): (&'static str, u64),
    new: impl Fn(&[f32]) -> Result<B, E>,
    step: &dyn Fn(&mut B, usize, f32),
    check: fn(&mut Rng, &mut B, &[f32], &Walk<'_, B>),
) {
    let worst = Worst::new(name);
    let mut rng = Rng::new(seed);
    for n in 0..67 {
        let hs = halflives(&mut rng, n);
        let mut batch = new(&hs).unwrap();
        check(&mut rng, &mut batch, &hs, &walk(step, &worst.compound()));
    }
}

#[test]
fn extrapolators_with_halflives_follow_the_scalar_twin() {
    let step = |b: &mut Extrapolators, frame, dt| b.update_with_grain(dt, grain(frame)).unwrap();
    let name = ("Extrapolators::with_halflives", 11);
    walk_every_length(
        name,
        Extrapolators::with_halflives,
        &step,
        compound::extrapolators,
    );
}

/// The grain of frame `frame`: the calling thread on even frames, split into tasks of one lane
/// group on odd ones (same results either way).
fn grain(frame: usize) -> usize {
    if frame.is_multiple_of(2) {
        usize::MAX
    } else {
        1
    }
}

fn column<const K: usize>(s: &[[f32; K]], k: usize) -> Vec<f32> {
    s.iter().map(|s| s[k]).collect()
}

#[test]
fn double_springs_with_halflives_follow_the_scalar_twin() {
    let step = |b: &mut DoubleSprings, frame, dt| b.update_with_grain(dt, grain(frame)).unwrap();
    let name = ("DoubleSprings::with_halflives", 12);
    walk_every_length(
        name,
        DoubleSprings::with_halflives,
        &step,
        compound::double_springs,
    );
}

#[test]
fn timed_springs_with_halflives_follow_the_scalar_twin_and_count_down() {
    let worst = Worst::new("TimedSprings::with_halflives");
    let mut rng = Rng::new(13);
    let apprehension = 2.0;
    let step = |b: &mut TimedSprings, frame, dt| b.update_with_grain(dt, grain(frame)).unwrap();
    for n in 0..67 {
        let hs = halflives(&mut rng, n);
        let mut batch = TimedSprings::with_halflives(&hs, apprehension).unwrap();
        let close = worst.compound();
        let walk = walk(&step, &close);
        compound::timed_springs(&mut rng, &mut batch, &hs, apprehension, &walk);
    }
}

#[test]
fn velocity_springs_with_halflives_follow_the_scalar_twin() {
    let worst = Worst::new("VelocitySprings::with_halflives");
    let mut rng = Rng::new(14);
    let apprehension = 2.0;
    let step = |b: &mut VelocitySprings, frame, dt| b.update_with_grain(dt, grain(frame)).unwrap();
    // Speeds: gliding, held still, and infinite (jumps to the goal).
    let speeds = |rng: &mut Rng, n: usize| -> Vec<f32> {
        (0..n)
            .map(|i| match i % 5 {
                0 => 0.0,
                1 => f32::INFINITY,
                _ => rng.range_f32(0.5, 20.0),
            })
            .collect()
    };
    let goal = |rng: &mut Rng, _, x: &[f32]| rng.vec_f32(x.len(), -5.0, 5.0);
    for n in 0..67 {
        let hs = halflives(&mut rng, n);
        let mut batch = VelocitySprings::with_halflives(&hs, apprehension).unwrap();
        let close = worst.compound();
        let (params, walk) = ((&hs[..], apprehension), walk(&step, &close));
        compound::velocity_springs(&mut rng, &mut batch, params, &speeds, &goal, &walk);
    }
}

#[test]
fn character_controllers_with_halflives_follow_the_scalar_twin() {
    let worst = Worst::new("CharacterControllers::with_halflives");
    let predicted = Worst::new("CharacterControllers::with_halflives predict");
    let mut rng = Rng::new(15);
    // Up to 66 controllers, and more than one chunk of the kernel's two passes (16 lane groups,
    // 128 controllers), ending inside a chunk and on its boundary.
    for n in (0..67).chain([127, 128, 129, 300]) {
        let hs = halflives(&mut rng, n);
        let mut crowd = CharacterControllers::with_halflives(&hs).unwrap();
        let mut s: Vec<[f32; 3]> = (0..n)
            .map(|_| {
                [
                    rng.range_f32(-5.0, 5.0),
                    rng.range_f32(-3.0, 3.0),
                    rng.range_f32(-10.0, 10.0),
                ]
            })
            .collect();
        crowd.x_mut().copy_from_slice(&column(&s, 0));
        crowd.v_mut().copy_from_slice(&column(&s, 1));
        crowd.a_mut().copy_from_slice(&column(&s, 2));
        for (frame, &dt) in DTS.iter().enumerate() {
            let goals = rng.vec_f32(n, -4.0, 4.0);
            crowd.v_goal_mut().copy_from_slice(&goals);
            let before = s.clone();
            crowd.update_with_grain(dt, grain(frame)).unwrap();
            for i in 0..n {
                let h = hs[i];
                let [x, v, a] = &mut s[i];
                spring_character_update(x, v, a, goals[i], h, dt);
                let what = format!("n={n} dt={dt} h={h} [{i}]");
                let scale = x.abs() + v.abs() + a.abs() * dt;
                worst.close(&format!("x {what}"), crowd.x()[i], *x, CHARACTER, scale);
                let v_scale = v.abs() + a.abs();
                worst.close(&format!("v {what}"), crowd.v()[i], *v, CHARACTER, v_scale);
                let a_scale = a.abs() + 1.0 / h;
                worst.close(&format!("a {what}"), crowd.a()[i], *a, CHARACTER, a_scale);
                if dt == 0.0 {
                    assert_eq!([crowd.x()[i], crowd.v()[i], crowd.a()[i]], before[i]);
                }
                (*x, *v, *a) = (crowd.x()[i], crowd.v()[i], crowd.a()[i]);
            }
            check_predictions(&crowd, &s, &goals, &hs, &predicted);
        }
    }
}

/// `predict` at several horizons (0, frame times, huge) against stepping the scalar twin once.
fn check_predictions(
    crowd: &CharacterControllers,
    state: &[[f32; 3]],
    goals: &[f32],
    hs: &[f32],
    worst: &Worst,
) {
    let n = state.len();
    let times = [0.0, 1e-6, 0.1, 0.35, 2.5, 1e4];
    let total = times.len() * n;
    let (mut px, mut pv, mut pa) = (vec![0.0; total], vec![0.0; total], vec![0.0; total]);
    crowd.predict(&times, &mut px, &mut pv, &mut pa).unwrap();
    for (k, &t) in times.iter().enumerate() {
        for i in 0..n {
            let [mut x, mut v, mut a] = state[i];
            spring_character_update(&mut x, &mut v, &mut a, goals[i], hs[i], t);
            let j = k * n + i;
            let what = format!("t={t} h={} [{i}]", hs[i]);
            worst.close(
                &format!("px {what}"),
                px[j],
                x,
                CHARACTER,
                x.abs() + 10.0 * t,
            );
            worst.close(&format!("pv {what}"), pv[j], v, CHARACTER, v.abs() + 10.0);
            let a_scale = a.abs() + 10.0 / hs[i];
            worst.close(&format!("pa {what}"), pa[j], a, CHARACTER, a_scale);
        }
    }
}

/// `update`, `par_update` and every thread split give the same bits.
#[test]
fn thread_splits_are_bit_identical() {
    let mut rng = Rng::new(16);
    // Enough springs that `par_update`'s default grain splits them.
    let n = 40_000;
    let hs = halflives(&mut rng, n);
    let (x, v) = (rng.vec_f32(n, -5.0, 5.0), rng.vec_f32(n, -5.0, 5.0));
    let mut double = DoubleSprings::with_halflives(&hs).unwrap();
    double.set_state(&x, &v, &v, &x).unwrap();
    double.goal_mut().copy_from_slice(&v);
    let mut timed = TimedSprings::with_halflives(&hs, 2.0).unwrap();
    timed.set_state(&x, &v, &x).unwrap();
    timed.goal_mut().copy_from_slice(&v);
    timed.t_goal_mut().fill(0.3);
    let mut velocity = VelocitySprings::with_halflives(&hs, 2.0).unwrap();
    velocity.goal_mut().copy_from_slice(&x);
    velocity.max_velocity_mut().fill(4.0);
    let mut extra = Extrapolators::with_halflives(&hs).unwrap();
    extra.v_mut().copy_from_slice(&v);
    let mut crowd = CharacterControllers::with_halflives(&hs).unwrap();
    crowd.v_goal_mut().copy_from_slice(&x);
    let outputs = |d: &DoubleSprings,
                   t: &TimedSprings,
                   s: &VelocitySprings,
                   e: &Extrapolators,
                   c: &CharacterControllers| {
        [
            d.x(),
            d.v(),
            t.x(),
            t.v(),
            s.x(),
            s.v(),
            e.x(),
            c.x(),
            c.v(),
            c.a(),
        ]
        .map(|s| s.iter().map(|x| x.to_bits()).collect::<Vec<_>>())
    };
    let mut all = [(); 3].map(|_| {
        (
            double.clone(),
            timed.clone(),
            velocity.clone(),
            extra.clone(),
            crowd.clone(),
        )
    });
    for (frame, &dt) in DTS.iter().enumerate() {
        for (k, (d, t, s, e, c)) in all.iter_mut().enumerate() {
            if k == 1 {
                d.par_update(dt).unwrap();
                t.par_update(dt).unwrap();
                s.par_update(dt).unwrap();
                e.par_update(dt).unwrap();
                c.par_update(dt).unwrap();
                continue;
            }
            let grain = [usize::MAX, 0, 1 + frame % 3][k];
            d.update_with_grain(dt, grain).unwrap();
            t.update_with_grain(dt, grain).unwrap();
            s.update_with_grain(dt, grain).unwrap();
            e.update_with_grain(dt, grain).unwrap();
            c.update_with_grain(dt, grain).unwrap();
        }
        let [a, b, c] = &all;
        let one = outputs(&a.0, &a.1, &a.2, &a.3, &a.4);
        assert!(one == outputs(&b.0, &b.1, &b.2, &b.3, &b.4), "par_update");
        assert!(one == outputs(&c.0, &c.1, &c.2, &c.3, &c.4), "small grain");
    }
}

/// Halflives that are rejected, with the index the error must name.
const BAD: [(&[f32], usize); 4] = [
    (&[0.1, -1.0, 0.1], 1),
    (&[f32::NAN, 0.1, 0.1], 0),
    (&[0.1, 0.1, f32::INFINITY], 2),
    (&[0.1, 0.1, -0.0, f32::NEG_INFINITY], 3),
];

#[track_caller]
fn assert_names_index<T: std::fmt::Debug>(result: Result<T, ParamError>, index: usize) {
    let err = result.unwrap_err();
    assert!(
        matches!(err, ParamError::InvalidAt { name: "halflife", index: i, .. } if i == index),
        "{err:?}"
    );
}

#[track_caller]
fn assert_wrong_length(result: Result<(), ParamError>) {
    let err = result.unwrap_err();
    assert!(
        matches!(
            err,
            ParamError::LengthMismatch {
                name: "halflife",
                expected: 3,
                found: 2
            }
        ),
        "{err:?}"
    );
}

#[test]
fn bad_halflives_are_rejected_naming_the_index_and_change_nothing() {
    for (hs, index) in BAD {
        assert_names_index(DoubleSprings::with_halflives(hs), index);
        assert_names_index(TimedSprings::with_halflives(hs, 2.0), index);
        assert_names_index(VelocitySprings::with_halflives(hs, 2.0), index);
        assert_names_index(Extrapolators::with_halflives(hs), index);
        assert_names_index(CharacterControllers::with_halflives(hs), index);
    }
    let err = TimedSprings::with_halflives(&[0.1], -2.0).unwrap_err();
    assert!(matches!(
        err,
        ParamError::Invalid {
            name: "apprehension",
            ..
        }
    ));
    assert!(VelocitySprings::with_halflives(&[0.1], f32::NAN).is_err());

    // A batch that a rejected set_halflives must leave as it was (state and halflives).
    let good = [0.1, 0.0, 2.0];
    let mut d = DoubleSprings::with_halflives(&good).unwrap();
    d.goal_mut().fill(1.0);
    let mut t = TimedSprings::new(3, 0.2, 2.0).unwrap();
    t.goal_mut().fill(1.0);
    t.t_goal_mut().fill(0.5);
    let mut s = VelocitySprings::with_halflives(&good, 2.0).unwrap();
    s.goal_mut().fill(1.0);
    s.max_velocity_mut().fill(3.0);
    let mut e = Extrapolators::new(3, 0.3).unwrap();
    e.v_mut().fill(1.0);
    let mut c = CharacterControllers::with_halflives(&good).unwrap();
    c.v_goal_mut().fill(1.0);
    let (d0, t0, s0, e0, c0) = (d.clone(), t.clone(), s.clone(), e.clone(), c.clone());
    for (hs, index) in BAD.iter().filter(|(hs, _)| hs.len() == 3) {
        assert_names_index(d.set_halflives(hs), *index);
        assert_names_index(t.set_halflives(hs), *index);
        assert_names_index(s.set_halflives(hs), *index);
        assert_names_index(e.set_halflives(hs), *index);
        assert_names_index(c.set_halflives(hs), *index);
    }
    assert_wrong_length(d.set_halflives(&[0.1; 2]));
    assert_wrong_length(t.set_halflives(&[0.1; 2]));
    assert_wrong_length(s.set_halflives(&[0.1; 2]));
    assert_wrong_length(e.set_halflives(&[0.1; 2]));
    assert_wrong_length(c.set_halflives(&[0.1; 2]));
    let run = |d: &mut DoubleSprings,
               t: &mut TimedSprings,
               s: &mut VelocitySprings,
               e: &mut Extrapolators,
               c: &mut CharacterControllers| {
        for dt in [0.1, 0.03] {
            d.update(dt).unwrap();
            t.update(dt).unwrap();
            s.update(dt).unwrap();
            e.update(dt).unwrap();
            c.update(dt).unwrap();
        }
        [d.x(), d.v(), t.x(), t.t_goal(), s.x(), e.x(), c.x(), c.a()].map(<[f32]>::to_vec)
    };
    let after = run(&mut d, &mut t, &mut s, &mut e, &mut c);
    let (mut d0, mut t0, mut s0, mut e0, mut c0) = (d0, t0, s0, e0, c0);
    assert_eq!(after, run(&mut d0, &mut t0, &mut s0, &mut e0, &mut c0));
}

/// States at the edge of the `f32` range never become NaN or infinite (double, timed and velocity
/// springs and characters saturate); extrapolation cannot produce NaN.
#[test]
fn huge_states_stay_finite() {
    let hs = [0.1, 1e6, 0.0, 1e-6, 1.0, 0.5, 2.0, 0.05, 3.0];
    let mut d = DoubleSprings::with_halflives(&hs).unwrap();
    let big = [3e38; 9];
    d.set_state(&big, &big, &big.map(|x: f32| -x), &big)
        .unwrap();
    d.goal_mut().fill(-3e38);
    let mut c = CharacterControllers::with_halflives(&hs).unwrap();
    c.x_mut().fill(3e38);
    c.v_mut().fill(-3e38);
    c.a_mut().fill(3e38);
    c.v_goal_mut().fill(3e38);
    let mut e = Extrapolators::with_halflives(&hs).unwrap();
    e.x_mut().fill(3e38);
    e.v_mut().fill(-3e38);
    // A point 6e38 from its goal due in a few ulps of a second, or gliding at 3e38 per second.
    let mut t = TimedSprings::with_halflives(&hs, 2.0).unwrap();
    t.set_state(&big, &big, &big).unwrap();
    t.goal_mut().fill(-3e38);
    let mut s = VelocitySprings::with_halflives(&hs, 0.0).unwrap();
    s.set_state(&big, &big.map(|x| -x), &big).unwrap();
    s.goal_mut().fill(-3e38);
    s.max_velocity_mut().fill(3e38);
    for dt in [1e-6, 0.1, 1e4, 3e38] {
        t.t_goal_mut().fill(1e-40);
        d.update(dt).unwrap();
        c.update(dt).unwrap();
        e.update(dt).unwrap();
        t.update(dt).unwrap();
        s.update(dt).unwrap();
        for k in 0..hs.len() {
            let all = [
                d.x()[k],
                d.v()[k],
                c.x()[k],
                c.v()[k],
                c.a()[k],
                t.x()[k],
                t.v()[k],
                t.xi()[k],
                s.x()[k],
                s.v()[k],
                s.xi()[k],
            ];
            assert!(all.iter().all(|x| x.is_finite()), "dt={dt} [{k}] {all:?}");
            assert!(!e.x()[k].is_nan() && e.v()[k].is_finite(), "dt={dt} [{k}]");
        }
    }
}
