//! The work a `hooke inertialize` run implies, worked out from the arguments and the clips and
//! checked against limits before anything is allocated: a frame time of 1e-30 s or a huge
//! character count becomes a clear error instead of a run that never ends or an abort.

use crate::CliError;

/// The most frames one run simulates.
pub const MAX_FRAMES: usize = 1_000_000;

/// The most bone lanes (characters times joints) one run holds: about 1 GB of state.
pub const MAX_BONE_LANES: usize = 1 << 22;

/// The most bone updates (frames times bone lanes) one run performs: some minutes of work.
pub const MAX_BONE_UPDATES: u64 = 10_000_000_000;

/// What a run of the main job will do.
///
/// ```
/// use hooke_cli::Plan;
/// // The defaults on the bundled clips: 1,000 characters of 31 joints, 10 s at 120 Hz, a switch
/// // every second.
/// let plan = Plan::new(1000, 10.0, 1.0, 1.0 / 120.0, 31)?;
/// assert_eq!((plan.frames, plan.switch_frames, plan.lanes), (1200, 120, 31_000));
/// // A frame time of 1e-30 s would mean 1e31 frames.
/// assert!(Plan::new(1000, 10.0, 1.0, 1e-30, 31).is_err());
/// # Ok::<(), hooke_cli::CliError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// Frames to simulate (at least 1, at most [`MAX_FRAMES`]).
    pub frames: usize,
    /// Frames between two switches of one character (at least 2).
    pub switch_frames: usize,
    /// Characters times joints (at most [`MAX_BONE_LANES`]).
    pub lanes: usize,
}

impl Plan {
    /// Works out the run for `characters` characters playing clips of `bones` joints at
    /// `frame_time` seconds per frame for `seconds` seconds, switching every `switch_every`
    /// seconds. Every way the numbers can be out of range is an [`CliError::Input`] that names
    /// the argument.
    ///
    /// ```
    /// let err = hooke_cli::Plan::new(10, 10.0, 0.001, 1.0 / 120.0, 31).unwrap_err();
    /// assert!(err.to_string().contains("--switch-every"), "{err}");
    /// ```
    pub fn new(
        characters: usize,
        seconds: f32,
        switch_every: f32,
        frame_time: f32,
        bones: usize,
    ) -> Result<Plan, CliError> {
        let input = |message: String| Err(CliError::Input(message));
        if !(frame_time.is_normal() && frame_time > 0.0) {
            return input(format!(
                "the clips' frame time {frame_time} s is not a positive normal number"
            ));
        }
        if characters == 0 || bones == 0 {
            return input(format!(
                "nothing to simulate: {characters} characters of {bones} joints"
            ));
        }
        if !(seconds.is_finite() && seconds > 0.0) {
            return input(format!(
                "--seconds must be a positive number, found {seconds}"
            ));
        }
        if !(switch_every.is_finite() && switch_every > 0.0) {
            return input(format!(
                "--switch-every must be a positive number, found {switch_every}"
            ));
        }
        // Rounded in f32 as the job always did, so the frame counts of existing runs stay put.
        let frames = (seconds / frame_time).round();
        if !frames.is_finite() || frames > MAX_FRAMES as f32 {
            return input(format!(
                "--seconds {seconds} at the clips' frame time of {frame_time} s is {frames:e} frames; \
                 at most {MAX_FRAMES} are simulated"
            ));
        }
        if frames < 1.0 {
            return input(format!(
                "--seconds {seconds} is less than one frame of the clips ({frame_time} s)"
            ));
        }
        let switch_frames = (switch_every / frame_time).round();
        if switch_frames < 2.0 {
            return input(format!(
                "--switch-every {switch_every} is less than two frames of the clips \
                 (2 x {frame_time} s)"
            ));
        }
        let lanes = match characters.checked_mul(bones) {
            Some(lanes) if lanes <= MAX_BONE_LANES => lanes,
            _ => {
                return input(format!(
                    "--characters {characters} with {bones} joints each is more than \
                     {MAX_BONE_LANES} bones to hold"
                ));
            }
        };
        let frames = frames as usize;
        let updates = frames as u64 * lanes as u64;
        if updates > MAX_BONE_UPDATES {
            return input(format!(
                "{frames} frames of {characters} characters with {bones} joints is {updates:e} \
                 bone updates, more than the {MAX_BONE_UPDATES:e} one run performs; lower \
                 --seconds or --characters"
            ));
        }
        Ok(Plan {
            frames,
            // Saturates for absurdly rare switches, which then never happen: that is the intent.
            switch_frames: switch_frames as usize,
            lanes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_is_an_input_error_naming_the_argument() {
        let cases: [(usize, f32, f32, f32, usize, &str); 9] = [
            (1000, 10.0, 1.0, 1e-30, 31, "--seconds"),
            (1000, 3600.0, 1.0, 1e-3, 31, "--seconds"),
            (1000, 10.0, 0.0, 1.0 / 120.0, 31, "--switch-every"),
            (1000, 10.0, f32::NAN, 1.0 / 120.0, 31, "--switch-every"),
            (1000, f32::INFINITY, 1.0, 1.0 / 120.0, 31, "--seconds"),
            (1000, 0.001, 1.0, 1.0 / 120.0, 31, "--seconds"),
            (usize::MAX, 10.0, 1.0, 1.0 / 120.0, 31, "--characters"),
            (65_536, 10.0, 1.0, 1.0 / 120.0, 1000, "--characters"),
            (65_536, 3600.0, 1.0, 1.0 / 120.0, 31, "bone updates"),
        ];
        for (characters, seconds, switch_every, frame_time, bones, named) in cases {
            let err = Plan::new(characters, seconds, switch_every, frame_time, bones).unwrap_err();
            assert!(matches!(err, CliError::Input(_)));
            assert!(err.to_string().contains(named), "{named}: {err}");
        }
        for frame_time in [0.0, -1.0, f32::NAN, 1e-40] {
            assert!(Plan::new(1, 1.0, 1.0, frame_time, 1).is_err());
        }
    }
}
