"""The server's HTTP protocol turns Nagle's algorithm off on every TCP connection it serves."""

from __future__ import annotations

import asyncio
import socket

import uvicorn
from uvicorn.server import ServerState

from golf_solitaire.web import Settings, create_app
from golf_solitaire.web.protocol import HTTP_PROTOCOL, NoDelayHttpTools


def test_a_served_connection_sends_at_once() -> None:
    async def accept_one() -> int:
        config = uvicorn.Config(create_app(Settings()), http=HTTP_PROTOCOL, lifespan="off")
        config.load()
        assert config.http_protocol_class is NoDelayHttpTools
        listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listening.bind(("127.0.0.1", 0))
        listening.listen(1)
        client = socket.create_connection(listening.getsockname())
        accepted, _ = listening.accept()
        # The socket as the server gets it: asyncio leaves Nagle on for this one.
        assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 0
        loop = asyncio.get_running_loop()
        state = ServerState()
        transport, _ = await loop.connect_accepted_socket(
            lambda: NoDelayHttpTools(config=config, server_state=state, app_state={}), accepted
        )
        try:
            return accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        finally:
            transport.close()
            client.close()
            listening.close()

    assert asyncio.run(accept_one()) == 1
