"""Shared helpers for the competition tests: players that play whole holes by simple policies."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from golf_solitaire import Deal, Game, Move, Rules
from golf_solitaire.competitions import CompetitionService
from golf_solitaire.store import open_store

Policy = Callable[[list[str]], str]


def first_move(moves: list[str]) -> str:
    """Play the leftmost playable column, else draw."""
    return moves[0]


def draw_first(moves: list[str]) -> str:
    """Draw whenever possible (a poor golfer), else play."""
    return "d" if "d" in moves else moves[0]


def last_play(moves: list[str]) -> str:
    """Play the rightmost playable column, else draw."""
    plays = [move for move in moves if move != "d"]
    return plays[-1] if plays else "d"


def headers(token: str) -> dict[str, str]:
    """The token header of a player."""
    return {"X-Golf-Token": token}


def create(client: TestClient, **fields: Any) -> dict[str, Any]:
    """Create a competition (9 holes, strict, from deal 1 unless told)."""
    body = {"name": "Club night", "holes": 9, "rules": "strict", "deals": "number", **fields}
    reply = client.post("/api/competitions", json=body)
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def join(client: TestClient, code: str, name: str) -> dict[str, Any]:
    """Join as a new player; returns the reply with the token."""
    reply = client.post(f"/api/competitions/{code}/players", json={"name": name})
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def play_hole(
    client: TestClient,
    code: str,
    token: str,
    policy: Policy,
    seen: Callable[[dict[str, Any], str], None] | None = None,
) -> dict[str, Any]:
    """Play the player's current hole to its end; returns the last game view. ``seen`` is
    shown every view and its reply's text as they come, the first view's included."""
    reply = client.post(f"/api/competitions/{code}/play", headers=headers(token))
    state = reply.json()
    assert state["state"] == "playing", state
    view = state["game"]
    if seen is not None:
        seen(view, reply.text)
    while not view["finished"]:
        move = policy(view["table"]["legal_moves"])
        reply = client.post(
            f"/api/competition-games/{view['game_id']}/moves",
            json={"move": move, "index": view["index"]},
            headers=headers(token),
        )
        assert reply.status_code == 200, reply.text
        view = reply.json()
        if seen is not None:
            seen(view, reply.text)
    return dict(view)


def strokes_of(policy: Policy, deal: Deal) -> int:
    """The strokes ``policy`` scores on ``deal``, worked out with the engine (no server)."""
    game = Game(deal, competitive=True)
    while not game.is_over:
        game.apply(Move.parse(policy([str(move) for move in game.legal_moves()])))
    assert game.outcome is not None
    return game.outcome.strokes


def hole_deals(store_url: str, code: str, holes: int) -> list[Deal]:
    """The deal of each hole of a competition, read from the database as its operator could
    (no client can: the deals are secret until the competition is finished)."""
    with open_store(store_url) as store:
        service = CompetitionService(store)
        competition = service.competition(code)
        rules = Rules.from_dict(competition.rules)
        found = [service.data.hole_deal(competition.id, hole) for hole in range(1, holes + 1)]
    return [Deal.from_identity(identity, rules) for identity in found if identity is not None]


def create_where(
    client: TestClient, store_url: str, wanted: Callable[[list[Deal]], bool], **fields: Any
) -> dict[str, Any]:
    """Create competitions until one's secret deals are what a test needs (they are drawn at
    random: read as the operator could); that one."""
    holes = int(fields.get("holes", 9))
    for _ in range(50):
        created = create(client, **fields)
        if wanted(hole_deals(store_url, created["code"], holes)):
            return created
    raise AssertionError("no competition of 50 had the deals wanted")


def ranked_daily(store_url: str, day: dt.date, rules: str = "strict") -> Deal:
    """The ranked daily deal of ``day``, made from the server's key as its operator could."""
    with open_store(store_url) as store:
        return Deal.numbered(store.ranked.daily_number(day), Rules.named(rules))
