#!/usr/bin/env python3
"""A small MCP server over streamable HTTP for archie's tests (standard library only).

It listens on 127.0.0.1 at a port the system picks and prints that port as the first
line on stdout. The endpoint is POST/GET/DELETE /mcp, as in the MCP streamable HTTP
transport (2025-06-18 / 2025-11-25):

  POST     one JSON-RPC message; a request is answered with application/json (or
           text/event-stream with --sse), a notification or response with 202.
           `initialize` issues an Mcp-Session-Id; every later POST must carry it
           (400 without, 404 for an unknown one) and must accept both
           application/json and text/event-stream (406 otherwise).
  GET      405 (no server-to-client stream).
  DELETE   ends the session (then 404 for it).

Options (all optional):
  --log FILE   append one JSON object a line per HTTP request: {"http", "method",
               "id", "session", "authorization", "protocol_version", "accept",
               "status", "issued"} ("issued": the session id initialize gave out)
  --sse        answer requests with text/event-stream (a priming event, then the
               response), not application/json

  --whoami     also offer the tool whoami (read-only), which answers with the
               `api_key` of the URL it was called at ("my key is KEY"): a server that
               leaks its URL's token

  --revision R the one MCP revision this server speaks (default 2025-11-25; also
               2025-06-18 or 2025-03-26): initialize is answered with R whatever the
               client asked, as a real server that knows only R does. From 2025-06-18
               on every request after initialize must carry `MCP-Protocol-Version: R`
               (400 without it or with another); under 2025-03-26, which has no such
               header, one that is sent must still say R.

The path may carry a query (`/mcp?api_key=…`).

Tools (both read-only): lookup (answers "lookup over http found: QUERY"), count.
"""
import json
import socket
import sys
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

args = sys.argv[1:]


def opt(name, default=None):
    if name in args:
        i = args.index(name)
        if i + 1 < len(args):
            return args[i + 1]
    return default


LOG = opt("--log")
SSE = "--sse" in args
WHOAMI = "--whoami" in args
REVISION = opt("--revision", "2025-11-25")
if REVISION not in ("2025-11-25", "2025-06-18", "2025-03-26"):
    sys.exit("fake_mcp_http.py speaks streamable HTTP: 2025-03-26 or later, not %s" % REVISION)
lock = threading.Lock()
sessions = {}  # session id -> negotiated protocol version

READ = {"readOnlyHint": True, "destructiveHint": False, "openWorldHint": False}
QUERY = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}
TOOLS = [
    {"name": "lookup", "description": "Look a name up over HTTP", "inputSchema": QUERY, "annotations": READ},
    {"name": "count", "description": "Count the letters of the query", "inputSchema": QUERY, "annotations": READ},
]


def log(entry):
    if LOG:
        with lock:
            with open(LOG, "a") as f:
                f.write(json.dumps(entry, sort_keys=True) + "\n")


def call(name, arguments, path=""):
    query = str(arguments.get("query", ""))
    if name == "whoami" and WHOAMI:
        from urllib.parse import parse_qs, urlsplit
        key = parse_qs(urlsplit(path).query).get("api_key", [""])[0]
        return {"content": [{"type": "text", "text": "my key is " + key}], "isError": False}
    if name == "lookup":
        return {"content": [{"type": "text", "text": "lookup over http found: " + query}], "isError": False}
    if name == "count":
        return {"content": [{"type": "text", "text": "%d letters" % len(query)}], "isError": False}
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # keep stderr quiet
        pass

    def entry(self, **more):
        e = {
            "http": self.command,
            "session": self.headers.get("Mcp-Session-Id"),
            "authorization": self.headers.get("Authorization"),
            "protocol_version": self.headers.get("MCP-Protocol-Version"),
            "accept": self.headers.get("Accept"),
        }
        e.update(more)
        return e

    def reply(self, status, body=b"", content_type=None, headers=()):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)
        self.wfile.flush()

    def reply_message(self, message, headers=()):
        data = json.dumps(message)
        if SSE:
            # A priming event (an id and no data, as 2025-11-25 servers send), then the response.
            body = ("id: prime-0\ndata: \n\nevent: message\nid: msg-1\ndata: %s\n\n" % data).encode()
            self.reply(200, body, "text/event-stream", headers)
        else:
            self.reply(200, data.encode(), "application/json", headers)

    def do_GET(self):
        log(self.entry(status=405))
        self.reply(405, headers=[("Allow", "POST, DELETE")])

    def do_DELETE(self):
        sid = self.headers.get("Mcp-Session-Id")
        with lock:
            known = sessions.pop(sid, None) is not None
        status = 200 if known else 404
        log(self.entry(status=status))
        self.reply(status)

    def do_POST(self):
        if self.path.split("?")[0] != "/mcp":
            log(self.entry(status=404, error="path " + self.path))
            return self.reply(404)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        try:
            msg = json.loads(raw)
        except ValueError:
            log(self.entry(status=400, error="not JSON"))
            return self.reply(400)
        method = msg.get("method")
        id_ = msg.get("id")
        accept = self.headers.get("Accept", "")
        if "application/json" not in accept or "text/event-stream" not in accept:
            log(self.entry(method=method, id=id_, status=406))
            return self.reply(406)
        if not self.headers.get("Content-Type", "").startswith("application/json"):
            log(self.entry(method=method, id=id_, status=415))
            return self.reply(415)
        params = msg.get("params") or {}

        if method == "initialize":
            sid = "sess-" + uuid.uuid4().hex
            version = REVISION
            with lock:
                sessions[sid] = version
            log(self.entry(method=method, id=id_, status=200, issued=sid))
            return self.reply_message(
                {
                    "jsonrpc": "2.0",
                    "id": id_,
                    "result": {
                        "protocolVersion": version,
                        "capabilities": {"tools": {}},
                        "serverInfo": {"name": "fake-http", "version": "1.0.0"},
                    },
                },
                headers=[("Mcp-Session-Id", sid)],
            )

        sid = self.headers.get("Mcp-Session-Id")
        if not sid:
            log(self.entry(method=method, id=id_, status=400, error="no session"))
            return self.reply(400, b'{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: no session"}}', "application/json")
        with lock:
            version = sessions.get(sid)
        if version is None:
            log(self.entry(method=method, id=id_, status=404, error="unknown session"))
            return self.reply(404)
        sent_version = self.headers.get("MCP-Protocol-Version")
        header_required = version != "2025-03-26"
        if (sent_version is None and header_required) or (
            sent_version is not None and sent_version != version
        ):
            log(self.entry(method=method, id=id_, status=400, error="protocol version"))
            return self.reply(400, b'{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: MCP-Protocol-Version"}}', "application/json")

        if id_ is None or method is None:  # a notification or a response
            log(self.entry(method=method, id=id_, status=202))
            return self.reply(202)
        log(self.entry(method=method, id=id_, status=200))
        if method == "tools/list":
            whoami = {"name": "whoami", "description": "Says its key", "inputSchema": QUERY, "annotations": READ}
            result = {"tools": TOOLS + ([whoami] if WHOAMI else [])}
        elif method == "tools/call":
            result = call(params.get("name"), params.get("arguments") or {}, self.path)
            if result is None:
                return self.reply_message({"jsonrpc": "2.0", "id": id_, "error": {"code": -32602, "message": "unknown tool"}})
        elif method == "ping":
            result = {}
        else:
            return self.reply_message({"jsonrpc": "2.0", "id": id_, "error": {"code": -32601, "message": "no method " + str(method)}})
        self.reply_message({"jsonrpc": "2.0", "id": id_, "result": result})


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def get_request(self):
        conn, addr = super().get_request()
        # No Nagle: small responses written in pieces are not held back by delayed ACKs.
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return conn, addr


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
