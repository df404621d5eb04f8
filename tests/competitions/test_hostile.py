"""Hostile and bad requests: other players' games, forged scores, replays, bad input, limits."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, cast

import pytest
from fastapi.testclient import TestClient

from golf_solitaire import Deal, Game, Move, Rules
from golf_solitaire.competitions import CompetitionService
from golf_solitaire.competitions.ratelimit import RateLimiter, parse_rates
from golf_solitaire.store import StaleMoveError, open_store
from golf_solitaire.store.competitions import FinishedError
from golf_solitaire.web import create_app
from tests.competitions.helpers import (
    create,
    create_where,
    draw_first,
    first_move,
    headers,
    hole_deals,
    join,
    last_play,
    play_hole,
    strokes_of,
)


def start(client: TestClient, code: str, token: str) -> dict[str, object]:
    state = client.post(f"/api/competitions/{code}/play", headers=headers(token)).json()
    assert state["state"] == "playing"
    return dict(state["game"])


def test_a_player_acts_only_on_their_own_game(client: TestClient) -> None:
    code = create(client)["code"]
    ann = join(client, code, "Ann")
    bob = join(client, code, "Bob")
    game = start(client, code, ann["token"])
    url = f"/api/competition-games/{game['game_id']}"
    body = {"move": game["table"]["legal_moves"][0], "index": 0}  # type: ignore[index]
    assert client.post(f"{url}/moves", json=body, headers=headers(bob["token"])).status_code == 404
    assert client.get(url, headers=headers(bob["token"])).status_code == 404
    assert client.post(f"{url}/moves", json=body).status_code == 401
    forged = headers("not-a-real-token-" + "x" * 20)
    assert client.post(f"{url}/moves", json=body, headers=forged).status_code == 401
    assert client.get(url, headers=headers(ann["token"])).json()["index"] == 0
    outsider = client.post("/api/daily/players", json={"name": "Zed"}).json()
    denied = client.post(f"/api/competitions/{code}/play", headers=headers(outsider["token"]))
    assert denied.status_code == 404


def opens_on_column_4(deals: list[Deal]) -> bool:
    """Hole 1 starts with column 4 playable, and column 0 not playable after it."""
    game = Game(deals[0], competitive=True)
    if Move.parse("4") not in game.legal_moves():
        return False
    game.apply(Move.parse("4"))
    return Move.parse("0") not in game.legal_moves()


def test_scores_cannot_be_forged_and_moves_cannot_be_replayed(
    client: TestClient, store_url: str
) -> None:
    code = create_where(client, store_url, opens_on_column_4)["code"]
    ann = join(client, code, "Ann")
    game = start(client, code, ann["token"])
    url = f"/api/competition-games/{game['game_id']}/moves"
    token = headers(ann["token"])
    forged = client.post(url, json={"move": "d", "index": 0, "strokes": -20}, headers=token)
    assert forged.status_code == 422 and forged.json()["detail"].startswith("strokes")
    first = client.post(url, json={"move": "4", "index": 0}, headers=token)
    assert first.status_code == 200
    replay = client.post(url, json={"move": "4", "index": 0}, headers=token)
    assert replay.status_code == 409 and replay.headers["X-Golf-Reason"] == "stale"
    ahead = client.post(url, json={"move": "d", "index": 5}, headers=token)
    assert ahead.status_code == 409
    illegal = client.post(url, json={"move": "0", "index": 1}, headers=token)
    assert illegal.status_code == 422 and illegal.json()["detail"]
    french = client.post(f"{url}?lang=fr", json={"move": "0", "index": 1}, headers=token)
    assert french.json()["detail"] != illegal.json()["detail"]
    assert client.post(url, json={"move": "zz", "index": 1}, headers=token).status_code == 400
    for bad in ({"move": 3, "index": 1}, {"move": "d", "index": -1}, {"move": "d"}):
        reply = client.post(url, json=bad, headers=token)
        assert reply.status_code == 422 and reply.json()["reason"] == "invalid", reply.text
    assert client.get(f"/api/competitions/{code}").json()["standings"][0]["holes_played"] == 0
    view = client.post(url, json={"move": "d", "index": 1}, headers=token).json()
    assert view["index"] == 2
    undo_url = url.replace("/moves", "/undo")
    no_undo = client.post(undo_url, json={"index": 2}, headers=token)
    assert no_undo.status_code == 422 and no_undo.headers["X-Golf-Reason"] == "no_undo_of_draw"
    assert "unseen" not in view["table"] and "stock" not in view["table"]


def test_undo_of_a_play_is_allowed_and_a_finished_game_is_frozen(
    client: TestClient, store_url: str
) -> None:
    code = create_where(client, store_url, opens_on_column_4)["code"]
    ann = join(client, code, "Ann")
    game = start(client, code, ann["token"])
    token = headers(ann["token"])
    url = f"/api/competition-games/{game['game_id']}"
    assert (
        client.post(f"{url}/moves", json={"move": "4", "index": 0}, headers=token).status_code
        == 200
    )
    undone = client.post(f"{url}/undo", json={"index": 1}, headers=token)
    assert undone.status_code == 200 and undone.json()["index"] == 0
    finished = play_hole(client, code, ann["token"], first_move)
    again = client.post(
        f"{url}/moves", json={"move": "d", "index": finished["index"]}, headers=token
    )
    assert again.status_code == 409 and again.headers["X-Golf-Reason"] == "finished"


def test_names_are_checked_and_unique(client: TestClient) -> None:
    code = create(client)["code"]
    url = f"/api/competitions/{code}/players"
    assert client.post(url, json={"name": "x" * 25}).status_code == 400
    assert client.post(url, json={"name": "   "}).status_code == 400
    assert client.post(url, json={"name": "bad\u0000name"}).status_code == 400
    assert client.post(url, json={"name": 12}).status_code == 422
    assert client.post(url, json={"name": "Ann", "admin": True}).status_code == 422
    script = join(client, code, "<script>alert(1)</script>"[:24])
    assert script["name"] == "<script>alert(1)</script>"[:24]
    ann = join(client, code, "Ann")
    taken = client.post(url, json={"name": "  ANN "})
    assert taken.status_code == 409 and taken.headers["X-Golf-Reason"] == "name_taken"
    again = client.post(url, json={"name": "Ann2"}, headers=headers(ann["token"]))
    assert again.status_code == 409 and again.headers["X-Golf-Reason"] == "joined"
    assert client.post("/api/competitions/NOCODE/players", json={"name": "A"}).status_code == 404
    assert client.get("/api/competitions/" + "Z" * 40).status_code == 404


def test_bad_competitions_are_refused_with_the_field_named(client: TestClient) -> None:
    """A value of the wrong type or out of range is 422 ``invalid``; a name or preset that
    breaks a rule of its own is 400 ``bad_request``; both name the field first."""
    cases = [
        (422, "holes", {"name": "A", "holes": 7}),
        (400, "rules", {"name": "A", "rules": "golfish"}),
        (422, "deals", {"name": "A", "deals": "lucky"}),
        (422, "deal_number", {"name": "A", "deal_number": 0}),
        (422, "deal_number", {"name": "A", "deal_number": 2**63}),  # past the BIGINT column
        (422, "deal_number", {"name": "A", "deal_number": 10**30}),
        (400, "deal_number", {"name": "A", "deal_number": 7}),  # deals are secret
        (422, "match_play", {"name": "A", "match_play": "yes"}),
        (400, "name", {"name": ""}),
        (400, "name", {"name": "N" * 61}),
        (422, "name", {"holes": 3}),
        (422, "holes", {"name": "A", "holes": 3.0}),
        (422, "colour", {"name": "A", "colour": "red"}),
    ]
    for status, field, body in cases:
        reply = client.post("/api/competitions", json=body)
        assert reply.status_code == status, (field, reply.text)
        assert reply.json()["detail"].startswith(field), reply.json()
        assert reply.json()["reason"] == reply.headers["X-Golf-Reason"]
    assert client.post("/api/competitions", json=[1, 2]).status_code == 422


def from_address(client: TestClient, host: str) -> None:
    """Send the client's next requests from ``host`` (the address the server sees)."""
    transport = cast(Any, client._transport)
    transport.client = (host, 50000)


def test_joins_and_moves_are_rate_limited_per_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The address is the key: made-up tokens neither dodge the move limit nor earn anyone a
    fresh allowance, and another address keeps its own."""
    monkeypatch.setenv("GOLF_COMPETITION_RATES", "create=2/hour,join=3/hour,move=5/hour")
    store = open_store(f"sqlite:///{tmp_path / 'golf.sqlite3'}")
    with TestClient(create_app(store=store)) as client:
        from_address(client, "203.0.113.5")
        code = create(client)["code"]
        create(client)
        assert client.post("/api/competitions", json={"name": "C"}).status_code == 429
        players = [join(client, code, name) for name in ("A", "B", "C")]
        limited = client.post(f"/api/competitions/{code}/players", json={"name": "D"})
        assert limited.status_code == 429 and limited.headers["X-Golf-Reason"] == "rate_limited"
        assert limited.json() == {
            "detail": "too many requests: slow down (join)",
            "reason": "rate_limited",
        }
        game = start(client, code, players[0]["token"])
        url = f"/api/competition-games/{game['game_id']}/moves"
        forged = [
            client.post(url, json={"move": "d", "index": 0}, headers=headers(f"made-up-{n}"))
            for n in range(5)
        ]
        assert [reply.status_code for reply in forged] == [401] * 5
        real = client.post(
            url, json={"move": "d", "index": 0}, headers=headers(players[0]["token"])
        )
        assert real.status_code == 429
        from_address(client, "198.51.100.7")
        fresh = client.post(
            url, json={"move": "d", "index": 0}, headers=headers(players[0]["token"])
        )
        assert fresh.status_code == 200
        assert create(client)["code"]
    store.close()


@pytest.mark.asyncio
async def test_many_keys_evict_no_one_else() -> None:
    """Sixty thousand other keys (more than any table of buckets would keep) leave a limited
    client limited: nobody's count is reset to make room."""
    limiter = RateLimiter(parse_rates("create=3/hour"))
    assert [await limiter.allow("create", "203.0.113.5") for _ in range(4)] == [True] * 3 + [False]
    for number in range(60_000):
        assert await limiter.allow("create", f"made-up-{number}")

    assert not await limiter.allow("create", "203.0.113.5")


def test_rates_are_read_with_the_part_named() -> None:
    assert parse_rates("off") is None
    assert str(parse_rates("move=10/second")["move"]) == "10 per 1 second"  # type: ignore[index]
    with pytest.raises(ValueError, match="unknown action 'moves'"):
        parse_rates("moves=10/second")
    with pytest.raises(ValueError, match="move='10:5' is not a rate"):
        parse_rates("move=10:5")


def test_players_finishing_at_the_same_moment(store_url: str) -> None:
    """Eight players send their round's last move at once, each twice, on two connections."""
    services = [CompetitionService(open_store(store_url)) for _ in range(2)]
    service = services[0]
    code = service.create({"name": "Rush"})["code"]
    last_deal = hole_deals(store_url, code, 9)[8]
    players = [service.join(code, f"P{n}", None)["player_id"] for n in range(8)]
    policies = [first_move, last_play]
    pending = {}
    for number, player in enumerate(players):
        policy = policies[number % 2]
        for _ in range(8):
            view = service.play(code, player)["game"]
            while not view["finished"]:
                move = policy(view["table"]["legal_moves"])
                view = service.move(view["game_id"], player, move, view["index"])
        view = service.play(code, player)["game"]
        game = Game(last_deal, competitive=True)
        line = []
        while not game.is_over:
            line.append(policy([str(move) for move in game.legal_moves()]))
            game.apply(Move.parse(line[-1]))
        for index, move in enumerate(line[:-1]):
            view = service.move(view["game_id"], player, move, index)
        pending[player] = (view["game_id"], line[-1], len(line) - 1)
    barrier = threading.Barrier(16)
    results: list[str] = []

    def send(player: str, which: int) -> None:
        game_id, move, index = pending[player]
        barrier.wait()
        try:
            services[which].move(game_id, player, move, index)
            results.append("ok")
        except (StaleMoveError, FinishedError):
            results.append("refused")

    threads = [
        threading.Thread(target=send, args=(player, which))
        for player in players
        for which in (0, 1)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["ok"] * 8 + ["refused"] * 8
    result = services[1].board(code)
    assert all(line["holes_played"] == 9 for line in result["standings"])
    assert result["phase"] in ("finished", "playoff")
    if result["phase"] == "playoff":
        assert len(result["playoff"]["players"]) >= 2
    else:
        assert service.board(code)["competition"]["finished_at"] is not None
    for each in services:
        each.store.close()


def test_a_decided_match_refuses_moves_on_a_hole_already_started(
    client: TestClient, store_url: str
) -> None:
    """Ann wins the first two of three holes; her third hole, started and cached, is frozen."""

    def ann_wins_two(deals: list[Deal]) -> bool:
        return all(
            strokes_of(first_move, deal) < strokes_of(draw_first, deal) for deal in deals[:2]
        )

    code = create_where(client, store_url, ann_wins_two, holes=3, match_play=True)["code"]
    ann = join(client, code, "Ann")
    bob = join(client, code, "Bob")
    for policy_player in ((first_move, ann), (draw_first, bob), (first_move, ann)):
        play_hole(client, code, policy_player[1]["token"], policy_player[0])
    game = start(client, code, ann["token"])
    url = f"/api/competition-games/{game['game_id']}/moves"
    token = headers(ann["token"])
    moved = client.post(url, json={"move": "d", "index": 0}, headers=token)
    assert moved.status_code == 200
    play_hole(client, code, bob["token"], draw_first)
    board = client.get(f"/api/competitions/{code}").json()
    assert board["phase"] == "finished" and board["match"]["text"] == "Ann won 2 & 1"
    refused = client.post(url, json={"move": "d", "index": 1}, headers=token)
    assert refused.status_code == 409 and refused.headers["X-Golf-Reason"] == "finished"
    assert (
        client.get(f"/api/competition-games/{game['game_id']}", headers=token).json()["index"] == 1
    )
    done = client.post(f"/api/competitions/{code}/play", headers=token).json()
    assert done["state"] == "finished"


def test_only_competition_and_daily_games_are_reachable(client: TestClient) -> None:
    """The player's own game of the browser game is not a competition game."""
    daily = client.post("/api/daily/players", json={"name": "Dee"}).json()
    store = client.app.state.sessions.store  # type: ignore[attr-defined]
    player = store.player_by_token(daily["token"])
    record = Game(Deal.numbered(3, Rules.named("strict")), competitive=True).record()
    own = store.create_game(player, record)
    token = headers(daily["token"])
    assert client.get(f"/api/competition-games/{own}", headers=token).status_code == 404
    moved = client.post(
        f"/api/competition-games/{own}/moves", json={"move": "d", "index": 0}, headers=token
    )
    assert moved.status_code == 404


def test_look_alike_names_clash(client: TestClient) -> None:
    """A name that reads like one taken is refused: Greek and Cyrillic capitals, full-width
    letters, a digit one for an l; different names stay apart."""
    code = create(client)["code"]
    join(client, code, "Ann")
    join(client, code, "Bill")
    url = f"/api/competitions/{code}/players"
    for alike in ("Αnn", "Аnn", "ＡＮＮ", "ᎪNN", "Bi11", "BILL"):
        taken = client.post(url, json={"name": alike})
        assert taken.status_code == 409, (alike, taken.text)
        assert taken.json()["reason"] == "name_taken"
    for other in ("Anne", "Ben", "Zoë"):
        assert client.post(url, json={"name": other}).status_code == 201
    assert client.post(url, json={"name": "Zoe"}).status_code == 201


def test_bad_rate_settings_stop_the_app_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rate setting in the old form is refused when the app is made, naming the variable,
    instead of a 500 on the first competition request."""
    monkeypatch.setenv("GOLF_COMPETITION_RATES", "create=100:10")
    with pytest.raises(ValueError, match="GOLF_COMPETITION_RATES: create='100:10'"):
        create_app(store=None)
