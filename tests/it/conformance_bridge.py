"""A test bridge: `archie mcp` (stdio) offered over MCP's Streamable HTTP on 127.0.0.1, so
the MCP conformance suite's server scenarios (which speak HTTP only) can reach it.

Usage: python3 conformance_bridge.py ARCHIE_COMMAND...
Prints the port it listens on (127.0.0.1 only), then serves until killed. Each session
(`initialize` without an Mcp-Session-Id) starts its own ARCHIE_COMMAND; every POSTed
request is written to its stdin and answered with the response read from its stdout
(application/json); notifications and responses are answered 202. What archie sends
the client on its own (notifications, requests) is not relayed: the scenarios run here
need none. GET (a server stream) is 405, DELETE ends the session.
"""
import http.server
import json
import queue
import subprocess
import sys
import threading
import uuid

COMMAND = sys.argv[1:]
WAIT = 30
sessions = {}
sessions_lock = threading.Lock()


class Session:
    def __init__(self):
        self.child = subprocess.Popen(
            COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.lines = queue.Queue()
        self.lock = threading.Lock()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.child.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, message):
        self.child.stdin.write(json.dumps(message).encode() + b"\n")
        self.child.stdin.flush()

    def ask(self, message):
        with self.lock:
            self.send(message)
            while True:
                line = self.lines.get(timeout=WAIT)
                if line is None:
                    return None
                reply = json.loads(line)
                if reply.get("id") == message["id"] and "method" not in reply:
                    return reply

    def close(self):
        self.child.stdin.close()
        try:
            self.child.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.child.kill()


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, code, body=None, session=None):
        self.send_response(code)
        if session:
            self.send_header("Mcp-Session-Id", session)
        if body is None:
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data = json.dumps(body).encode()
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        message = json.loads(self.rfile.read(length))
        sid = self.headers.get("Mcp-Session-Id")
        with sessions_lock:
            if sid is None and message.get("method") == "initialize":
                sid = uuid.uuid4().hex
                sessions[sid] = Session()
            session = sessions.get(sid)
        if session is None:
            self.answer(404, {"jsonrpc": "2.0", "id": None,
                              "error": {"code": -32001, "message": "no such session"}})
            return
        if "method" in message and "id" in message:
            reply = session.ask(message)
            if reply is None:
                self.answer(502, {"jsonrpc": "2.0", "id": message["id"],
                                  "error": {"code": -32603, "message": "archie mcp ended"}})
            else:
                self.answer(200, reply, sid)
        else:
            session.send(message)
            self.answer(202, None, sid)

    def do_GET(self):
        self.answer(405)

    def do_DELETE(self):
        with sessions_lock:
            session = sessions.pop(self.headers.get("Mcp-Session-Id"), None)
        if session:
            session.close()
        self.answer(200 if session else 404)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
try:
    server.serve_forever()
finally:
    for s in list(sessions.values()):
        s.close()
