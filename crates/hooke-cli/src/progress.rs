//! A progress bar on standard error for long runs: shown only when standard error is a terminal
//! and the run has taken more than a second, so short runs, pipes and logs stay clean.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before its bar appears.
const DELAY: Duration = Duration::from_secs(1);

/// Progress of a run of `total` steps.
pub(crate) struct Progress {
    total: u64,
    what: &'static str,
    start: Instant,
    /// `None` when standard error is not a terminal: never shown.
    shown: Option<Option<ProgressBar>>,
}

impl Progress {
    /// A run of `total` steps of `what` (e.g. "frames").
    pub(crate) fn new(total: usize, what: &'static str) -> Progress {
        Progress {
            total: total as u64,
            what,
            start: Instant::now(),
            shown: std::io::stderr().is_terminal().then_some(None),
        }
    }

    /// `done` steps are done.
    pub(crate) fn set(&mut self, done: usize) {
        let Some(bar) = &mut self.shown else {
            return;
        };
        if bar.is_none() && self.start.elapsed() > DELAY {
            let new = ProgressBar::with_draw_target(Some(self.total), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template("{bar:40} {pos}/{len} {msg} (eta {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            new.set_style(style);
            new.set_message(self.what);
            *bar = Some(new);
        }
        if let Some(bar) = bar {
            bar.set_position(done as u64);
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(Some(bar)) = &self.shown {
            bar.finish_and_clear();
        }
    }
}
