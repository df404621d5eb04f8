"""One error style: the game's API and the competitions' answer the same mistakes with the
same status, the same JSON shape and the same reason code."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import new_player
from tests.web.test_bodies import competition_game


def test_games_and_competitions_name_the_same_mistakes_alike(client: TestClient) -> None:
    player = new_player(client)
    game = client.post("/api/games", json={"deal": 2}, headers=player).json()
    url, owner = competition_game(client)
    pairs = {
        "missing token": (
            client.post(f"/api/games/{game['id']}/moves", json={"move": "d", "index": 0}),
            client.post(f"{url}/moves", json={"move": "d", "index": 0}),
        ),
        "unknown game": (
            client.post("/api/games/nope/moves", json={"move": "d", "index": 0}, headers=player),
            client.post(
                "/api/competition-games/nope/moves",
                json={"move": "d", "index": 0},
                headers=owner,
            ),
        ),
        "index out of range": (
            client.post(
                f"/api/games/{game['id']}/moves", json={"move": "d", "index": -1}, headers=player
            ),
            client.post(f"{url}/moves", json={"move": "d", "index": -1}, headers=owner),
        ),
        "stale index": (
            client.post(
                f"/api/games/{game['id']}/moves", json={"move": "d", "index": 5}, headers=player
            ),
            client.post(f"{url}/moves", json={"move": "d", "index": 5}, headers=owner),
        ),
    }
    for mistake, (casual, competitive) in pairs.items():
        assert casual.status_code == competitive.status_code, (mistake, casual.text)
        assert casual.status_code in (401, 404, 409, 422), (mistake, casual.text)
        assert set(casual.json()) == set(competitive.json()) == {"detail", "reason"}, mistake
        assert casual.json()["reason"] == competitive.json()["reason"], mistake
        assert casual.headers["X-Golf-Reason"] == casual.json()["reason"], mistake
        assert competitive.headers["X-Golf-Reason"] == competitive.json()["reason"], mistake
        assert casual.json()["detail"].split(":")[0] == competitive.json()["detail"].split(":")[0]
