//! [`PatternCoeffs`]: spring coefficients stored once per rig, not once per character.
//!
//! Every lane of a channel (bones, curves, log-scale axes) has the spring of its bone or curve,
//! and lane `character * period + item` repeats a pattern of `period` items for every character.
//! In lane groups of eight the pattern repeats every `lcm(period, 8) / 8` groups (at most `period`
//! groups), so that many groups hold the coefficients of every lane of the batch. A new `dt`
//! rewrites this table (a few KB, in L1) instead of a coefficient column per character, and the
//! update kernels read it from cache instead of streaming four more columns from memory.

use hooke::SpringCoeffs;
use hooke::column::Column;
use hooke::lanes::{CoeffColumns, CoeffSlices, LaneCoeffs};
use hooke::par::Split;
use wide::f32x8;

use crate::alloc;
use crate::error::InertiaError;

/// The coefficients of one period of lane groups of a channel whose lanes repeat a pattern of
/// `period` items (see the module documentation).
#[derive(Debug, Clone)]
pub(crate) struct PatternCoeffs {
    table: CoeffColumns,
    /// Number of lane groups covered by the channel (all characters).
    groups: usize,
}

/// Greatest common divisor (Euclid).
fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl PatternCoeffs {
    /// Identity coefficients (the step that keeps zero offsets at zero) for a channel of `lanes`
    /// lanes repeating a pattern of `period` items; an out-of-memory error names `what`.
    pub fn identity(
        what: &'static str,
        period: usize,
        lanes: usize,
    ) -> Result<PatternCoeffs, InertiaError> {
        // lcm(period, 8) lanes: a whole number of lane groups and of patterns. Not larger than
        // 8 * period, which fits since `lanes >= period` was allocated already.
        let table_lanes = if period == 0 {
            0
        } else {
            alloc::lanes("coefficient pattern", period / gcd(period, 8), 8)?
        };
        Ok(PatternCoeffs {
            table: alloc::identity_coeffs(what, table_lanes)?,
            groups: lanes.div_ceil(8),
        })
    }

    /// Fills the table with `per_item` (one spring per item of the pattern, `period` of them).
    pub fn fill(&mut self, per_item: &[SpringCoeffs]) {
        if per_item.is_empty() {
            return;
        }
        type Field = fn(&SpringCoeffs) -> f32;
        let t = &mut self.table;
        let fields: [(&mut Column, Field); 6] = [
            (&mut t.xx, |c| c.xx),
            (&mut t.xv, |c| c.xv),
            (&mut t.xq, |c| c.xq),
            (&mut t.vx, |c| c.vx),
            (&mut t.vv, |c| c.vv),
            (&mut t.vq, |c| c.vq),
        ];
        for (column, field) in fields {
            for chunk in column.as_mut_slice().chunks_mut(per_item.len()) {
                for (lane, c) in chunk.iter_mut().zip(per_item) {
                    *lane = field(c);
                }
            }
        }
    }

    /// The view the kernels take: every lane group of the channel, from the first.
    pub fn slices(&self) -> PatternSlices<'_> {
        let table = self.table.slices();
        PatternSlices {
            period: table.len(),
            table,
            phase: 0,
            len: self.groups,
        }
    }
}

/// Lane groups `[start, start + len)` of a channel's coefficients: group `start + i` has the
/// coefficients of table group `(phase + i) % period`. Splits like the lane slices it goes with.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PatternSlices<'a> {
    /// One period of lane groups.
    pub table: CoeffSlices<'a>,
    /// Number of lane groups in `table` (0 only for an empty channel).
    pub period: usize,
    /// The table group of the first lane group.
    pub phase: usize,
    /// Number of lane groups covered.
    pub len: usize,
}

impl PatternSlices<'_> {
    /// The coefficients of lane group `i` (`i < len`).
    #[cfg(test)]
    pub fn get(&self, i: usize) -> LaneCoeffs {
        let j = (self.phase + i) % self.period.max(1);
        let t = &self.table;
        LaneCoeffs {
            xx: t.xx[j],
            xv: t.xv[j],
            xq: t.xq[j],
            vx: t.vx[j],
            vv: t.vv[j],
            vq: t.vq[j],
        }
    }

    /// Calls `group(i, c)` for every lane group `i < n.min(len)` in order with its coefficients
    /// `c` (`xq` and `vq` are left zero: the decay kernels have no goal). The table is walked in
    /// runs up to the end of a period, each a plain loop over table slices cut to its length, so
    /// there is no division and no bounds check per group.
    #[inline(always)]
    pub fn for_each(&self, n: usize, mut group: impl FnMut(usize, &LaneCoeffs)) {
        let n = n.min(self.len);
        let t = &self.table;
        let period = self.period.min(t.xx.len()).min(t.xv.len());
        let period = period.min(t.vx.len()).min(t.vv.len());
        if period == 0 {
            return;
        }
        let (mut i, mut j) = (0, self.phase % period);
        while i < n {
            let run = (period - j).min(n - i);
            let (xx, xv) = (&t.xx[j..j + run], &t.xv[j..j + run]);
            let (vx, vv) = (&t.vx[j..j + run], &t.vv[j..j + run]);
            for k in 0..run {
                let c = LaneCoeffs {
                    xx: xx[k],
                    xv: xv[k],
                    xq: f32x8::ZERO,
                    vx: vx[k],
                    vv: vv[k],
                    vq: f32x8::ZERO,
                };
                group(i + k, &c);
            }
            i += run;
            j = 0;
        }
    }
}

impl Split for PatternSlices<'_> {
    fn lanes(&self) -> usize {
        self.len
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let mid = mid.min(self.len);
        let right_phase = match self.period {
            0 => 0,
            p => (self.phase + mid) % p,
        };
        (
            PatternSlices { len: mid, ..self },
            PatternSlices {
                phase: right_phase,
                len: self.len - mid,
                ..self
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pattern_repeats_per_lane_group() {
        // 31 bones: the lane groups repeat every 31 groups (248 lanes).
        let (period, lanes) = (31, 31 * 100);
        let mut p = PatternCoeffs::identity("t", period, lanes).unwrap();
        let items: Vec<SpringCoeffs> = (0..period)
            .map(|b| SpringCoeffs::critical(0.05 + 0.01 * b as f32, 1.0 / 60.0))
            .collect();
        p.fill(&items);
        let s = p.slices();
        assert_eq!((s.period, s.len), (31, lanes.div_ceil(8)));
        let (left, right) = s.split_at(45);
        let mut seen = 0;
        for (part, start) in [(left, 0), (right, 45)] {
            part.for_each(usize::MAX, |i, c| {
                let g = start + i;
                for lane in 0..8 {
                    let want = &items[(8 * g + lane) % period];
                    assert_eq!(c.lane(lane).xx, want.xx);
                    assert_eq!(c.lane(lane).vv, want.vv);
                    assert_eq!(part.get(i).lane(lane).xv, want.xv);
                }
                seen += 1;
            });
        }
        assert_eq!(seen, lanes.div_ceil(8));
    }

    #[test]
    fn empty_patterns_cover_nothing() {
        let p = PatternCoeffs::identity("t", 0, 0).unwrap();
        p.slices().for_each(10, |_, _| panic!("no lanes"));
    }
}
