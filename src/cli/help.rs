//! Help that teaches. `archie --help` is one screen: examples of the two main commands
//! first, how to point archie at an LLM, the commands, the shared options by name, the
//! exit codes. `archie help options` describes each shared option. `archie COMMAND
//! --help`: the command's own options and examples, short, ending with a pointer to the
//! shared ones.

use super::Cli;
use clap::CommandFactory;
use std::collections::HashSet;

/// What a command's help ends with instead of repeating the shared options.
const SHARED: &str = "Options every command takes (--memory-file, --json, --quiet, --no-input, \
--answer, …) and the LLM options (--model, --base-url, …) are listed in `archie --help` and \
described in `archie help options`.";

/// The start of `archie --help`.
const INTRO: &str = "\
archie: a terminal agent for software architects. It reads your design documents, grows a
knowledge graph of the system in a memory file kept in the repo (context.json), and asks
you whenever it needs a decision.

Examples:
  archie analyze -i docs/ -q \"Can checkout survive a payments outage?\"
  archie build-context payments -i docs/payments/    # writes payments_context.md
  archie analyze -i docs/ --dry-run                  # what would be sent, and where
  archie search \"Which services write to the orders database?\"
  archie echo hello world                            # check that archie runs (no LLM)

The LLM: any OpenAI-compatible endpoint.
  export OPENAI_API_KEY=sk-…                                        # OpenAI
  archie --base-url http://localhost:11434/v1 -m llama3.1 analyze …   # Ollama: no key
  or base_url and model under [llm] in archie.toml

Usage: archie [OPTIONS] <COMMAND>";

/// The end of `archie --help`.
const OUTRO: &str = "\
Exit codes: 0 done · 1 failed · 2 usage or config error · 3 waiting for an answer ·
4 declined or aborted (/abort) · 130 Ctrl-C

`archie COMMAND --help` shows a command's options and examples; `archie help options`
describes the options above.";

/// `archie --help` (and `-h`, and `archie help`): one screen.
pub fn root() -> String {
    let mut root = Cli::command();
    root.build();
    let mut out = String::from(INTRO);
    out.push_str("\n\nCommands:\n");
    let mut commands: Vec<&clap::Command> = root
        .get_subcommands()
        .filter(|c| !c.is_hide_set() && c.get_name() != "help")
        .collect();
    // The flows' commands come from the registry, the others from `cli::Command`: one
    // list, by name.
    commands.sort_by_key(|c| c.get_name());
    let width = commands
        .iter()
        .map(|c| c.get_name().len())
        .max()
        .unwrap_or(0);
    for cmd in commands {
        let about = cmd.get_about().map(|a| a.to_string()).unwrap_or_default();
        out.push_str(&format!("  {:width$}  {about}\n", cmd.get_name()));
    }
    let mut headings: Vec<(String, Vec<String>)> = Vec::new();
    for arg in root.get_arguments().filter(|a| a.is_global_set()) {
        let heading = arg.get_help_heading().unwrap_or("Options").to_string();
        let name = flag_name(arg);
        match headings.iter_mut().find(|(h, _)| *h == heading) {
            Some((_, names)) => names.push(name),
            None => headings.push((heading, vec![name])),
        }
    }
    for (heading, names) in headings {
        out.push_str(&format!("\n{heading}:\n"));
        out.push_str(&packed(&names, 86));
    }
    out.push('\n');
    out.push_str(OUTRO);
    out.push('\n');
    out
}

/// `--memory-file <PATH>`, `-v, --verbose`.
fn flag_name(arg: &clap::Arg) -> String {
    let mut name = match (arg.get_short(), arg.get_long()) {
        (Some(s), Some(l)) => format!("-{s}, --{l}"),
        (Some(s), None) => format!("-{s}"),
        (None, Some(l)) => format!("--{l}"),
        (None, None) => arg.get_id().to_string(),
    };
    if arg.get_action().takes_values()
        && let Some(values) = arg.get_value_names()
    {
        for value in values {
            name.push_str(&format!(" <{value}>"));
        }
    }
    name
}

/// `archie help options`: every option the commands share, described.
pub fn options() -> String {
    let mut root = Cli::command();
    root.build();
    let mut shared = clap::Command::new("archie")
        .disable_help_flag(true)
        .disable_version_flag(true)
        .max_term_width(100)
        .help_template("{all-args}");
    for arg in root.get_arguments().filter(|a| a.is_global_set()) {
        shared = shared.arg(arg.clone());
    }
    let text = shared.render_long_help().to_string();
    format!(
        "Options every command takes (before or after the command's name):\n\n{}\n",
        text.trim_end()
    )
}

/// `items` joined with ` · ` in lines of at most `width` characters (an item is never
/// cut), each line indented by two spaces.
fn packed(items: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && line.chars().count() + 3 + item.chars().count() > width {
            out.push_str(&format!("  {line}\n"));
            line.clear();
        }
        if !line.is_empty() {
            line.push_str(" · ");
        }
        line.push_str(item);
    }
    if !line.is_empty() {
        out.push_str(&format!("  {line}\n"));
    }
    out
}

/// The help `args` (the whole command line) asks for: archie's own, the shared
/// options' (`archie help options`), or a subcommand's.
pub fn for_command_line(args: &[String]) -> Option<String> {
    if is_help_options(args) {
        return Some(options());
    }
    let mut root = Cli::command();
    root.build();
    let path = subcommand_path(&root, args);
    if path.is_empty() {
        return Some(self::root());
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

/// Whether `arg` is `--name`, by its name or an alias (`--input` for `--inputs`).
fn has_long(arg: &clap::Arg, name: &str) -> bool {
    arg.get_long() == Some(name)
        || arg
            .get_all_aliases()
            .is_some_and(|aliases| aliases.contains(&name))
}

/// `archie help options`.
pub fn is_help_options(args: &[String]) -> bool {
    let words: Vec<&str> = args
        .iter()
        .skip(1)
        .map(String::as_str)
        .filter(|w| !w.starts_with('-'))
        .collect();
    words == ["help", "options"]
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
                .find(|a| has_long(a, name))
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
            let arg = cmd.get_arguments().find(|a| has_long(a, name));
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
    fn an_alias_of_a_path_option_is_recorded_absolute_too() {
        let here = std::env::current_dir().expect("cwd");
        let recorded = recorded_argv(&args("archie analyse --input docs -o -"));
        assert_eq!(recorded[3], here.join("docs").display().to_string());
        assert_eq!(recorded[5], "-", "standard output stays -");
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
