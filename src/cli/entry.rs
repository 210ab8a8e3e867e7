//! The whole program: parse, build the App, dispatch, and turn the outcome into an exit
//! code. A failure is reported once, by the renderer, as an `error` event.
//!
//! It lives in the library, and `src/main.rs` only calls [`main`]: a release build does
//! not share generic code between crates, so every async body the binary awaited was
//! compiled a second time for the binary (about 90 s of CPU in a fresh build).

use super::error::CommandError;
use super::{Cli, Command};
use crate::app::App;
use crate::error::Exit;
use crate::stdout;
use clap::Parser;
use std::process::ExitCode;

/// Runs archie with the process's arguments; returns its exit code.
pub fn main() -> ExitCode {
    crate::tls::install();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return ExitCode::from(command_line_error(err)),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(err) => {
            // The last resort: nothing else can report it.
            eprintln!("error: cannot start the async runtime: {err}");
            return ExitCode::from(Exit::Failed.code());
        }
    };
    let exit = runtime.block_on(run(cli));
    crate::ui::restore_terminal();
    // Blocking prompt threads may still wait on the terminal; do not wait for them.
    runtime.shutdown_background();
    ExitCode::from(exit.code())
}

/// The command line as given (lossy where it is not UTF-8).
fn argv() -> Vec<String> {
    std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect()
}

/// What clap could not parse, or help: a command's help is its own options and
/// examples ([`super::help`]); under `--json` the error is also an `error` event
/// and a `result` event on stdout. Returns the exit code.
fn command_line_error(err: clap::Error) -> u8 {
    use clap::error::ErrorKind;
    let args = argv();
    if super::help::is_help_options(&args) {
        let _ =
            std::io::Write::write_all(&mut std::io::stdout(), super::help::options().as_bytes());
        return 0;
    }
    let code = err.exit_code().clamp(0, 255) as u8;
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) && let Some(help) = super::help::for_command_line(&args)
    {
        // `archie --help | head -1` closes stdout: not a panic.
        let _ = std::io::Write::write_all(&mut std::io::stdout(), help.as_bytes());
        return code;
    }
    let _ = err.print();
    if let Some(hint) = hint_for(&err) {
        eprintln!("\n{hint}");
    }
    if code != 0 && args.iter().skip(1).any(|a| a == "--json") {
        let text = err.render().to_string();
        let first = text.lines().next().unwrap_or_default();
        crate::ui::json_error(first.trim_start_matches("error: "), code);
    }
    code
}

/// What to do about a command line clap refused, where archie knows better than clap:
/// `-q` before the command is analyze's question, not `--quiet`.
fn hint_for(err: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if err.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(arg)) = err.get(ContextKind::InvalidArg) else {
        return None;
    };
    (arg == "-q").then(|| {
        "hint: -q is analyze's question and goes after the command (archie analyze -i docs/ -q \
         \"…\"); to say less, --quiet goes anywhere"
            .to_string()
    })
}

/// Runs the command line: a new run, or (`archie resume`) the recorded one. Every
/// command ends with a `result` event.
async fn run(mut cli: Cli) -> Exit {
    let argv = argv();
    let from_stdin = super::stdin::resolve(&mut cli);
    let settings = cli.global.settings();
    crate::ui::init_colors(settings.color);
    let from_stdin = match from_stdin {
        Ok(read) => read,
        Err(err) => {
            let reporter = App::new(settings, argv, None);
            let exit = report(&reporter, err.into());
            reporter.finish(exit);
            return exit;
        }
    };
    match cli.command {
        Command::Resume(args) => {
            let reporter = App::new(settings.clone(), argv, None);
            match super::resume::prepare(settings, args) {
                Ok(resumed) => {
                    crate::ui::init_colors(resumed.settings.color);
                    let continues = resumed.continues();
                    let app = App::new(resumed.settings, resumed.argv, Some(resumed.resume));
                    app.events
                        .emit(crate::events::Event::Done { message: continues });
                    for o in &resumed.overridden {
                        app.events.emit(crate::events::Event::Warning {
                            message: o.message(),
                        });
                    }
                    let exit = execute(&app, resumed.command).await;
                    app.finish(exit);
                    exit
                }
                Err(err) => {
                    let exit = report(&reporter, err);
                    reporter.finish(exit);
                    exit
                }
            }
        }
        command => {
            let mut recorded = super::help::recorded_argv(&argv);
            if let Some(query) = &from_stdin.query {
                recorded = super::stdin::record_query(&recorded, query);
            }
            let app = App::new(settings, recorded, None);
            let protocol = command.owns_stdout();
            let exit = execute(&app, command).await;
            if !protocol {
                app.finish(exit);
            }
            exit
        }
    }
}

/// Runs `command` until it ends, the user presses Ctrl-C, or stdout's reader goes away.
async fn execute(app: &App, command: Command) -> Exit {
    let exit = tokio::select! {
        // Ctrl-C first: its handler is in place before the command draws or asks anything,
        // so an early Ctrl-C is never the default "die at once".
        biased;
        _ = tokio::signal::ctrl_c() => Exit::Interrupted,
        // `archie --json analyze … | head -3`: no more steps (nor LLM calls) for nobody;
        // the run keeps its last checkpoint, and archie exits quietly with 0, as ripgrep.
        () = stdout::closed(), if !command.owns_stdout() => return stdout_closed(app),
        result = dispatch(app, command) => match result {
            Ok(exit) => exit,
            Err(err) if err.exit == Exit::Interrupted => Exit::Interrupted,
            Err(err) if stdout::is_broken_pipe(err.error.as_ref()) => return stdout_closed(app),
            Err(err) => report(app, err),
        },
    };
    if exit == Exit::Interrupted {
        // Ctrl-C arrives as a signal, or as an error from a prompt in raw mode.
        app.interrupted();
    }
    exit
}

fn stdout_closed(app: &App) -> Exit {
    app.stdout_closed();
    Exit::Done
}

fn report(app: &App, mut err: CommandError) -> Exit {
    let unconfigured = err.error.chain().any(|e| {
        matches!(
            e.downcast_ref::<crate::llm::LlmError>(),
            Some(crate::llm::LlmError::NotConfigured)
        )
    });
    if unconfigured {
        // What runs here already, offered as the command given with its flags (secrets
        // redacted), never used unasked.
        let args: Vec<String> = argv().into_iter().skip(1).collect();
        let command =
            (!args.is_empty()).then(|| crate::shell::join(crate::secrets::redact_args(&args)));
        if let Some(offers) =
            crate::llm::local::offers(&crate::llm::local::find(), command.as_deref())
        {
            err = err.hint(offers);
        }
    }
    app.events.emit(err.event());
    err.exit
}

async fn dispatch(app: &App, command: Command) -> Result<Exit, CommandError> {
    match command {
        Command::Flow(flow) => flow.run(app).await,
        Command::Completions(args) => super::completions::run(args),
        Command::Graph(args) => super::graph::run(app, args),
        Command::Mcp(args) => super::mcp::run(app, args).await,
        Command::Memory(args) => super::memory::run(app, args).await,
        Command::Runs(args) => super::runs::run(app, args),
        Command::Resume(_) => Err(CommandError::usage("a resumed run cannot resume another")),
    }
}
