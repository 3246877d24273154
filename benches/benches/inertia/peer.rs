//! The peer's rows: `spring_damper`'s per-bone inertialization over an array of structs
//! (glam 0.32 types).

use glam_peer::{Quat as PQuat, Vec3 as PVec3};
use hooke_bvh::Clip;

use crate::HALFLIFE;
use crate::common::{CHARACTERS, frames};

/// The peer's state: one struct per bone (array of structures), glam 0.32 types.
#[derive(Clone)]
pub struct PeerBone {
    off_x: PVec3,
    off_v: PVec3,
    off_q: PQuat,
    off_w: PVec3,
    in_x: PVec3,
    in_v: PVec3,
    in_q: PQuat,
    in_w: PVec3,
    out_x: PVec3,
    out_v: PVec3,
    out_q: PQuat,
    out_w: PVec3,
}

fn p3(v: glam::Vec3) -> PVec3 {
    PVec3::new(v.x, v.y, v.z)
}

fn pq(q: glam::Quat) -> PQuat {
    PQuat::from_xyzw(q.x, q.y, q.z, q.w)
}

/// One bone's pair between frames `src` and `dst` of `clip`.
fn peer_pair(clip: &Clip, src: usize, dst: usize, b: usize) -> PeerPair {
    PeerPair {
        sx: p3(clip.local_positions(src)[b]),
        sv: p3(clip.local_velocities(src)[b]),
        sq: pq(clip.local_rotations(src)[b]),
        sw: p3(clip.local_angular_velocities(src)[b]),
        dx: p3(clip.local_positions(dst)[b]),
        dv: p3(clip.local_velocities(dst)[b]),
        dq: pq(clip.local_rotations(dst)[b]),
        dw: p3(clip.local_angular_velocities(dst)[b]),
    }
}

/// The pairs of every bone of the crowd, character `c` from `frames(c).0` to `frames(c).1`.
fn pairs_of(clip: &Clip, frames: impl Fn(usize) -> (usize, usize)) -> Vec<PeerPair> {
    let mut pairs = Vec::with_capacity(CHARACTERS * clip.joint_count());
    for c in 0..CHARACTERS {
        let (src, dst) = frames(c);
        pairs.extend((0..clip.joint_count()).map(|b| peer_pair(clip, src, dst, b)));
    }
    pairs
}

/// The peer's crowd: every bone showing the frame `frames(..).1`, blending from `frames(..).0`
/// (the hooke crowd's transition).
pub fn peer_crowd(clip: &Clip) -> Vec<PeerBone> {
    let pairs = pairs_of(clip, |c| frames(clip, c));
    let mut bones: Vec<PeerBone> = pairs
        .iter()
        .map(|p| PeerBone {
            off_x: PVec3::ZERO,
            off_v: PVec3::ZERO,
            off_q: PQuat::IDENTITY,
            off_w: PVec3::ZERO,
            in_x: p.dx,
            in_v: p.dv,
            in_q: p.dq,
            in_w: p.dw,
            out_x: p.dx,
            out_v: p.dv,
            out_q: p.dq,
            out_w: p.dw,
        })
        .collect();
    let n = bones.len();
    peer_transition(&mut bones, &pairs, 0..n);
    bones
}

/// One bone's source and destination for the peer's transition (glam 0.32 types).
#[derive(Clone, Copy)]
pub struct PeerPair {
    sx: PVec3,
    sv: PVec3,
    sq: PQuat,
    sw: PVec3,
    dx: PVec3,
    dv: PVec3,
    dq: PQuat,
    dw: PVec3,
}

/// Per bone of the crowd: from the frame the crowd shows (`frames(..).1`) back to `frames(..).0`,
/// the same switch as the hooke transition rows.
pub fn peer_pairs(clip: &Clip) -> Vec<PeerPair> {
    pairs_of(clip, |c| {
        let (dst, src) = frames(clip, c);
        (src, dst)
    })
}

/// The peer's transition of bones `range` (re-basing the offsets in flight).
pub fn peer_transition(bones: &mut [PeerBone], pairs: &[PeerPair], range: std::ops::Range<usize>) {
    for (b, p) in bones[range.clone()].iter_mut().zip(&pairs[range]) {
        transition_bone(b, p);
    }
}

/// One bone's transition from `p`'s source to its destination, as the peer's users write it.
#[inline]
fn transition_bone(b: &mut PeerBone, p: &PeerPair) {
    spring_damper::inertialize_transition_vec(&mut b.off_x, &mut b.off_v, p.sx, p.sv, p.dx, p.dv);
    spring_damper::inertialize_transition_quat(&mut b.off_q, &mut b.off_w, p.sq, p.sw, p.dq, p.dw);
    (b.in_x, b.in_v, b.in_q, b.in_w) = (p.dx, p.dv, p.dq, p.dw);
}

/// The peer's transition of every character, reading each bone's source and destination from
/// the clip's frames where hooke's single `transition` rows read them (`frames(c)` reversed, as
/// [`peer_pairs`]), instead of from pairs gathered before the timing: both sides then read the
/// same scattered poses.
pub fn peer_transition_from_clip(bones: &mut [PeerBone], clip: &Clip) {
    let joints = clip.joint_count();
    for (c, character) in bones.chunks_exact_mut(joints).enumerate() {
        let (dst, src) = frames(clip, c);
        let (sx, sv) = (clip.local_positions(src), clip.local_velocities(src));
        let (sq, sw) = (
            clip.local_rotations(src),
            clip.local_angular_velocities(src),
        );
        let (dx, dv) = (clip.local_positions(dst), clip.local_velocities(dst));
        let (dq, dw) = (
            clip.local_rotations(dst),
            clip.local_angular_velocities(dst),
        );
        for (j, b) in character.iter_mut().enumerate() {
            let pair = PeerPair {
                sx: p3(sx[j]),
                sv: p3(sv[j]),
                sq: pq(sq[j]),
                sw: p3(sw[j]),
                dx: p3(dx[j]),
                dv: p3(dv[j]),
                dq: pq(dq[j]),
                dw: p3(dw[j]),
            };
            transition_bone(b, &pair);
        }
    }
}

/// One update of every bone of the peer's crowd.
pub fn peer_update(bones: &mut [PeerBone], dt: f32) {
    for b in bones {
        spring_damper::inertialize_update_vec(
            &mut b.out_x,
            &mut b.out_v,
            &mut b.off_x,
            &mut b.off_v,
            b.in_x,
            b.in_v,
            HALFLIFE,
            dt,
        );
        spring_damper::inertialize_update_quat(
            &mut b.out_q,
            &mut b.out_w,
            &mut b.off_q,
            &mut b.off_w,
            b.in_q,
            b.in_w,
            HALFLIFE,
            dt,
        );
    }
}
