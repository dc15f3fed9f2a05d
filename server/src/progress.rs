//! A progress bar on stderr for long runs: drawn only when stderr is a terminal, `CI` is not
//! set, and the run has already taken more than about a second; never in pipes or CI logs.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before the bar appears.
const DELAY: Duration = Duration::from_secs(1);

pub struct Progress {
    bar: ProgressBar,
    start: Instant,
    /// Whether the bar may be drawn at all; set once it is.
    allowed: bool,
    shown: AtomicBool,
}

impl Progress {
    /// A bar over `files` files, drawn when the run gets long (unless `quiet`).
    pub fn new(files: usize, quiet: bool) -> Progress {
        let allowed = !quiet && std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
        Progress::with(files, allowed)
    }

    fn with(files: usize, allowed: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
            bar.set_style(style);
        }
        Progress {
            bar,
            start: Instant::now(),
            allowed,
            shown: AtomicBool::new(false),
        }
    }

    /// One more file done.
    pub fn inc(&self) {
        if self.allowed && self.start.elapsed() > DELAY && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        self.bar.inc(1);
    }

    /// Removes the bar (if it was drawn) before the output is written.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
