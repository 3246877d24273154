//! Forward kinematics: local joint transforms to global (model-space) transforms.

use glam::{Quat, Vec3};

/// Computes global positions and rotations of one pose from local ones.
///
/// `parents[j]` must be smaller than `j` (true for every [`Bvh`](crate::Bvh) / [`Clip`](crate::Clip)
/// hierarchy, which are stored depth-first); a root's global transform is its local one. For a
/// joint `j` with parent `p`:
/// `global_rot[j] = global_rot[p] * local_rot[j]` and
/// `global_pos[j] = global_pos[p] + global_rot[p] * local_pos[j]`.
///
/// # Panics
///
/// If the slices do not all have the same length, or a parent index is not smaller than its
/// child's.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke_bvh::forward_kinematics;
///
/// let parents = [None, Some(0)];
/// let local_pos = [Vec3::new(0.0, 1.0, 0.0), Vec3::new(1.0, 0.0, 0.0)];
/// let local_rot = [Quat::from_rotation_z(std::f32::consts::FRAC_PI_2), Quat::IDENTITY];
/// let (mut pos, mut rot) = ([Vec3::ZERO; 2], [Quat::IDENTITY; 2]);
/// forward_kinematics(&parents, &local_pos, &local_rot, &mut pos, &mut rot);
/// assert!((pos[1] - Vec3::new(0.0, 2.0, 0.0)).length() < 1e-6);
/// ```
pub fn forward_kinematics(
    parents: &[Option<usize>],
    local_positions: &[Vec3],
    local_rotations: &[Quat],
    global_positions: &mut [Vec3],
    global_rotations: &mut [Quat],
) {
    let n = parents.len();
    assert!(
        local_positions.len() == n
            && local_rotations.len() == n
            && global_positions.len() == n
            && global_rotations.len() == n,
        "forward_kinematics: slice lengths differ"
    );
    for (j, parent) in parents.iter().enumerate() {
        match *parent {
            None => {
                global_positions[j] = local_positions[j];
                global_rotations[j] = local_rotations[j];
            }
            Some(p) => {
                assert!(
                    p < j,
                    "forward_kinematics: parent {p} of joint {j} is not before it"
                );
                let parent_rot = global_rotations[p];
                global_positions[j] = global_positions[p] + parent_rot * local_positions[j];
                // Renormalising keeps long chains from drifting away from unit length.
                global_rotations[j] = (parent_rot * local_rotations[j]).normalize();
            }
        }
    }
}
