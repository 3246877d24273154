//! Kernels take slices and never validate or panic in release builds: inputs of mismatched lengths
//! are processed up to the shortest (debug builds assert equal lane slices, so that a wiring
//! mistake shows); threads change nothing; index errors name what the index counts.

use hooke::column::Column;
use hooke::error::check_index;
use hooke::lanes::{
    CharacterStateLanes, CoeffColumns, LaneCoeffs, PredictionLanesMut, character_predict,
    decay_shared,
};
use hooke::scalar::CharacterCoeffs;
use hooke::{ParamError, SpringCoeffs, par};
use wide::f32x8;

#[test]
fn coefficient_fill_stops_at_its_own_length_when_the_input_is_longer() {
    let halflives = Column::new(100, 0.2);
    let mut coeffs = CoeffColumns::identity(10);
    coeffs.fill_critical(&halflives, 0.1);
    assert_eq!(coeffs.get(9), SpringCoeffs::critical(0.2, 0.1));
    let (s, d) = (Column::new(100, 9.0), Column::new(50, 6.0));
    coeffs.fill_stiffness_damping(&s, &d, 0.1);
    assert_eq!(
        coeffs.get(9),
        SpringCoeffs::stiffness_damping(9.0, 6.0, 0.1)
    );
}

#[test]
fn character_prediction_skips_what_does_not_fit() {
    let n = 20;
    let (x, v, a, goal) = (
        Column::new(n, 0.0),
        Column::new(n, 0.0),
        Column::new(n, 0.0),
        Column::new(n, 1.0),
    );
    let groups = x.lanes().len();
    let coeffs: Vec<_> = (0..4)
        .map(|h| CharacterCoeffs::new(0.1, h as f32 * 0.1))
        .collect();
    // Outputs for two and a half horizons: the half block is skipped, nothing panics.
    let mut px = vec![f32x8::ZERO; groups * 5 / 2];
    let (mut pv, mut pa) = (px.clone(), px.clone());
    let state = CharacterStateLanes {
        x: x.lanes(),
        v: v.lanes(),
        a: a.lanes(),
        v_goal: goal.lanes(),
    };
    let out = PredictionLanesMut {
        x: &mut px,
        v: &mut pv,
        a: &mut pa,
    };
    character_predict(state, &coeffs, out);
    assert!(px[groups].to_array()[0] > 0.0);
    assert_eq!(px[2 * groups].to_array()[0], 0.0);
    // No characters at all.
    let none = CharacterStateLanes {
        x: &[],
        v: &[],
        a: &[],
        v_goal: &[],
    };
    let out = PredictionLanesMut {
        x: &mut px,
        v: &mut pv,
        a: &mut pa,
    };
    character_predict(none, &coeffs, out);
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "lane slices of unequal length: `x` and `v`")]
fn kernels_assert_equal_lane_slices_in_debug_builds() {
    let (mut x, mut v) = (Column::new(16, 1.0), Column::new(8, 0.0));
    let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 0.1));
    decay_shared(x.lanes_mut(), v.lanes_mut(), &c);
}

#[test]
#[cfg(not(debug_assertions))]
fn kernels_process_unequal_lane_slices_up_to_the_shortest_in_release_builds() {
    let (mut x, mut v) = (Column::new(16, 1.0), Column::new(8, 0.0));
    let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 0.1));
    decay_shared(x.lanes_mut(), v.lanes_mut(), &c);
    assert!(x.as_slice()[0] < 1.0 && x.as_slice()[15] == 1.0);
}

#[test]
fn run_reduce_gives_the_same_result_for_every_grain() {
    // Small integers: every partial sum is exact in f32, so any split must give the same total.
    let x = Column::from_slice(&(0..100_000).map(|i| (i % 7) as f32).collect::<Vec<_>>());
    let sum = |lanes: &[f32x8]| lanes.iter().map(|l| l.to_array().iter().sum::<f32>()).sum();
    let expect: f32 = sum(x.lanes());
    for grain in [0, 1, 7, 1024, par::DEFAULT_GRAIN, par::NO_SPLIT] {
        let got = par::run_reduce(x.lanes(), grain, &|l: &[f32x8]| sum(l), &|a, b| a + b);
        assert_eq!(got, expect, "grain {grain}");
    }
    let count = par::run_reduce(x.lanes(), 1, &|l: &[f32x8]| l.len(), &|a, b| a + b);
    assert_eq!(count, x.lanes().len());
}

#[test]
fn index_errors_name_what_the_index_counts() {
    assert_eq!(check_index("spring", 0, 1), Ok(0));
    let err = check_index("spring", 5, 2).unwrap_err();
    assert_eq!(
        err,
        ParamError::IndexOutOfRange {
            name: "spring",
            index: 5,
            len: 2
        }
    );
    let mut springs = hooke::batch::QuatDecaySprings::new(2, 0.1).unwrap();
    let err = springs
        .set(2, glam::Quat::IDENTITY, glam::Vec3::ZERO)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "spring index 2 is out of range: there are 2"
    );
}
