//! Batches of character controllers (the critical spring on the velocity, with prediction).

use wide::f32x8;

use super::halflife::Halflife;
use super::macros::halflife_batch;
use crate::column::Column;
use crate::error::{ParamError, check_len, check_non_negative};
use crate::lanes::{
    CharacterStateLanes, PredictionLanesMut, character_predict, character_predict_rates,
    character_rates, character_shared, critical_rate,
};
use crate::scalar::CharacterCoeffs;

halflife_batch! {
    /// Many character controllers with a shared halflife or one per character
    /// ([`with_halflives`](Self::with_halflives)): each character's velocity follows its desired
    /// velocity with a critical spring, its position and acceleration following exactly
    /// (`docs/math.md` §5). `update(dt)` advances them; [`predict`](Self::predict) writes every
    /// character's future trajectory at chosen horizons (evaluated by the closed form, not by
    /// stepping). The SIMD batch of [`crate::scalar::spring_character_update`].
    ///
    /// ```
    /// use hooke::batch::CharacterControllers;
    /// let mut crowd = CharacterControllers::new(500, 0.2)?;
    /// crowd.v_goal_mut().fill(3.0); // everybody wants to walk at 3 m/s
    /// crowd.update(1.0 / 60.0)?;
    /// let (mut px, mut pv, mut pa) = (vec![0.0; 4 * 500], vec![0.0; 4 * 500], vec![0.0; 4 * 500]);
    /// crowd.predict(&[0.0, 0.25, 0.5, 1.0], &mut px, &mut pv, &mut pa)?;
    /// assert!(px[3 * 500] > px[500]); // character 0, one second ahead vs a quarter second
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub struct CharacterControllers: "characters" of x {
        halflife: Halflife<CharacterCoeffs> by critical_rate;
        x, v, a, v_goal: Column;
    }
    /// Halflife 0 puts the velocity on its goal at once.
    ///
    /// ```
    /// use hooke::{batch::CharacterControllers, ParamError};
    /// let mut crowd = CharacterControllers::with_halflives(&[0.1, 0.4, 0.0])?;
    /// crowd.v_goal_mut().fill(3.0);
    /// crowd.update(0.1)?;
    /// assert!(crowd.v()[0] > crowd.v()[1] && crowd.v()[2] == 3.0);
    /// let err = CharacterControllers::with_halflives(&[0.2, 0.2, -0.2]).unwrap_err();
    /// assert!(matches!(err, ParamError::InvalidAt { name: "halflife", index: 2, .. }));
    /// # Ok::<(), ParamError>(())
    /// ```
    fn new and with_halflives: "at rest at 0 with desired velocity 0";
    fn advance on (x, v, a; v_goal) by CharacterCoeffs::new => character_shared, character_rates;
    /// Sets every character's position, velocity, acceleration and desired velocity.
    fn set_state(x, v, a, v_goal);
    positions and velocities;
    /// Accelerations
    fn a, a_mut = a;
    /// Desired velocities (e.g. from the players' sticks), mutably.
    fn v_goal_mut(&mut self) = v_goal;
}

impl CharacterControllers {
    /// Every character's predicted position, velocity and acceleration after each of `times`
    /// (seconds, each finite and `>= 0`) if its desired velocity stays as it is: horizon-major,
    /// character `c` at horizon `h` is element `h * len + c` of `px`, `pv`, `pa` (each of length
    /// `times.len() * len`). On an error nothing is written.
    ///
    /// ```
    /// let c = hooke::batch::CharacterControllers::new(2, 0.2)?;
    /// let mut out = vec![0.0; 2];
    /// assert!(c.predict(&[0.1], &mut out.clone(), &mut out.clone(), &mut vec![0.0; 3]).is_err());
    /// assert!(c.predict(&[f32::NAN], &mut out.clone(), &mut out.clone(), &mut out).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn predict(
        &self,
        times: &[f32],
        px: &mut [f32],
        pv: &mut [f32],
        pa: &mut [f32],
    ) -> Result<(), ParamError> {
        let n = self.len();
        let total = times.len().checked_mul(n).ok_or(ParamError::OutOfMemory {
            name: "CharacterControllers prediction",
            len: usize::MAX,
        })?;
        check_len("px", total, px.len())?;
        check_len("pv", total, pv.len())?;
        check_len("pa", total, pa.len())?;
        for (i, &t) in times.iter().enumerate() {
            check_non_negative("times", t).map_err(|e| e.at(i))?;
        }
        // Shared halflife: one set of coefficients per horizon (per-spring rates need none).
        let mut coeffs = Vec::new();
        if let Some(h) = self.halflife.shared_value() {
            coeffs
                .try_reserve_exact(times.len())
                .map_err(|_| ParamError::OutOfMemory {
                    name: "CharacterControllers prediction",
                    len: times.len(),
                })?;
            coeffs.extend(times.iter().map(|&t| CharacterCoeffs::new(h, t)));
        }
        let groups = self.x.lanes().len();
        let scratch = |name| -> Result<Vec<f32x8>, ParamError> {
            let len = groups.saturating_mul(times.len());
            let mut v = Vec::new();
            v.try_reserve_exact(len)
                .map_err(|_| ParamError::OutOfMemory { name, len })?;
            v.resize(len, f32x8::ZERO);
            Ok(v)
        };
        let (mut sx, mut sv, mut sa) = (scratch("px")?, scratch("pv")?, scratch("pa")?);
        let state = CharacterStateLanes {
            x: self.x.lanes(),
            v: self.v.lanes(),
            a: self.a.lanes(),
            v_goal: self.v_goal.lanes(),
        };
        let out = PredictionLanesMut {
            x: &mut sx,
            v: &mut sv,
            a: &mut sa,
        };
        match &self.halflife {
            Halflife::Shared { .. } => character_predict(state, &coeffs, out),
            Halflife::PerSpring(rates) => character_predict_rates(state, rates.lanes(), times, out),
        }
        // Lane groups back to the caller's horizon-major rows (padding lanes dropped).
        for (scratch, out) in [(&sx, px), (&sv, pv), (&sa, pa)] {
            let flat: &[f32] = bytemuck::cast_slice(scratch);
            for h in 0..times.len() {
                out[h * n..(h + 1) * n].copy_from_slice(&flat[h * groups * 8..h * groups * 8 + n]);
            }
        }
        Ok(())
    }
}
