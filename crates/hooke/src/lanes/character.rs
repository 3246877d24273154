//! The character controller's kernels: update and trajectory prediction at many horizons;
//! scalar twin [`crate::scalar::CharacterCoeffs`].

use wide::f32x8;

use crate::scalar::CharacterCoeffs;

/// Character controllers sharing a halflife: position, velocity and acceleration follow a
/// critical spring on the velocity toward per-character desired velocities. The SIMD twin of
/// [`crate::scalar::CharacterCoeffs::apply`].
///
/// ```
/// use hooke::{column::Column, lanes::character_shared, scalar::CharacterCoeffs};
/// let c = CharacterCoeffs::new(0.2, 2.0);
/// let (mut x, mut v, mut a) = (Column::new(4, 0.0), Column::new(4, 0.0), Column::new(4, 0.0));
/// let goal = Column::new(4, 2.0);
/// character_shared(x.lanes_mut(), v.lanes_mut(), a.lanes_mut(), goal.lanes(), &c);
/// assert!((v.as_slice()[0] - 2.0).abs() < 0.01);
/// ```
pub fn character_shared(
    x: &mut [f32x8],
    v: &mut [f32x8],
    a: &mut [f32x8],
    v_goal: &[f32x8],
    c: &CharacterCoeffs,
) {
    let k = CharacterLanes::splat(c);
    for (((x, v), a), q) in x.iter_mut().zip(v.iter_mut()).zip(a.iter_mut()).zip(v_goal) {
        (*x, *v, *a) = k.step(*x, *v, *a, *q);
    }
}

/// Trajectory prediction for many characters: for each horizon `h` (with coefficients
/// `coeffs[h]`, e.g. `CharacterCoeffs::new(halflife, h as f32 * dt)`), writes the predicted
/// position, velocity and acceleration of every character into block `h` of `px`, `pv`, `pa`:
/// lane groups `[h * n, (h + 1) * n)` with `n = x.len()` (horizon-major, one column of the
/// characters per horizon laid end to end). Characters beyond the shortest of `x`, `v`, `a`,
/// `v_goal` and horizons beyond `coeffs` or the outputs' whole blocks are skipped.
///
/// ```
/// use hooke::{column::Column, lanes::character_predict, scalar::CharacterCoeffs};
/// let (n, horizons) = (10, 4);
/// let (x, v, a, goal) = (Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 1.0));
/// let coeffs: Vec<_> = (0..horizons).map(|h| CharacterCoeffs::new(0.1, h as f32 * 0.2)).collect();
/// let groups = x.lanes().len();
/// let mut px = vec![wide::f32x8::ZERO; horizons * groups];
/// let (mut pv, mut pa) = (px.clone(), px.clone());
/// character_predict(x.lanes(), v.lanes(), a.lanes(), goal.lanes(), &coeffs, &mut px, &mut pv, &mut pa);
/// // Character 0 at horizons 2 and 3:
/// assert!(px[3 * groups].to_array()[0] > px[2 * groups].to_array()[0]);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn character_predict(
    x: &[f32x8],
    v: &[f32x8],
    a: &[f32x8],
    v_goal: &[f32x8],
    coeffs: &[CharacterCoeffs],
    px: &mut [f32x8],
    pv: &mut [f32x8],
    pa: &mut [f32x8],
) {
    let n = x.len().min(v.len()).min(a.len()).min(v_goal.len());
    if n == 0 {
        return;
    }
    let blocks = px
        .chunks_exact_mut(n)
        .zip(pv.chunks_exact_mut(n))
        .zip(pa.chunks_exact_mut(n));
    for (c, ((px, pv), pa)) in coeffs.iter().zip(blocks) {
        let k = CharacterLanes::splat(c);
        let outs = px.iter_mut().zip(pv.iter_mut()).zip(pa.iter_mut());
        let ins = x.iter().zip(v).zip(a).zip(v_goal);
        for (((ox, ov), oa), (((x, v), a), q)) in outs.zip(ins) {
            (*ox, *ov, *oa) = k.step(*x, *v, *a, *q);
        }
    }
}

struct CharacterLanes {
    identity: bool,
    dt: f32x8,
    xj: f32x8,
    xa: f32x8,
    vj: f32x8,
    va: f32x8,
    aj: f32x8,
    aa: f32x8,
}

impl CharacterLanes {
    fn splat(c: &CharacterCoeffs) -> CharacterLanes {
        CharacterLanes {
            identity: c.dt == 0.0,
            dt: f32x8::splat(c.dt),
            xj: f32x8::splat(c.xj),
            xa: f32x8::splat(c.xa),
            vj: f32x8::splat(c.vj),
            va: f32x8::splat(c.va),
            aj: f32x8::splat(c.aj),
            aa: f32x8::splat(c.aa),
        }
    }

    #[inline(always)]
    fn step(&self, x: f32x8, v: f32x8, a: f32x8, q: f32x8) -> (f32x8, f32x8, f32x8) {
        if self.identity {
            // dt = 0: the scalar twin returns the state bit for bit.
            return (x, v, a);
        }
        let j = v - q;
        let x1 = x + self.xj.mul_add(j, self.xa.mul_add(a, q * self.dt));
        let v1 = q + self.vj.mul_add(j, self.va * a);
        let a1 = self.aj.mul_add(j, self.aa * a);
        (x1, v1, a1)
    }
}
