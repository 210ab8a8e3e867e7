//! `archie resume RUN`: continue a run that stopped at a question, failed, was
//! interrupted or killed, from its last finished step.
//!
//! The run's recorded command line is parsed again (the same command, memory file and
//! options); this invocation supplies how to answer and how to show output
//! (`--answer`, `--answers`, `--yes`, `--no-input`, `--json`, `--quiet`, `--verbose`,
//! `--color`), so answers given to the first attempt are not used twice, and any LLM
//! setting given again wins over the recorded one ([`Settings::resumed`]).

use super::error::CommandError;
use crate::app::{Overridden, Resume, Settings};
use crate::cli::{Cli, Command};
use crate::error::UsageError;
use crate::store::{REDACTED, RunId, Status, Store};
use clap::{Args, Parser};

#[derive(Debug, Args)]
pub struct ResumeArgs {
    /// The run to continue (see `archie runs list`)
    #[arg(value_name = "RUN", required_unless_present = "last")]
    pub run: Option<String>,

    /// Continue the most recent run that was interrupted, failed or abandoned
    #[arg(long, conflicts_with = "run")]
    pub last: bool,
}

/// The recorded run to continue: its command and settings (with this invocation's
/// answers, output settings and LLM overrides), the recorded argv, and where it
/// continues.
pub struct Resumed {
    pub settings: Settings,
    pub command: Command,
    pub argv: Vec<String>,
    pub resume: Resume,
    /// LLM settings given again here that replace the recorded ones.
    pub overridden: Vec<Overridden>,
}

pub fn prepare(now: Settings, args: ResumeArgs) -> Result<Resumed, CommandError> {
    let dir = now.state_dir();
    let Some(store) = Store::open_existing(&dir)? else {
        return Err(UsageError::new(format!("no runs are recorded in {}", dir.display()))
            .hint("Run archie from the folder of the memory file it used, or pass the same --memory-file or --state-dir.")
            .into());
    };
    let id = match (args.run, args.last) {
        (Some(id), _) => RunId::new(&id),
        (None, _) => store.last_resumable()?.ok_or_else(|| {
            UsageError::new("there is no interrupted, failed or abandoned run to continue")
                .hint("`archie runs list` shows the recorded runs.")
        })?,
    };
    // Owned from here on, so the status and checkpoint read below stay true.
    let owner = store.claim(&id)?;
    let Some(run) = store.get_run(&id)? else {
        return Err(UsageError::new(format!("there is no run {id}"))
            .hint("`archie runs list` shows the recorded runs.")
            .into());
    };
    if run.summary.status == Status::Completed {
        return Err(
            UsageError::new(format!("run {id} completed; there is nothing to continue"))
                .hint(format!("`archie runs show {id}` shows what it did."))
                .into(),
        );
    }
    let argv: Vec<String> = run
        .summary
        .args
        .iter()
        .filter(|a| a.as_str() != REDACTED)
        .cloned()
        .collect();
    let original = Cli::try_parse_from(&argv).map_err(|err| {
        UsageError::new(format!(
            "run {id} was recorded with a command line this archie cannot read"
        ))
        .hint(err.to_string())
    })?;
    if matches!(original.command, Command::Resume(_)) {
        return Err(UsageError::new(format!("run {id} has no command to continue")).into());
    }
    let (settings, overridden) =
        Settings::resumed(original.global.settings(), now, &run.memory_file, &dir);
    if settings
        .llm
        .base_url
        .as_deref()
        .is_some_and(|url| url.contains(REDACTED))
    {
        // The run's --base-url held a password, which was never stored: sending the
        // placeholder would fail with a puzzling 401 (or reach the wrong account).
        return Err(UsageError::new(format!(
            "run {id} was started with a --base-url holding a password, which archie does not keep"
        ))
        .hint(format!(
            "Give the URL again: archie resume {id} --base-url 'http://USER:PASSWORD@HOST/v1'"
        ))
        .into());
    }
    let checkpoint = store.latest_checkpoint(&id)?;
    Ok(Resumed {
        settings,
        overridden,
        command: original.command,
        argv,
        resume: Resume {
            run: id,
            checkpoint,
            owner: Some(std::sync::Arc::new(owner)),
        },
    })
}
