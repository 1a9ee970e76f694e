"""Shared pieces of the tests: a scripted HTTP server on loopback, and the sandbox of a running Herald."""

from __future__ import annotations

import ast
import json
import os
import pathlib
import threading
import unittest
import urllib.request
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

# Set by the runner (test/node/cli/python-sdk.test.ts) to the Herald it started in sandbox mode.
BASE_URL = os.environ.get("HERALD_TEST_BASE_URL")

needs_server = unittest.skipUnless(BASE_URL, "HERALD_TEST_BASE_URL is not set (npm test sets it)")

Answer = Tuple[int, Dict[str, str], Any]


class Recorded:
    def __init__(self, method: str, path: str, headers: Message, raw: bytes) -> None:
        self.method = method
        self.path = path
        #: Case-insensitive, as HTTP header names are.
        self.headers = headers
        self.raw = raw

    @property
    def json(self) -> Any:
        return json.loads(self.raw) if self.raw else None


class LoopbackServer:
    """An HTTP server on 127.0.0.1 (a free port) that records each request and answers with ``answer(request)``."""

    def __init__(self, answer: Callable[[Recorded], Answer]) -> None:
        self.requests: List[Recorded] = []
        self.answer = answer
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                got = Recorded(self.command, self.path, self.headers, self.rfile.read(length))
                outer.requests.append(got)
                status, headers, body = outer.answer(got)
                raw = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                for name, value in {"Content-Type": "application/json", **headers}.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            do_GET = do_POST = do_PATCH = do_DELETE = _handle

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def __enter__(self) -> LoopbackServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()


def ok(data: Any, **extra: Any) -> Answer:
    return 200, {}, {"success": True, "data": data, **extra}


def fail(status: int, code: str, headers: Optional[Dict[str, str]] = None) -> Answer:
    return status, headers or {}, {"success": False, "error": {"code": code, "message": f"{code}!"}}


def sandbox(method: str, path: str, body: Any = None, key: Optional[str] = None) -> Any:
    """Calls the running Herald directly (the sandbox routes are not part of the SDK) and unwraps the envelope."""
    headers = {"Content-Type": "application/json", **({"X-API-Key": key} if key else {})}
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{BASE_URL}{path}", data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())["data"]


def new_user(plan: str = "creator") -> str:
    """A sandbox user on ``plan``; returns its API key."""
    return sandbox("POST", "/api/v1/sandbox/users", {"plan": plan})["api_key"]


def connect(key: str, platform: str, **facts: Any) -> Dict[str, Any]:
    return sandbox("POST", "/api/v1/sandbox/accounts", {"platform": platform, **facts}, key)


def sdk_routes() -> Set[Tuple[str, str]]:
    """Every (method, path) the SDK's resource groups call, read from their source: each method passes the route's
    method and path as literal strings to ``_data``, ``_page`` or ``request``."""
    package = pathlib.Path(__file__).resolve().parent.parent / "herald"
    routes: Set[Tuple[str, str]] = set()
    for path in [*package.glob("resources/*.py"), package / "client.py"]:
        tree = ast.parse(path.read_text())
        constants = {
            target.id: node.value.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            args = [constants.get(a.id) if isinstance(a, ast.Name) else getattr(a, "value", None) for a in node.args]
            if node.func.attr in ("_data", "request") and len(args) >= 2 and isinstance(args[1], str):
                routes.add((str(args[0]), args[1]))
            elif node.func.attr == "_page" and args and isinstance(args[0], str):
                routes.add(("GET", args[0]))
    return routes
