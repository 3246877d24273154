//! `hooke stitch --lock-feet`: a [`FootLocker`] for the stitched stream (docs/math.md §7):
//! legs found by name, thresholds scaled to the rig's unit, the ground at the toes' lowest
//! height in the ranges' first windows.

use std::ops::Range;

use hooke_bvh::Clip;
use hooke_inertia::{Contacts, FootLockSettings, FootLocker, FootRig};

use super::{Frames, WINDOW};
use crate::CliError;

/// An adult's leg from hip to ankle, in centimetres: a rig's unit is this over its legs'
/// length (the bundled CMU clips: 14.6 units, so 5.6 cm a unit, as their hip height says).
pub(crate) const LEG_CM: f32 = 82.0;

/// The legs of `skeleton` found by name (`--lock-feet` needs them).
pub(crate) fn rig(skeleton: &Clip) -> Result<FootRig, CliError> {
    FootRig::find(skeleton.joint_names(), skeleton.parents()).map_err(|e| {
        CliError::Input(format!(
            "--lock-feet: {e} (joints: {})",
            skeleton.joint_names().join(", ")
        ))
    })
}

/// Centimetres per unit of `skeleton`'s rig: [`LEG_CM`] over the mean hip-to-ankle length of
/// its legs (the knee's and the ankle's offsets at frame 0); 1 (a centimetre rig) when the legs
/// have no length.
pub(crate) fn centimetres_per_unit(skeleton: &Clip, rig: &FootRig) -> f32 {
    let offsets = skeleton.local_positions(0);
    let legs = rig.legs();
    let total: f32 = legs
        .iter()
        .map(|l| offsets[l.knee].length() + offsets[l.ankle].length())
        .sum();
    let mean = total / legs.len().max(1) as f32;
    if mean.is_finite() && mean > 0.0 {
        LEG_CM / mean
    } else {
        1.0
    }
}

/// The foot locker of a stitch of `sources` (one character): the rig of the first range's
/// skeleton, detected contacts with the thresholds scaled to its unit and the ground at the
/// lowest toe (+Y up, the BVH convention) over the first window of every range.
pub(crate) fn locker(sources: &[(Frames<'_>, Range<usize>)]) -> Result<FootLocker, CliError> {
    let Some((first, _)) = sources.first() else {
        return Err(CliError::Input("nothing to stitch".into()));
    };
    let skeleton = first.window(0..1).0.into_owned();
    let rig = rig(&skeleton)?;
    let unit = centimetres_per_unit(&skeleton, &rig);
    let mut ground = f32::INFINITY;
    for (frames, range) in sources {
        let end = range.end.min(range.start.saturating_add(WINDOW));
        let (clip, base) = frames.window(range.start..end);
        for frame in range.start - base..end - base {
            let global = clip.global_positions(frame);
            for leg in rig.legs() {
                ground = ground.min(global[leg.toe].y);
            }
        }
    }
    let failed = |e: hooke_inertia::FootRigError| CliError::Failure(format!("--lock-feet: {e}"));
    let mut settings = FootLockSettings::scaled(unit).map_err(failed)?;
    if let Contacts::Detected(t) = &mut settings.contacts
        && ground.is_finite()
    {
        t.ground = ground;
    }
    FootLocker::new(1, rig, settings).map_err(|e| CliError::Failure(format!("--lock-feet: {e}")))
}
