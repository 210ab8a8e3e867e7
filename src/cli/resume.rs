//! `archie resume RUN`: continue a run that stopped at a question, failed, was
//! interrupted or killed, from its last finished step.
//!
//! The run's recorded command line is parsed again (the same command, memory file and
//! options); this invocation supplies only how to answer and how to show output
//! (`--answer`, `--answers`, `--yes`, `--no-input`, `--json`, `--quiet`, `--verbose`,
//! `--color`), so answers given to the first attempt are not used twice.

use crate::UsageError;
use crate::app::Resume;
use crate::cli::{Cli, Command, GlobalArgs};
use crate::store::{REDACTED, RunId, Status, Store};
use clap::{Args, Parser};

#[derive(Debug, Args)]
pub struct ResumeArgs {
    /// The run to continue (see `archie runs list`)
    #[arg(value_name = "RUN", required_unless_present = "last")]
    pub run: Option<String>,

    /// Continue the most recent run that was interrupted or failed
    #[arg(long, conflicts_with = "run")]
    pub last: bool,
}

/// The recorded run to continue: its command line (with this invocation's answers and
/// output settings), the recorded argv, and where it continues.
pub struct Resumed {
    pub global: GlobalArgs,
    pub command: Command,
    pub argv: Vec<String>,
    pub resume: Resume,
}

pub fn prepare(global: GlobalArgs, args: ResumeArgs) -> anyhow::Result<Resumed> {
    let dir = crate::store::state_dir(&global.memory_file, global.state_dir.as_deref());
    let Some(store) = Store::open_existing(&dir)? else {
        return Err(UsageError::new(format!("no runs are recorded in {}", dir.display()))
            .hint("Run archie from the folder of the memory file it used, or pass the same --memory-file or --state-dir.")
            .into());
    };
    let id = match (args.run, args.last) {
        (Some(id), _) => RunId::new(&id),
        (None, _) => store.last_resumable()?.ok_or_else(|| {
            UsageError::new("there is no interrupted or failed run to continue")
                .hint("`archie runs list` shows the recorded runs.")
        })?,
    };
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
    let mut merged = original.global;
    merged.memory_file = run.memory_file.clone();
    merged.state_dir = Some(dir);
    merged.answers = global.answers;
    merged.answers_file = global.answers_file;
    merged.yes = global.yes;
    merged.no_input = global.no_input;
    merged.json = global.json;
    merged.quiet = global.quiet;
    merged.verbose = global.verbose;
    merged.color = global.color;
    let checkpoint = store.latest_checkpoint(&id)?;
    Ok(Resumed {
        global: merged,
        command: original.command,
        argv,
        resume: Resume {
            run: id,
            checkpoint,
        },
    })
}
