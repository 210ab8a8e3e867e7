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
        tokio::select! {
            result = run(cli) => match result {
                Ok(code) => code,
                Err(err) => {
                    report(&err);
                    exit_code(&err)
                }
            },
            _ = tokio::signal::ctrl_c() => {
                let _ = console::Term::stderr().show_cursor();
                eprintln!("\n{} interrupted", console::style("✘").red());
                EXIT_INTERRUPTED
            }
        }
    });
    // Blocking prompt threads may still wait on the terminal; do not wait for them.
    runtime.shutdown_background();
    ExitCode::from(code)
}

async fn run(cli: Cli) -> anyhow::Result<u8> {
    let app = App::new(cli.global);
    match cli.command {
        Command::Analyze(args) => archie::cli::analyze::run(&app, args).await,
        Command::BuildContext(args) => archie::cli::build_context::run(&app, args).await,
        Command::Echo(args) => archie::cli::echo::run(&app, args).await,
        Command::Graph(args) => archie::cli::graph::run(&app, args),
        Command::Memory(args) => archie::cli::memory::run(&app, args).await,
        Command::Runs(args) => archie::cli::runs::run(&app, args),
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
