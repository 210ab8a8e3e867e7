#!/usr/bin/env python3
"""A logging pass-through proxy for an OpenAI-compatible server, for measuring archie.

    python3 .ci/llm-log-proxy.py LISTEN_PORT UPSTREAM_BASE LOG.jsonl [DUMP_DIR]

Listens on 127.0.0.1:LISTEN_PORT and forwards every request to UPSTREAM_BASE (e.g.
http://127.0.0.1:8080), streaming the response back chunk by chunk. Writes one JSON line
per request to LOG.jsonl: method, path, stream, max_tokens, response_format type, the
roles of the messages, the prompt size in characters, status, seconds, response bytes,
the finish_reason(s) and whether usage was present, whether the stream ended with
[DONE], and whether the client went away before the end. With DUMP_DIR, every request
and response body is also saved there as N.req and N.resp. Standard library only.
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LISTEN = int(sys.argv[1])
UP = urllib.parse.urlsplit(sys.argv[2])
LOG = open(sys.argv[3], "a", buffering=1)
DUMP = sys.argv[4] if len(sys.argv) > 4 else None
LOCK = threading.Lock()
COUNTER = [0]
HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade",
       "proxy-authorization", "proxy-authenticate", "host", "content-length"}


def summarize_request(body):
    out = {}
    try:
        req = json.loads(body)
    except Exception:
        return out
    if not isinstance(req, dict):
        return out
    out["model"] = req.get("model")
    out["stream"] = req.get("stream")
    out["max_tokens"] = req.get("max_tokens")
    rf = req.get("response_format")
    if rf is not None:
        out["response_format"] = rf.get("type") if isinstance(rf, dict) else rf
        if isinstance(rf, dict) and "schema" in rf:
            out["response_format_has_schema"] = True
    msgs = req.get("messages") or []
    out["roles"] = [m.get("role") for m in msgs if isinstance(m, dict)]
    out["prompt_chars"] = sum(len(str(m.get("content", ""))) for m in msgs if isinstance(m, dict))
    if "stream_options" in req:
        out["stream_options"] = req["stream_options"]
    return out


def summarize_response(data, is_sse):
    out = {"finish_reasons": [], "usage": None}
    text = data.decode("utf-8", "replace")
    if is_sse:
        out["done"] = "data: [DONE]" in text
        content = []
        for line in text.splitlines():
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            try:
                ev = json.loads(line[6:])
            except Exception:
                continue
            if ev.get("usage"):
                out["usage"] = ev["usage"]
            for ch in ev.get("choices") or []:
                if ch.get("finish_reason"):
                    out["finish_reasons"].append(ch["finish_reason"])
                d = (ch.get("delta") or {}).get("content")
                if d:
                    content.append(d)
        out["content_chars"] = len("".join(content))
    else:
        try:
            ev = json.loads(text)
            out["usage"] = ev.get("usage")
            for ch in ev.get("choices") or []:
                out["finish_reasons"].append(ch.get("finish_reason"))
                out["content_chars"] = len(((ch.get("message") or {}).get("content")) or "")
            if "error" in ev or "detail" in ev:
                out["error_excerpt"] = text[:300]
        except Exception:
            out["error_excerpt"] = text[:300]
    return out


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def _proxy(self):
        with LOCK:
            COUNTER[0] += 1
            n = COUNTER[0]
        t0 = time.time()
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        rec = {"n": n, "t": round(t0, 3), "method": self.command, "path": self.path}
        rec.update(summarize_request(body) if body else {})
        conn = http.client.HTTPConnection(UP.hostname, UP.port or 80, timeout=3600)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
        headers["Content-Length"] = str(len(body))
        data = bytearray()
        client_gone = False
        try:
            conn.request(self.command, self.path, body=body, headers=headers)
            resp = conn.getresponse()
            rec["status"] = resp.status
            is_sse = "text/event-stream" in (resp.getheader("Content-Type") or "")
            self.send_response(resp.status)
            for k, v in resp.getheaders():
                if k.lower() not in HOP:
                    self.send_header(k, v)
            self.send_header("Connection", "close")
            self.end_headers()
            while True:
                chunk = resp.read1(65536)
                if not chunk:
                    break
                data += chunk
                try:
                    self.wfile.write(chunk)
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    client_gone = True
                    break
            rec.update(summarize_response(bytes(data), is_sse))
        except Exception as e:  # upstream refused or broke
            rec["proxy_error"] = repr(e)
            try:
                self.send_error(502, "proxy: " + repr(e))
            except Exception:
                pass
        finally:
            conn.close()
            self.close_connection = True
        rec["secs"] = round(time.time() - t0, 2)
        rec["bytes"] = len(data)
        rec["client_gone"] = client_gone
        if DUMP:
            with open(f"{DUMP}/{n:04d}.req", "wb") as f:
                f.write(body)
            with open(f"{DUMP}/{n:04d}.resp", "wb") as f:
                f.write(bytes(data))
        LOG.write(json.dumps(rec) + "\n")

    do_GET = do_POST = do_PUT = do_DELETE = _proxy


if __name__ == "__main__":
    srv = ThreadingHTTPServer(("127.0.0.1", LISTEN), Handler)
    srv.daemon_threads = True
    print(f"proxy 127.0.0.1:{LISTEN} -> {sys.argv[2]}, log {sys.argv[3]}", flush=True)
    srv.serve_forever()
