//! Deterministic random numbers (xorshift64*) and the test grids' random parameters.

use glam::{DVec3, Quat, Vec3};

/// A small deterministic generator.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[a, b)`.
    pub fn range(&mut self, a: f64, b: f64) -> f64 {
        a + (b - a) * self.unit()
    }

    /// Log-uniform in `[a, b)`, `0 < a < b`.
    pub fn log_range(&mut self, a: f64, b: f64) -> f64 {
        (a.ln() + (b.ln() - a.ln()) * self.unit()).exp()
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// `+1` or `-1`.
    pub fn sign(&mut self) -> f64 {
        if self.next_u64() & 1 == 0 { 1.0 } else { -1.0 }
    }

    /// One element of `items`.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next_u64() % items.len() as u64) as usize]
    }

    /// The state of `n` compound springs (double, timed, velocity): positions in `[-5, 5)`,
    /// velocities 0 and internal points in `[-5, 5)`, drawn in that order.
    pub fn compound_state(&mut self, n: usize) -> (Vec<f32>, Vec<f32>, Vec<f32>) {
        let x = self.vec_f32(n, -5.0, 5.0);
        (x, vec![0.0; n], self.vec_f32(n, -5.0, 5.0))
    }

    /// A halflife in `[1e-3, 10]` s (log-uniform; sometimes exactly an end).
    pub fn halflife(&mut self) -> f32 {
        if self.chance(0.03) {
            self.pick(&[1e-3, 10.0])
        } else {
            self.log_range(1e-3, 10.0) as f32
        }
    }

    /// `k` unequal time steps adding up to about `total` (each rounded to `f32`): weights drawn in
    /// `[0.2, 1.8]`, scaled to the total.
    pub fn unequal_steps(&mut self, total: f32, k: usize) -> Vec<f32> {
        let weights: Vec<f64> = (0..k).map(|_| self.range(0.2, 1.8)).collect();
        let sum: f64 = weights.iter().sum();
        weights
            .iter()
            .map(|w| (f64::from(total) * w / sum) as f32)
            .collect()
    }

    /// A time step in `[0, 10]` s: sometimes 0, sometimes a frame time, mostly log-uniform.
    pub fn dt(&mut self) -> f32 {
        let r = self.unit();
        if r < 0.04 {
            0.0
        } else if r < 0.12 {
            self.pick(&[1.0 / 120.0, 1.0 / 60.0, 1.0 / 30.0, 10.0])
        } else {
            self.log_range(1e-5, 10.0) as f32
        }
    }

    /// An offset `x0 - goal`: `±[1e-7, 1e3]`, log-uniform.
    pub fn offset(&mut self) -> f64 {
        self.sign() * self.log_range(1e-7, 1e3)
    }

    /// 0 with probability `zero`, else `±[lo, hi]` log-uniformly.
    fn zero_or_signed(&mut self, zero: f64, lo: f64, hi: f64) -> f32 {
        if self.chance(zero) {
            0.0
        } else {
            (self.sign() * self.log_range(lo, hi)) as f32
        }
    }

    /// An initial velocity: 0 or `±[1e-3, 1e3]`.
    pub fn velocity(&mut self) -> f32 {
        self.zero_or_signed(0.15, 1e-3, 1e3)
    }

    /// A goal velocity: 0 or `±[1e-3, 1e2]`.
    pub fn goal_velocity(&mut self) -> f32 {
        self.zero_or_signed(0.3, 1e-3, 1e2)
    }

    /// A goal position: 0 or `±[1e-2, 1e3]`.
    pub fn goal(&mut self) -> f32 {
        self.zero_or_signed(0.3, 1e-2, 1e3)
    }

    /// A damping ratio in `[0.01, 100]`, a quarter of the time within `1e-5` of 1 (both sides, and
    /// exactly 1).
    pub fn damping_ratio(&mut self) -> f32 {
        let r = self.unit();
        if r < 0.05 {
            1.0
        } else if r < 0.25 {
            (1.0 + self.sign() * self.log_range(1e-7, 1e-5)) as f32
        } else {
            self.log_range(0.01, 100.0) as f32
        }
    }

    /// Uniform in `[lo, hi)`, in `f32` (for the tests of the `f32` batches and kernels).
    pub fn range_f32(&mut self, lo: f32, hi: f32) -> f32 {
        (lo as f64 + (hi as f64 - lo as f64) * self.unit()) as f32
    }

    /// Log-uniform in `[lo, hi)`, `0 < lo < hi`, in `f32`.
    pub fn log_range_f32(&mut self, lo: f32, hi: f32) -> f32 {
        self.log_range(lo as f64, hi as f64) as f32
    }

    /// `n` halflives log-uniform in `[1e-3, 10)`, except 0 (a rigid spring, no draw) at every
    /// index `i` with `i % every == at`.
    pub fn halflives_with_rigid(&mut self, n: usize, every: usize, at: usize) -> Vec<f32> {
        (0..n)
            .map(|i| {
                if i % every == at {
                    0.0
                } else {
                    self.log_range_f32(1e-3, 10.0)
                }
            })
            .collect()
    }

    /// A vector with each component uniform in `[lo, hi)` (drawn x, y, z), in `f32`.
    pub fn vec3_f32(&mut self, lo: f32, hi: f32) -> Vec3 {
        Vec3::new(
            self.range_f32(lo, hi),
            self.range_f32(lo, hi),
            self.range_f32(lo, hi),
        )
    }

    /// `n` values uniform in `[lo, hi)`, in `f32`.
    pub fn vec_f32(&mut self, n: usize, lo: f32, hi: f32) -> Vec<f32> {
        (0..n).map(|_| self.range_f32(lo, hi)).collect()
    }

    /// A unit rotation by up to 3.1 rad about a random axis, in `f32`.
    pub fn quat_f32(&mut self) -> Quat {
        let axis = self.vec3_f32(-1.0, 1.0);
        let angle = self.range_f32(0.0, 3.1);
        Quat::from_axis_angle(axis.try_normalize().unwrap_or(Vec3::X), angle)
    }

    /// A random unit vector.
    pub fn unit_vec3(&mut self) -> DVec3 {
        loop {
            let v = DVec3::new(
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
            );
            let len = v.length();
            if len > 0.1 && len <= 1.0 {
                return v / len;
            }
        }
    }
}
