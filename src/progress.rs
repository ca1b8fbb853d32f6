//! A progress bar for long runs: shown on a terminal once a run has taken about a second,
//! never in a pipe or a log.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use flipgame::solve::Stage;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before it earns a progress bar.
const PATIENCE: Duration = Duration::from_secs(1);

/// A bar that stays hidden until the run has gone on for [`PATIENCE`] on a terminal.
pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    shown: bool,
    label: &'static str,
    /// Show a percentage rather than the counts (which mean nothing to the reader).
    percent: bool,
}

impl Progress {
    /// A hidden bar for a task described by `label`.
    pub fn new(label: &'static str) -> Progress {
        Progress {
            bar: ProgressBar::hidden(),
            started: Instant::now(),
            shown: false,
            label,
            percent: false,
        }
    }

    /// A hidden bar for a task whose units are internal: it shows a percentage.
    pub fn percent(label: &'static str) -> Progress {
        Progress {
            percent: true,
            ..Progress::new(label)
        }
    }

    /// Records that `done` of `total` are done, showing the bar when it is time.
    pub fn update(&mut self, done: u64, total: u64) {
        if !self.shown && self.started.elapsed() >= PATIENCE && std::io::stderr().is_terminal() {
            let template = if self.percent {
                "{msg} [{bar:40}] {percent}% ({elapsed}, about {eta} left)"
            } else {
                "{msg} [{bar:40}] {human_pos}/{human_len} ({elapsed}, about {eta} left)"
            };
            let style = ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            self.bar.set_style(style.progress_chars("=> "));
            self.bar.set_message(self.label);
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        self.bar.set_length(total);
        self.bar.set_position(done);
    }

    /// Removes the bar, if it was shown.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// One bar at a time for the stages of a solve, each under its own label.
#[derive(Default)]
pub struct Stages {
    current: Option<(Stage, Progress)>,
}

impl Stages {
    /// Records that `done` of `total` of `stage` are done: a new stage ends the last one's bar.
    pub fn update(&mut self, stage: Stage, done: u64, total: u64) {
        if self
            .current
            .as_ref()
            .is_none_or(|(shown, _)| *shown != stage)
        {
            self.finish();
            self.current = Some((stage, Progress::percent(stage.label())));
        }
        if let Some((_, bar)) = &mut self.current {
            bar.update(done, total);
        }
    }

    /// Removes the bar shown, if any.
    pub fn finish(&mut self) {
        if let Some((_, bar)) = self.current.take() {
            bar.finish();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_holds_the_latest_count_not_a_sum_of_them() {
        let mut progress = Progress::new("testing");
        progress.update(5, 10);
        progress.update(7, 12);
        assert_eq!(
            (progress.bar.position(), progress.bar.length()),
            (7, Some(12))
        );
    }
}
