//! [`FootRig`]: which bones are the legs (hip, knee, ankle, toe), checked once.

use super::error::FootRigError;

/// One leg: four bones, each the parent of the next (hip -> knee -> ankle -> toe). The toe is
/// the bone that is locked (the ball of the foot, not the ankle); the two-bone IK turns the hip
/// and the knee, and keeps the foot's orientation.
///
/// ```
/// let leg = hooke_inertia::Leg { hip: 2, knee: 3, ankle: 4, toe: 5 };
/// assert_eq!(leg.bones(), [2, 3, 4, 5]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Leg {
    /// The thigh's bone (its rotation swings the whole leg).
    pub hip: usize,
    /// The shin's bone.
    pub knee: usize,
    /// The foot's bone.
    pub ankle: usize,
    /// The toe's bone: the point that stays planted.
    pub toe: usize,
}

impl Leg {
    /// The four bones, hip first.
    ///
    /// ```
    /// let leg = hooke_inertia::Leg { hip: 0, knee: 1, ankle: 2, toe: 3 };
    /// assert_eq!(leg.bones()[3], 3);
    /// ```
    pub fn bones(&self) -> [usize; 4] {
        [self.hip, self.knee, self.ankle, self.toe]
    }
}

/// The legs of a skeleton with the bones above each toe (the path from the root down, for
/// forward kinematics of that path only).
///
/// Built from the skeleton's parents and explicit [`Leg`]s ([`FootRig::new`]) or by names
/// ([`FootRig::find`]).
///
/// ```
/// use hooke_inertia::{FootRig, Leg};
/// // root, hip, knee, ankle, toe
/// let parents = [None, Some(0), Some(1), Some(2), Some(3)];
/// let rig = FootRig::new(&parents, &[Leg { hip: 1, knee: 2, ankle: 3, toe: 4 }])?;
/// assert_eq!(rig.legs().len(), 1);
/// assert_eq!(rig.bone_count(), 5);
/// # Ok::<(), hooke_inertia::FootRigError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct FootRig {
    parents: Vec<Option<usize>>,
    legs: Vec<Leg>,
    /// Per leg: the bones from the root down to the toe (ascending indices).
    paths: Vec<Vec<usize>>,
    /// Every bone of the paths, once, ascending: the bones whose blend moves the feet.
    chains: Vec<usize>,
}

impl FootRig {
    /// Whether a skeleton of `bones` bones can hold `legs` legs (at most `bones / 4`: each leg
    /// owns four bones, none shared, which [`new`](Self::new) enforces naming the shared bone):
    /// a caller can check a count before it reads or allocates that many legs.
    ///
    /// ```
    /// use hooke_inertia::FootRig;
    /// assert!(FootRig::check_leg_count(2, 8).is_ok());
    /// assert!(FootRig::check_leg_count(usize::MAX, 8).is_err());
    /// ```
    pub fn check_leg_count(legs: usize, bones: usize) -> Result<(), FootRigError> {
        match legs <= bones / 4 {
            true => Ok(()),
            false => Err(FootRigError::TooManyLegs { legs, bones }),
        }
    }

    /// A rig from the skeleton's `parents` (any order, no cycle) and its `legs`
    /// (each bone the parent of the next; no bone in two legs). Errors name the leg, the field
    /// and the bone.
    ///
    /// ```
    /// use hooke_inertia::{FootRig, FootRigError, Leg};
    /// let parents = [None, Some(0), Some(1), Some(1), Some(3)];
    /// let err = FootRig::new(&parents, &[Leg { hip: 1, knee: 2, ankle: 3, toe: 4 }]).unwrap_err();
    /// assert!(matches!(err, FootRigError::NotAChain { field: "ankle", bone: 3, .. }));
    /// ```
    pub fn new(parents: &[Option<usize>], legs: &[Leg]) -> Result<FootRig, FootRigError> {
        let bones = parents.len();
        check_forest(parents)?;
        let mut owner: Vec<Option<usize>> = vec![None; bones];
        let mut paths = Vec::with_capacity(legs.len());
        for (index, leg) in legs.iter().enumerate() {
            const FIELDS: [&str; 4] = ["hip", "knee", "ankle", "toe"];
            for (field, bone) in FIELDS.into_iter().zip(leg.bones()) {
                if bone >= bones {
                    return Err(FootRigError::BoneOutOfRange {
                        leg: index,
                        field,
                        bone,
                        bones,
                    });
                }
            }
            let b = leg.bones();
            for k in 1..4 {
                if parents[b[k]] != Some(b[k - 1]) {
                    return Err(FootRigError::NotAChain {
                        leg: index,
                        field: FIELDS[k],
                        bone: b[k],
                        parent: parents[b[k]],
                        expected: b[k - 1],
                    });
                }
            }
            for bone in b {
                if let Some(first) = owner[bone] {
                    return Err(FootRigError::SharedBone {
                        bone,
                        first,
                        second: index,
                    });
                }
                owner[bone] = Some(index);
            }
            paths.push(path_to(parents, leg.toe));
        }
        let mut chains: Vec<usize> = paths.iter().flatten().copied().collect();
        chains.sort_unstable();
        chains.dedup();
        Ok(FootRig {
            parents: parents.to_vec(),
            legs: legs.to_vec(),
            paths,
            chains,
        })
    }

    /// The legs, in the order given (or left then right for [`FootRig::find`]).
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let rig = FootRig::new(&[None], &[])?;
    /// assert!(rig.legs().is_empty());
    /// # Ok::<(), FootRigError>(())
    /// ```
    pub fn legs(&self) -> &[Leg] {
        &self.legs
    }

    /// The skeleton's bone count.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// assert_eq!(FootRig::new(&[None, Some(0)], &[])?.bone_count(), 2);
    /// # Ok::<(), FootRigError>(())
    /// ```
    pub fn bone_count(&self) -> usize {
        self.parents.len()
    }

    /// The skeleton's parents.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// assert_eq!(FootRig::new(&[None, Some(0)], &[])?.parents(), &[None, Some(0)]);
    /// # Ok::<(), FootRigError>(())
    /// ```
    pub fn parents(&self) -> &[Option<usize>] {
        &self.parents
    }

    /// Every bone on a path from the root to a toe, once, ascending.
    pub(crate) fn chain_bones(&self) -> &[usize] {
        &self.chains
    }

    /// The bones from the root down to the toe of leg `leg` (ascending).
    pub(crate) fn path(&self, leg: usize) -> &[usize] {
        &self.paths[leg]
    }
}

/// Every parent is a bone of the skeleton and no bone is its own ancestor (bones may come in any
/// order: an engine's bones sorted by id need not list parents first).
fn check_forest(parents: &[Option<usize>]) -> Result<(), FootRigError> {
    for (bone, &parent) in parents.iter().enumerate() {
        let Some(parent) = parent else { continue };
        let mut at = Some(parent);
        // A walk up longer than the skeleton has visited a bone twice.
        let mut steps = 0;
        while let Some(p) = at {
            if p >= parents.len() || steps > parents.len() {
                return Err(FootRigError::InvalidParent { bone, parent });
            }
            at = parents[p];
            steps += 1;
        }
    }
    Ok(())
}

/// The bones from the root down to `bone`: the skeleton is a forest (checked), so the walk up
/// ends.
fn path_to(parents: &[Option<usize>], bone: usize) -> Vec<usize> {
    let mut path = vec![bone];
    let mut at = bone;
    while let Some(parent) = parents[at] {
        path.push(parent);
        at = parent;
    }
    path.reverse();
    path
}
