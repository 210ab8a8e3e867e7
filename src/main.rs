//! The archie binary: parse, build the App, dispatch, and turn the outcome into an exit
//! code. A failure is reported once, by the renderer, as an `error` event.

use archie::app::App;
use archie::cli::error::CommandError;
use archie::cli::{Cli, Command};
use archie::error::Exit;
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return ExitCode::from(err.exit_code().clamp(0, 255) as u8);
        }
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
    // Blocking prompt threads may still wait on the terminal; do not wait for them.
    runtime.shutdown_background();
    ExitCode::from(exit.code())
}

/// Runs the command line: a new run, or (`archie resume`) the recorded one.
async fn run(cli: Cli) -> Exit {
    let settings = cli.global.settings();
    archie::ui::init_colors(settings.color);
    let argv: Vec<String> = std::env::args().collect();
    match cli.command {
        Command::Resume(args) => {
            let reporter = App::new(settings.clone(), argv, None);
            match archie::cli::resume::prepare(settings, args) {
                Ok(resumed) => {
                    archie::ui::init_colors(resumed.settings.color);
                    let app = App::new(resumed.settings, resumed.argv, Some(resumed.resume));
                    for o in &resumed.overridden {
                        app.events.emit(archie::events::Event::Warning {
                            message: format!(
                                "using {} {} given here, not {} as the run was recorded",
                                o.flag, o.now, o.recorded
                            ),
                        });
                    }
                    execute(&app, resumed.command).await
                }
                Err(err) => report(&reporter, err),
            }
        }
        command => execute(&App::new(settings, argv, None), command).await,
    }
}

/// Runs `command` until it ends or the user presses Ctrl-C.
async fn execute(app: &App, command: Command) -> Exit {
    let exit = tokio::select! {
        result = dispatch(app, command) => match result {
            Ok(exit) => exit,
            Err(err) if err.exit == Exit::Interrupted => Exit::Interrupted,
            Err(err) => report(app, err),
        },
        _ = tokio::signal::ctrl_c() => Exit::Interrupted,
    };
    if exit == Exit::Interrupted {
        // Ctrl-C arrives as a signal, or as an error from a prompt in raw mode.
        app.interrupted();
    }
    exit
}

fn report(app: &App, err: CommandError) -> Exit {
    app.events.emit(err.event());
    err.exit
}

async fn dispatch(app: &App, command: Command) -> Result<Exit, CommandError> {
    use archie::cli;
    match command {
        Command::Analyze(args) => cli::analyze::run(app, args).await,
        Command::BuildContext(args) => cli::build_context::run(app, args).await,
        Command::Echo(args) => cli::echo::run(app, args).await,
        Command::Graph(args) => cli::graph::run(app, args),
        Command::Mcp(args) => cli::mcp::run(app, args).await,
        Command::Memory(args) => cli::memory::run(app, args).await,
        Command::Runs(args) => cli::runs::run(app, args),
        Command::Search(args) => cli::search::run(app, args).await,
        Command::Resume(_) => Err(CommandError::usage("a resumed run cannot resume another")),
    }
}
