//! The command-line options of every command that reads design documents.

use super::retrieve::{DEFAULT_MAX_FILE_SIZE, RetrieveOptions};
use std::path::PathBuf;

/// `-i/--inputs`, `--include`, `--exclude`, `--max-file-size`: flatten into a command's
/// arguments with `#[command(flatten)] inputs: InputArgs`.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
#[command(next_help_heading = "Document options")]
pub struct InputArgs {
    /// Design documents to read: a folder (read recursively) or a single file; repeat for several
    #[arg(short = 'i', long = "inputs", value_name = "PATH")]
    pub inputs: Vec<PathBuf>,

    /// Read only files matching GLOB (relative to the input folder, or the file name), instead of
    /// *.md and *.txt; repeatable, e.g. --include '*.rst' --include '*.md'
    #[arg(long, value_name = "GLOB", value_parser = parse_glob)]
    pub include: Vec<String>,

    /// Leave out files and folders matching GLOB; repeatable, e.g. --exclude drafts --exclude
    /// '*.old.md'
    #[arg(long, value_name = "GLOB", value_parser = parse_glob)]
    pub exclude: Vec<String>,

    /// Skip files larger than this (bytes, or with a unit: 512K, 2M, 1G)
    #[arg(long, value_name = "SIZE", default_value = "1M", value_parser = parse_size)]
    pub max_file_size: u64,
}

impl Default for InputArgs {
    fn default() -> Self {
        Self {
            inputs: Vec::new(),
            include: Vec::new(),
            exclude: Vec::new(),
            max_file_size: DEFAULT_MAX_FILE_SIZE,
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
            ..RetrieveOptions::default()
        }
    }
}

fn parse_glob(s: &str) -> Result<String, String> {
    globset::Glob::new(s)
        .map(|_| s.to_string())
        .map_err(|err| err.kind().to_string())
}

/// Parses a size: plain bytes (`1048576`) or a number with a binary unit: `K`/`KB`/`KiB`
/// (1024), `M`/`MB`/`MiB`, `G`/`GB`/`GiB`, case-insensitive, fractions allowed (`1.5M`).
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let unit = unit.trim().to_ascii_lowercase();
    let multiplier: u64 = match unit.as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        _ => {
            return Err(format!(
                "`{s}` is not a size: use bytes or a unit, e.g. 512K, 2M, 1G"
            ));
        }
    };
    let bad = || format!("`{s}` is not a size: use bytes or a unit, e.g. 512K, 2M, 1G");
    if let Ok(n) = number.parse::<u64>() {
        return n.checked_mul(multiplier).ok_or_else(bad);
    }
    let n: f64 = number.parse().map_err(|_| bad())?;
    let bytes = (n * multiplier as f64).round();
    if !bytes.is_finite() || bytes < 0.0 || bytes > u64::MAX as f64 {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// A byte count for people: `900 B`, `512 KiB`, `1 MiB`, `1.5 MiB`, `2 GiB`.
pub fn format_size(bytes: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, size) in UNITS {
        if bytes >= size {
            let tenths = (bytes as f64 / size as f64 * 10.0).round() / 10.0;
            return if tenths.fract() == 0.0 {
                format!("{tenths:.0} {unit}")
            } else {
                format!("{tenths:.1} {unit}")
            };
        }
    }
    format!("{bytes} B")
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Cmd {
        #[command(flatten)]
        inputs: InputArgs,
    }

    #[test]
    fn sizes_parse_in_human_forms() {
        assert_eq!(parse_size("1048576"), Ok(1_048_576));
        assert_eq!(parse_size("512K"), Ok(512 * 1024));
        assert_eq!(parse_size("512kb"), Ok(512 * 1024));
        assert_eq!(parse_size("2M"), Ok(2 * 1024 * 1024));
        assert_eq!(parse_size("2 MiB"), Ok(2 * 1024 * 1024));
        assert_eq!(parse_size("1.5m"), Ok(1_572_864));
        assert_eq!(parse_size("1G"), Ok(1 << 30));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("12Q").is_err());
        assert!(parse_size("").is_err());
        assert!(parse_size("99999999999999999999G").is_err());
    }

    #[test]
    fn sizes_format_for_people() {
        assert_eq!(format_size(900), "900 B");
        assert_eq!(format_size(512 * 1024), "512 KiB");
        assert_eq!(format_size(1 << 20), "1 MiB");
        assert_eq!(format_size(1_572_864), "1.5 MiB");
        assert_eq!(format_size(3 << 30), "3 GiB");
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
