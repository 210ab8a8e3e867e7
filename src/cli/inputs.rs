//! The command-line options of every command that reads design documents.

use crate::docs::{DEFAULT_MAX_FILE_SIZE, RetrieveOptions, parse_size};
use std::path::PathBuf;

/// `-i/--inputs`, `--include`, `--exclude`, `--max-file-size`: flatten into a command's
/// arguments with `#[command(flatten)] inputs: InputArgs`.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
#[command(next_help_heading = "Document options")]
pub struct InputArgs {
    /// Design documents to read: a folder (read recursively) or a single file; repeat for several
    #[arg(short = 'i', long = "inputs", alias = "input", value_name = "PATH")]
    pub inputs: Vec<PathBuf>,

    /// Read only files matching GLOB (a path in the input folder, or a file name) instead of
    /// *.md and *.txt; repeatable, e.g. --include '*.rst'
    #[arg(long, value_name = "GLOB", value_parser = parse_glob)]
    pub include: Vec<String>,

    /// Leave out files and folders matching GLOB; repeatable, e.g. --exclude drafts --exclude
    /// '*.old.md'
    #[arg(long, value_name = "GLOB", value_parser = parse_glob)]
    pub exclude: Vec<String>,

    /// Skip files larger than this (bytes, or with a unit: 512K, 2M, 1G)
    #[arg(long, value_name = "SIZE", default_value = "1M", value_parser = parse_size)]
    pub max_file_size: u64,

    /// Send the documents' secrets to the model, not placeholders
    #[arg(long)]
    pub send_secrets: bool,
}

impl Default for InputArgs {
    fn default() -> Self {
        Self {
            inputs: Vec::new(),
            include: Vec::new(),
            exclude: Vec::new(),
            max_file_size: DEFAULT_MAX_FILE_SIZE,
            send_secrets: false,
        }
    }
}

impl InputArgs {
    /// The retrieval options these flags ask for, with archie's default own-output names.
    /// Add the files this run writes with [`RetrieveOptions::skip_path`].
    pub fn to_options(&self) -> RetrieveOptions {
        RetrieveOptions {
            inputs: self.inputs.clone(),
            include: self.include.clone(),
            exclude: self.exclude.clone(),
            max_file_size: self.max_file_size,
            send_secrets: self.send_secrets,
            ..RetrieveOptions::default()
        }
    }
}

impl From<&InputArgs> for RetrieveOptions {
    fn from(args: &InputArgs) -> Self {
        args.to_options()
    }
}

impl From<InputArgs> for RetrieveOptions {
    fn from(args: InputArgs) -> Self {
        RetrieveOptions {
            inputs: args.inputs,
            include: args.include,
            exclude: args.exclude,
            max_file_size: args.max_file_size,
            send_secrets: args.send_secrets,
            ..RetrieveOptions::default()
        }
    }
}

fn parse_glob(s: &str) -> Result<String, String> {
    globset::Glob::new(s)
        .map(|_| s.to_string())
        .map_err(|err| err.kind().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use std::path::PathBuf;

    #[derive(Debug, Parser)]
    struct Cmd {
        #[command(flatten)]
        inputs: InputArgs,
    }

    #[test]
    fn flags_flatten_and_convert() {
        let cmd = Cmd::try_parse_from([
            "x",
            "-i",
            "docs",
            "--inputs",
            "notes/a.md",
            "--include",
            "*.rst",
            "--exclude",
            "drafts",
            "--max-file-size",
            "2M",
        ])
        .unwrap();
        let opts = RetrieveOptions::from(&cmd.inputs);
        assert_eq!(
            opts.inputs,
            vec![PathBuf::from("docs"), PathBuf::from("notes/a.md")]
        );
        assert_eq!(opts.include, vec!["*.rst"]);
        assert_eq!(opts.exclude, vec!["drafts"]);
        assert_eq!(opts.max_file_size, 2 << 20);
        assert_eq!(opts.own_outputs, RetrieveOptions::default().own_outputs);

        let defaults = Cmd::try_parse_from(["x"]).unwrap();
        assert_eq!(defaults.inputs, InputArgs::default());
    }

    #[test]
    fn bad_flags_are_rejected_by_clap() {
        let err = Cmd::try_parse_from(["x", "--max-file-size", "big"]).unwrap_err();
        assert!(err.to_string().contains("512K"), "{err}");
        let err = Cmd::try_parse_from(["x", "--include", "[unclosed"]).unwrap_err();
        assert!(err.to_string().contains("--include"), "{err}");
    }
}
#[cfg(test)]
mod help_tests {
    use super::*;
    use clap::{CommandFactory, Parser};

    #[derive(Debug, Parser)]
    #[command(name = "archie-analyze")]
    struct Cmd {
        #[command(flatten)]
        inputs: InputArgs,
    }

    #[test]
    fn help_names_every_flag_with_its_default() {
        let help = Cmd::command().render_help().to_string();
        for needle in [
            "-i, --inputs <PATH>",
            "--include <GLOB>",
            "--exclude <GLOB>",
            "--max-file-size <SIZE>",
            "[default: 1M]",
        ] {
            assert!(help.contains(needle), "{needle} missing from:\n{help}");
        }
    }
}
