//! [`FootLockSettings`]: where contacts come from, the detection thresholds and the release
//! spring, checked once.

use glam::Vec3;

use super::error::FootRigError;

/// Thresholds of contact detection on the destination pose (docs/math.md §7.2), in the rig's
/// units: a toe enters contact when it moves slower than `enter_speed` within `enter_height` of
/// the ground, and leaves it when it moves faster than `exit_speed` or rises above
/// `exit_height` (hysteresis: exit thresholds are at least the enter ones, so a contact does
/// not flicker).
///
/// ```
/// let cm = hooke_inertia::ContactThresholds::centimetres();
/// let cmu = hooke_inertia::ContactThresholds::scaled(5.6)?; // a unit of 5.6 cm
/// assert!((cmu.enter_speed * 5.6 - cm.enter_speed).abs() < 1e-4);
/// # Ok::<(), hooke_inertia::FootRigError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactThresholds {
    /// The up axis of the destination pose's space (non-zero; normalised where used).
    pub up: Vec3,
    /// The ground's height along `up`.
    pub ground: f32,
    /// A toe at most this high above the ground may enter contact.
    pub enter_height: f32,
    /// A toe higher than this leaves contact (`>= enter_height`).
    pub exit_height: f32,
    /// A toe slower than this (units per second) may enter contact.
    pub enter_speed: f32,
    /// A toe faster than this leaves contact (`>= enter_speed`).
    pub exit_speed: f32,
}

impl ContactThresholds {
    /// Thresholds for a rig in centimetres with +Y up and the ground at 0: contact within 5 cm
    /// of the ground below 25 cm/s, released above 8 cm or 40 cm/s.
    ///
    /// ```
    /// assert_eq!(hooke_inertia::ContactThresholds::centimetres().exit_speed, 40.0);
    /// ```
    pub fn centimetres() -> ContactThresholds {
        ContactThresholds {
            up: Vec3::Y,
            ground: 0.0,
            enter_height: 5.0,
            exit_height: 8.0,
            enter_speed: 25.0,
            exit_speed: 40.0,
        }
    }

    /// [`centimetres`](Self::centimetres) for a rig whose unit is `centimetres_per_unit` cm
    /// (finite, `> 0`): every length and speed divided by it.
    ///
    /// ```
    /// assert!(hooke_inertia::ContactThresholds::scaled(0.0).is_err());
    /// assert_eq!(hooke_inertia::ContactThresholds::scaled(100.0)?.exit_height, 0.08);
    /// # Ok::<(), hooke_inertia::FootRigError>(())
    /// ```
    pub fn scaled(centimetres_per_unit: f32) -> Result<ContactThresholds, FootRigError> {
        if !(centimetres_per_unit.is_finite() && centimetres_per_unit > 0.0) {
            return Err(FootRigError::InvalidSetting {
                field: "centimetres_per_unit",
                value: centimetres_per_unit,
                expected: "a finite value > 0",
            });
        }
        let cm = ContactThresholds::centimetres();
        let s = |x: f32| x / centimetres_per_unit;
        Ok(ContactThresholds {
            enter_height: s(cm.enter_height),
            exit_height: s(cm.exit_height),
            enter_speed: s(cm.enter_speed),
            exit_speed: s(cm.exit_speed),
            ..cm
        })
    }

    /// Checks every field (finite; heights may be negative, speeds `>= 0`;
    /// exit thresholds at least the enter ones; `up` non-zero).
    ///
    /// ```
    /// let mut t = hooke_inertia::ContactThresholds::centimetres();
    /// t.exit_speed = 10.0; // below enter_speed: no hysteresis
    /// assert!(t.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), FootRigError> {
        let up = self.up;
        if !up.is_finite() || up.length_squared() == 0.0 {
            return Err(FootRigError::InvalidSetting {
                field: "up",
                value: up.length(),
                expected: "a finite non-zero vector",
            });
        }
        finite("ground", self.ground)?;
        finite("enter_height", self.enter_height)?;
        at_least("exit_height", self.exit_height, self.enter_height)?;
        at_least("enter_speed", self.enter_speed, 0.0)?;
        at_least("exit_speed", self.exit_speed, self.enter_speed)
    }
}

/// Where each frame's contacts come from.
///
/// ```
/// use hooke_inertia::{ContactThresholds, Contacts};
/// let given = Contacts::Given;
/// let detected = Contacts::Detected(ContactThresholds::centimetres());
/// assert_ne!(given, detected);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Contacts {
    /// The caller sets them each frame ([`crate::FootLocker::set_contacts`]: an engine's
    /// contact curves).
    Given,
    /// Detected from the destination pose (the input of the update).
    Detected(ContactThresholds),
}

/// How [`crate::FootLocker`] locks feet.
///
/// ```
/// let s = hooke_inertia::FootLockSettings::centimetres();
/// assert!(s.check().is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FootLockSettings {
    /// Where contacts come from.
    pub contacts: Contacts,
    /// The halflife (seconds, `>= 0`) of the critical spring that takes a released lock point
    /// to the animated toe.
    pub release_halflife: f32,
    /// A released lock point within this distance of the animated toe (and its velocity within
    /// this distance per second of the toe's) is done: the leg is left as animated.
    pub settle_distance: f32,
    /// The longest a lock may stretch a leg, as a fraction of its length (`(0, 1]`; from the
    /// hip to the ankle): a held lock is dragged along that reach, and the IK never reaches
    /// further.
    pub max_extension: f32,
    /// The leash of a held lock (`>= 0`, in the rig's units): it is dragged along to stay
    /// within this distance of the animated toe, so that a foot never rubber-bands. It holds
    /// for given and detected contacts alike.
    pub max_lock_distance: f32,
    /// How far a lock lets a moving toe glide to a stop, at most, as a fraction of the leg's
    /// reach (`>= 0`; 0 stops it within a frame). A toe stopped in a frame turns the thigh as
    /// fast as a cut; every centimetre of glide is a centimetre of sliding (`docs/math.md`
    /// §7.4-7.5).
    pub lock_in_glide: f32,
    /// How far below its reach a leg's stretch beyond the animated one is softened, as a
    /// fraction of the leg's length (`[0, 1]`; 0: a hard clamp at the reach). Near full
    /// stretch the knee angle changes ever faster with the distance, and a held toe would
    /// straighten the knee within a frame (`docs/math.md` §7.3).
    pub reach_softness: f32,
}

impl FootLockSettings {
    /// Detected contacts with [`ContactThresholds::centimetres`], a release halflife of
    /// 0.08 s, settled at 0.01 cm, legs stretched to at most 99.9 % of their length, a lock
    /// held within 50 cm of the animated toe (at two of the seams of the walk of
    /// `docs/math.md` §7.5 the blend carries a planted toe more than 25 cm off: a 25 cm leash
    /// dragged it there, 17.0 cm/s of sliding against 9.5), a glide of at most 2 % of the reach
    /// where a lock stops a moving toe, and a stretch softened over the last 30 % of the leg
    /// (the choices of `docs/math.md` §7.5).
    ///
    /// ```
    /// assert_eq!(hooke_inertia::FootLockSettings::centimetres().release_halflife, 0.08);
    /// ```
    pub fn centimetres() -> FootLockSettings {
        FootLockSettings {
            contacts: Contacts::Detected(ContactThresholds::centimetres()),
            release_halflife: 0.08,
            settle_distance: 0.01,
            max_extension: 0.999,
            max_lock_distance: 50.0,
            lock_in_glide: 0.02,
            reach_softness: 0.3,
        }
    }

    /// [`centimetres`](Self::centimetres) for a rig whose unit is `centimetres_per_unit` cm:
    /// every length and speed divided by it.
    ///
    /// ```
    /// let s = hooke_inertia::FootLockSettings::scaled(100.0)?; // metres
    /// assert_eq!(s.settle_distance, 1e-4);
    /// assert_eq!(s.max_lock_distance, 0.5);
    /// # Ok::<(), hooke_inertia::FootRigError>(())
    /// ```
    pub fn scaled(centimetres_per_unit: f32) -> Result<FootLockSettings, FootRigError> {
        let thresholds = ContactThresholds::scaled(centimetres_per_unit)?;
        let cm = FootLockSettings::centimetres();
        Ok(FootLockSettings {
            contacts: Contacts::Detected(thresholds),
            settle_distance: cm.settle_distance / centimetres_per_unit,
            max_lock_distance: cm.max_lock_distance / centimetres_per_unit,
            ..cm
        })
    }

    /// Checks every field (and the thresholds of detected contacts).
    ///
    /// ```
    /// let mut s = hooke_inertia::FootLockSettings::centimetres();
    /// s.release_halflife = f32::NAN;
    /// assert!(s.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), FootRigError> {
        if let Contacts::Detected(t) = &self.contacts {
            t.check()?;
        }
        at_least("release_halflife", self.release_halflife, 0.0)?;
        at_least("settle_distance", self.settle_distance, 0.0)?;
        at_least("max_lock_distance", self.max_lock_distance, 0.0)?;
        at_least("lock_in_glide", self.lock_in_glide, 0.0)?;
        let softness = self.reach_softness;
        if !(0.0..=1.0).contains(&softness) {
            return Err(FootRigError::InvalidSetting {
                field: "reach_softness",
                value: softness,
                expected: "a value in [0, 1]",
            });
        }
        let e = self.max_extension;
        if !(e > 0.0 && e <= 1.0) {
            return Err(FootRigError::InvalidSetting {
                field: "max_extension",
                value: e,
                expected: "a value in (0, 1]",
            });
        }
        Ok(())
    }
}

fn finite(field: &'static str, value: f32) -> Result<(), FootRigError> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(FootRigError::InvalidSetting {
            field,
            value,
            expected: "a finite value",
        })
    }
}

fn at_least(field: &'static str, value: f32, min: f32) -> Result<(), FootRigError> {
    if value.is_finite() && value >= min {
        Ok(())
    } else {
        Err(FootRigError::InvalidSetting {
            field,
            value,
            expected: "a finite value, at least the lower bound (0, or the enter threshold)",
        })
    }
}
