//! Regressions of issue 7, item 5: batch sizes come from callers (and through the C ABI from
//! engines), so a size that cannot be allocated is a typed error naming the batch, never an abort
//! or a capacity-overflow panic.

use hooke::ParamError;
use hooke::batch::{CriticalSprings, Dampers, DecaySprings, QuatDecaySprings, QuatSprings};

const HUGE: [usize; 3] = [1 << 40, 1 << 44, usize::MAX];

fn assert_out_of_memory<T: std::fmt::Debug>(
    result: Result<T, ParamError>,
    batch: &str,
    len: usize,
) {
    match result {
        Err(ParamError::OutOfMemory { name, len: l }) => {
            assert_eq!((name, l), (batch, len));
        }
        other => panic!("{batch} with {len} springs: {other:?}"),
    }
}

#[test]
fn huge_spring_batches_are_out_of_memory_errors_not_aborts() {
    for len in HUGE {
        assert_out_of_memory(CriticalSprings::new(len, 0.1), "CriticalSprings", len);
        assert_out_of_memory(DecaySprings::new(len, 0.1), "DecaySprings", len);
        assert_out_of_memory(Dampers::new(len, 0.1), "Dampers", len);
    }
}

#[test]
fn huge_quaternion_batches_are_out_of_memory_errors_not_aborts() {
    for len in [1 << 36, 1 << 40, usize::MAX] {
        assert_out_of_memory(QuatDecaySprings::new(len, 0.1), "QuatDecaySprings", len);
        assert_out_of_memory(QuatSprings::new(len, 0.1), "QuatSprings", len);
    }
}

#[test]
fn the_out_of_memory_error_names_the_batch_and_the_size() {
    let err = CriticalSprings::new(usize::MAX, 0.1).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "out of memory: cannot allocate `CriticalSprings` for {} entries",
            usize::MAX
        )
    );
}

#[test]
fn parameters_are_still_checked_before_the_size() {
    // A bad halflife is reported as such, whatever the size.
    assert!(matches!(
        CriticalSprings::new(usize::MAX, f32::NAN),
        Err(ParamError::Invalid {
            name: "halflife",
            ..
        })
    ));
}
