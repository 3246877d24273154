//! A frame loop over clip streams for many characters.

use hooke_inertia::{BlendProfile, InertiaError, Inertializer, Pose, PoseBatch, RootPolicy};

use super::{Cursor, clips};

pub const BONES: usize = 31;

pub fn dt() -> f32 {
    clips()[0].frame_time()
}

/// Characters playing clip streams through an inertializer.
pub struct Driver {
    pub inertializer: Inertializer,
    pub input: PoseBatch,
    pub output: PoseBatch,
    pub cursors: Vec<Cursor>,
}

impl Driver {
    pub fn new(cursors: Vec<Cursor>, profile: BlendProfile, root: RootPolicy) -> Driver {
        let n = cursors.len();
        let mut driver = Driver {
            inertializer: Inertializer::new(n, profile, root).unwrap(),
            input: PoseBatch::new(n, BONES, 0).unwrap(),
            output: PoseBatch::new(n, BONES, 0).unwrap(),
            cursors,
        };
        for c in 0..n {
            let pose = driver.cursors[c].pose();
            driver.input.set_character(c, pose).unwrap();
        }
        driver
            .inertializer
            .update(0.0, &driver.input, &mut driver.output)
            .unwrap();
        driver
    }

    /// Advances every stream by one frame and updates.
    pub fn step(&mut self) {
        for c in 0..self.cursors.len() {
            self.cursors[c] = self.cursors[c].next();
            self.input.set_character(c, self.cursors[c].pose()).unwrap();
        }
        self.inertializer
            .update(dt(), &self.input, &mut self.output)
            .unwrap();
    }

    /// Switches `character` to `to` at the current time; returns its output before and after
    /// (re-evaluated with `dt = 0`).
    pub fn switch(&mut self, character: usize, to: Cursor) -> Result<(Pose, Pose), InertiaError> {
        let before = self.output.character(character)?;
        let from = self.cursors[character];
        self.inertializer
            .transition(character, from.pose(), to.pose())?;
        self.cursors[character] = to;
        self.input.set_character(character, to.pose())?;
        self.inertializer
            .update(0.0, &self.input, &mut self.output)?;
        Ok((before, self.output.character(character)?))
    }
}
