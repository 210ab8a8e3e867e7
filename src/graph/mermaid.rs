//! Mermaid rendering of a graph's declared shape.

use super::{END, Exits};
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
    let _ = writeln!(out, "---\ntitle: {name}\n---\nflowchart TD");
    let _ = writeln!(out, "    {START}([start])");
    for node in nodes {
        let _ = writeln!(out, "    {node}[{node}]");
    }
    let _ = writeln!(out, "    {END}([end])");
    let _ = writeln!(out, "    {START} --> {entry}");
    for (from, exits) in exits {
        if let Some(to) = exits.edge {
            let _ = writeln!(out, "    {from} --> {to}");
        }
        for to in &exits.branches {
            let _ = writeln!(out, "    {from} -.-> {to}");
        }
        for to in &exits.interrupts {
            let _ = writeln!(out, "    {from} -. answer .-> {to}");
        }
    }
    out
}
