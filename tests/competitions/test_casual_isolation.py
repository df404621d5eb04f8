"""The casual game's API never reaches a competition or daily-board game.

Those games are scored and shown on boards by the competitions service; a move made through
``/api/games/...`` would skip that. A player who uses one token for both (a hostile client
can) gets a clear refusal from every casual route, and the casual game never lists or
resumes such a game.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.competitions.helpers import create, headers, join

CASUAL_READS = ("", "/record", "/hint", "/verdict", "/review")
CASUAL_CHANGES = ("/moves", "/undo", "/redo")


def casual_player(client: TestClient) -> str:
    """A player of the browser game; returns their token."""
    reply = client.post("/api/players")
    assert reply.status_code == 201
    return str(reply.json()["token"])


def competition_move(client: TestClient, token: str, view: dict[str, Any]) -> dict[str, Any]:
    """Play the first legal move through the competitions API; the new view."""
    reply = client.post(
        f"/api/competition-games/{view['game_id']}/moves",
        json={"move": view["table"]["legal_moves"][0], "index": view["index"]},
        headers=headers(token),
    )
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def assert_casual_routes_refuse(client: TestClient, token: str, game_id: str, index: int) -> None:
    """Every casual route refuses the game with a 409 that says why; nothing is changed."""
    for suffix in CASUAL_READS:
        reply = client.get(f"/api/games/{game_id}{suffix}", headers=headers(token))
        assert reply.status_code == 409, (suffix, reply.text)
        assert reply.json()["reason"] == "competition_game"
        assert "belongs to a competition or a daily board" in reply.json()["detail"]
    bodies: dict[str, dict[str, Any]] = {
        "/moves": {"move": "d", "index": index},
        "/undo": {"index": index},
        "/redo": {"index": index},
    }
    for suffix in CASUAL_CHANGES:
        reply = client.post(
            f"/api/games/{game_id}{suffix}", json=bodies[suffix], headers=headers(token)
        )
        assert reply.status_code == 409, (suffix, reply.text)
        assert reply.json()["reason"] == "competition_game"


def test_casual_routes_refuse_a_competition_game(client: TestClient) -> None:
    token = casual_player(client)
    casual = client.post("/api/games", json={"deal": 2}, headers=headers(token)).json()
    moved = client.post(
        f"/api/games/{casual['id']}/moves", json={"move": "4", "index": 0}, headers=headers(token)
    )
    assert moved.status_code == 200
    code = create(client, holes=3)["code"]
    joined = client.post(
        f"/api/competitions/{code}/players", json={"name": "Ann"}, headers=headers(token)
    )
    assert joined.status_code == 201 and "token" not in joined.json()
    state = client.post(f"/api/competitions/{code}/play", headers=headers(token)).json()
    view = competition_move(client, token, state["game"])
    game_id = view["game_id"]

    assert_casual_routes_refuse(client, token, game_id, view["index"])
    latest = client.get("/api/games/latest", headers=headers(token))
    assert latest.status_code == 200 and latest.json()["id"] == casual["id"]

    bob = join(client, code, "Bob")["token"]
    for suffix in CASUAL_READS:
        stranger = client.get(f"/api/games/{game_id}{suffix}", headers=headers(bob))
        assert stranger.status_code == 404, suffix
    assert client.get("/api/games/latest", headers=headers(bob)).status_code == 404

    restarted = client.post("/api/games", json={"deal": 3}, headers=headers(token))
    assert restarted.status_code == 201
    after = client.get(f"/api/competition-games/{game_id}", headers=headers(token)).json()
    assert after["index"] == view["index"] and after["table"] == view["table"]
    assert not after["finished"]
    assert competition_move(client, token, after)["index"] == view["index"] + 1
    board = client.get(f"/api/competitions/{code}").json()
    ann = next(line for line in board["standings"] if line["name"] == "Ann")
    assert ann["playing_hole"] == 1 and ann["holes_played"] == 0


def test_latest_never_resumes_a_competition_game(client: TestClient) -> None:
    """A player whose only game in play is a competition's has nothing to resume."""
    code = create(client, holes=3)["code"]
    token = join(client, code, "Cy")["token"]
    state = client.post(f"/api/competitions/{code}/play", headers=headers(token)).json()
    competition_move(client, token, state["game"])
    latest = client.get("/api/games/latest", headers=headers(token))
    assert latest.status_code == 404 and latest.json()["detail"] == "game: no game in play"


def test_casual_routes_refuse_a_daily_board_game(client: TestClient) -> None:
    token = casual_player(client)
    daily = client.post("/api/daily/players", json={"name": "Dee"}, headers=headers(token))
    assert daily.status_code == 201, daily.text
    view = competition_move(client, token, daily.json()["game"])
    assert_casual_routes_refuse(client, token, view["game_id"], view["index"])
    assert client.get("/api/games/latest", headers=headers(token)).status_code == 404
