"""Request bodies held to a size and a JSON nesting depth before any route reads them.

The size is counted as the body streams in, so a client that sends 100 MB (with or without
a ``Content-Length``) is stopped at the cap instead of being read whole: 413. JSON nested
deeper than any request of ours needs is refused with a 400 before a parser recurses on it
(Python's own parser raises ``RecursionError`` near 1,000 levels).
"""

from __future__ import annotations

import re
from typing import Final

from fastapi import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from golf_solitaire.web.errors import REASON_HEADER, error_response

MAX_BODY_BYTES: Final = 64 * 1024
"""The largest request body: every request of the API is a few hundred bytes at most."""
MAX_JSON_DEPTH: Final = 32
"""The deepest JSON nesting accepted: the API's bodies are one level deep."""

_TOKENS: Final = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
"""JSON strings (skipped whole, so a bracket in a name does not count) and brackets."""


class BodyRefusedError(HTTPException):
    """A request body refused before it was read whole (413 too large, 400 too deep)."""

    def __init__(self, status_code: int, reason: str, detail: str) -> None:
        super().__init__(status_code, detail, headers={REASON_HEADER: reason})
        self.reason = reason


def nested_deeper(body: bytes, limit: int) -> bool:
    """Whether the arrays and objects of JSON text ``body`` nest more than ``limit`` deep."""
    if body.count(b"[") + body.count(b"{") <= limit:
        return False  # the usual body: too few brackets to be deep, found without a scan
    depth = 0
    for token in _TOKENS.finditer(body):
        mark = token.group()
        if mark in (b"[", b"{"):
            depth += 1
            if depth > limit:
                return True
        elif mark in (b"]", b"}"):
            depth -= 1
    return False


def _declared_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def _too_large() -> BodyRefusedError:
    return BodyRefusedError(
        413, "too_large", f"body: at most {MAX_BODY_BYTES} bytes (a request of the API is small)"
    )


class BodyLimits:
    """ASGI middleware: caps each request body at ``max_bytes`` as it streams in, and its
    JSON nesting at ``max_depth``; the route sees the refusal as an ``HTTPException`` when
    it reads the body, and a client that declares too long a body is answered at once."""

    def __init__(
        self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES, max_depth: int = MAX_JSON_DEPTH
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        if declared is not None and declared > self.max_bytes:
            await _refuse(_too_large(), send)
            return
        received = 0
        chunks: list[bytes] = []
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] != "http.request":
                return message
            chunk: bytes = message.get("body", b"")
            received += len(chunk)
            if received > self.max_bytes:
                raise _too_large()
            chunks.append(chunk)
            if not message.get("more_body", False):
                whole = b"".join(chunks)
                chunks.clear()
                if nested_deeper(whole, self.max_depth):
                    raise BodyRefusedError(
                        400, "too_deep", f"body: JSON nested deeper than {self.max_depth} levels"
                    )
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, watched_send)
        except BodyRefusedError as error:
            # A route that read its body itself, outside the framework's error handling.
            if started:
                raise
            await _refuse(error, send)


async def _refuse(error: BodyRefusedError, send: Send) -> None:
    response = error_response(error.status_code, str(error.detail), error.reason)
    await send(
        {
            "type": "http.response.start",
            "status": response.status_code,
            "headers": response.raw_headers,
        }
    )
    await send({"type": "http.response.body", "body": response.body})
