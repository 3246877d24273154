//! [`RigGroup::step`]: one group's frame: inputs, transitions, the SIMD pass, the output.

use glam::{Quat, Vec3};
use hooke::simd::{Quat8, Vec3x8};
use hooke_inertia::{BlendMode, PoseRef};
use wide::f32x8;

use super::{Character, HISTORY, LanePoses, RigGroup};

impl RigGroup {
    /// Builds the inputs from this frame's gathered poses (history slot `slot`; `dts` are the
    /// frame times of the slots), re-bases the characters that switched last frame on their new
    /// clip's measured velocity, runs the SIMD pass, then switches the characters that switch
    /// this frame (all of them in one `transition_many_after_update`) and writes the output.
    ///
    /// **The frame of the switch** (docs/math.md §6.1): the offsets of a switch at time `t` are
    /// taken between the old clip's pose at `t` and the new clip's at `t`, and shown undecayed
    /// on that frame (the decay starts from the next frame). Bevy no longer samples the old clip
    /// at `t`, so a switching character is given the old clip's continuation (last frame's input
    /// carried on by its velocity for `dt`) as this frame's input, and is switched *after* the
    /// update with `Inertializer::transition_many_after_update` (a switch at the time of the
    /// frame shown, which the next update advances): the frame shows the old blend decayed to
    /// `t` applied to the source at `t`, exactly what the new offsets show at `t`. The
    /// re-basing on the measured velocity the frame after is also a switch at the time of the
    /// frame already shown, so it goes through the same call.
    pub(super) fn step(&mut self, dt: f32, slot: usize, dts: [f32; HISTORY]) {
        let previous = (slot + HISTORY - 1) % HISTORY;
        let before = (slot + HISTORY - 2) % HISTORY;
        let measure_all = self.feet.is_some();
        self.switching.clear();
        self.modes.clear();
        self.correcting.clear();
        // Every character's input at once: this frame's pose with zero velocities (they only
        // reach the output's velocities, which the plugin does not show). The characters that
        // need another input (a switch, measured velocities) overwrite theirs below. If any pose
        // is invalid, nothing was written and every character's input is checked on its own, so
        // that only the invalid ones are left to the animation.
        let all = 0..self.characters.len();
        let bulk = (self.input)
            .set_transforms(all, &self.history[slot])
            .is_ok();
        for c in 0..self.characters.len() {
            let range = self.lanes(c);
            let frames = Frames {
                now: &self.history[slot],
                last: &self.history[previous],
                before: &self.history[before],
                range,
            };
            let character = &mut self.characters[c];
            let pending = character.pending.take();
            let mode = pending.and_then(|m| m.blend_mode());
            let switching = character.has_input && mode.is_some();
            if pending.is_some() && !switching {
                // A cut (a crossfade never reaches here): the output becomes the input, and
                // the old clip's samples no longer count for velocities.
                let _ = self.inertializer.reset(c);
                character.correct = false;
                character.samples = 0;
            }
            let s = &mut self.scratch;
            let accepted = if let (true, Some(mode)) = (switching, mode) {
                // The source: last frame's input, with the velocity the inertializer took for
                // it (zero right after a switch), carried on to this frame.
                let known = character.samples >= 2 && !character.correct;
                let last_dt = dts[previous];
                if known && last_dt > 0.0 {
                    frames.measure(frames.before, frames.last, last_dt, s);
                } else {
                    s.velocities.fill(Vec3::ZERO);
                    s.angular_velocities.fill(Vec3::ZERO);
                }
                frames.carry_on(dt, s);
                let ok = self.input.set_character(c, s.pose()).is_ok()
                    && (self.destination)
                        .set_transforms(c..c + 1, frames.character(frames.now))
                        .is_ok();
                if ok {
                    self.switching.push(c);
                    self.modes.push(mode);
                    character.correct = matches!(mode, BlendMode::Inertialize);
                }
                ok
            } else {
                let measured = character.has_input
                    && character.samples >= 1
                    && dt > 0.0
                    && (character.correct || measure_all);
                if measured {
                    frames.measure(frames.last, frames.now, dt, s);
                }
                let mut ok = true;
                if character.correct && measured {
                    // The frame after a switch: re-base the offsets on the measured velocity
                    // of the new clip. The source is the destination of the switch (zero
                    // velocity), so only the velocity offsets change and the output keeps its
                    // velocity.
                    frames.split(frames.last, s);
                    ok = self.rebased.set_character(c, s.pose()).is_ok();
                    self.correcting.push(c);
                    character.correct = false;
                }
                // Measured velocities where foot locking reads them; elsewhere the bulk input
                // above, unless it was refused.
                let own_input = measured && measure_all;
                ok && if own_input {
                    frames.split(frames.now, s);
                    self.input.set_character(c, s.pose()).is_ok()
                } else {
                    bulk || (self.input)
                        .set_transforms(c..c + 1, frames.character(frames.now))
                        .is_ok()
                }
            };
            settle(character, &mut self.inertializer, c, accepted, switching);
        }
        self.correcting.retain(|&c| self.characters[c].has_input);
        if !self.correcting.is_empty() {
            let _ = (self.inertializer).transition_many_after_update(
                &self.correcting,
                &self.destination,
                &self.rebased,
            );
        }
        let mut updated = self
            .inertializer
            .par_update(dt, &self.input, &mut self.output)
            .is_ok();
        if updated {
            self.switch(slot);
            // After the switches: the locker sees the characters that switched blending from
            // the pose this frame shows (their input is now the new clip's pose, which the new
            // offsets turn into the output exactly), and plants their feet there.
            updated = self.feet.as_mut().is_none_or(|feet| {
                feet.update(dt, &self.inertializer, &self.input, &mut self.output)
                    .is_ok()
            });
        }
        let written = updated && self.output.write_transforms(&mut self.shown).is_ok();
        if !written {
            // Not expected (`dt` and the shapes are valid): leave every bone to the animation.
            for character in &mut self.characters {
                character.write = false;
            }
        }
    }

    /// The switches of this frame, after its update: from the source this frame showed to the
    /// new clip's pose, every switching character in one `transition_many_after_update`; then the input
    /// batch holds the destination, what the inertializer now takes as the input.
    fn switch(&mut self, slot: usize) {
        if self.switching.is_empty() {
            return;
        }
        for (&c, &mode) in self.switching.iter().zip(&self.modes) {
            let _ = self.inertializer.set_mode(c, mode);
        }
        let switched = self
            .inertializer
            .transition_many_after_update(&self.switching, &self.input, &self.destination)
            .is_ok();
        for &c in &self.switching {
            let destination = &self.history[slot][self.lanes(c)];
            if !switched || self.input.set_transforms(c..c + 1, destination).is_err() {
                // Not expected (the poses were checked); show the new clip as a cut.
                let _ = self.inertializer.reset(c);
                self.characters[c].correct = false;
            }
        }
    }
}

/// A character's flags after its input was built.
fn settle(
    character: &mut Character,
    inertializer: &mut hooke_inertia::Inertializer,
    c: usize,
    accepted: bool,
    switching: bool,
) {
    if accepted {
        character.has_input = true;
        character.write = true;
        character.samples = if switching {
            1
        } else {
            character.samples.saturating_add(1).min(2)
        };
    } else {
        // Not finite, or a rotation too far from unit length to be a rotation: leave the
        // bones alone and start afresh from the next valid pose.
        let _ = inertializer.reset(c);
        *character = Character {
            has_input: false,
            samples: 0,
            correct: false,
            write: false,
            ..character.clone()
        };
    }
}

/// The gathered frames of one character.
struct Frames<'a> {
    now: &'a LanePoses,
    last: &'a LanePoses,
    before: &'a LanePoses,
    range: core::ops::Range<usize>,
}

impl Frames<'_> {
    /// The velocities from frame `a` to frame `b`, `dt` apart, into `s`: backward differences,
    /// angular velocity `log(q1 q0⁻¹) / dt` on the shortest path (as hooke-bvh's clips), eight
    /// bones at a time in `f32` lanes (hooke's `Quat8` logarithm, within 1.4 ulp of the exact
    /// factor; the scalar `f64` one cost about 230 instructions per bone).
    fn measure(&self, a: &LanePoses, b: &LanePoses, dt: f32, s: &mut super::Scratch) {
        let t = f32x8::splat(dt);
        let (a, b) = (self.character(a), self.character(b));
        let out = s
            .velocities
            .chunks_mut(8)
            .zip(s.angular_velocities.chunks_mut(8));
        for ((a, b), (v, w)) in a.chunks(8).zip(b.chunks(8)).zip(out) {
            let ((p0, q0), (p1, q1)) = (lanes(a), lanes(b));
            let v8 = Vec3x8 {
                x: (p1.x - p0.x) / t,
                y: (p1.y - p0.y) / t,
                z: (p1.z - p0.z) / t,
            };
            // (`mul_inverse`: a bone that did not turn gets exactly zero.)
            let turn = q1.mul_inverse(q0).to_scaled_angle_axis();
            let w8 = Vec3x8 {
                x: turn.x / t,
                y: turn.y / t,
                z: turn.z / t,
            };
            store_vec3s(v, v8);
            store_vec3s(w, w8);
        }
    }

    /// Last frame's pose carried on by the velocities of `s` for `dt` seconds, into `s`: the
    /// old clip's continuation at this frame's time (rotations turned on the left, the inverse
    /// of [`measure`](Self::measure)), eight bones at a time.
    fn carry_on(&self, dt: f32, s: &mut super::Scratch) {
        let t = f32x8::splat(dt);
        let last = self.character(self.last);
        let velocities = s.velocities.chunks(8).zip(s.angular_velocities.chunks(8));
        let out = s.positions.chunks_mut(8).zip(s.rotations.chunks_mut(8));
        for ((last, (v, w)), (p, q)) in last.chunks(8).zip(velocities).zip(out) {
            let (p0, q0) = lanes(last);
            let (v, w) = (vec3_lanes(v), vec3_lanes(w));
            let turn = Quat8::from_scaled_angle_axis(w * t);
            store_vec3s(p, p0 + v * t);
            store_quats(q, (turn * q0).normalize());
        }
    }

    /// The character's transforms in frame `poses`.
    fn character<'a>(&self, poses: &'a LanePoses) -> &'a [hooke_inertia::BoneTransform] {
        &poses[self.range.clone()]
    }

    /// The character's positions and rotations in frame `poses`, into `s` (beside the
    /// velocities [`measure`](Self::measure) put there: [`Scratch::pose`](super::Scratch::pose)).
    fn split(&self, poses: &LanePoses, s: &mut super::Scratch) {
        for (bone, t) in self.character(poses).iter().enumerate() {
            (s.positions[bone], s.rotations[bone]) = (t.position, t.rotation);
        }
    }
}

/// Up to eight transforms as lanes (the lanes beyond them at the rest pose).
#[inline(always)]
fn lanes(transforms: &[hooke_inertia::BoneTransform]) -> (Vec3x8, Quat8) {
    let mut columns = [[0.0; 8]; 7];
    columns[6] = [1.0; 8];
    for (k, t) in transforms.iter().take(8).enumerate() {
        let (p, q) = (t.position, t.rotation);
        for (column, value) in columns.iter_mut().zip([p.x, p.y, p.z, q.x, q.y, q.z, q.w]) {
            column[k] = value;
        }
    }
    let [x, y, z, qx, qy, qz, qw] = columns.map(f32x8::from);
    (
        Vec3x8 { x, y, z },
        Quat8 {
            x: qx,
            y: qy,
            z: qz,
            w: qw,
        },
    )
}

/// Up to eight vectors as lanes (zero beyond them).
#[inline(always)]
fn vec3_lanes(v: &[Vec3]) -> Vec3x8 {
    let mut columns = [[0.0; 8]; 3];
    for (k, v) in v.iter().take(8).enumerate() {
        (columns[0][k], columns[1][k], columns[2][k]) = (v.x, v.y, v.z);
    }
    let [x, y, z] = columns.map(f32x8::from);
    Vec3x8 { x, y, z }
}

/// The first `out.len()` (at most eight) lanes of `v` into `out`.
#[inline(always)]
fn store_vec3s(out: &mut [Vec3], v: Vec3x8) {
    let [x, y, z] = [v.x, v.y, v.z].map(f32x8::to_array);
    for (k, out) in out.iter_mut().enumerate().take(8) {
        *out = Vec3::new(x[k], y[k], z[k]);
    }
}

/// The first `out.len()` (at most eight) lanes of `q` into `out`.
#[inline(always)]
fn store_quats(out: &mut [Quat], q: Quat8) {
    let [x, y, z, w] = [q.x, q.y, q.z, q.w].map(f32x8::to_array);
    for (k, out) in out.iter_mut().enumerate().take(8) {
        *out = Quat::from_xyzw(x[k], y[k], z[k], w[k]);
    }
}

impl super::Scratch {
    /// The pose built here: the source of [`Frames::carry_on`], or the frame of
    /// [`Frames::split`] with the velocities of [`Frames::measure`].
    fn pose(&self) -> PoseRef<'_> {
        PoseRef {
            positions: &self.positions,
            velocities: &self.velocities,
            rotations: &self.rotations,
            angular_velocities: &self.angular_velocities,
            curves: &[],
            curve_velocities: &[],
            scales: &[],
            scale_velocities: &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hooke_inertia::BoneTransform;

    #[test]
    fn carrying_on_inverts_measuring() {
        let rest = |x: Vec3, q: Quat| vec![hooke_inertia::BoneTransform::new(x, q)];
        let a = rest(Vec3::new(1.0, 2.0, 3.0), Quat::from_rotation_y(0.4));
        let b = rest(
            Vec3::new(1.5, 1.0, 3.0),
            Quat::from_rotation_x(0.2) * Quat::from_rotation_y(0.4),
        );
        let frames = Frames {
            now: &b,
            last: &b,
            before: &a,
            range: 0..1,
        };
        let mut s = scratch(1, Vec3::ZERO);
        frames.measure(&a, &b, 0.5, &mut s);
        frames.carry_on(0.5, &mut s);
        // b + (b - a): one more step of the same motion.
        assert!((s.positions[0] - Vec3::new(2.0, 0.0, 3.0)).length() < 1e-6);
        let expected = Quat::from_rotation_x(0.4) * Quat::from_rotation_y(0.4);
        assert!(s.rotations[0].abs_diff_eq(expected, 1e-6));
    }

    /// A character's scratch for `bones` bones, its velocities set to `velocity`.
    fn scratch(bones: usize, velocity: Vec3) -> super::super::Scratch {
        super::super::Scratch {
            positions: vec![Vec3::ZERO; bones],
            rotations: vec![Quat::IDENTITY; bones],
            velocities: vec![velocity; bones],
            angular_velocities: vec![velocity; bones],
        }
    }

    /// The frames `a` (before) and `b` (last and now) of the second character of `bones` bones.
    fn second_character<'a>(a: &'a LanePoses, b: &'a LanePoses, bones: usize) -> Frames<'a> {
        Frames {
            now: b,
            last: b,
            before: a,
            range: bones..2 * bones,
        }
    }

    /// A character of `bones` bones (two lane groups and a partial third for 19), rotations up
    /// to nearly half a turn apart between the frames, within a second character's lanes.
    fn two_frames(bones: usize) -> (Vec<BoneTransform>, Vec<BoneTransform>) {
        let frame = |k: f32| {
            (0..2 * bones)
                .map(|i| {
                    let f = i as f32;
                    let axis = Vec3::new(f.sin(), f.cos(), 0.3 * f - 2.0).normalize();
                    let angle = k * (0.15 * f - 1.4);
                    let q = Quat::from_axis_angle(axis, angle) * Quat::from_rotation_z(0.1 * f);
                    BoneTransform::new(Vec3::new(f, -f * k, 1e3 * k), q)
                })
                .collect()
        };
        (frame(0.0), frame(1.0))
    }

    #[test]
    fn a_bone_that_did_not_turn_has_no_angular_velocity() {
        let bones = 11;
        let (a, _) = two_frames(bones);
        // The same rotations, and the same rotations negated (q and -q are one rotation).
        let b: Vec<BoneTransform> = (a.iter().enumerate())
            .map(|(i, t)| match i % 2 {
                0 => *t,
                _ => BoneTransform::new(t.position, -t.rotation),
            })
            .collect();
        let frames = second_character(&a, &b, bones);
        let mut s = scratch(bones, Vec3::ONE);
        frames.measure(&a, &b, 1.0 / 60.0, &mut s);
        assert!(s.velocities.iter().all(|v| *v == Vec3::ZERO));
        assert!(
            s.angular_velocities.iter().all(|w| *w == Vec3::ZERO),
            "{:?}",
            s.angular_velocities
        );
    }

    #[test]
    fn measured_velocities_are_the_scalar_ones_on_every_lane() {
        let bones = 19;
        let (a, b) = two_frames(bones);
        let frames = second_character(&a, &b, bones);
        let mut s = scratch(bones, Vec3::ZERO);
        let dt = 1.0 / 60.0;
        frames.measure(&a, &b, dt, &mut s);
        for bone in 0..bones {
            let (a, b) = (a[bones + bone], b[bones + bone]);
            let v = (b.position - a.position) / dt;
            let w = hooke::scalar::angular_velocity(a.rotation, b.rotation, dt);
            assert!(
                (s.velocities[bone] - v).length() <= 1e-6 * v.length(),
                "bone {bone}"
            );
            let tolerance = 2e-6 * w.length().max(1.0);
            assert!(
                (s.angular_velocities[bone] - w).length() <= tolerance,
                "bone {bone}: {} vs {w}",
                s.angular_velocities[bone]
            );
        }
        // Carried on by the same velocities: one more step of the same motion, on every lane.
        frames.carry_on(dt, &mut s);
        for bone in 0..bones {
            let (a, b) = (a[bones + bone], b[bones + bone]);
            let turn = b.rotation * a.rotation.inverse();
            let expected = (turn * b.rotation).normalize();
            assert!(
                s.rotations[bone].abs_diff_eq(expected, 2e-6)
                    || s.rotations[bone].abs_diff_eq(-expected, 2e-6),
                "bone {bone}: {} vs {expected}",
                s.rotations[bone]
            );
            let position = b.position + (b.position - a.position);
            assert!((s.positions[bone] - position).length() <= 1e-6 * position.length());
        }
    }
}
