//! Batches of smooth-damped values (Unity's `SmoothDamp` with the exact exponential).

use super::macros::batch_methods;
use super::state_column;
use crate::column::Column;
use crate::error::{ParamError, check_len};
use crate::lanes::{SmoothDampLanes, smooth_damp_max_change, smooth_damp_rate, smooth_damp_rates};
use crate::par;

/// Many values smooth-damped toward their targets, each with its own smooth time and max speed:
/// [`crate::scalar::smooth_damp`] on SIMD lanes, exact for any frame time (a `dt` that changes
/// every frame costs the same as a constant one: each lane's coefficients come from its rate,
/// computed when the parameters are set, and this frame's `dt`).
///
/// ```
/// use hooke::batch::SmoothDampers;
/// let mut s = SmoothDampers::new(1000, 0.3, f32::INFINITY)?;
/// s.target_mut().fill(10.0);
/// for frame in 0..60 {
///     s.update(1.0 / 60.0 * (1.0 + 0.01 * (frame % 7) as f32))?;
/// }
/// assert!(s.x()[0] > 9.0 && s.x()[0] < 10.0);
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone)]
pub struct SmoothDampers {
    x: Column,
    v: Column,
    target: Column,
    smooth_time: Column,
    max_speed: Column,
    /// [`smooth_damp_rate`] per value: what does not depend on `dt`, computed once.
    rate: Column,
    /// [`smooth_damp_max_change`] per value.
    max_change: Column,
}

/// A smooth time or max speed: `>= 0`, `+inf` allowed (no spring force / no speed limit).
fn check_param(name: &'static str, value: f32) -> Result<f32, ParamError> {
    if value >= 0.0 {
        Ok(value)
    } else {
        Err(ParamError::Invalid {
            name,
            value,
            expected: "a value >= 0 (+inf allowed)",
        })
    }
}

impl SmoothDampers {
    /// `len` values at 0 (velocity 0, target 0) sharing `smooth_time` and `max_speed` (each
    /// `>= 0`; `+inf` allowed).
    ///
    /// ```
    /// assert!(hooke::batch::SmoothDampers::new(4, 0.2, 5.0).is_ok());
    /// assert!(hooke::batch::SmoothDampers::new(4, f32::NAN, 5.0).is_err());
    /// ```
    pub fn new(len: usize, smooth_time: f32, max_speed: f32) -> Result<SmoothDampers, ParamError> {
        let smooth_time = check_param("smooth_time", smooth_time)?;
        let max_speed = check_param("max_speed", max_speed)?;
        let column = |value: f32| {
            Column::try_with_padding(len, value, value).map_err(|_| ParamError::OutOfMemory {
                name: "SmoothDampers",
                len,
            })
        };
        Ok(SmoothDampers {
            x: state_column("SmoothDampers", len)?,
            v: state_column("SmoothDampers", len)?,
            target: state_column("SmoothDampers", len)?,
            smooth_time: column(smooth_time)?,
            max_speed: column(max_speed)?,
            rate: column(smooth_damp_rate(smooth_time))?,
            max_change: column(smooth_damp_max_change(max_speed, smooth_time))?,
        })
    }

    /// One value per entry of `smooth_times` and `max_speeds` (same length; each `>= 0`, `+inf`
    /// allowed); errors name the parameter and the index.
    ///
    /// ```
    /// use hooke::batch::SmoothDampers;
    /// let s = SmoothDampers::with_params(&[0.1, 0.5], &[f32::INFINITY, 2.0])?;
    /// assert_eq!(s.len(), 2);
    /// let err = SmoothDampers::with_params(&[0.1, -0.5], &[1.0, 1.0]).unwrap_err();
    /// assert!(err.to_string().contains("`smooth_time` at index 1"));
    /// assert!(SmoothDampers::with_params(&[0.1], &[1.0, 1.0]).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn with_params(
        smooth_times: &[f32],
        max_speeds: &[f32],
    ) -> Result<SmoothDampers, ParamError> {
        check_len("max_speeds", smooth_times.len(), max_speeds.len())?;
        let mut batch = SmoothDampers::new(smooth_times.len(), 1.0, f32::INFINITY)?;
        for (i, (&st, &ms)) in smooth_times.iter().zip(max_speeds).enumerate() {
            batch.set_params(i, st, ms)?;
        }
        Ok(batch)
    }

    /// Sets the smooth time and max speed of value `index` (checked like [`new`](Self::new)).
    ///
    /// ```
    /// let mut s = hooke::batch::SmoothDampers::new(2, 0.1, 1.0)?;
    /// s.set_params(1, 0.4, f32::INFINITY)?;
    /// assert!(s.set_params(2, 0.4, 1.0).is_err()); // out of range
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_params(
        &mut self,
        index: usize,
        smooth_time: f32,
        max_speed: f32,
    ) -> Result<(), ParamError> {
        crate::error::check_index("value", index, self.len())?;
        let smooth_time = check_param("smooth_time", smooth_time).map_err(|e| e.at(index))?;
        let max_speed = check_param("max_speed", max_speed).map_err(|e| e.at(index))?;
        self.smooth_time.as_mut_slice()[index] = smooth_time;
        self.max_speed.as_mut_slice()[index] = max_speed;
        self.rate.as_mut_slice()[index] = smooth_damp_rate(smooth_time);
        self.max_change.as_mut_slice()[index] = smooth_damp_max_change(max_speed, smooth_time);
        Ok(())
    }

    /// One update over a checked `dt`, split by `grain`.
    fn advance(&mut self, dt: f32, grain: usize) {
        if dt == 0.0 {
            return;
        }
        let params = SmoothDampLanes {
            rate: self.rate.lanes(),
            max_change: self.max_change.lanes(),
            smooth_time: self.smooth_time.lanes(),
            max_speed: self.max_speed.lanes(),
        };
        let parts = (
            self.x.lanes_mut(),
            self.v.lanes_mut(),
            self.target.lanes(),
            params,
        );
        par::run(parts, grain, &|(x, v, t, p)| {
            smooth_damp_rates(x, v, t, p, dt)
        });
    }
}

batch_methods! {
    SmoothDampers: "values" of x, made by "new(n, 0.3, f32::INFINITY)?";
    /// Sets every value, velocity and target.
    fn set_state(x, v, target);
    /// Current values
    fn x, x_mut = x;
    /// Velocities
    fn v, v_mut = v;
    /// Targets
    fn target, target_mut = target;
}
