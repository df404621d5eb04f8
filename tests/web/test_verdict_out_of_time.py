"""The browser's end-of-hand verdict when the search runs out before the best score is proved:
what was proved of a clear, the line found and the score no line beats, each named for what
it is, and nothing of the line before the hand is over."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from golf_solitaire import Deal, Game, Move, Rules, solver
from golf_solitaire.service import Analyst
from golf_solitaire.web import Settings, create_app
from tests.web.conftest import new_player


@pytest.fixture
def hurried(tmp_path: Path) -> Iterator[TestClient]:
    """A client of an app whose solver stops at 20 000 positions (not at a time, so that its
    answers do not hang on the machine's load)."""
    analyst = Analyst(solver, seconds=None, nodes=20_000)
    app = create_app(
        Settings(database_url=f"sqlite:///{tmp_path / 'golf.sqlite3'}"), analyst=analyst
    )
    with TestClient(app) as test_client:
        yield test_client


def _verdict(client: TestClient, player: dict[str, str], game: dict[str, Any], lang: str) -> Any:
    reply = client.get(f"/api/games/{game['id']}/verdict?lang={lang}", headers=player)
    assert reply.status_code == 200, reply.text
    return reply.json()


def _started(client: TestClient, player: dict[str, str], deal: int, rules: str) -> Any:
    """A new game of deal number ``deal`` under the preset ``rules``."""
    reply = client.post("/api/games", json={"deal": deal, "rules": rules}, headers=player)
    assert reply.status_code == 201, reply.text
    return reply.json()


def _played_out(client: TestClient, player: dict[str, str], state: Any) -> Any:
    """The game ``state`` played on (the last legal move each time) until the hand is over."""
    while not state["is_over"]:
        state = client.post(
            f"/api/games/{state['id']}/moves",
            json={"move": state["legal_moves"][-1], "index": state["move_count"]},
            headers=player,
        ).json()
    return state


def test_a_verdict_out_of_time_says_the_line_found_and_the_floor(hurried: TestClient) -> None:
    """Double Golf deal 2: the best score, -16, takes millions of positions to prove."""
    player = new_player(hurried)
    state = _started(hurried, player, 2, "double-golf")
    early = _verdict(hurried, player, state, "en")
    assert early["detail"] == "The verdict comes when the hand is over." and early["data"] == {}
    state = _played_out(hurried, player, state)
    answer = _verdict(hurried, player, state, "en")
    assert answer["detail"] == (
        "This deal could be cleared. Its best score was not proved in the time there was: "
        "a line scoring -16 was found, and no line scores below -17."
    )
    data = answer["data"]
    assert (data["status"], data["clearable"], data["clears"]) == ("intractable", True, True)
    assert (data["best_score"], data["level"], data["line"]) == (None, None, [])
    assert (data["found_score"], data["floor"]) == (-16, -17)
    replay = Game(Deal.numbered(2, Rules.named("double-golf")))
    for move in data["found_line"]:
        replay.apply(Move.parse(move))
    assert replay.is_won and replay.score == -16
    dutch = _verdict(hurried, player, state, "nl")["detail"]
    assert dutch == (
        "Dit spel kon worden leeggespeeld. De beste score is in de beschikbare tijd niet "
        "bewezen: er is een speelwijze met score -16 gevonden, en geen enkele scoort lager "
        "dan -17."
    )


def test_a_verdict_that_found_nothing_in_time_says_only_that(hurried: TestClient) -> None:
    """Double Golf deal 3: no clear is found within 20 000 positions."""
    player = new_player(hurried)
    state = _played_out(hurried, player, _started(hurried, player, 3, "double-golf"))
    answer = _verdict(hurried, player, state, "es")
    assert answer["detail"] == "El resolvedor no pudo decidir este reparto a tiempo."
    data = answer["data"]
    assert (data["clearable"], data["clears"], data["found_score"], data["found_line"]) == (
        False,
        None,
        None,
        [],
    )


def test_a_best_score_proved_before_its_rating_is_said_without_a_level(
    hurried: TestClient,
) -> None:
    """Double Putt deal 4: -19 is proved in 64 positions, how narrow its way is in some
    58 000: the verdict gives the proved best score and no rating."""
    player = new_player(hurried)
    state = _played_out(hurried, player, _started(hurried, player, 4, "double-putt"))
    answer = _verdict(hurried, player, state, "en")
    assert answer["detail"] == "This deal could be cleared: the best score possible is -19."
    data = answer["data"]
    assert (data["status"], data["best_score"], data["level"]) == ("solved", -19, None)
    assert data["found_score"] is None and data["floor"] is None
