"""A server killed mid-game and started again loses no move: every move is committed first."""

from __future__ import annotations

from pathlib import Path

import httpx2 as httpx

from tests.web.live import live_server


def test_a_killed_server_resumes_every_game_exactly(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'golf.sqlite3'}"
    with live_server(url) as base:
        token = httpx.post(f"{base}/api/players").json()["token"]
        headers = {"X-Golf-Token": token}
        game = httpx.post(f"{base}/api/games", json={"deal": 2}, headers=headers).json()
        for text in ["4", "d", "1", "1", "0"]:
            game = httpx.post(
                f"{base}/api/games/{game['id']}/moves",
                json={"move": text, "index": game["move_count"]},
                headers=headers,
            ).json()
        game = httpx.post(
            f"{base}/api/games/{game['id']}/undo", json={"index": 5}, headers=headers
        ).json()
        before = game
    with live_server(url) as base:
        after = httpx.get(f"{base}/api/games/{before['id']}", headers=headers).json()
        assert after == before
        assert after["move_count"] == 4 and after["can_redo"]
        redone = httpx.post(
            f"{base}/api/games/{before['id']}/redo", json={"index": 4}, headers=headers
        ).json()
        assert redone["move_count"] == 5 and redone["waste"][-1]["code"] == "6S"
