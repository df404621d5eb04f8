"""Hostile request bodies: too large (streamed or declared), nested too deep; never a 500."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from golf_solitaire.web.bodies import MAX_BODY_BYTES, MAX_JSON_DEPTH, nested_deeper
from tests.web.conftest import new_player

DEEP_ARRAY = "[" * 1000 + "]" * 1000
DEEP_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000


def competition_game(client: TestClient) -> tuple[str, dict[str, str]]:
    """A competition game's URL and its player's headers."""
    code = client.post("/api/competitions", json={"name": "Deep"}).json()["code"]
    token = client.post(f"/api/competitions/{code}/players", json={"name": "Ann"}).json()["token"]
    state = client.post(f"/api/competitions/{code}/play", headers={"X-Golf-Token": token})
    return f"/api/competition-games/{state.json()['game']['game_id']}", {"X-Golf-Token": token}


def test_deeply_nested_json_is_refused_on_every_route_with_a_body(client: TestClient) -> None:
    """The competition move and undo routes parse their own bodies: 1,000 levels made the
    parser raise RecursionError (a 500); the framework's routes said only "error parsing"."""
    player = new_player(client)
    game = client.post("/api/games", json={"deal": 1}, headers=player).json()["id"]
    url, owner = competition_game(client)
    routes = [
        (f"{url}/moves", owner),
        (f"{url}/undo", owner),
        ("/api/competitions", {}),
        ("/api/daily/players", {}),
        ("/api/games", player),
        (f"/api/games/{game}/moves", player),
        ("/api/rounds", player),
    ]
    for route, sent_headers in routes:
        for body in (DEEP_ARRAY, DEEP_OBJECT):
            reply = client.post(
                route,
                content=body,
                headers={**sent_headers, "Content-Type": "application/json"},
            )
            assert reply.status_code == 400, (route, reply.text)
            assert reply.json() == {
                "detail": f"body: JSON nested deeper than {MAX_JSON_DEPTH} levels",
                "reason": "too_deep",
            }
            assert reply.headers["X-Golf-Reason"] == "too_deep"


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    assert not nested_deeper(b'{"name": "' + b"[" * 500 + b'"}', MAX_JSON_DEPTH)
    assert not nested_deeper(b'{"name": "\\"' + b"{" * 500 + b'"}', MAX_JSON_DEPTH)
    assert nested_deeper(b"[" * (MAX_JSON_DEPTH + 1) + b"]" * (MAX_JSON_DEPTH + 1), 32)
    assert not nested_deeper(b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH, MAX_JSON_DEPTH)


def test_a_name_full_of_brackets_gets_its_own_answer(client: TestClient) -> None:
    reply = client.post("/api/daily/players", json={"name": "[" * 100})
    assert reply.status_code == 400 and reply.json()["detail"].startswith("name: at most 24")


def test_a_body_over_the_cap_is_413_before_any_route(client: TestClient) -> None:
    player = new_player(client)
    url, owner = competition_game(client)
    big = b'{"name": "' + b"x" * MAX_BODY_BYTES + b'"}'
    for route, sent_headers in (
        ("/api/games", player),
        (f"{url}/moves", owner),
        ("/api/competitions", {}),
    ):
        reply = client.post(route, content=big, headers=sent_headers)
        assert reply.status_code == 413, reply.text
        assert reply.json()["reason"] == "too_large"
        assert reply.json()["detail"].startswith("body: at most 65536 bytes")

    def chunks() -> object:
        for _ in range(20):
            yield b" " * 16384

    streamed = client.post("/api/competitions", content=chunks())  # type: ignore[arg-type]
    assert streamed.status_code == 413


def _reply_status(sock: socket.socket) -> int:
    sock.settimeout(10)
    head = b""
    while b"\r\n" not in head:
        data = sock.recv(4096)
        if not data:
            break
        head += data
    return int(head.split(b" ", 2)[1])


@pytest.mark.slow
def test_a_streamed_body_is_cut_off_at_the_cap_not_read_whole(server: str) -> None:
    """A chunked body with no length: the server answers 413 once the cap is passed, while
    the client has not finished sending (a server reading the body whole would wait)."""
    address = urlsplit(server)
    with socket.create_connection((address.hostname, address.port), timeout=10) as sock:
        sock.sendall(
            b"POST /api/competitions HTTP/1.1\r\nHost: golf\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b" " * 16384
        for _ in range(MAX_BODY_BYTES // len(chunk) + 4):  # past the cap, never the last chunk
            try:
                sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            except OSError:
                break  # the server has answered and closed
        assert _reply_status(sock) == 413
    with socket.create_connection((address.hostname, address.port), timeout=10) as sock:
        sock.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: golf\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100000000\r\n\r\n"
        )
        assert _reply_status(sock) == 413
