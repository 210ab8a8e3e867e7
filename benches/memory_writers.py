"""Concurrent writers to one memory file: the reference memory server against archie mcp.

W server processes, each driven by its own MCP client, write N entities each (one
`create_entities` call per entity, the calls of one process one after another, the W
processes at once) to the same file; then a fresh server reads the graph back
(`read_graph`), and the entities missing are the lost writes. Every call is counted as
the server reported it (a success or an error).

Needs what .ci/mcp-setup.sh installs (the Python `mcp` package and
@modelcontextprotocol/server-memory in .ci/cache) and an archie binary:

    .ci/mcp-setup.sh
    cargo build --release
    .ci/cache/venv/bin/python benches/memory_writers.py [--writers 4] [--entities 100] [--runs 3]

ARCHIE_BIN picks the binary (default target/release/archie, else target/debug/archie);
ARCHIE_MCP_CACHE the cache folder (default .ci/cache).
"""
import argparse
import asyncio
import os
import tempfile
from pathlib import Path

from mcp import StdioServerParameters
from mcp.client.client import Client

REPO = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("ARCHIE_MCP_CACHE", REPO / ".ci" / "cache"))


def archie_bin():
    if os.environ.get("ARCHIE_BIN"):
        return os.environ["ARCHIE_BIN"]
    target = Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    for build in ("release", "debug"):
        if (target / build / "archie").exists():
            return str(target / build / "archie")
    raise SystemExit("no archie binary: run cargo build --release or set ARCHIE_BIN")


def server(kind, folder):
    if kind == "server-memory":
        return StdioServerParameters(
            command=str(CACHE / "npm/node_modules/.bin/mcp-server-memory"),
            env={**os.environ, "MEMORY_FILE_PATH": str(folder / "memory.jsonl")},
        )
    return StdioServerParameters(
        command=archie_bin(), args=["--memory-file", str(folder / "memory.json"), "mcp"]
    )


async def writer(kind, folder, w, n):
    ok = failed = 0
    async with Client(server(kind, folder), mode="legacy") as client:
        for i in range(n):
            result = await client.call_tool("create_entities", {"entities": [
                {"name": f"writer{w}-entity{i}", "entityType": "service", "observations": [f"written by {w}"]}]})
            if result.is_error:
                failed += 1
            else:
                ok += 1
    return ok, failed


async def run(kind, writers, n):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        counts = await asyncio.gather(*(writer(kind, folder, w, n) for w in range(writers)))
        async with Client(server(kind, folder), mode="legacy") as client:
            graph = (await client.call_tool("read_graph", {})).structured_content
        kept = len(graph["entities"])
        return {
            "reported_ok": sum(c[0] for c in counts),
            "reported_failed": sum(c[1] for c in counts),
            "kept": kept,
            "lost": writers * n - kept,
        }


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--entities", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    a = parser.parse_args()
    total = a.writers * a.entities
    print(f"{a.writers} processes x {a.entities} entities = {total} writes to one file, {a.runs} runs")
    for kind in ("server-memory", "archie mcp"):
        for r in range(a.runs):
            res = await run(kind, a.writers, a.entities)
            print(f"{kind:14} run {r + 1}: reported ok {res['reported_ok']}, failed {res['reported_failed']}; "
                  f"kept {res['kept']} of {total}, lost {res['lost']}")


asyncio.run(main())
