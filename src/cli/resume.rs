//! `archie resume RUN`: continue a run that stopped at a question, failed, was
//! interrupted or killed, from its last finished step.
//!
//! The run's recorded command line is parsed again (the same command, memory file and
//! options); this invocation supplies how to answer and how to show output
//! (`--answer`, `--answers`, `--yes`, `--no-input`, `--json`, `--quiet`, `--verbose`,
//! `--color`), so answers given to the first attempt are not used twice, and any LLM
//! setting given again wins over the recorded one ([`Settings::resumed`]) and replaces it
//! in the run's recorded command line, so the next plain `archie resume RUN` uses it too
//! (a password in `--base-url` excepted: it is never stored).

use super::error::CommandError;
use crate::app::{Overridden, Resume, Settings};
use crate::cli::{Cli, Command};
use crate::error::UsageError;
use crate::llm::LlmOverrides;
use crate::store::{REDACTED, RunId, Status, Store};
use clap::{Args, Parser};

#[derive(Debug, Args)]
pub struct ResumeArgs {
    /// The run to continue (see `archie runs list`); `--last` for the most recent
    #[arg(value_name = "RUN")]
    pub run: Option<String>,

    /// Continue the most recent run that was interrupted, failed or abandoned
    #[arg(long, conflicts_with = "run")]
    pub last: bool,

    /// Write the run's result to FILE instead of where the run was first told to (`-`:
    /// standard output); the run keeps it for later resumes
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,

    /// Also write the graph as a page to explore when the run ends (analyze,
    /// build-context); the run keeps it for later resumes
    #[arg(long)]
    pub view: bool,
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
        (None, true) => store.last_resumable()?.ok_or_else(|| {
            UsageError::new("there is no interrupted, failed or abandoned run to continue")
                .hint("`archie runs list` shows the recorded runs.")
        })?,
        (None, false) => {
            let hint = match store.last_resumable()? {
                Some(id) => format!(
                    "The most recent one that can continue is {id}: `archie resume {id}`, or \
                     `archie resume --last`. `archie runs list` shows them all."
                ),
                None => {
                    "No recorded run is waiting to continue (`archie runs list` shows them all)."
                        .to_string()
                }
            };
            return Err(
                UsageError::new("which run? archie resume needs a run id or --last")
                    .hint(hint)
                    .into(),
            );
        }
    };
    // Owned from here on, so the status and checkpoint read below stay true.
    let owner = store.claim(&id)?;
    let Some(run) = store.get_run(&id)? else {
        return Err(UsageError::new(format!("there is no run {id}"))
            .hint("`archie runs list` shows the recorded runs.")
            .into());
    };
    if run.summary.status == Status::Aborted {
        return Err(UsageError::new(format!(
            "run {id} was aborted (/abort); there is nothing to continue"
        ))
        .hint("Start the command again for a new run.")
        .into());
    }
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
    // A new output replaces the recorded one: given here, it is where the user is, so it
    // is kept as an absolute path (the run writes a relative one where it started).
    let recorded = argv.clone();
    let argv = match &args.output {
        None => argv,
        Some(output) => {
            let output = if super::stdin::is_dash(output) {
                output.clone()
            } else {
                std::path::absolute(output).unwrap_or_else(|_| output.clone())
            };
            with_output(&argv, &output.display().to_string())
        }
    };
    let argv = if args.view && !argv.iter().any(|a| a == "--view") {
        with_flag(&argv, "--view")
    } else {
        argv
    };
    let original = Cli::try_parse_from(&argv).map_err(|err| {
        if args.output.is_some() && Cli::try_parse_from(&recorded).is_ok() {
            return UsageError::new(format!(
                "run {id}'s command writes no file: -o does not apply"
            ))
            .hint("Resume it without -o.");
        }
        if args.view && Cli::try_parse_from(&recorded).is_ok() {
            return UsageError::new(format!(
                "run {id}'s command draws no view of the graph: --view does not apply"
            ))
            .hint("Resume it without --view.");
        }
        UsageError::new(format!(
            "run {id} was recorded with a command line this archie cannot read"
        ))
        .hint(err.to_string())
    })?;
    if matches!(original.command, Command::Resume(_)) {
        return Err(UsageError::new(format!("run {id} has no command to continue")).into());
    }
    // LLM settings given here become the run's: the next plain `archie resume` uses them
    // (a password in --base-url excepted: it is redacted like every recorded argument).
    let given = now.llm.clone();
    let (settings, overridden) =
        Settings::resumed(original.global.settings(), now, &run.memory_file, &dir);
    let argv = if overridden.is_empty() {
        argv
    } else {
        with_llm_settings(&argv, &given)
    };
    if argv != recorded {
        store.set_args(id.as_str(), &argv)?;
    }
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

impl Resumed {
    /// What this resume continues, in one line: `continuing run r7k2 from step 3
    /// (asking you): archie analyze -i docs -q "…"`. Paths under the current folder are
    /// shown relative to it.
    pub fn continues(&self) -> String {
        use crate::graph::Cursor;
        let run = &self.resume.run;
        let at = match &self.resume.checkpoint {
            None => "from its start".to_string(),
            Some(cp) => {
                let next = match &cp.next {
                    Cursor::Node { node } => crate::flows::step_words(node).to_string(),
                    Cursor::Question { .. } => "its question".to_string(),
                    Cursor::Answered { then, .. } => {
                        format!("your answer, then {}", crate::flows::step_words(then))
                    }
                    Cursor::Done => "its end".to_string(),
                };
                format!("after step {} (next: {next})", cp.step)
            }
        };
        let words: Vec<String> = std::iter::once("archie".to_string())
            .chain(self.argv.iter().skip(1).map(|a| crate::text::near(a)))
            .collect();
        format!("continuing run {run} {at}: {}", crate::shell::join(words))
    }
}

/// `argv` with `flag` added at the end of the command's arguments (before a `--`).
fn with_flag(argv: &[String], flag: &str) -> Vec<String> {
    let at = argv.iter().position(|a| a == "--").unwrap_or(argv.len());
    let mut out = argv.to_vec();
    out.insert(at, flag.to_string());
    out
}

/// `argv` with `-o OUTPUT` in place of the recorded output (`-o`, `--output`, in any of
/// their spellings, with their values), at the end of the command's arguments.
fn with_output(argv: &[String], output: &str) -> Vec<String> {
    let mut out = Vec::with_capacity(argv.len() + 2);
    let mut args = argv.iter();
    let mut rest = Vec::new();
    while let Some(arg) = args.next() {
        if arg == "--" {
            rest.push(arg.clone());
            rest.extend(args.by_ref().cloned());
            break;
        }
        if arg == "-o" || arg == "--output" {
            args.next();
            continue;
        }
        if arg.starts_with("--output=") || (arg.starts_with("-o") && !arg.starts_with("--")) {
            continue;
        }
        out.push(arg.clone());
    }
    out.push("-o".into());
    out.push(output.into());
    out.extend(rest);
    out
}

/// `argv` with each LLM setting `given` in place of the recorded one (the flag, in any of
/// its spellings, and its value removed; the new pair put before the command, where
/// every global option is accepted).
fn with_llm_settings(argv: &[String], given: &LlmOverrides) -> Vec<String> {
    let mut kept: Vec<String> = argv.to_vec();
    let mut front: Vec<String> = Vec::new();
    for (flag, value) in given.given() {
        if !flag.takes_value() {
            continue;
        }
        let short = flag.short.map(|c| format!("-{c}"));
        let names: Vec<&str> = std::iter::once(flag.flag).chain(short.as_deref()).collect();
        let mut out = Vec::with_capacity(kept.len());
        let mut args = kept.into_iter();
        while let Some(arg) = args.next() {
            if names.contains(&arg.as_str()) {
                args.next(); // its value
                continue;
            }
            if names.iter().any(|n| {
                arg.strip_prefix(n)
                    .is_some_and(|rest| rest.starts_with('='))
            }) {
                continue;
            }
            out.push(arg);
        }
        kept = out;
        front.push(flag.flag.to_string());
        front.push(value);
    }
    let mut argv = kept.into_iter();
    argv.next().into_iter().chain(front).chain(argv).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| a.to_string()).collect()
    }

    #[test]
    fn settings_given_to_resume_replace_the_recorded_ones_in_the_command_line() {
        let recorded = strings(&[
            "archie",
            "--base-url",
            "http://bad/v1",
            "analyze",
            "-i",
            "docs",
            "-m",
            "a",
            "--retries=0",
        ]);
        let given = LlmOverrides {
            base_url: Some("http://good/v1".into()),
            model: Some("b".into()),
            retries: Some(2),
            ..LlmOverrides::default()
        };
        let updated = with_llm_settings(&recorded, &given);
        assert_eq!(
            updated,
            strings(&[
                "archie",
                "--model",
                "b",
                "--base-url",
                "http://good/v1",
                "--retries",
                "2",
                "analyze",
                "-i",
                "docs",
            ])
        );
        let parsed = Cli::try_parse_from(&updated).expect("a command line archie reads");
        assert_eq!(parsed.global.settings().llm.model.as_deref(), Some("b"));
    }

    #[test]
    fn an_output_given_to_resume_replaces_the_recorded_one() {
        for recorded in [
            &[
                "archie",
                "analyze",
                "-i",
                "docs",
                "-o",
                "/proc/x.md",
                "-q",
                "why?",
            ][..],
            &[
                "archie",
                "analyze",
                "-i",
                "docs",
                "--output=/proc/x.md",
                "-q",
                "why?",
            ],
            &[
                "archie",
                "analyze",
                "-i",
                "docs",
                "-o/proc/x.md",
                "-q",
                "why?",
            ],
            &["archie", "analyze", "-i", "docs", "-q", "why?"],
        ] {
            let updated = with_output(&strings(recorded), "/tmp/fixed.md");
            assert_eq!(
                updated,
                strings(&[
                    "archie",
                    "analyze",
                    "-i",
                    "docs",
                    "-q",
                    "why?",
                    "-o",
                    "/tmp/fixed.md"
                ]),
                "{recorded:?}"
            );
            assert!(Cli::try_parse_from(&updated).is_ok());
        }
    }

    /// A value `flag` takes: the first (`again`: another one).
    fn sample(flag: &crate::llm::LlmFlag, again: bool) -> Option<&'static str> {
        use crate::llm::Takes;
        Some(match (flag.takes, again) {
            (Takes::Switch, _) => return None,
            (Takes::Text, false) => "http://127.0.0.1:9/first",
            (Takes::Text, true) => "http://127.0.0.1:9/again",
            (Takes::Seconds, false) => "2.5",
            (Takes::Seconds, true) => "7",
            (Takes::Count | Takes::Positive, false) => "3",
            (Takes::Count | Takes::Positive, true) => "5",
            (Takes::OneOf(words), again) => words[if again { 2 } else { 1 }].0,
        })
    }

    fn parsed(argv: &[String]) -> Settings {
        match Cli::try_parse_from(argv) {
            Ok(cli) => cli.global.settings(),
            Err(err) => panic!("{argv:?}: {err}"),
        }
    }

    /// Every LLM flag, walked from its one description: given to the first run, it is
    /// what a plain resume uses (through the recorded command line, the settings and the
    /// configuration's flag layer); given again to a resume, the new value wins, is said,
    /// and is what the next plain resume uses.
    #[test]
    fn every_llm_flag_given_at_the_first_run_is_what_resume_uses() {
        let here = std::path::Path::new("/abs/context.json");
        let store = std::path::Path::new("/abs/.archie");
        let env = |name: &str| (name == "OPENAI_API_KEY").then(|| "sk-test".to_string());
        for flag in crate::llm::FLAGS {
            let first = sample(flag, false);
            let mut recorded = strings(&["archie", "analyze", "-i", "docs", flag.flag]);
            recorded.extend(first.map(str::to_string));
            let given = (flag.get)(&parsed(&recorded).llm);
            assert_eq!(given.as_deref(), Some(first.unwrap_or("")), "{}", flag.flag);

            // A plain resume: the recorded command line, nothing given now.
            let (resumed, overridden) =
                Settings::resumed(parsed(&recorded), Settings::default(), here, store);
            assert_eq!((flag.get)(&resumed.llm), given, "{}", flag.flag);
            assert!(overridden.is_empty(), "{}: {overridden:?}", flag.flag);
            let config = crate::llm::LlmConfig::resolve(
                &resumed.llm,
                std::path::Path::new("/nonexistent-archie-test"),
                &env,
            )
            .unwrap_or_else(|e| panic!("{}: {e}", flag.flag));
            assert!(
                config
                    .origins
                    .iter()
                    .any(|(_, o)| o.to_string() == flag.flag),
                "{} is not what the resumed configuration reads: {:?}",
                flag.flag,
                config.origins
            );

            // Given again with another value: it wins, is said, and is kept.
            let Some(again) = sample(flag, true) else {
                continue;
            };
            let now = parsed(&strings(&["archie", flag.flag, again, "resume", "r1"]));
            let (resumed, overridden) =
                Settings::resumed(parsed(&recorded), now.clone(), here, store);
            assert_eq!(
                (flag.get)(&resumed.llm).as_deref(),
                Some(again),
                "{}",
                flag.flag
            );
            assert_eq!(
                overridden.iter().map(|o| o.flag).collect::<Vec<_>>(),
                [flag.flag]
            );
            let rewritten = with_llm_settings(&recorded, &now.llm);
            let (next, _) = Settings::resumed(parsed(&rewritten), Settings::default(), here, store);
            assert_eq!(
                (flag.get)(&next.llm).as_deref(),
                Some(again),
                "{}",
                flag.flag
            );
        }
    }
}
