//! `archie COMMAND --help`: the command's own options and examples, short. The options
//! every command shares (global and LLM options) are listed once, in `archie --help`,
//! and each command's help ends with a pointer to them.

use super::Cli;
use clap::CommandFactory;
use std::collections::HashSet;

/// What a command's help ends with instead of repeating the shared options.
const SHARED: &str = "Options every command takes (--memory-file, --state-dir, --json, --quiet, \
--no-input, --answer, …) and the LLM options (--model, --base-url, --timeout, …) are listed \
in `archie --help`.";

/// The help for `args` (the whole command line) when it asks for a subcommand's help,
/// or `None` when it is archie's own help (clap prints that one).
pub fn for_command_line(args: &[String]) -> Option<String> {
    let mut root = Cli::command();
    root.build();
    let path = subcommand_path(&root, args);
    if path.is_empty() {
        return None;
    }
    let globals: HashSet<String> = root
        .get_arguments()
        .filter(|a| a.is_global_set())
        .map(|a| a.get_id().to_string())
        .collect();
    let mut cmd = &root;
    for name in &path {
        cmd = cmd.find_subcommand(name)?;
    }
    let mut own = cmd
        .clone()
        .mut_args(|a| {
            if globals.contains(a.get_id().as_str()) {
                a.hide(true)
            } else {
                a
            }
        })
        .disable_help_subcommand(true)
        .mut_arg("help", |a| a.help("Print this help"));
    let mut text = own.render_help().to_string();
    let text_end = text.trim_end().len();
    text.truncate(text_end);
    text.push_str("\n\n");
    text.push_str(&wrap(SHARED, 90));
    text.push('\n');
    Some(text)
}

/// The subcommands named on the command line (`["memory", "stats"]`), skipping options
/// and their values.
fn subcommand_path(root: &clap::Command, args: &[String]) -> Vec<String> {
    let mut path: Vec<String> = Vec::new();
    let mut cmd = root;
    let mut words = args.iter().skip(1).peekable();
    // `archie help memory stats`
    if words.peek().is_some_and(|w| *w == "help") {
        words.next();
        let mut cmd = root;
        for w in words {
            if w.starts_with('-') {
                continue;
            }
            match cmd.find_subcommand(w) {
                Some(sub) => {
                    path.push(sub.get_name().to_string());
                    cmd = sub;
                }
                None => break,
            }
        }
        return path;
    }
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, has_value) = match long.split_once('=') {
                Some((name, _)) => (name, true),
                None => (long, false),
            };
            let takes_value = cmd
                .get_arguments()
                .find(|a| a.get_long() == Some(name))
                .is_some_and(|a| a.get_action().takes_values());
            if takes_value && !has_value {
                words.next();
            }
            continue;
        }
        if let Some(shorts) = word.strip_prefix('-').filter(|s| !s.is_empty()) {
            for (i, c) in shorts.char_indices() {
                let takes_value = cmd
                    .get_arguments()
                    .find(|a| a.get_short() == Some(c))
                    .is_some_and(|a| a.get_action().takes_values());
                if takes_value {
                    if i + c.len_utf8() == shorts.len() {
                        words.next();
                    }
                    break;
                }
            }
            continue;
        }
        if let Some(sub) = cmd.find_subcommand(word) {
            path.push(sub.get_name().to_string());
            cmd = sub;
        }
    }
    path
}

/// The command line as a run records it: every value of an option that names a file or a
/// folder (`-i docs`, `-o out.md`, `--prompts-dir p`, …) made absolute, so a resumed run
/// finds them from whatever folder `archie resume` is typed in.
pub fn recorded_argv(args: &[String]) -> Vec<String> {
    let mut root = Cli::command();
    root.build();
    let names_path = |arg: &clap::Arg| {
        arg.get_value_names().is_some_and(|names| {
            names
                .iter()
                .any(|n| matches!(n.as_str(), "PATH" | "FILE" | "DIR"))
        })
    };
    let absolute = |value: &str| {
        let path = std::path::Path::new(value);
        // `-` is standard input or output, wherever the run continues.
        if value.is_empty() || value == "-" || path.is_absolute() {
            value.to_string()
        } else {
            std::path::absolute(path)
                .map(|p| p.display().to_string())
                .unwrap_or_else(|_| value.to_string())
        }
    };
    let mut out = Vec::with_capacity(args.len());
    let mut cmd = &root;
    let mut words = args.iter();
    if let Some(program) = words.next() {
        out.push(program.clone());
    }
    while let Some(word) = words.next() {
        if word == "--" {
            out.push(word.clone());
            out.extend(words.by_ref().cloned());
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (long, None),
            };
            let arg = cmd.get_arguments().find(|a| a.get_long() == Some(name));
            let takes = arg.is_some_and(|a| a.get_action().takes_values());
            let path = arg.is_some_and(names_path);
            match value {
                Some(value) if path => out.push(format!("--{name}={}", absolute(value))),
                Some(_) => out.push(word.clone()),
                None => {
                    out.push(word.clone());
                    if takes && let Some(value) = words.next() {
                        out.push(if path { absolute(value) } else { value.clone() });
                    }
                }
            }
            continue;
        }
        if let Some(shorts) = word.strip_prefix('-').filter(|s| !s.is_empty()) {
            let mut rewritten = word.clone();
            let mut next_value = None;
            for (i, c) in shorts.char_indices() {
                let arg = cmd.get_arguments().find(|a| a.get_short() == Some(c));
                if arg.is_some_and(|a| a.get_action().takes_values()) {
                    let path = arg.is_some_and(names_path);
                    let rest = &shorts[i + c.len_utf8()..];
                    if rest.is_empty() {
                        next_value = Some(path);
                    } else if path {
                        let value = rest.strip_prefix('=').unwrap_or(rest);
                        rewritten = format!("-{}{}", &shorts[..i + c.len_utf8()], absolute(value));
                    }
                    break;
                }
            }
            out.push(rewritten);
            if let Some(path) = next_value
                && let Some(value) = words.next()
            {
                out.push(if path { absolute(value) } else { value.clone() });
            }
            continue;
        }
        if let Some(sub) = cmd.find_subcommand(word) {
            cmd = sub;
        }
        out.push(word.clone());
    }
    out
}

/// `text` broken into lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_subcommand_is_found_past_options_and_their_values() {
        let mut root = Cli::command();
        root.build();
        assert_eq!(
            subcommand_path(
                &root,
                &args("archie --memory-file m.json memory stats --help")
            ),
            ["memory", "stats"]
        );
        assert_eq!(
            subcommand_path(&root, &args("archie -m gpt analyze -i docs --help")),
            ["analyze"]
        );
        assert_eq!(
            subcommand_path(&root, &args("archie help runs show")),
            ["runs", "show"]
        );
        assert!(subcommand_path(&root, &args("archie --help")).is_empty());
    }

    #[test]
    fn a_run_records_its_paths_absolute() {
        let here = std::env::current_dir().expect("cwd");
        let recorded = recorded_argv(&args(
            "archie --memory-file m.json analyze -i docs -q why -o=out.md --prompts-dir=p",
        ));
        let abs = |p: &str| here.join(p).display().to_string();
        assert_eq!(
            recorded,
            [
                "archie".to_string(),
                "--memory-file".into(),
                abs("m.json"),
                "analyze".into(),
                "-i".into(),
                abs("docs"),
                "-q".into(),
                "why".into(),
                format!("-o{}", abs("out.md")),
                format!("--prompts-dir={}", abs("p")),
            ]
        );
    }

    #[test]
    fn a_command_help_leaves_the_shared_options_to_archie_help() {
        let help = for_command_line(&args("archie analyze --help")).expect("help");
        assert!(help.contains("--query"), "{help}");
        assert!(help.contains("Examples:"), "{help}");
        assert!(!help.contains("--memory-file <PATH>"), "{help}");
        assert!(!help.contains("--base-url <URL>"), "{help}");
        assert!(help.contains("archie --help"), "{help}");
    }
}
