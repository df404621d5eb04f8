"""A hand left unfinished for another counts the same in both faces: a loss, unless the
solver proves its deal unwinnable (then it does not count)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from golf_solitaire import Deal, Game
from golf_solitaire.store import open_store
from golf_solitaire.tui.saving import Saver
from golf_solitaire.web import Settings, create_app
from tests.reference import verdicts
from tests.tui.tui_helpers import keys_for, saving_app

FIGURES = ("games", "wins", "abandoned", "best", "current_streak")


def test_the_deals_are_what_the_test_says() -> None:
    """Deal 2 can be cleared; deal 1 cannot (black-hole-solver's verdicts)."""
    assert verdicts("strict")[2].solved and not verdicts("strict")[1].solved


def browser_figures(store_url: str) -> dict[str, Any]:
    """A browser player: a move in deal 2, a move in deal 1, each left for a new game."""
    with TestClient(create_app(Settings(database_url=store_url))) as client:
        player = {"X-Golf-Token": client.post("/api/players").json()["token"]}
        for deal in (2, 1, 3):
            game = client.post("/api/games", json={"deal": deal}, headers=player).json()
            if deal != 3:
                move = {"move": game["legal_moves"][0], "index": 0}
                reply = client.post(f"/api/games/{game['id']}/moves", json=move, headers=player)
                assert reply.status_code == 200, reply.text
        reply = client.get("/api/players/me/statistics", headers=player)
        strict = next(entry for entry in reply.json()["presets"] if entry["rules"] == "strict")
    return {name: strict[name] for name in FIGURES}


async def terminal_figures(store_url: str) -> dict[str, Any]:
    """The same in the terminal: a move in deal 2, a new deal 1, a move, a new deal 3."""
    store = open_store(store_url)
    player = store.create_player().id
    saver = Saver(store, player)
    app = saving_app(store, player, game=Game(Deal.numbered(2)), saver=saver)
    try:
        async with app.run_test() as pilot:
            for deal in (1, 3):
                await pilot.press(*keys_for([str(app.game.legal_moves()[0])]))
                assert app.game.move_count == 1
                app.start(Deal.numbered(deal))
                await pilot.pause()
        strict = saver.statistics()["strict"]
    finally:
        saver.close()
    return {name: getattr(strict, name) for name in FIGURES}


@pytest.mark.asyncio
async def test_both_faces_count_an_abandoned_hand_alike(store_url: str) -> None:
    """Deal 2 left: a loss; deal 1 left: not counted (proved unwinnable); deal 3: in play."""
    expected = {"games": 1, "wins": 0, "abandoned": 1, "best": None, "current_streak": 0}
    assert browser_figures(store_url) == expected
    assert await terminal_figures(store_url) == expected
