//! The tracking spring's kernel (per-spring modes: track, clamp, snap); scalar twin
//! [`crate::scalar::tracking_spring_update_exact`].

use wide::f32x8;

use crate::scalar::TrackingCoeffs;

/// [`TrackingCoeffs`] splatted across 8 lanes.
///
/// ```
/// use hooke::{lanes::TrackingLaneCoeffs, scalar::TrackingCoeffs};
/// let c = TrackingLaneCoeffs::splat(&TrackingCoeffs::IDENTITY);
/// assert_eq!(c.vv, wide::f32x8::ONE);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrackingLaneCoeffs {
    /// See [`TrackingCoeffs::xx`].
    pub xx: f32x8,
    /// See [`TrackingCoeffs::xv`].
    pub xv: f32x8,
    /// See [`TrackingCoeffs::xvg`].
    pub xvg: f32x8,
    /// See [`TrackingCoeffs::xag`].
    pub xag: f32x8,
    /// See [`TrackingCoeffs::vx`].
    pub vx: f32x8,
    /// See [`TrackingCoeffs::vv`].
    pub vv: f32x8,
    /// See [`TrackingCoeffs::vvg`].
    pub vvg: f32x8,
    /// See [`TrackingCoeffs::vag`].
    pub vag: f32x8,
}

impl TrackingLaneCoeffs {
    /// The same coefficients in every lane.
    ///
    /// ```
    /// use hooke::{lanes::TrackingLaneCoeffs, scalar::TrackingGains};
    /// let g = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// let c = TrackingLaneCoeffs::splat(&g.coeffs(1.0 / 60.0));
    /// assert!(c.xx.to_array()[0] < 0.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn splat(c: &TrackingCoeffs) -> TrackingLaneCoeffs {
        TrackingLaneCoeffs {
            xx: f32x8::splat(c.xx),
            xv: f32x8::splat(c.xv),
            xvg: f32x8::splat(c.xvg),
            xag: f32x8::splat(c.xag),
            vx: f32x8::splat(c.vx),
            vv: f32x8::splat(c.vv),
            vvg: f32x8::splat(c.vvg),
            vag: f32x8::splat(c.vag),
        }
    }

    fn select(mask: f32x8, a: &TrackingLaneCoeffs, b: &TrackingLaneCoeffs) -> TrackingLaneCoeffs {
        TrackingLaneCoeffs {
            xx: mask.select(a.xx, b.xx),
            xv: mask.select(a.xv, b.xv),
            xvg: mask.select(a.xvg, b.xvg),
            xag: mask.select(a.xag, b.xag),
            vx: mask.select(a.vx, b.vx),
            vv: mask.select(a.vv, b.vv),
            vvg: mask.select(a.vvg, b.vvg),
            vag: mask.select(a.vag, b.vag),
        }
    }
}

/// Which targets a tracking spring uses this frame, per spring: the value stored in the `mode`
/// column of [`tracking_shared`].
///
/// ```
/// assert_eq!(hooke::lanes::TrackingMode::Full.as_lane_value(), 0.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrackingMode {
    /// Position, velocity and acceleration targets.
    Full,
    /// The acceleration target is unknown this frame (e.g. one frame after a discontinuity).
    NoAcceleration,
    /// Velocity and acceleration targets are unknown (at a discontinuity).
    PositionOnly,
}

impl TrackingMode {
    /// The `f32` stored in a mode column for this mode.
    ///
    /// ```
    /// assert_eq!(hooke::lanes::TrackingMode::PositionOnly.as_lane_value(), 2.0);
    /// ```
    pub fn as_lane_value(self) -> f32 {
        match self {
            TrackingMode::Full => 0.0,
            TrackingMode::NoAcceleration => 1.0,
            TrackingMode::PositionOnly => 2.0,
        }
    }
}

/// Exact tracking springs sharing gains: per-spring goals (`x_goal`, `v_goal`, `a_goal`, new every
/// frame) and a per-spring `mode` column ([`TrackingMode::as_lane_value`]) choosing, per lane, the
/// coefficients of `coeffs[0]` (full), `coeffs[1]` (no acceleration) or `coeffs[2]` (position
/// only). The SIMD twin of [`crate::scalar::TrackingCoeffs::apply`].
///
/// ```
/// use hooke::column::Column;
/// use hooke::lanes::{tracking_shared, TrackingLaneCoeffs};
/// use hooke::scalar::TrackingGains;
///
/// let g = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
/// let dt = 1.0 / 60.0;
/// let coeffs = [
///     TrackingLaneCoeffs::splat(&g.coeffs(dt)),
///     TrackingLaneCoeffs::splat(&g.without_acceleration().coeffs(dt)),
///     TrackingLaneCoeffs::splat(&g.without_velocity_acceleration().coeffs(dt)),
/// ];
/// let (mut x, mut v) = (Column::new(3, 0.0), Column::new(3, 0.0));
/// let (xg, vg, ag) = (Column::new(3, 1.0), Column::new(3, 0.5), Column::new(3, 0.0));
/// let mode = Column::from_slice(&[0.0, 1.0, 2.0]);
/// tracking_shared(x.lanes_mut(), v.lanes_mut(), xg.lanes(), vg.lanes(), ag.lanes(), mode.lanes(), &coeffs);
/// assert!(x.as_slice().iter().all(|&x| x > 0.0));
/// # Ok::<(), hooke::ParamError>(())
/// ```
pub fn tracking_shared(
    x: &mut [f32x8],
    v: &mut [f32x8],
    x_goal: &[f32x8],
    v_goal: &[f32x8],
    a_goal: &[f32x8],
    mode: &[f32x8],
    coeffs: &[TrackingLaneCoeffs; 3],
) {
    let lanes = x
        .iter_mut()
        .zip(v.iter_mut())
        .zip(x_goal)
        .zip(v_goal)
        .zip(a_goal)
        .zip(mode);
    for (((((x, v), xg), vg), ag), m) in lanes {
        let no_acc = m.simd_eq(f32x8::ONE);
        let pos_only = m.simd_eq(f32x8::splat(2.0));
        let c = TrackingLaneCoeffs::select(no_acc, &coeffs[1], &coeffs[0]);
        let c = TrackingLaneCoeffs::select(pos_only, &coeffs[2], &c);
        let e = *x - *xg;
        let dx =
            c.xx.mul_add(e, c.xv.mul_add(*v, c.xvg.mul_add(*vg, c.xag * *ag)));
        let v1 =
            c.vx.mul_add(e, c.vv.mul_add(*v, c.vvg.mul_add(*vg, c.vag * *ag)));
        *x += dx;
        *v = v1;
    }
}
