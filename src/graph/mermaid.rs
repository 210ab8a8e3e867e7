//! Mermaid rendering of a graph's declared shape.

use super::{END, Exits};
use crate::memory::escape;
use std::collections::BTreeMap;
use std::fmt::Write;

const START: &str = "__start__";

pub(super) fn render<'a>(
    name: &str,
    entry: &str,
    nodes: impl Iterator<Item = &'a str>,
    exits: &BTreeMap<&'static str, Exits>,
) -> String {
    let mut out = String::new();
    // The title as a double-quoted YAML string (front matter), every node an id with
    // its name as an escaped label: names are data, never syntax.
    let title = serde_json::Value::String(name.to_string());
    let _ = writeln!(out, "---\ntitle: {title}\n---\nflowchart TD");
    // Ids with a prefix, so a node named like a keyword (`end`, `graph`) is still a node.
    let id = |node: &str| format!("n_{node}");
    let _ = writeln!(out, "    {}([start])", id(START));
    for node in nodes {
        let _ = writeln!(out, "    {}[\"{}\"]", id(node), escape::mermaid(node));
    }
    let _ = writeln!(out, "    {}([end])", id(END));
    let _ = writeln!(out, "    {} --> {}", id(START), id(entry));
    for (from, exits) in exits {
        if let Some(to) = exits.edge {
            let _ = writeln!(out, "    {} --> {}", id(from), id(to));
        }
        for to in &exits.branches {
            let _ = writeln!(out, "    {} -.-> {}", id(from), id(to));
        }
        for to in &exits.interrupts {
            let _ = writeln!(out, "    {} -. answer .-> {}", id(from), id(to));
        }
    }
    out
}
