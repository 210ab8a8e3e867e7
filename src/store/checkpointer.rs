//! [`RunCheckpointer`]: the engine's [`Checkpointer`] over the run store.

use super::{Store, now_ms};
use crate::error::BoxError;
use crate::pause::{Checkpoint, Checkpointer, Cursor};

/// Records every step of one run: its history row (node, start, duration, outcome), the
/// run's current step and status `running`, and the checkpoint, in one transaction.
pub struct RunCheckpointer<'a> {
    pub store: &'a Store,
    pub run: &'a str,
}

impl<'a> RunCheckpointer<'a> {
    pub fn new(store: &'a Store, run: &'a str) -> Self {
        Self { store, run }
    }
}

impl Checkpointer for RunCheckpointer<'_> {
    fn save(&self, checkpoint: &Checkpoint) -> Result<(), BoxError> {
        let started_at = now_ms() - checkpoint.ms as i64;
        self.store
            .record_step(self.run, checkpoint, started_at, checkpoint.ms)?;
        Ok(())
    }

    fn answered(&self, next: &Cursor) -> Result<(), BoxError> {
        self.store.record_next(self.run, next)?;
        Ok(())
    }
}
