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
                 polled to completed, then tasks/result; the notifications/tasks/status
                 seen on the way
  cancel         analyze as a task, cancelled with tasks/cancel once it works; its
                 result (the interrupted run) from tasks/result
  cancel_extraction
                 build_context as a task, cancelled with tasks/cancel once the file
                 `cancel-now` appears in the folder (the test writes it while extraction
                 is under way); the status tasks/get gives right after, and the result
  ttl            build_context as a task kept 300 ms (2025-11-25); once it has ended and
                 the TTL has passed, tasks/get and tasks/list no longer know it
  ext TOOL       build_context or analyze through the 2026-07-28 Tasks extension: the
                 client declares io.modelcontextprotocol/tasks, the server answers with a
                 task (resultType "task"), this client's extension polls tasks/get and
                 answers the task's inputRequests with tasks/update (an answer, then
                 approve), and the result is the completed task's
  ext_cancel     analyze through the extension, cancelled with tasks/cancel at its
                 first question; tasks/get then
  session        build_context naming the session "nope" (which does not exist) in its
                 arguments, then "s-1" in _meta "dev.archie/session"; the session's memory
                 resource after
  get TASK_ID    tasks/get in a new session (the run store keeps the task)
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
from typing import Literal

from mcp import StdioServerParameters, types
from mcp.client.client import Client
from mcp.client.extension import ClaimContext, ClientExtension, NotificationBinding, ResultClaim
from mcp.shared.exceptions import MCPError
from pydantic import BaseModel, ConfigDict

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


async def start_task(client, name, arguments, ttl=600000):
    # The SDK checks a tools/call answer as a CallToolResult and has no call for a
    # task-augmented one: the request goes through its session's dispatcher as is, and
    # the answer is read as the spec's CreateTaskResult.
    params = {"name": name, "arguments": arguments, "task": {"ttl": ttl}}
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


class TaskStatusNote(BaseModel):
    model_config = ConfigDict(extra="allow")
    taskId: str
    status: str


class TaskNotes(ClientExtension):
    """Observes 2025-11-25's notifications/tasks/status, which the SDK's core tables do
    not route."""

    identifier = "dev.archie.test/task-notes"

    def __init__(self, notes):
        self.notes = notes

    def notifications(self):
        async def note(params):
            self.notes.append(params.status)

        return (NotificationBinding(method="notifications/tasks/status", params_type=TaskStatusNote, handler=note),)


async def task(binary):
    notes = []
    async with Client(server(binary), mode="legacy", extensions=[TaskNotes(notes)]) as client:
        tools = await client.list_tools()
        execution = {
            t.name: t.execution.task_support for t in tools.tools if getattr(t, "execution", None) is not None
        }
        handle = await start_task(client, "build_context", {"system": "shop", "inputs": ["docs"]})
        statuses = await poll(client, handle.task_id, ("completed", "failed", "cancelled"))
        result = await task_result(client, handle.task_id)
        # Notifications are dispatched on their own: the last may trail the result.
        for _ in range(100):
            if notes and notes[-1] == "completed":
                break
            await asyncio.sleep(0.02)
        return {
            "capabilities_tasks": client.server_capabilities.tasks is not None,
            "execution": execution,
            "handle": handle.model_dump(by_alias=True, mode="json"),
            "statuses": statuses,
            "result": result.structured_content,
            "related": (result.meta or {}).get("io.modelcontextprotocol/related-task"),
            "notified": notes,
        }


async def ttl(binary):
    async with Client(server(binary), mode="legacy") as client:
        handle = await start_task(client, "build_context", {"system": "shop", "inputs": ["docs"]}, ttl=300)
        ended = None
        for _ in range(1200):
            try:
                ended = (await get_task(client, handle.task_id)).status
            except MCPError as err:  # ended, and its TTL passed already
                ended = str(err)
            if ended not in ("working", "input_required"):
                break
            await asyncio.sleep(0.05)
        # Ended, and created more than the TTL ago once this sleep is over.
        await asyncio.sleep(0.4)
        try:
            after = (await get_task(client, handle.task_id)).model_dump(by_alias=True, mode="json")
        except MCPError as err:
            after = {"error": str(err), "code": err.code}
        listed = await client.session.send_request(types.ListTasksRequest(), types.ListTasksResult)
        return {
            "handle": handle.model_dump(by_alias=True, mode="json"),
            "ended": ended,
            "after": after,
            "listed": [t.task_id for t in listed.tasks],
        }


TASKS_EXTENSION = "io.modelcontextprotocol/tasks"


class TaskHandle(types.Result):
    """The 2026-07-28 Tasks extension's CreateTaskResult (`resultType: "task"`)."""

    model_config = ConfigDict(extra="allow")
    result_type: Literal["task"]
    task_id: str
    status: str
    ttl_ms: int | None = None
    poll_interval_ms: int | None = None


async def raw(session, method, params):
    # The extension's methods, which the SDK does not model, sent with the request
    # _meta (revision, client capabilities with the extension) it stamps on its own.
    data = {"method": method, "params": params}
    opts = {}
    session._stamp(data, opts)
    return await session._dispatcher.send_raw_request(method, data["params"], opts)


class Tasks(ClientExtension):
    """The Tasks extension as a client needs it: a task answer is polled to its end, its
    input requests answered by `answer` (an elicitation's params to its result)."""

    identifier = TASKS_EXTENSION

    def __init__(self, answer, seen, cancel_at_question=False):
        self.answer = answer
        self.seen = seen
        self.cancel_at_question = cancel_at_question

    def claims(self):
        return (ResultClaim(result_type="task", model=TaskHandle, resolve=self.resolve),)

    async def resolve(self, handle: TaskHandle, ctx: ClaimContext) -> types.CallToolResult:
        self.seen["handle"] = handle.model_dump(by_alias=True, mode="json")
        statuses, keys = [], []
        self.seen["statuses"], self.seen["keys"] = statuses, keys
        for _ in range(1200):
            task = await raw(ctx.session, "tasks/get", {"taskId": handle.task_id})
            status = task["status"]
            if not statuses or statuses[-1] != status:
                statuses.append(status)
            if status == "input_required":
                for key, request in task["inputRequests"].items():
                    if key in keys:
                        continue
                    keys.append(key)
                    if self.cancel_at_question:
                        self.seen["cancel_ack"] = await raw(ctx.session, "tasks/cancel", {"taskId": handle.task_id})
                        self.seen["after_cancel"] = await raw(ctx.session, "tasks/get", {"taskId": handle.task_id})
                        return types.CallToolResult(content=[types.TextContent(type="text", text="cancelled")], is_error=True)
                    response = await self.answer(request["params"])
                    self.seen.setdefault("update_acks", []).append(
                        await raw(ctx.session, "tasks/update", {"taskId": handle.task_id, "inputResponses": {key: response}})
                    )
            elif status in ("completed", "failed", "cancelled"):
                self.seen["final"] = {k: v for k, v in task.items() if k != "result"}
                if status == "completed":
                    return types.CallToolResult.model_validate(task["result"])
                return types.CallToolResult(content=[types.TextContent(type="text", text=status)], is_error=True)
            await asyncio.sleep((task.get("pollIntervalMs") or 100) / 1000)
        raise TimeoutError(f"task {handle.task_id} stayed {statuses}")


async def ext(binary, tool, cancel_at_question=False):
    asked, seen = [], {}

    async def answer(params):
        asked.append({"message": params["message"], "schema": params["requestedSchema"]})
        if len(asked) == 1:
            return {"action": "accept", "content": {"choice": "answer", "answer": ANSWER}}
        return {"action": "accept", "content": {"choice": "approve"}}

    async def on_elicit(context, params):  # declares elicitation; questions come in the task
        raise AssertionError("a task's question came as elicitation/create")

    extension = Tasks(answer, seen, cancel_at_question)
    async with Client(server(binary), mode="auto", extensions=[extension], elicitation_callback=on_elicit) as client:
        caps = client.server_capabilities
        arguments = (
            {"system": "shop", "inputs": ["docs"]} if tool == "build_context" else {"query": QUERY, "inputs": ["docs"]}
        )
        result = await client.call_tool(tool, arguments)
        return {
            "protocol_version": client.protocol_version,
            "extension_declared": TASKS_EXTENSION in ((caps.extensions or {}) if caps else {}),
            "seen": seen,
            "asked": asked,
            "result": result.structured_content,
            "is_error": result.is_error,
        }


async def session(binary):
    async with Client(server(binary), mode="legacy") as client:
        unknown = await client.call_tool("build_context", {"system": "shop", "inputs": ["docs"], "session": "nope"})
        known = await client.call_tool(
            "build_context", {"system": "shop", "inputs": ["docs"]}, meta={"dev.archie/session": "s-1"}
        )
        memory = await client.read_resource("memory://session/s-1")
        return {
            "unknown": {"is_error": unknown.is_error, "text": unknown.content[0].text},
            "known": known.structured_content,
            "session": json.loads(memory.contents[0].text),
        }


async def ext_cancel(binary):
    return await ext(binary, "analyze", cancel_at_question=True)


async def cancel_and_report(client, handle):
    """Cancels the task, then reports its handle, the cancel's answer, its final status
    and its result."""
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


async def cancel(binary):
    async with Client(server(binary), mode="legacy") as client:
        handle = await start_task(client, "analyze", {"query": QUERY, "inputs": ["docs"]})
        return await cancel_and_report(client, handle)


async def cancel_extraction(binary):
    async with Client(server(binary), mode="legacy") as client:
        handle = await start_task(client, "build_context", {"system": "shop", "inputs": ["docs"]})
        for _ in range(3000):
            if os.path.exists("cancel-now"):
                break
            await asyncio.sleep(0.02)
        else:
            raise TimeoutError("the test never asked for the cancel")
        return await cancel_and_report(client, handle)


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
    "ttl": ttl,
    "ext": ext,
    "ext_cancel": ext_cancel,
    "session": session,
    "get": get,
    "decline": decline,
    "abandon": abandon,
}

print(json.dumps(asyncio.run(SCENARIOS[sys.argv[2]](sys.argv[1], *sys.argv[3:]))))
