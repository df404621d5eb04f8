"""Ranked deals across two real `golf serve` processes sharing one database (SQLite and
PostgreSQL): both deal the same secret deals, neither lets a casual game reach them while
they are hidden, and both show them once the competition is finished."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx2 as httpx
import pytest

from golf_solitaire import Deal, Rules
from golf_solitaire.store import open_store
from tests.competitions.helpers import first_move, hole_deals
from tests.postgres import free_port

pytestmark = pytest.mark.slow

GOLF = [sys.executable, "-c", "from golf_solitaire.cli import main; main()"]


@contextmanager
def golf_serve(database: str) -> Iterator[httpx.Client]:
    """`golf serve` on a free port and ``database``; a client of it. Stopped at the end."""
    port = free_port()
    server = subprocess.Popen(
        [*GOLF, "serve", "--port", str(port), "--database", database],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "GOLF_COMPETITION_RATES": "off"},
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert "served at" in first, first
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            yield client
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)
        if server.stdout:
            server.stdout.close()


def call(
    client: httpx.Client, method: str, path: str, token: str | None = None, **body: Any
) -> Any:
    """A JSON call; the reply's status and body."""
    sent = {"X-Golf-Token": token} if token else {}
    reply = client.request(method, path, json=body or None, headers=sent)
    return reply.status_code, reply.json()


def test_two_servers_share_the_secret_deals_and_reveal_them_together(store_url: str) -> None:
    today = dt.datetime.now(dt.UTC).date()
    with open_store(store_url):
        pass  # the schema is made once, before the servers start together
    with ExitStack() as stack:
        one, two = (stack.enter_context(golf_serve(store_url)) for _ in range(2))
        status, created = call(one, "POST", "/api/competitions", name="Two servers", holes=3)
        assert status == 201, created
        code = created["code"]
        truth = hole_deals(store_url, code, 3)
        hidden = truth[0].number
        status, ann = call(two, "POST", f"/api/competitions/{code}/players", name="Ann")
        assert status == 201, ann
        # The ranked daily deal: the same on both servers, named by neither.
        dailies = [
            call(server, "POST", "/api/daily/players", name=f"D{n}")[1]
            for n, server in enumerate((one, two))
        ]
        with open_store(store_url) as store:
            ranked = store.ranked.daily_number(today)
            dealt = [
                store.load_game(reply["game"]["game_id"], reply["player_id"]).record["deal"]
                for reply in dailies
            ]
        assert [deal["number"] for deal in dealt] == [ranked, ranked]
        for server in (one, two):
            board = call(server, "GET", f"/api/competitions/{code}")[1]
            assert board["competition"]["hole_deals"] is None and "first_deal" not in str(board)
            assert call(server, "GET", f"/api/daily/{today}")[1]["deal_number"] is None
            _, player = call(server, "POST", "/api/players")
            for number in (hidden, ranked):
                status, reply = call(server, "POST", "/api/games", player["token"], deal=number)
                assert status == 409 and reply["reason"] == "ranked_deal", reply
        # Ann plays the round, each hole on the other server from the last.
        for hole in range(3):
            server = (one, two)[hole % 2]
            _, state = call(server, "POST", f"/api/competitions/{code}/play", ann["token"])
            view = state["game"]
            while not view["finished"]:
                move = first_move(view["table"]["legal_moves"])
                path = f"/api/competition-games/{view['game_id']}/moves"
                status, view = call(
                    server, "POST", path, ann["token"], move=move, index=view["index"]
                )
                assert status == 200, view
        for server in (one, two):
            board = call(server, "GET", f"/api/competitions/{code}")[1]
            assert board["phase"] == "finished"
            assert [hole["number"] for hole in board["competition"]["hole_deals"]] == [
                deal.number for deal in truth
            ]
            _, player = call(server, "POST", "/api/players")
            status, game = call(server, "POST", "/api/games", player["token"], deal=hidden)
            assert status == 201 and game["deal"] == hidden
            _, record = call(server, "GET", f"/api/games/{game['id']}/record", player["token"])
            replayed = Deal.from_identity(record["deal"], Rules.from_dict(record["rules"]))
            assert replayed.stock == truth[0].stock
