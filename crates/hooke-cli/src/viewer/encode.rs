//! The viewer page's clip data: world-space joint positions subsampled to at most
//! [`MAX_RATE`] frames per second, quantised to 16-bit integers inside each clip's bounding box
//! and base64-encoded, so that a 10-minute 120 Hz clip of a 31-joint rig stays a page of about
//! 9 MB that a browser decodes in a fraction of a second.

use glam::Vec3;

/// The highest frame rate stored in a page (a 120 Hz clip keeps every second frame).
pub(crate) const MAX_RATE: f64 = 60.0;

/// The most quantised values (3 per joint and frame) of all clips of one page: about 48 MB of
/// data, 64 MB of base64. Beyond it every clip keeps fewer frames.
pub(crate) const VALUE_BUDGET: usize = 24_000_000;

/// The frame step of each clip: every clip at most [`MAX_RATE`], and all together within
/// [`VALUE_BUDGET`]. `clips` holds `(frame_time, frames, joints)` per clip.
pub(crate) fn steps(clips: &[(f64, usize, usize)]) -> Vec<usize> {
    let mut steps: Vec<usize> = clips
        .iter()
        .map(|&(dt, _, _)| {
            let rate = if dt > 0.0 { 1.0 / dt } else { MAX_RATE };
            // The tolerance keeps 120.0004 Hz (a frame time of 0.0083333 s) at a step of 2.
            ((rate / MAX_RATE) - 1e-3).ceil().max(1.0) as usize
        })
        .collect();
    let values = |steps: &[usize]| -> usize {
        clips
            .iter()
            .zip(steps)
            .map(|(&(_, frames, joints), &step)| frames.div_ceil(step) * joints * 3)
            .sum()
    };
    let total = values(&steps);
    if total > VALUE_BUDGET {
        let factor = total.div_ceil(VALUE_BUDGET);
        for step in &mut steps {
            *step *= factor;
        }
    }
    steps
}

/// One clip's positions as stored in the page.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Quantised {
    /// Frames kept (every `step`-th of the source, the first included).
    pub frames: usize,
    /// The bounding box's lower corner.
    pub min: Vec3,
    /// The bounding box's size; a value `q` decodes to `min + (q + 32768) / 65535 * extent`.
    pub extent: Vec3,
    /// Little-endian `i16` values, x y z per joint, joints per frame, in base64.
    pub base64: String,
}

/// Quantises every `step`-th frame of `positions` (`joints` per frame). Non-finite values
/// (which a parsed clip never holds) are left out of the bounding box and stored as its corner.
pub(crate) fn quantise(positions: &[Vec3], joints: usize, step: usize) -> Quantised {
    let joints = joints.max(1);
    let step = step.max(1);
    let kept = || {
        positions
            .chunks_exact(joints)
            .step_by(step)
            .flat_map(|frame| frame.iter())
    };
    let (mut min, mut max) = (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN));
    for p in kept().filter(|p| p.is_finite()) {
        min = min.min(*p);
        max = max.max(*p);
    }
    if min.x > max.x {
        (min, max) = (Vec3::ZERO, Vec3::ZERO);
    }
    let extent = max - min;
    let mut bytes = Vec::with_capacity(positions.len() / step * 6 + 6);
    for p in kept() {
        for axis in 0..3 {
            let q = if extent[axis] > 0.0 {
                ((p[axis] - min[axis]) / extent[axis] * 65535.0).round() - 32768.0
            } else {
                -32768.0
            };
            // `as` saturates (and takes NaN to 0): the value is in range for finite input.
            bytes.extend_from_slice(&(q as i16).to_le_bytes());
        }
    }
    Quantised {
        frames: (positions.len() / joints).div_ceil(step),
        min,
        extent,
        base64: base64(&bytes),
    }
}

/// Standard base64 (RFC 4648, with padding), as `atob` reads it.
pub(crate) fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648() {
        for (raw, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(raw.as_bytes()), encoded);
        }
        assert_eq!(base64(&[0xfb, 0xff]), "+/8=");
    }

    #[test]
    fn steps_cap_the_rate_and_the_page_size() {
        // 30, 60, 120 Hz; 100 Hz keeps every second frame (50 Hz).
        let clips = [
            (1.0 / 30.0, 10, 31),
            (1.0 / 60.0, 10, 31),
            (f64::from(0.0083333_f32), 10, 31),
            (0.01, 10, 31),
        ];
        assert_eq!(steps(&clips), [1, 1, 2, 2]);
        // 10 minutes at 120 Hz fits; an hour of 40 such clips does not.
        assert_eq!(steps(&[(0.0083333, 72_000, 31)]), [2]);
        let long = steps(&[(0.0083333, 432_000, 31); 40]);
        let values: usize = long
            .iter()
            .map(|s| 432_000_usize.div_ceil(*s) * 93 * 40)
            .sum();
        assert!(values / 40 <= VALUE_BUDGET, "{long:?}");
    }

    #[test]
    fn quantised_positions_decode_within_half_a_step() {
        let positions: Vec<Vec3> = (0..50)
            .map(|i| Vec3::new(i as f32 * 0.37, (i as f32).sin() * 20.0, 5.0))
            .collect();
        let q = quantise(&positions, 2, 2);
        assert_eq!(q.frames, 13);
        let bytes: Vec<u8> = {
            // Decode base64 the long way, to check the encoding end to end.
            let table = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            let sextets: Vec<u32> = q
                .base64
                .bytes()
                .filter(|&c| c != b'=')
                .map(|c| table.iter().position(|&t| t == c).unwrap() as u32)
                .collect();
            let mut out = Vec::new();
            for chunk in sextets.chunks(4) {
                let n = chunk.iter().fold(0, |n, s| n << 6 | s) << (6 * (4 - chunk.len()));
                out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
            }
            out
        };
        assert_eq!(bytes.len(), 13 * 2 * 3 * 2);
        for (k, value) in bytes.chunks_exact(2).enumerate() {
            let v = i16::from_le_bytes([value[0], value[1]]);
            let (frame, joint, axis) = (k / 6, k / 3 % 2, k % 3);
            let decoded = q.min[axis] + (f32::from(v) + 32768.0) / 65535.0 * q.extent[axis];
            let expected = positions[frame * 2 * 2 + joint][axis];
            assert!(
                (decoded - expected).abs() <= q.extent[axis] / 65535.0,
                "{decoded} {expected}"
            );
        }
    }
}
