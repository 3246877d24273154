//! [`FootRig::find`]: the legs of a skeleton by the common names of its bones.

use super::error::FootRigError;
use super::rig::{FootRig, Leg};

/// Words that name a foot (the ankle bone) and a toe.
const FOOT_WORDS: [&str; 2] = ["foot", "ankle"];
const TOE_WORDS: [&str; 4] = ["toe", "toes", "toebase", "ball"];

impl FootRig {
    /// Finds a left and a right leg by the common names of their bones: the ankle is the bone
    /// named like a foot (`foot`, `ankle`) on that side (`Left`, `L`, `_l`, `.L`, ...; any case,
    /// any separator, e.g. `LeftFoot`, `mixamorig:LeftFoot`, `foot_l`, `foot.L`, `l_ankle`); the
    /// knee is its parent (`LeftLeg`, `calf_l`, `shin.L`, `knee`...) and the hip the knee's
    /// parent (`LeftUpLeg`, `thigh_l`, `hip`...); the toe is the ankle's child named like a toe
    /// (`toe`, `toes`, `ToeBase`, `ball`), or its only child. Errors say which side and what was
    /// missing; [`FootRig::new`] takes the bones explicitly.
    ///
    /// ```
    /// use hooke_inertia::FootRig;
    /// let names = ["Hips", "LeftUpLeg", "LeftLeg", "LeftFoot", "LeftToeBase",
    ///              "thigh_r", "calf_r", "foot_r", "ball_r"];
    /// let parents = [None, Some(0), Some(1), Some(2), Some(3), Some(0), Some(5), Some(6), Some(7)];
    /// let rig = FootRig::find(&names, &parents)?;
    /// assert_eq!(rig.legs()[0].toe, 4);
    /// assert_eq!(rig.legs()[1].hip, 5);
    /// # Ok::<(), hooke_inertia::FootRigError>(())
    /// ```
    pub fn find<S: AsRef<str>>(
        names: &[S],
        parents: &[Option<usize>],
    ) -> Result<FootRig, FootRigError> {
        if names.len() != parents.len() {
            return Err(FootRigError::NamesMismatch {
                names: names.len(),
                parents: parents.len(),
            });
        }
        let words: Vec<Vec<String>> = names.iter().map(|n| words_of(n.as_ref())).collect();
        let mut legs = Vec::with_capacity(2);
        for side in [Side::Left, Side::Right] {
            legs.push(find_leg(side, &words, parents)?);
        }
        FootRig::new(parents, &legs)
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Side {
    Left,
    Right,
}

impl Side {
    fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
        }
    }

    fn letter(self) -> &'static str {
        match self {
            Side::Left => "l",
            Side::Right => "r",
        }
    }
}

fn find_leg(
    side: Side,
    words: &[Vec<String>],
    parents: &[Option<usize>],
) -> Result<Leg, FootRigError> {
    let missing = |reason: String| FootRigError::LegNotFound {
        side: side.name(),
        reason,
    };
    let ankle = (0..words.len())
        .find(|&b| names_side(&words[b], side, &FOOT_WORDS))
        .ok_or_else(|| missing("no bone named like a foot (foot, ankle)".into()))?;
    let knee = parent_of(parents, ankle)
        .ok_or_else(|| missing(format!("the foot (bone {ankle}) has no parent (knee)")))?;
    let hip = parent_of(parents, knee)
        .ok_or_else(|| missing(format!("the knee (bone {knee}) has no parent (hip)")))?;
    let children: Vec<usize> = (0..parents.len())
        .filter(|&b| parents[b] == Some(ankle))
        .collect();
    let toe = children
        .iter()
        .copied()
        .find(|&b| words[b].iter().any(|w| has_word(w, &TOE_WORDS)))
        .or(match children.as_slice() {
            [only] => Some(*only),
            _ => None,
        })
        .ok_or_else(|| {
            missing(format!(
                "the foot (bone {ankle}) has {} children, none named like a toe",
                children.len()
            ))
        })?;
    Ok(Leg {
        hip,
        knee,
        ankle,
        toe,
    })
}

fn parent_of(parents: &[Option<usize>], bone: usize) -> Option<usize> {
    parents.get(bone).copied().flatten()
}

/// Whether the words name `side` and one of `keys`: `left foot`, `l foot`, `foot l`, or one
/// word `lfoot` / `footl` (a name written without separators, `LFoot`, `Foot_L`).
fn names_side(words: &[String], side: Side, keys: &[&str]) -> bool {
    let has_side = words.iter().any(|w| w == side.name() || w == side.letter());
    let has_key = words.iter().any(|w| keys.contains(&w.as_str()));
    let joined = words.iter().any(|w| {
        keys.iter().any(|k| {
            w.strip_prefix(side.name())
                .or_else(|| w.strip_prefix(side.letter()))
                .is_some_and(|rest| rest == *k)
                || w.strip_suffix(side.letter()).is_some_and(|rest| rest == *k)
        })
    });
    (has_side && has_key) || joined
}

fn has_word(word: &str, keys: &[&str]) -> bool {
    keys.contains(&word)
}

/// A name in lower-case words: split at separators and where a lower-case letter or digit is
/// followed by an upper-case one (`mixamorig:LeftToeBase` -> `mixamorig left toe base`).
fn words_of(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut previous_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
        word.extend(c.to_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    // `ToeBase` is one word to a rig author.
    let mut merged: Vec<String> = Vec::with_capacity(words.len());
    for w in words {
        match merged.last_mut() {
            Some(last) if last == "toe" && w == "base" => last.push_str("base"),
            _ => merged.push(w),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_at_case_and_separators() {
        assert_eq!(
            words_of("mixamorig:LeftToeBase"),
            ["mixamorig", "left", "toebase"]
        );
        assert_eq!(words_of("foot.L"), ["foot", "l"]);
        assert_eq!(words_of("LFoot"), ["lfoot"]);
        assert_eq!(words_of("Foot_L"), ["foot", "l"]);
    }

    #[test]
    fn sides_and_keys() {
        let w = |s: &str| words_of(s);
        assert!(names_side(&w("LeftFoot"), Side::Left, &FOOT_WORDS));
        assert!(!names_side(&w("LeftFoot"), Side::Right, &FOOT_WORDS));
        assert!(names_side(&w("foot_r"), Side::Right, &FOOT_WORDS));
        assert!(names_side(&w("LFoot"), Side::Left, &FOOT_WORDS));
        assert!(names_side(&w("r_ankle"), Side::Right, &FOOT_WORDS));
        assert!(!names_side(&w("LeftToeBase"), Side::Left, &FOOT_WORDS));
        assert!(!names_side(&w("LeftForeArm"), Side::Left, &FOOT_WORDS));
    }
}
