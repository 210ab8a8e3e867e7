#!/usr/bin/env python3
"""A small MCP server over stdio for archie's tests, that can misbehave on request.

Options (all optional):
  --log FILE          append one line per request: "call TOOL ARGS", "cancelled ID", …
  --pidfile FILE      write this process's pid
  --crash             write to stderr and exit 2 before reading anything
  --hang-initialize   never answer initialize
  --flood-stderr      write ~20 MB to stderr before answering initialize, and keep writing
  --stray-stdout      print a line that is not JSON-RPC on stdout first
  --grandchild FILE   start `sleep 1000` and write its pid to FILE
  --ignore-eof        keep running after stdin closes (archie must signal it)
  --ignore-sigterm    ignore SIGTERM (archie must kill it)
  --delay-ms N        how long slow_* tools take (default 300); each logs "start
                      slow_X with N in flight" (N counted by this server)
  --dump-env FILE     write this process's environment to FILE as JSON, at start
  --echo-env A,B      a server that leaks: the values of variables A and B go to stderr
                      at start, into the description of the tool `env` and into its
                      result, and into the server's `instructions`

Tools: slow_a, slow_b, slow_c (read-only, take --delay-ms), echo (read-only),
hang (read-only, never answers), danger (destructive), big (read-only, ~17 MiB reply),
unmarked (no annotations), write (a write, not destructive: logs "end write STEP" after
--delay-ms), env (read-only: the --echo-env values), die (read-only:
writes to stderr and exits 3 in the middle of the call), both_hints (annotated both
readOnlyHint and destructiveHint), ask (read-only: asks the client an elicitation/create
with the fields age (integer), name (string, required), sure (boolean) and returns the
answer), roots (read-only: asks the client roots/list and returns them). The client's
capabilities at initialize are logged as "capabilities {…}".

  --npm-fail          fail as `npx` does for a package it cannot fetch (npm's stderr,
                      exit 1)
  --resources         also offer resources (fake://runbook, fake://owners) and a prompt
                      (summarize)
  --revision R        the one MCP revision this server speaks (default 2025-11-25): it
                      answers initialize with R whatever the client asked, as a real
                      server that knows only R does, and logs "protocol asked A answered
                      R". Under 2024-11-05 tools carry no annotations (that revision has
                      none) and a request before notifications/initialized is refused.
"""
import json
import os
import signal
import subprocess
import sys
import threading
import time

args = sys.argv[1:]


def opt(name, default=None):
    if name in args:
        i = args.index(name)
        if i + 1 < len(args):
            return args[i + 1]
    return default


def flag(name):
    return name in args


LOG = opt("--log")
REVISION = opt("--revision", "2025-11-25")
DELAY = int(opt("--delay-ms", "300")) / 1000.0
lock = threading.Lock()
IN_FLIGHT = [0]


def log(line):
    if LOG:
        with lock:
            with open(LOG, "a") as f:
                f.write(line + "\n")


def send(msg):
    data = json.dumps(msg) + "\n"
    with lock:
        sys.stdout.write(data)
        sys.stdout.flush()


if opt("--pidfile"):
    with open(opt("--pidfile"), "w") as f:
        f.write(str(os.getpid()))

if opt("--dump-env"):
    with open(opt("--dump-env"), "w") as f:
        json.dump(dict(os.environ), f)

ECHOED = [n for n in (opt("--echo-env") or "").split(",") if n]
LEAKED = " ".join("%s=%s" % (n, os.environ.get(n, "")) for n in ECHOED)
if ECHOED:
    sys.stderr.write("fake: starting with %s\n" % LEAKED)
    sys.stderr.flush()

if flag("--ignore-sigterm"):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

if flag("--npm-fail"):
    sys.stderr.write(
        "npm error code E404\n"
        "npm error 404 Not Found - GET https://registry.npmjs.org/@acme%2fserver-nope - Not found\n"
        "npm error 404\n"
        "npm error 404  '@acme/server-nope@*' is not in this registry.\n"
        "npm error 404\n"
        "npm error 404 Note that you can also install from a\n"
        "npm error 404 tarball, folder, http url, or git url.\n"
        "npm error A complete log of this run can be found in: /root/.npm/_logs/debug-0.log\n"
    )
    sys.stderr.flush()
    sys.exit(1)

if flag("--crash"):
    sys.stderr.write("fake: starting\nfatal: cannot open /etc/fake/config.toml\n")
    sys.stderr.flush()
    sys.exit(2)

if opt("--grandchild"):
    child = subprocess.Popen(["sleep", "1000"])
    with open(opt("--grandchild"), "w") as f:
        f.write(str(child.pid))

if flag("--stray-stdout"):
    sys.stdout.write("fake server listening on stdio\n")
    sys.stdout.flush()

if flag("--flood-stderr"):
    line = "x" * 99 + "\n"
    # Far more than a pipe buffer: a client that does not drain stderr hangs us here.
    for _ in range(200_000):
        sys.stderr.write(line)
    sys.stderr.flush()

    def keep_flooding():
        while True:
            try:
                sys.stderr.write("still chatty\n")
                sys.stderr.flush()
            except Exception:
                return
            time.sleep(0.01)

    threading.Thread(target=keep_flooding, daemon=True).start()

READ = {"readOnlyHint": True, "destructiveHint": False}
QUERY = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}
TOOLS = [
    {"name": "slow_a", "description": "Slow search A", "inputSchema": QUERY, "annotations": READ},
    {"name": "slow_b", "description": "Slow search B", "inputSchema": QUERY, "annotations": READ},
    {"name": "slow_c", "description": "Slow search C", "inputSchema": QUERY, "annotations": READ},
    {"name": "echo", "description": "Echo the query", "inputSchema": QUERY, "annotations": READ},
    {"name": "hang", "description": "Never answers", "inputSchema": QUERY, "annotations": READ},
    {"name": "big", "description": "A huge reply", "inputSchema": QUERY, "annotations": READ},
    {
        "name": "danger",
        "description": "Deletes a path",
        "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
        "annotations": {"readOnlyHint": False, "destructiveHint": True},
    },
    {"name": "unmarked", "description": "No hints", "inputSchema": QUERY},
    {
        "name": "write",
        "description": "Writes step STEP",
        "inputSchema": {"type": "object", "properties": {"step": {"type": "integer"}}, "required": ["step"]},
        "annotations": {"readOnlyHint": False, "destructiveHint": False},
    },
    {"name": "env", "description": "Shows its settings: " + LEAKED, "inputSchema": QUERY, "annotations": READ},
    {"name": "ask", "description": "Asks the user who deploys", "inputSchema": QUERY, "annotations": READ},
    {"name": "roots", "description": "Lists the client's roots", "inputSchema": QUERY, "annotations": READ},
    {"name": "die", "description": "Exits in the middle of the call", "inputSchema": QUERY, "annotations": READ},
    {
        "name": "both_hints",
        "description": "Says it only reads and that it is destructive",
        "inputSchema": QUERY,
        "annotations": {"readOnlyHint": True, "destructiveHint": True},
    },
]


pending = {}  # id of a request to the client -> (event, [its response])
counter = [0]


def ask_client(method, params):
    with lock:
        counter[0] += 1
        rid = "srv-%d" % counter[0]
        pending[rid] = (threading.Event(), [])
    send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
    event, box = pending[rid]
    event.wait(30)
    pending.pop(rid, None)
    return box[0] if box else {"error": "no answer"}


def text_result(id_, text, is_error=False):
    send({"jsonrpc": "2.0", "id": id_, "result": {"content": [{"type": "text", "text": text}], "isError": is_error}})


def call(id_, name, arguments):
    log("call %s %s" % (name, json.dumps(arguments, sort_keys=True)))
    if name.startswith("slow_"):
        # The server's own count of the calls running at once, in its log.
        with lock:
            IN_FLIGHT[0] += 1
            now = IN_FLIGHT[0]
        log("start %s with %d in flight" % (name, now))
        time.sleep(DELAY)
        with lock:
            IN_FLIGHT[0] -= 1
        text_result(id_, "%s found: %s" % (name, arguments.get("query")))
    elif name == "echo":
        text_result(id_, "echo: %s" % arguments.get("query"))
    elif name == "hang":
        return
    elif name == "big":
        text_result(id_, "y" * (17 << 20))
    elif name == "danger":
        text_result(id_, "deleted %s" % arguments.get("path"))
    elif name == "unmarked":
        text_result(id_, "unmarked ran")
    elif name == "write":
        time.sleep(DELAY)
        log("end write %s" % arguments.get("step"))
        text_result(id_, "wrote step %s" % arguments.get("step"))
    elif name == "env":
        sys.stderr.write("fake: env called, %s\n" % LEAKED)
        sys.stderr.flush()
        text_result(id_, "my settings: " + LEAKED)
    elif name == "die":
        sys.stderr.write("fake: fatal: lost the database connection\n")
        sys.stderr.flush()
        os._exit(3)
    elif name == "ask":
        reply = ask_client("elicitation/create", {
            "message": "Who is deploying?",
            "requestedSchema": {
                "type": "object",
                # Not in alphabetical order: the client asks in this one.
                "properties": {
                    "name": {"type": "string", "title": "Your name"},
                    "age": {"type": "integer", "title": "Years on call"},
                    "sure": {"type": "boolean", "title": "Sure?"},
                },
                "required": ["name"],
            },
        })
        text_result(id_, "elicited: " + json.dumps(reply.get("result", reply), sort_keys=True))
    elif name == "roots":
        reply = ask_client("roots/list", {})
        text_result(id_, "roots: " + json.dumps(reply.get("result", reply), sort_keys=True))
    elif name == "both_hints":
        text_result(id_, "both_hints ran")
    else:
        send({"jsonrpc": "2.0", "id": id_, "error": {"code": -32602, "message": "unknown tool " + name}})


initialized = False
for raw in sys.stdin:
    raw = raw.strip()
    if not raw:
        continue
    try:
        msg = json.loads(raw)
    except ValueError:
        continue
    method = msg.get("method")
    id_ = msg.get("id")
    params = msg.get("params") or {}
    if method is None and id_ in pending:
        pending[id_][1].append(msg)
        pending[id_][0].set()
        continue
    if method == "initialize":
        log("initialize")
        log("protocol asked %s answered %s" % (params.get("protocolVersion"), REVISION))
        log("capabilities " + json.dumps(params.get("capabilities", {}), sort_keys=True))
        if flag("--hang-initialize"):
            continue
        send({
            "jsonrpc": "2.0",
            "id": id_,
            "result": {
                "protocolVersion": REVISION,
                "capabilities": (
                    {"tools": {}, "resources": {}, "prompts": {}} if flag("--resources") else {"tools": {}}
                ),
                "serverInfo": {"name": "fake", "version": "1.0.0"},
                "instructions": "Use echo for greetings. " + LEAKED,
            },
        })
    elif method == "notifications/initialized":
        log("initialized")
        initialized = True
    elif REVISION == "2024-11-05" and not initialized and id_ is not None:
        send({"jsonrpc": "2.0", "id": id_, "error": {"code": -32002, "message": "not initialized"}})
    elif method == "tools/list":
        tools = TOOLS
        if REVISION == "2024-11-05":
            tools = [{k: v for k, v in t.items() if k != "annotations"} for t in TOOLS]
        send({"jsonrpc": "2.0", "id": id_, "result": {"tools": tools}})
    elif method == "tools/call":
        threading.Thread(
            target=call, args=(id_, params.get("name"), params.get("arguments") or {}), daemon=True
        ).start()
    elif method == "resources/list":
        send({"jsonrpc": "2.0", "id": id_, "result": {"resources": [
            {"uri": "fake://runbook", "name": "Runbook", "description": "How to restart", "mimeType": "text/plain"},
            {"uri": "fake://owners", "name": "Owners"},
        ]}})
    elif method == "resources/read":
        uri = params.get("uri")
        texts = {"fake://runbook": "Restart with make restart.", "fake://owners": "team red"}
        if uri in texts:
            send({"jsonrpc": "2.0", "id": id_, "result": {"contents": [
                {"uri": uri, "mimeType": "text/plain", "text": texts[uri]}]}})
        else:
            send({"jsonrpc": "2.0", "id": id_, "error": {"code": -32002, "message": "no resource " + str(uri)}})
    elif method == "prompts/list":
        send({"jsonrpc": "2.0", "id": id_, "result": {"prompts": [
            {"name": "summarize", "description": "Summarize the incident"}]}})
    elif method == "notifications/cancelled":
        log("cancelled %s" % params.get("requestId"))
    elif method == "ping":
        send({"jsonrpc": "2.0", "id": id_, "result": {}})
    elif id_ is not None:
        send({"jsonrpc": "2.0", "id": id_, "error": {"code": -32601, "message": "no method " + str(method)}})

log("stdin closed")
if flag("--ignore-eof"):
    while True:
        time.sleep(1)
