"""uvicorn's HTTP protocol with Nagle's algorithm off, so no answer waits on a delayed ACK.

asyncio turns Nagle off only for sockets it knows to be TCP, and the sockets a server accepts
do not say so; uvicorn writes an answer's head and body separately, so the body could wait up
to 40 ms for the client's delayed acknowledgement of the head (about one move in a hundred
did). ``golf serve`` uses this protocol; with ``uvicorn --workers N`` pass
``--http golf_solitaire.web.protocol:NoDelayHttpTools``.
"""

from __future__ import annotations

import asyncio
import socket

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class NoDelayHttpTools(HttpToolsProtocol):
    """``HttpToolsProtocol`` that sends every write at once (TCP_NODELAY)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Turn Nagle off on a TCP connection, then serve it as usual."""
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)


HTTP_PROTOCOL = f"{__name__}:{NoDelayHttpTools.__name__}"
"""The import string for ``uvicorn --http``."""
