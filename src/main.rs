//! The archie binary: parse, build the App, dispatch, map errors to exit codes.

use archie::app::App;
use archie::cli::{Cli, Command};
use archie::error::{EXIT_INTERRUPTED, exit_code};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return ExitCode::from(err.exit_code() as u8);
        }
    };
    archie::ui::init_colors(cli.global.color);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(err) => {
            eprintln!("error: cannot start the async runtime: {err}");
            return ExitCode::from(1);
        }
    };
    let code = runtime.block_on(async {
        let (app, command) = match app_for(cli) {
            Ok(pair) => pair,
            Err(err) => {
                report(&err);
                return exit_code(&err);
            }
        };
        let code = tokio::select! {
            result = dispatch(&app, command) => match result {
                Ok(code) => code,
                Err(err) if exit_code(&err) == EXIT_INTERRUPTED => EXIT_INTERRUPTED,
                Err(err) => {
                    report(&err);
                    exit_code(&err)
                }
            },
            _ = tokio::signal::ctrl_c() => EXIT_INTERRUPTED,
        };
        if code == EXIT_INTERRUPTED {
            // Ctrl-C arrives as a signal, or as an error from a prompt in raw mode.
            let _ = console::Term::stderr().show_cursor();
            eprintln!("\n{} interrupted", console::style("✘").red());
            app.interrupted();
        }
        code
    });
    // Blocking prompt threads may still wait on the terminal; do not wait for them.
    runtime.shutdown_background();
    ExitCode::from(code)
}

/// The App for this invocation; `archie resume` rebuilds the recorded run's command.
fn app_for(cli: Cli) -> anyhow::Result<(App, Command)> {
    match cli.command {
        Command::Resume(args) => {
            let resumed = archie::cli::resume::prepare(cli.global, args)?;
            archie::ui::init_colors(resumed.global.color);
            let app = App::with_run(resumed.global, resumed.argv, Some(resumed.resume));
            Ok((app, resumed.command))
        }
        command => Ok((App::new(cli.global), command)),
    }
}

async fn dispatch(app: &App, command: Command) -> anyhow::Result<u8> {
    match command {
        Command::Analyze(args) => archie::cli::analyze::run(app, args).await,
        Command::BuildContext(args) => archie::cli::build_context::run(app, args).await,
        Command::Echo(args) => archie::cli::echo::run(app, args).await,
        Command::Graph(args) => archie::cli::graph::run(app, args),
        Command::Memory(args) => archie::cli::memory::run(app, args).await,
        Command::Runs(args) => archie::cli::runs::run(app, args),
        Command::Resume(_) => Err(archie::app::usage("a resumed run cannot resume another")),
    }
}

fn report(err: &anyhow::Error) {
    let mut chain = err.chain();
    if let Some(top) = chain.next() {
        eprintln!("{} {top}", console::style("error:").red().bold());
    }
    for cause in chain {
        eprintln!("  caused by: {cause}");
    }
}
