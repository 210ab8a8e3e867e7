//! The archie binary. Everything is in the library ([`archie::cli::entry`]), so the
//! binary compiles nothing of its own.

fn main() -> std::process::ExitCode {
    archie::cli::entry::main()
}
