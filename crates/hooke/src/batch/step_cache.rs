//! The one per-`dt` cache of the batches: values computed for the `dt` of an update (step
//! coefficients, shared or per spring), reused while `dt` repeats.

/// A value computed for one `dt`, recomputed only when the `dt` changes or after
/// [`clear`](Self::clear) (new parameters). Also remembers the previous update's `dt`, cached or
/// not, for batches that treat a `dt` seen twice in a row as constant ([`repeats`](Self::repeats)).
#[derive(Debug, Clone)]
pub(crate) struct StepCache<C> {
    /// The `dt` of `value`; NaN (equal to no `dt`) when nothing is cached.
    dt: f32,
    /// The cached value, or storage kept from an earlier `dt` to be refilled in place.
    value: Option<C>,
    /// The previous update's `dt` (NaN before the first).
    last_dt: f32,
}

impl<C> StepCache<C> {
    /// Nothing cached.
    pub fn new() -> StepCache<C> {
        StepCache {
            dt: f32::NAN,
            value: None,
            last_dt: f32::NAN,
        }
    }

    /// Nothing cached, with `storage` for [`get`](Self::get) to refill (columns allocated when
    /// the batch is built, so that no update allocates).
    pub fn with_storage(storage: C) -> StepCache<C> {
        StepCache {
            value: Some(storage),
            ..StepCache::new()
        }
    }

    /// Forgets the cached `dt` (the parameters changed); storage is kept.
    pub fn clear(&mut self) {
        (self.dt, self.last_dt) = (f32::NAN, f32::NAN);
    }

    /// Whether `dt` equals the previous call's (recorded for the next call).
    pub fn repeats(&mut self, dt: f32) -> bool {
        let repeats = self.last_dt == dt;
        self.last_dt = dt;
        repeats
    }

    /// The value for `dt`: the cached one, or `compute(storage, dt)` where `storage` is the
    /// value of an earlier `dt` (or the storage given at construction) to refill in place.
    pub fn get(&mut self, dt: f32, compute: impl FnOnce(Option<C>, f32) -> C) -> &C {
        let value = match self.value.take() {
            Some(value) if self.dt == dt => value,
            storage => compute(storage, dt),
        };
        self.dt = dt;
        self.value.insert(value)
    }
}

#[cfg(test)]
mod tests {
    use super::StepCache;

    #[test]
    fn computes_once_per_dt_and_again_after_clear() {
        let mut calls = 0;
        let mut cache = StepCache::new();
        let mut get = |cache: &mut StepCache<f32>, dt| {
            *cache.get(dt, |_, dt| {
                calls += 1;
                2.0 * dt
            })
        };
        assert_eq!(get(&mut cache, 0.5), 1.0);
        assert_eq!(get(&mut cache, 0.5), 1.0);
        assert_eq!(get(&mut cache, 0.25), 0.5);
        cache.clear();
        assert_eq!(get(&mut cache, 0.25), 0.5);
        assert_eq!(calls, 3);
    }

    #[test]
    fn storage_is_handed_back_for_refilling() {
        let mut cache = StepCache::with_storage(vec![0.0_f32; 3]);
        let filled = cache.get(1.0, |storage, dt| {
            let mut v = storage.expect("storage given at construction");
            v.fill(dt);
            v
        });
        assert_eq!(filled, &[1.0; 3]);
    }

    #[test]
    fn repeats_compares_with_the_previous_call() {
        let mut cache = StepCache::<()>::new();
        assert!(!cache.repeats(0.1));
        assert!(cache.repeats(0.1));
        assert!(!cache.repeats(0.2));
        cache.clear();
        assert!(!cache.repeats(0.2));
    }
}
