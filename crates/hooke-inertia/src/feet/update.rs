//! [`FootLocker::update`]: gather each active character's legs (forward kinematics), step the
//! lock state in `f32x8` lanes, apply the two-bone IK to the legs that are engaged.

use glam::{DQuat, DVec3};
use hooke::SpringCoeffs;
use hooke::column::Vec3Columns;
use hooke::lanes::{LaneCoeffs, critical_rate};
use hooke::scalar::angular_velocity_f64;
use hooke::simd::Vec3x8;
use wide::f32x8;

use super::FootLocker;
use super::chain::{LegPose, leg_pose};
use super::ik::two_bone_ik;
use super::kernel::{LegFrame8, LockParams, LockState8, lock_step};
use super::settings::Contacts;
use crate::batch::PoseBatch;
use crate::error::InertiaError;
use crate::inertializer::Inertializer;
use crate::profile::check_time;
use crate::saturate::{saturate, saturate_vec3};

impl FootLocker {
    /// Locks the planted feet of every character with a blend in flight, after
    /// [`crate::Inertializer::update`] wrote `output` from `input` (the destination animation,
    /// in which contacts are detected): rewrites the hip, knee and ankle rotations of the legs
    /// that are locked or releasing (docs/math.md §7). `dt` is the update's.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let rig = FootRig::new(&[None, Some(0), Some(1), Some(2)], &[Leg { hip: 0, knee: 1, ankle: 2, toe: 3 }])?;
    /// let mut feet = FootLocker::new(2, rig, FootLockSettings::centimetres())?;
    /// let inertializer = Inertializer::new(2, BlendProfile::uniform(4, 0.1)?, RootPolicy::Local)?;
    /// let input = PoseBatch::new(2, 4, 0)?;
    /// let mut output = input.clone();
    /// feet.update(1.0 / 60.0, &inertializer, &input, &mut output)?; // nothing blends: unchanged
    /// assert_eq!(output, input);
    /// assert!(feet.update(f32::NAN, &inertializer, &input, &mut output).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn update(
        &mut self,
        dt: f32,
        inertializer: &Inertializer,
        input: &PoseBatch,
        output: &mut PoseBatch,
    ) -> Result<(), InertiaError> {
        let dt = check_time("dt", dt)?;
        let bones = self.rig.bone_count();
        let expected = (self.characters, bones);
        let found = (
            inertializer.character_count(),
            inertializer.profile().bone_count(),
        );
        for (field, (c, b)) in [
            ("inertializer", found),
            ("input", (input.shape().0, input.shape().1)),
            ("output", (output.shape().0, output.shape().1)),
        ] {
            if (c, b) != expected {
                return Err(InertiaError::ShapeMismatch {
                    field,
                    expected: (expected.0, expected.1, 0),
                    found: (c, b, 0),
                });
            }
        }
        if self.rig.legs().is_empty() {
            return Ok(());
        }
        let any = self.gather(inertializer, input, output);
        if !any {
            return Ok(());
        }
        // The vertical along which a held lock follows the animated toe: the detection's, or
        // (given contacts) the inertializer's root policy's (+Y for a local root).
        let up = match self.settings.contacts {
            Contacts::Detected(t) => t.up.as_dvec3().normalize(),
            Contacts::Given => inertializer.up(),
        };
        self.step_lanes(dt, up.as_vec3());
        self.apply(dt, output);
        Ok(())
    }

    /// Measures the legs of the characters whose legs blend (an offset or dead blend on a bone
    /// from the root to a toe) or that still hold a leg; marks the others inactive (they cost
    /// this one check). Whether any character is active.
    fn gather(
        &mut self,
        inertializer: &Inertializer,
        input: &PoseBatch,
        output: &PoseBatch,
    ) -> bool {
        let legs = self.rig.legs().len();
        let bones = self.rig.bone_count();
        let detect = match self.settings.contacts {
            Contacts::Detected(t) => Some(t),
            Contacts::Given => None,
        };
        let max_extension = f64::from(self.settings.max_extension);
        let blends = inertializer.leg_blends();
        let transitions = inertializer.transition_counts();
        let mut any = false;
        for (character, &count) in transitions.iter().enumerate().take(self.characters) {
            let lanes = character * legs..(character + 1) * legs;
            let engaged = self.engaged.as_slice()[lanes.clone()]
                .iter()
                .any(|&e| e != 0.0);
            // Only a transition puts a blend on a character: one found at rest since its last
            // transition is not looked at again (the idle crowd's cost is this compare).
            let since = count.wrapping_add(1);
            let blending =
                self.at_rest[character] != since && blends.any(character, self.rig.chain_bones());
            self.at_rest[character] = if blending { 0 } else { since };
            let active = blending || engaged;
            let f = &mut self.frame;
            for lane in lanes {
                f.active.as_mut_slice()[lane] = flag(active);
                f.blending.as_mut_slice()[lane] = flag(blending);
                if !active {
                    // Contacts start afresh at the next blend (the kernel skips lane groups
                    // without an active leg, so it cannot clear them).
                    self.contact.as_mut_slice()[lane] = 0.0;
                    self.planted.as_mut_slice()[lane] = 0.0;
                }
            }
            if !active {
                continue;
            }
            any = true;
            for leg in 0..legs {
                let lane = character * legs + leg;
                let path = self.rig.path(leg);
                let out = leg_pose(&output.bone_columns, character * bones, path);
                f.toe.set(lane, saturate_vec3(out.toe.p));
                f.toe_velocity.set(lane, saturate_vec3(out.toe.v));
                f.centre
                    .set(lane, saturate_vec3(out.hip.p + out.toe.p - out.ankle.p));
                let length =
                    (out.knee.p - out.hip.p).length() + (out.ankle.p - out.knee.p).length();
                f.reach.as_mut_slice()[lane] = saturate(length * max_extension);
                let destination = leg_pose(&input.bone_columns, character * bones, path).toe;
                f.blend_offset.as_mut_slice()[lane] =
                    saturate((out.toe.p - destination.p).length());
                if let Some(t) = detect {
                    let up = t.up.as_dvec3().normalize();
                    f.speed.as_mut_slice()[lane] = saturate(destination.v.length());
                    f.height.as_mut_slice()[lane] =
                        saturate(destination.p.dot(up) - f64::from(t.ground));
                    f.toe_height.as_mut_slice()[lane] =
                        saturate(out.toe.p.dot(up) - f64::from(t.ground));
                }
            }
        }
        any
    }

    /// The lock-state kernel over every lane group.
    fn step_lanes(&mut self, dt: f32, up: glam::Vec3) {
        let s = &self.settings;
        let splat = f32x8::splat;
        let (detect, t) = match s.contacts {
            Contacts::Detected(t) => (true, t),
            // Unused without detection.
            Contacts::Given => (false, super::ContactThresholds::centimetres()),
        };
        let params = LockParams {
            detect,
            enter_speed: splat(t.enter_speed),
            exit_speed: splat(t.exit_speed),
            enter_height: splat(t.enter_height),
            exit_height: splat(t.exit_height),
            max_lock_distance: splat(s.max_lock_distance),
            settle: splat(s.settle_distance),
            up: Vec3x8::splat(up),
            spring: LaneCoeffs::splat(&SpringCoeffs::critical(s.release_halflife, dt)),
            rate: splat(critical_rate(s.release_halflife)),
            dt: splat(dt),
            glide: splat(s.lock_in_glide),
        };
        let f = &self.frame;
        for i in 0..self.contact.lanes().len() {
            let frame = LegFrame8 {
                active: f.active.lanes()[i],
                blending: f.blending.lanes()[i],
                given: f.given.lanes()[i],
                speed: f.speed.lanes()[i],
                height: f.height.lanes()[i],
                toe_height: f.toe_height.lanes()[i],
                blend_offset: f.blend_offset.lanes()[i],
                toe: load(&f.toe, i),
                toe_velocity: load(&f.toe_velocity, i),
                centre: load(&f.centre, i),
                reach: f.reach.lanes()[i],
            };
            if frame.active == f32x8::ZERO {
                continue;
            }
            let state = LockState8 {
                contact: self.contact.lanes()[i],
                planted: self.planted.lanes()[i],
                locked: self.locked.lanes()[i],
                engaged: self.engaged.lanes()[i],
                point: load(&self.point, i),
                velocity: load(&self.velocity, i),
                anchor: load(&self.anchor, i),
                offset: load(&self.offset, i),
                offset_velocity: load(&self.offset_velocity, i),
                glide_rate: self.glide_rate.lanes()[i],
            };
            let next = lock_step(state, &frame, &params);
            self.contact.lanes_mut()[i] = next.contact;
            self.planted.lanes_mut()[i] = next.planted;
            self.locked.lanes_mut()[i] = next.locked;
            self.engaged.lanes_mut()[i] = next.engaged;
            store(&mut self.point, i, next.point);
            store(&mut self.velocity, i, next.velocity);
            store(&mut self.anchor, i, next.anchor);
            store(&mut self.offset, i, next.offset);
            store(&mut self.offset_velocity, i, next.offset_velocity);
            self.glide_rate.lanes_mut()[i] = next.glide_rate;
        }
    }

    /// The two-bone IK on every engaged leg of the active characters. The turned bones'
    /// angular velocities follow their rotations: with `c` the turn the IK puts before a bone's
    /// animated rotation `q` (its new rotation is `c q`), the bone spins at
    /// `w_c + c w c⁻¹`, where `w` is the animated angular velocity and `w_c` the rate of `c`
    /// since the last frame (`log(c c_last⁻¹) / dt`; 0 over a `dt` of 0).
    fn apply(&mut self, dt: f32, output: &mut PoseBatch) {
        let legs = self.rig.legs().len();
        let bones = self.rig.bone_count();
        let max_extension = f64::from(self.settings.max_extension);
        let softness = f64::from(self.settings.reach_softness);
        let dt = f64::from(dt);
        for lane in 0..self.characters * legs {
            let last = std::mem::replace(&mut self.turns[lane], [DQuat::IDENTITY; 3]);
            if self.engaged.as_slice()[lane] == 0.0 || self.frame.active.as_slice()[lane] == 0.0 {
                continue;
            }
            let (character, leg) = (lane / legs, lane % legs);
            let base = character * bones;
            let pose: LegPose = leg_pose(&output.bone_columns, base, self.rig.path(leg));
            let target: DVec3 = self.point.get(lane).as_dvec3();
            let Some(r) = two_bone_ik(&pose, target, max_extension, softness) else {
                continue;
            };
            let bones_of = self.rig.legs()[leg];
            let turned = [
                (bones_of.hip, r.hip),
                (bones_of.knee, r.knee),
                (bones_of.ankle, r.ankle),
            ];
            for (k, (bone, q)) in turned.into_iter().enumerate() {
                let (x, v, animated, w) = output.bone_columns.get(base + bone);
                let q = q.as_quat().normalize();
                let turn = (q.as_dquat() * animated.as_dquat().conjugate()).normalize();
                let turn_rate = if dt > 0.0 {
                    angular_velocity_f64(last[k], turn, dt)
                } else {
                    DVec3::ZERO
                };
                let w = saturate_vec3(turn_rate + turn * w.as_dvec3());
                self.turns[lane][k] = turn;
                output.bone_columns.set(base + bone, x, v, q, w);
            }
        }
    }
}

fn flag(b: bool) -> f32 {
    if b { 1.0 } else { 0.0 }
}

fn load(c: &Vec3Columns, i: usize) -> Vec3x8 {
    Vec3x8 {
        x: c.x.lanes()[i],
        y: c.y.lanes()[i],
        z: c.z.lanes()[i],
    }
}

fn store(c: &mut Vec3Columns, i: usize, v: Vec3x8) {
    c.x.lanes_mut()[i] = v.x;
    c.y.lanes_mut()[i] = v.y;
    c.z.lanes_mut()[i] = v.z;
}
