"""An MCP client other than archie's (the Python `mcp` package) driving archie's flow
tools, `build_context` and `analyze`, through `archie mcp`.

Usage: python mcp_flows_client.py ARCHIE_BINARY SCENARIO
Runs in the current folder (the test's), passing archie the LLM settings in its own
environment (OPENAI_*, ARCHIE_*). Prints one JSON object: what the scenario saw.

Scenarios:
  build_context  a blocking call with a progress callback (the default mode, 2026-07-28)
  elicit         analyze, the questions answered by this client's elicitation handler
                 (legacy mode, 2025-11-25): first an answer, then "approve"
  continue       analyze through a client without elicitation: the question comes back
                 with the run id, and two calls with run_id and answers continue it
"""
import asyncio
import json
import os
import sys

from mcp import StdioServerParameters, types
from mcp.client.client import Client

QUERY = "Can checkout survive a payments outage?"
ANSWER = "It fails fast."


def server(binary):
    env = {k: v for k, v in os.environ.items() if k.startswith(("OPENAI_", "ARCHIE_"))}
    env["NO_COLOR"] = "1"
    return StdioServerParameters(command=binary, args=["mcp"], env=env, cwd=os.getcwd())


async def build_context(binary):
    progress = []

    async def on_progress(value, total, message):
        progress.append({"progress": value, "message": message})

    async with Client(server(binary)) as client:
        tools = await client.list_tools()
        result = await client.call_tool(
            "build_context", {"system": "shop", "inputs": ["docs"]}, progress_callback=on_progress
        )
        annotations = {
            t.name: {"read_only": t.annotations.read_only_hint, "open_world": t.annotations.open_world_hint}
            for t in tools.tools
            if t.name in ("build_context", "analyze")
        }
        return {
            "protocol_version": client.protocol_version,
            "annotations": annotations,
            "result": result.structured_content,
            "is_error": result.is_error,
            "progress": progress,
        }


async def elicit(binary):
    asked = []

    async def on_elicit(context, params):
        asked.append({"message": params.message, "schema": params.requested_schema})
        if len(asked) == 1:
            return types.ElicitResult(action="accept", content={"choice": "answer", "answer": ANSWER})
        return types.ElicitResult(action="accept", content={"choice": "approve"})

    async with Client(server(binary), mode="legacy", elicitation_callback=on_elicit) as client:
        result = await client.call_tool("analyze", {"query": QUERY, "inputs": ["docs"]})
        return {
            "protocol_version": client.protocol_version,
            "asked": asked,
            "result": result.structured_content,
            "is_error": result.is_error,
        }


async def continue_by_run_id(binary):
    async with Client(server(binary), mode="legacy") as client:
        first = await client.call_tool("analyze", {"query": QUERY, "inputs": ["docs"]})
        run = first.structured_content["run"]
        second = await client.call_tool("analyze", {"run_id": run, "answers": [ANSWER]})
        third = await client.call_tool("analyze", {"run_id": run, "answers": ["/approve"]})
        return {
            "protocol_version": client.protocol_version,
            "first": first.structured_content,
            "second": second.structured_content,
            "third": third.structured_content,
            "is_error": [first.is_error, second.is_error, third.is_error],
        }


SCENARIOS = {"build_context": build_context, "elicit": elicit, "continue": continue_by_run_id}

print(json.dumps(asyncio.run(SCENARIOS[sys.argv[2]](sys.argv[1]))))
