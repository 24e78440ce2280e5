"""The server's guards against hostile clients (docs/web-api.md, *Safety*): security headers on
every answer, a nesting limit on JSON bodies, a per-client limit on new games, the websocket
Origin check, and a plain /docs page (no third-party script on the origin that holds tokens).
"""
from __future__ import annotations

import html
import json
import re
import time
from collections import deque
from urllib.parse import parse_qs, urlsplit

from .errors import ApiError, request_lang

MAX_DEPTH = 32  # JSON nesting a request body may have (the API's bodies need 2)
SECURITY_HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
     b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(rb"[\[\]{}]")


async def send_error(scope, send, error: ApiError, headers: list | None = None) -> None:
    """Answer an HTTP request with `error` as JSON, worded in the request's ?lang=."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    lang = request_lang((query.get("lang") or ["en"])[0])
    body = json.dumps(error.body(lang), ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": error.status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    """ASGI middleware: CSP, X-Frame-Options, nosniff and Referrer-Policy on every HTTP answer."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", ())}
                extra = [(n, v) for n, v in SECURITY_HEADERS if n not in names]
                message = dict(message, headers=[*message.get("headers", ()), *extra])
            await send(message)

        await self.app(scope, receive, with_headers)


def json_depth(body: bytes) -> int:
    """How deeply a JSON text nests arrays and objects (brackets inside strings do not count)."""
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub(b"", body)):
        if m.group() in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


class JsonDepth:
    """ASGI middleware: a request body nested deeper than `limit` is refused with 422
    `server.err.too_deep` before any parser sees it (bodies are already at most 64 KiB)."""

    def __init__(self, app, limit: int = MAX_DEPTH):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            return await self.app(scope, receive, send)
        messages, chunks = [], []
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        if json_depth(b"".join(chunks)) > self.limit:
            return await send_error(scope, send, ApiError(422, "server.err.too_deep", limit=self.limit))

        async def replay():
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)


class RateLimit:
    """At most `limit` new games per client address in any `window` seconds."""

    def __init__(self, limit: int, window: float):
        self.limit, self.window = limit, window
        self.seen: dict[str, deque] = {}

    def take(self, client: str, now: float | None = None) -> float:
        """Count one creation for `client` (returns its time, for `give_back`), or 429
        `server.err.rate_limited`, counting nothing."""
        now = time.monotonic() if now is None else now
        times = self.seen.setdefault(client, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            wait = max(1, int(times[0] + self.window - now + 0.999))
            raise ApiError(429, "server.err.rate_limited", headers={"Retry-After": str(wait)}, limit=self.limit,
                           window=int(self.window), wait=wait)
        times.append(now)
        if len(self.seen) > 10_000:  # forget clients that went quiet
            self.seen = {c: t for c, t in self.seen.items() if t and t[-1] > now - self.window}
        return now

    def give_back(self, client: str, when: float) -> None:
        """A creation that was refused after all does not count."""
        times = self.seen.get(client)
        if times and when in times:
            times.remove(when)


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...] = ()) -> bool:
    """A websocket from a browser page must come from this server's own pages (same host and port)
    or from an origin named in `allowed`; clients that send no Origin (not browsers) pass."""
    if origin is None:
        return True
    if origin in allowed:
        return True
    return bool(host) and urlsplit(origin).netloc.lower() == host.lower()


def docs_page(openapi: dict) -> str:
    """A plain page listing the API's endpoints (no script): the schema itself is /openapi.json."""
    rows = []
    for path, methods in openapi.get("paths", {}).items():
        for method, op in methods.items():
            summary = op.get("summary") or ""
            rows.append(f"<tr><td><code>{method.upper()}</code></td><td><code>{html.escape(path)}</code></td>"
                        f"<td>{html.escape(summary)}</td></tr>")
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>boardlab API</title>"
            "<link rel=\"stylesheet\" href=\"/static/style.css\"></head><body class=\"docs\">"
            "<h1>boardlab API</h1><p>The OpenAPI schema: <a href=\"/openapi.json\">/openapi.json</a>. "
            "The API is described in <code>docs/web-api.md</code>.</p>"
            "<table><thead><tr><th>method</th><th>path</th><th>summary</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table></body></html>")
