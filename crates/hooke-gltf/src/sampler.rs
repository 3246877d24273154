//! Keyframe samplers and their three interpolations, as the glTF 2.0 specification defines
//! them (section 3.11 and appendix C).

use glam::{Quat, Vec3, Vec4};

use crate::GltfError;

/// How a sampler interpolates between keyframes.
///
/// ```
/// use hooke_gltf::Interpolation;
/// assert_eq!(Interpolation::from_gltf_name("CUBICSPLINE"), Some(Interpolation::CubicSpline));
/// assert_eq!(Interpolation::Linear.gltf_name(), "LINEAR");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interpolation {
    /// Straight lines between keys; rotations by spherical linear interpolation (normalised).
    Linear,
    /// The value of the last key at or before the time.
    Step,
    /// Cubic Hermite splines with an in-tangent, a value and an out-tangent per key.
    CubicSpline,
}

impl Interpolation {
    /// The name in a glTF file.
    ///
    /// ```
    /// assert_eq!(hooke_gltf::Interpolation::Step.gltf_name(), "STEP");
    /// ```
    pub fn gltf_name(self) -> &'static str {
        match self {
            Interpolation::Linear => "LINEAR",
            Interpolation::Step => "STEP",
            Interpolation::CubicSpline => "CUBICSPLINE",
        }
    }

    /// The interpolation named `name` in a glTF file.
    ///
    /// ```
    /// assert_eq!(hooke_gltf::Interpolation::from_gltf_name("SMOOTH"), None);
    /// ```
    pub fn from_gltf_name(name: &str) -> Option<Interpolation> {
        [
            Interpolation::Linear,
            Interpolation::Step,
            Interpolation::CubicSpline,
        ]
        .into_iter()
        .find(|i| i.gltf_name() == name)
    }
}

/// A checked sampler: finite, strictly increasing key times and finite values of `width`
/// components per key (three per key for cubic splines: in-tangent, value, out-tangent).
#[derive(Debug, Clone)]
pub(crate) struct Sampler {
    pub(crate) times: Vec<f32>,
    values: Vec<f32>,
    width: usize,
    mode: Interpolation,
}

impl Sampler {
    /// Checks the keys; `at` names the sampler in messages.
    pub(crate) fn new(
        times: Vec<f32>,
        values: Vec<f32>,
        width: usize,
        mode: Interpolation,
        at: &str,
    ) -> Result<Sampler, GltfError> {
        for (k, &t) in times.iter().enumerate() {
            if !t.is_finite() {
                return Err(GltfError::invalid(
                    at,
                    format!("input key {k} is {t}, not a finite time"),
                ));
            }
            if k > 0 && t <= times[k - 1] {
                return Err(GltfError::invalid(
                    at,
                    format!(
                        "input key {k} ({t} s) does not come after key {} ({} s)",
                        k - 1,
                        times[k - 1]
                    ),
                ));
            }
        }
        let per_key = if mode == Interpolation::CubicSpline {
            3 * width
        } else {
            width
        };
        let expected = times.len().checked_mul(per_key);
        if expected != Some(values.len()) {
            return Err(GltfError::invalid(
                at,
                format!(
                    "{} input keys need {} output values for {}, found {} ({} elements)",
                    times.len(),
                    expected.map_or("too many".to_owned(), |e| e.to_string()),
                    mode.gltf_name(),
                    values.len(),
                    values.len() / width.max(1)
                ),
            ));
        }
        if let Some(k) = values.iter().position(|v| !v.is_finite()) {
            return Err(GltfError::invalid(
                at,
                format!(
                    "output value {k} (key {}) is {}, not finite",
                    k / per_key,
                    values[k]
                ),
            ));
        }
        Ok(Sampler {
            times,
            values,
            width,
            mode,
        })
    }

    fn element(&self, k: usize, part: usize) -> Vec4 {
        let per = if self.mode == Interpolation::CubicSpline {
            3
        } else {
            1
        };
        let start = (k * per + part) * self.width;
        let v = &self.values[start..start + self.width];
        Vec4::new(
            v[0],
            *v.get(1).unwrap_or(&0.0),
            *v.get(2).unwrap_or(&0.0),
            *v.get(3).unwrap_or(&0.0),
        )
    }

    /// The value at time `t` (clamped to the first and last keys), and for the linear mode the
    /// two keys and the fraction between them (rotations interpolate those by slerp).
    fn sample_raw(&self, t: f64) -> Result<Vec4, (Vec4, Vec4, f32)> {
        let value = if self.mode == Interpolation::CubicSpline {
            1
        } else {
            0
        };
        let last = self.times.len() - 1;
        if t <= f64::from(self.times[0]) {
            return Ok(self.element(0, value));
        }
        if t >= f64::from(self.times[last]) {
            return Ok(self.element(last, value));
        }
        let k = self.times.partition_point(|&x| f64::from(x) <= t) - 1;
        let (t0, t1) = (f64::from(self.times[k]), f64::from(self.times[k + 1]));
        let dt = t1 - t0;
        let s = ((t - t0) / dt) as f32;
        match self.mode {
            Interpolation::Step => Ok(self.element(k, 0)),
            Interpolation::Linear => Err((self.element(k, 0), self.element(k + 1, 0), s)),
            Interpolation::CubicSpline => {
                let dt = dt as f32;
                let (s2, s3) = (s * s, s * s * s);
                let p0 = self.element(k, 1);
                let m0 = self.element(k, 2) * dt;
                let p1 = self.element(k + 1, 1);
                let m1 = self.element(k + 1, 0) * dt;
                Ok(p0 * (2.0 * s3 - 3.0 * s2 + 1.0)
                    + m0 * (s3 - 2.0 * s2 + s)
                    + p1 * (-2.0 * s3 + 3.0 * s2)
                    + m1 * (s3 - s2))
            }
        }
    }

    /// A vector (translation, scale) at time `t`.
    pub(crate) fn vec3(&self, t: f64) -> Vec3 {
        match self.sample_raw(t) {
            Ok(v) => v.truncate(),
            Err((a, b, s)) => a.truncate().lerp(b.truncate(), s),
        }
    }

    /// A rotation at time `t`: slerp for the linear mode, and always normalised (a zero
    /// quaternion, which no rotation is, becomes the identity).
    pub(crate) fn quat(&self, t: f64) -> Quat {
        let q = match self.sample_raw(t) {
            Ok(v) => Quat::from_vec4(v),
            Err((a, b, s)) => {
                let (a, b) = (
                    Quat::from_vec4(a).normalize(),
                    Quat::from_vec4(b).normalize(),
                );
                if a.is_finite() && b.is_finite() {
                    a.slerp(b, s)
                } else {
                    a.lerp(b, s)
                }
            }
        };
        let n = q.normalize();
        if n.is_finite() { n } else { Quat::IDENTITY }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sampler(times: &[f32], values: &[f32], width: usize, mode: Interpolation) -> Sampler {
        Sampler::new(times.to_vec(), values.to_vec(), width, mode, "s").unwrap()
    }

    #[test]
    fn linear_step_and_cubic_match_hand_computed_values() {
        let lin = sampler(
            &[0.0, 1.0, 3.0],
            &[0., 0., 0., 2., 4., 6., 0., 0., 0.],
            3,
            Interpolation::Linear,
        );
        assert_eq!(lin.vec3(-1.0), Vec3::ZERO);
        assert_eq!(lin.vec3(0.25), Vec3::new(0.5, 1.0, 1.5));
        assert_eq!(lin.vec3(2.0), Vec3::new(1.0, 2.0, 3.0));
        assert_eq!(lin.vec3(9.0), Vec3::ZERO);
        let step = sampler(
            &[0.0, 1.0],
            &[1., 1., 1., 5., 5., 5.],
            3,
            Interpolation::Step,
        );
        assert_eq!(step.vec3(0.999), Vec3::ONE);
        assert_eq!(step.vec3(1.0), Vec3::splat(5.0));
        // Hermite with p0 = 0, p1 = 1, out-tangent 2 at key 0, in-tangent -1 at key 1, over
        // 2 s: at s = 0.5, h00 = 0.5, h10 = 0.125, h01 = 0.5, h11 = -0.125, so
        // p = 0.5*0 + 0.125*(2*2) + 0.5*1 - 0.125*(-1*2) = 1.25.
        let cubic = sampler(
            &[0.0, 2.0],
            &[
                9., 9., 9., 0., 0., 0., 2., 2., 2., -1., -1., -1., 1., 1., 1., 9., 9., 9.,
            ],
            3,
            Interpolation::CubicSpline,
        );
        assert!((cubic.vec3(1.0) - Vec3::splat(1.25)).length() < 1e-6);
        assert_eq!(cubic.vec3(2.0), Vec3::ONE);
        assert_eq!(cubic.vec3(0.0), Vec3::ZERO);
    }

    #[test]
    fn rotations_slerp_and_normalise() {
        let z90 = Quat::from_rotation_z(std::f32::consts::FRAC_PI_2);
        let lin = sampler(
            &[0.0, 1.0],
            &[0., 0., 0., 1., z90.x, z90.y, z90.z, z90.w],
            4,
            Interpolation::Linear,
        );
        let half = lin.quat(0.5);
        // Slerp gives exactly 45°, where nlerp would too at the midpoint; check a quarter too.
        assert!(half.abs_diff_eq(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4), 1e-6));
        let quarter = lin.quat(0.25);
        assert!(quarter.abs_diff_eq(Quat::from_rotation_z(std::f32::consts::PI / 8.0), 1e-6));
        // Cubic rotations with zero tangents: the smoothstep of the components, normalised.
        // In-tangent, value and out-tangent of each key (zero tangents).
        let zero = [0.0; 4];
        let keys = [
            zero,
            [0., 0., 0., 2.],
            zero,
            zero,
            [0., 0., z90.z * 2.0, z90.w * 2.0],
            zero,
        ];
        let cubic = sampler(
            &[0.0, 1.0],
            keys.as_flattened(),
            4,
            Interpolation::CubicSpline,
        );
        let q = cubic.quat(0.5);
        let expected = Quat::from_xyzw(0.0, 0.0, z90.z, 1.0 + z90.w).normalize();
        assert!(q.abs_diff_eq(expected, 1e-6), "{q:?}");
        assert!((q.length() - 1.0).abs() < 1e-6);
    }

    #[test]
    fn bad_keys_are_errors() {
        let bad = |times: &[f32], values: &[f32], want: &str| {
            let err = Sampler::new(
                times.to_vec(),
                values.to_vec(),
                1,
                Interpolation::Linear,
                "s",
            )
            .unwrap_err();
            assert!(err.to_string().contains(want), "{want}: {err}");
        };
        bad(&[0.0, f32::NAN], &[0.0, 0.0], "not a finite time");
        bad(&[0.0, 0.0], &[0.0, 0.0], "does not come after");
        bad(&[0.0, 1.0], &[0.0], "need 2 output values");
        bad(&[0.0, 1.0], &[0.0, f32::INFINITY], "not finite");
    }
}
