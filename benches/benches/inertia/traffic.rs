//! The `traffic-only` row: the memory traffic of the fused bone kernel with trivial arithmetic.

use hooke::column::Column;
use hooke_inertia::PoseBatch;
use wide::f32x8;

/// Columns of the sizes the bone kernel of `Inertializer::update` reads and writes, for
/// [`traffic`]: 12 offset columns (read and written) and 13 output columns (written); the 4
/// coefficients it reads (`xx`, `xv`, `vx`, `vv`) come from a table of one period of the rig's
/// lane groups (`lcm(bones, 8)` lanes), as in the kernel. The 13 input columns are the crowd's.
#[derive(Clone)]
pub struct TrafficState {
    offsets: [Column; 12],
    coeffs: [Column; 4],
    output: [Column; 13],
}

/// Offset and output columns of `lanes` lanes, the coefficient table of a rig of `bones` bones.
pub fn traffic_state(lanes: usize, bones: usize) -> TrafficState {
    let period = bones * 8 / gcd(bones, 8);
    TrafficState {
        offsets: std::array::from_fn(|_| Column::new(lanes, 0.5)),
        coeffs: std::array::from_fn(|_| Column::new(period, 0.9)),
        output: std::array::from_fn(|_| Column::new(lanes, 0.0)),
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The 13 input columns of a pose batch, in the kernel's order (position, velocity, rotation,
/// angular velocity).
pub fn input_lanes(batch: &PoseBatch) -> [&[f32x8]; 13] {
    let (x, v, q, w) = (
        batch.positions(),
        batch.velocities(),
        batch.rotations(),
        batch.angular_velocities(),
    );
    [
        &x.x, &x.y, &x.z, &v.x, &v.y, &v.z, &q.x, &q.y, &q.z, &q.w, &w.x, &w.y, &w.z,
    ]
    .map(|c| c.lanes())
}

/// The memory traffic of the fused bone kernel with trivial arithmetic: per lane group, each
/// offset is multiplied by a coefficient (from the per-rig table) and stored, and each output is its input plus the offset
/// of the same column (the rotation-vector offsets go to the quaternion's x, y, z; its w is
/// copied). Interleaved over the columns like the real kernel, so it sees the same access pattern.
pub fn traffic(state: &mut TrafficState, input: [&[f32x8]; 13]) {
    let n = input[0].len();
    // Every slice is a local cut to exactly `n` groups, so the loop has no bounds checks (an
    // array of slices indexed in an inner loop kept them, and was 2x slower than this).
    let [o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11] = &mut state.offsets;
    let [c0, c1, c2, c3] = &state.coeffs;
    let [u0, u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12] = &mut state.output;
    let [i0, i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12] = input;
    macro_rules! cut {
        ($($s:ident),*; mut $($m:ident),*) => {
            $(let $s = &$s[..n];)*
            $(let $m = &mut $m.lanes_mut()[..n];)*
        };
    }
    let (c0, c1, c2, c3) = (c0.lanes(), c1.lanes(), c2.lanes(), c3.lanes());
    let period = c0.len().min(c1.len()).min(c2.len()).min(c3.len());
    cut!(i0, i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12;
        mut o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11,
        u0, u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12);
    let mut j = 0;
    for i in 0..n {
        let (a, b, c, d) = (c0[j], c1[j], c2[j], c3[j]);
        // The coefficient table wraps like the kernel's (`PatternSlices`).
        j += 1;
        if j == period {
            j = 0;
        }
        macro_rules! column {
            ($o:ident, $c:ident, $u:ident, $i:ident) => {
                let off = $o[i] * $c;
                $o[i] = off;
                $u[i] = $i[i] + off;
            };
        }
        column!(o0, a, u0, i0);
        column!(o1, b, u1, i1);
        column!(o2, c, u2, i2);
        column!(o3, d, u3, i3);
        column!(o4, a, u4, i4);
        column!(o5, b, u5, i5);
        column!(o6, c, u6, i6);
        column!(o7, d, u7, i7);
        column!(o8, a, u8, i8);
        u9[i] = i9[i];
        column!(o9, b, u10, i10);
        column!(o10, c, u11, i11);
        column!(o11, d, u12, i12);
    }
}

/// The 12 offset columns of `lanes` lanes, for [`transition_traffic`].
pub fn offset_columns(lanes: usize) -> [Column; 12] {
    std::array::from_fn(|_| Column::new(lanes, 0.5))
}

/// The memory traffic of `Inertializer::transition_many` re-basing every lane with trivial
/// arithmetic: per lane group, the 13 source and 13 destination columns and the 12 offset
/// columns read, the 12 offset columns written (each offset plus its source column minus its
/// destination column; the rotations' `w` folded into the rotation-vector `x`). Interleaved over
/// the columns like the re-basing kernel: the floor `transition_many` is measured against.
pub fn transition_traffic(
    offsets: &mut [Column; 12],
    source: [&[f32x8]; 13],
    destination: [&[f32x8]; 13],
) {
    let n = source[0].len();
    let [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12] = source;
    let [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12] = destination;
    let [o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11] = offsets;
    macro_rules! cut {
        ($($s:ident),*; mut $($m:ident),*) => {
            $(let $s = &$s[..n];)*
            $(let $m = &mut $m.lanes_mut()[..n];)*
        };
    }
    cut!(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12,
        d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12;
        mut o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11);
    for i in 0..n {
        macro_rules! column {
            ($o:ident, $s:ident, $d:ident) => {
                $o[i] = $o[i] + $s[i] - $d[i];
            };
        }
        column!(o0, s0, d0);
        column!(o1, s1, d1);
        column!(o2, s2, d2);
        column!(o3, s3, d3);
        column!(o4, s4, d4);
        column!(o5, s5, d5);
        o6[i] = o6[i] + s6[i] - d6[i] + s9[i] - d9[i];
        column!(o7, s7, d7);
        column!(o8, s8, d8);
        column!(o9, s10, d10);
        column!(o10, s11, d11);
        column!(o11, s12, d12);
    }
}
