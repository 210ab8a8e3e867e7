"""An MCP client other than archie's (the Python `mcp` package) driving archie's flow
tools, `build_context` and `analyze`, through `archie mcp`.

Usage: python mcp_flows_client.py ARCHIE_BINARY SCENARIO
Runs in the current folder (the test's), passing archie the LLM settings in its own
environment (OPENAI_*, ARCHIE_*). Prints one JSON object: what the scenario saw.

Scenarios:
  build_context  a blocking call with a progress callback (the default mode, 2026-07-28)
  elicit [MODE]  analyze, the questions answered by this client's elicitation handler
                 (legacy mode, 2025-11-25, by default: elicitation/create; auto mode,
                 2026-07-28: input-required rounds): first an answer, then "approve"
  continue       analyze through a client without elicitation: the question comes back
                 with the run id, and two calls with run_id and answers continue it
  task           build_context as a task (2025-11-25): the handle at once, tasks/get
                 polled to completed, then tasks/result
  cancel         analyze as a task, cancelled with tasks/cancel once it works; its
                 result (the interrupted run) from tasks/result
  cancel_extraction
                 build_context as a task, cancelled with tasks/cancel once the file
                 `cancel-now` appears in the folder (the test writes it while extraction
                 is under way); the status tasks/get gives right after, and the result
  get TASK_ID    tasks/get in a new session (the task id is a run id)
  abandon        build_context called with a read timeout shorter than the run: the
                 client gives up and cancels (notifications/cancelled); the run's status
                 is read from the terminal until it stops
  decline        analyze whose question is declined; while it is being asked, the
                 terminal and a second call try to drive the same run; then the run is
                 continued with run_id
"""
import asyncio
import json
import os
import subprocess
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


async def elicit(binary, mode="legacy"):
    asked = []

    async def on_elicit(context, params):
        asked.append({"message": params.message, "schema": params.requested_schema})
        if len(asked) == 1:
            return types.ElicitResult(action="accept", content={"choice": "answer", "answer": ANSWER})
        return types.ElicitResult(action="accept", content={"choice": "approve"})

    async with Client(server(binary), mode=mode, elicitation_callback=on_elicit) as client:
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


async def start_task(client, name, arguments):
    # The SDK checks a tools/call answer as a CallToolResult and has no call for a
    # task-augmented one: the request goes through its session's dispatcher as is, and
    # the answer is read as the spec's CreateTaskResult.
    params = {"name": name, "arguments": arguments, "task": {"ttl": 600000}}
    raw = await client.session._dispatcher.send_raw_request("tools/call", params, {"timeout": 60})
    return types.CreateTaskResult.model_validate(raw).task


async def get_task(client, task_id):
    request = types.GetTaskRequest(params=types.GetTaskRequestParams(task_id=task_id))
    return await client.session.send_request(request, types.GetTaskResult)


async def task_result(client, task_id):
    request = types.GetTaskPayloadRequest(params=types.GetTaskPayloadRequestParams(task_id=task_id))
    return await client.session.send_request(request, types.CallToolResult)


async def poll(client, task_id, until):
    seen = []
    for _ in range(600):
        task = await get_task(client, task_id)
        if not seen or seen[-1] != task.status:
            seen.append(task.status)
        if task.status in until:
            return seen
        await asyncio.sleep((task.poll_interval or 100) / 1000)
    raise TimeoutError(f"task {task_id} stayed {seen}")


async def task(binary):
    async with Client(server(binary), mode="legacy") as client:
        tools = await client.list_tools()
        execution = {
            t.name: t.execution.task_support for t in tools.tools if getattr(t, "execution", None) is not None
        }
        handle = await start_task(client, "build_context", {"system": "shop", "inputs": ["docs"]})
        statuses = await poll(client, handle.task_id, ("completed", "failed", "cancelled"))
        result = await task_result(client, handle.task_id)
        return {
            "capabilities_tasks": client.server_capabilities.tasks is not None,
            "execution": execution,
            "handle": handle.model_dump(by_alias=True, mode="json"),
            "statuses": statuses,
            "result": result.structured_content,
            "related": (result.meta or {}).get("io.modelcontextprotocol/related-task"),
        }


async def cancel(binary):
    async with Client(server(binary), mode="legacy") as client:
        handle = await start_task(client, "analyze", {"query": QUERY, "inputs": ["docs"]})
        request = types.CancelTaskRequest(params=types.CancelTaskRequestParams(task_id=handle.task_id))
        cancelled = await client.session.send_request(request, types.CancelTaskResult)
        result = await task_result(client, handle.task_id)
        final = await get_task(client, handle.task_id)
        return {
            "handle": handle.model_dump(by_alias=True, mode="json"),
            "cancelled": cancelled.status,
            "final": final.status,
            "result": result.structured_content,
        }


async def cancel_extraction(binary):
    async with Client(server(binary), mode="legacy") as client:
        handle = await start_task(client, "build_context", {"system": "shop", "inputs": ["docs"]})
        for _ in range(3000):
            if os.path.exists("cancel-now"):
                break
            await asyncio.sleep(0.02)
        else:
            raise TimeoutError("the test never asked for the cancel")
        request = types.CancelTaskRequest(params=types.CancelTaskRequestParams(task_id=handle.task_id))
        cancelled = await client.session.send_request(request, types.CancelTaskResult)
        result = await task_result(client, handle.task_id)
        final = await get_task(client, handle.task_id)
        return {
            "handle": handle.model_dump(by_alias=True, mode="json"),
            "cancelled": cancelled.status,
            "final": final.status,
            "result": result.structured_content,
        }


async def get(binary, task_id):
    async with Client(server(binary), mode="legacy") as client:
        found = await get_task(client, task_id)
        return found.model_dump(by_alias=True, mode="json")


def archie(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True, env=server(binary).env, timeout=60)


async def decline(binary):
    seen = {}
    holder = {}

    async def on_elicit(context, params):
        listed = runs(binary)
        run = listed[0]["id"]
        terminal = archie(binary, "resume", run, "--answer", ANSWER)
        second = await holder["client"].call_tool("analyze", {"run_id": run, "answers": [ANSWER]})
        seen.update(
            run=run,
            status_while_asked=listed[0]["status"],
            terminal_code=terminal.returncode,
            terminal_stderr=terminal.stderr,
            second=second.structured_content,
        )
        return types.ElicitResult(action="decline")

    async with Client(server(binary), mode="legacy", elicitation_callback=on_elicit) as client:
        holder["client"] = client
        first = await client.call_tool("analyze", {"query": QUERY, "inputs": ["docs"]})
        # Declined: the run waits; the human's answers later continue it.
        holder["client"] = None
        later = await client.call_tool(
            "analyze", {"run_id": first.structured_content["run"], "answers": [ANSWER, "/approve"]}
        )
        return {"first": first.structured_content, "seen": seen, "later": later.structured_content}


def runs(binary):
    listed = archie(binary, "--json", "runs", "list")
    return next(json.loads(l)["value"] for l in listed.stdout.splitlines() if '"event":"data"' in l)


async def abandon(binary):
    async with Client(server(binary), mode="legacy") as client:
        try:
            await client.call_tool(
                "build_context", {"system": "shop", "inputs": ["docs"]}, read_timeout_seconds=0.3
            )
            gave_up = None
        except Exception as err:  # the SDK's timeout error
            gave_up = str(err)
        statuses = []
        for _ in range(240):
            status = runs(binary)[0]["status"]
            if not statuses or statuses[-1] != status:
                statuses.append(status)
            if status != "running":
                break
            await asyncio.sleep(0.25)
        return {"gave_up": gave_up, "statuses": statuses, "run": runs(binary)[0]}


SCENARIOS = {
    "build_context": build_context,
    "elicit": elicit,
    "continue": continue_by_run_id,
    "task": task,
    "cancel": cancel,
    "cancel_extraction": cancel_extraction,
    "get": get,
    "decline": decline,
    "abandon": abandon,
}

print(json.dumps(asyncio.run(SCENARIOS[sys.argv[2]](sys.argv[1], *sys.argv[3:]))))
