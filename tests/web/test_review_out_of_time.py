"""The browser's review when the best scores are not proved in time: the fair judgement first,
as ever, then with the stock known only what was proved (the move that lost the last clear),
in the player's language; nothing before the hand is over."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from golf_solitaire import Deal, Game, Rules, solver
from golf_solitaire.i18n import translate
from golf_solitaire.service import Analyst
from golf_solitaire.solver.chains import greedy_move
from golf_solitaire.web import Settings, create_app
from tests.web.conftest import new_player

FAIR_SENTENCES = {
    "en": ("Move ", "No mistake you could have seen"),
    "fr": ("Le coup ", "Aucune erreur que vous pouviez voir"),
}
"""How the fair judgement begins: a mistake the player could have seen, or none among the
moves judged (how many the hints judge in their 5 s hangs on the machine)."""


def client_of(tmp_path: Path, nodes: int) -> TestClient:
    """A client of an app whose solver stops at ``nodes`` positions (not at a time, so that
    what it proves does not hang on the machine's load)."""
    analyst = Analyst(solver, seconds=None, nodes=nodes)
    database = f"sqlite:///{tmp_path / 'golf.sqlite3'}"
    return TestClient(create_app(Settings(database_url=database), analyst=analyst))


@pytest.fixture
def hurried(tmp_path: Path) -> Iterator[TestClient]:
    """A client whose solver stops at 150 positions."""
    with client_of(tmp_path, 150) as test_client:
        yield test_client


def greedy_moves(number: int, preset: str) -> list[str]:
    """The moves of the greedy stock-blind player on deal ``number`` of ``preset``."""
    game = Game(Deal.numbered(number, Rules.named(preset)))
    while not game.is_over:
        game.apply(greedy_move(game))
    return [str(move) for move in game.moves]


def _review(client: TestClient, player: dict[str, str], game: Any, lang: str) -> Any:
    reply = client.get(f"/api/games/{game['id']}/review?lang={lang}", headers=player)
    assert reply.status_code == 200, reply.text
    return reply.json()


def _play(client: TestClient, player: dict[str, str], state: Any, moves: list[str]) -> Any:
    for move in moves:
        reply = client.post(
            f"/api/games/{state['id']}/moves",
            json={"move": move, "index": state["move_count"]},
            headers=player,
        )
        assert reply.status_code == 200, reply.text
        state = reply.json()
    return state


def test_a_double_golf_review_out_of_positions_says_what_was_proved(
    hurried: TestClient,
) -> None:
    """Greedy Double Golf deal 4: in 150 positions, move 3 (2♦) is proved to lose the last
    clear; the best scores are not proved, and no move is called a mistake by them."""
    player = new_player(hurried)
    reply = hurried.post("/api/games", json={"deal": 4, "rules": "double-golf"}, headers=player)
    assert reply.status_code == 201, reply.text
    moves = greedy_moves(4, "double-golf")
    state = _play(hurried, player, reply.json(), moves[:5])
    early = _review(hurried, player, state, "en")
    assert early == {
        "available": True,
        "detail": "The verdict comes when the hand is over.",
        "data": {},
    }
    state = _play(hurried, player, state, moves[5:])
    assert state["is_over"]
    answer = _review(hurried, player, state, "en")
    data = answer["data"]
    assert answer["detail"] == data["fair"]
    assert data["fair"].startswith(FAIR_SENTENCES["en"])
    assert data["hindsight"] == (
        "With the stock known: move 3 (2♦) lost the clear: a line could still clear the "
        "tableau before it, none after. The best score after each move was not proved in the "
        "time there was."
    )
    assert data["partial"] is True
    assert (data["clear_kept"], data["clear_lost"], data["clear_settled"]) == (2, 3, True)
    assert (data["first_mistake"], data["better_line"]) == (None, [])
    assert data["lost_clear"]["number"] == 3 and data["lost_clear"]["card"] == "2♦"
    entries = data["entries"]
    assert len(entries) == len(moves)
    assert [entry["move"] for entry in entries] == moves
    assert [entry["number"] for entry in entries if entry["lost_the_clear"]] == [3]
    assert not any("best_score_after" in entry for entry in entries)
    french = _review(hurried, player, state, "fr")["data"]
    assert french["fair"].startswith(FAIR_SENTENCES["fr"])
    assert french["hindsight"] == (
        "Avec la pioche connue : le coup 3 (2♦) a rendu le tableau impossible à vider : avant "
        "lui, une suite de coups pouvait encore le vider ; après lui, aucune. Le temps imparti "
        "n’a pas suffi à prouver le meilleur score après chaque coup."
    )
    italian = _review(hurried, player, state, "it")["data"]["hindsight"]
    assert italian.startswith("Conoscendo il mazzo: la mossa 3 (2♦) ha reso impossibile")
    assert italian.endswith(translate("it", "solver.review.scores_unproved"))


def test_an_exact_review_in_time_says_so_as_before(tmp_path: Path) -> None:
    """Strict deal 2 played out: its best scores are proved well within 1 000 000 positions."""
    with client_of(tmp_path, 1_000_000) as client:
        exact_review_of_deal_2(client)


def exact_review_of_deal_2(client: TestClient) -> None:
    """Deal 2 with the 9♠ played at move 3, then the last legal move each time: reviewed."""
    player = new_player(client)
    reply = client.post("/api/games", json={"deal": 2, "rules": "strict"}, headers=player)
    state = reply.json()
    state = _play(client, player, state, ["d", "d", "5"])
    while not state["is_over"]:
        state = _play(client, player, state, [state["legal_moves"][-1]])
    data = _review(client, player, state, "en")["data"]
    assert data["partial"] is False
    assert data["hindsight"].startswith("With the stock known: ")
    assert "not proved" not in data["hindsight"]
    assert all("best_score_after" in entry for entry in data["entries"])
