"""Winnable deals only in the browser game's API: games and rounds on deals the solver clears."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.reference import verdicts
from tests.web.test_api import move, start

CLEARABLE = [number for number, verdict in verdicts("strict").items() if verdict.solved]


def test_a_winnable_game_is_the_first_clearable_deal_from_its_number(
    client: TestClient, player: dict[str, str]
) -> None:
    game = start(client, player, deal=3, rules="strict+winnable_only")
    assert game["deal"] == 5 == min(number for number in CLEARABLE if number >= 3)
    assert game["rules"] == "strict+winnable_only"
    assert game["rules_options"]["winnable_only"] is True
    assert start(client, player, deal=5, rules="strict+winnable_only")["deal"] == 5
    putt = start(client, player, deal=1, rules="Putt-Putt+winnable_only")
    assert putt["rules"] == "putt-putt+winnable_only" and putt["deal"] == min(
        number for number, verdict in verdicts("putt-putt").items() if verdict.solved
    )


def test_winnable_requests_that_cannot_be_served_name_the_field(
    client: TestClient, player: dict[str, str]
) -> None:
    daily = client.post(
        "/api/games", json={"daily": True, "rules": "strict+winnable_only"}, headers=player
    )
    assert daily.status_code == 400
    assert daily.json()["detail"].startswith("rules: the daily deal is the same for everyone")
    other = client.post("/api/games", json={"rules": "strict+jokers"}, headers=player)
    assert other.status_code == 400
    assert other.json()["detail"] == (
        "rules: unknown rules option 'jokers' after 'strict'+ (only winnable_only)"
    )


def test_a_winnable_round_takes_the_next_clearable_deal_each_hole(
    client: TestClient, player: dict[str, str]
) -> None:
    created = client.post(
        "/api/rounds",
        json={"holes": 9, "rules": "strict+winnable_only", "first_deal": 1},
        headers=player,
    )
    assert created.status_code == 201, created.text
    card: dict[str, Any] = created.json()
    assert card["rules"] == "strict+winnable_only"
    assert [hole["deal"] for hole in card["card"]] == CLEARABLE[:9]
    game = client.get(f"/api/games/{card['current_game_id']}", headers=player).json()
    assert game["deal"] == CLEARABLE[0]
    while not game["is_over"]:
        game = move(client, player, game, game["legal_moves"][-1]).json()
    second = client.post(f"/api/rounds/{card['id']}/holes", headers=player).json()
    game = client.get(f"/api/games/{second['current_game_id']}", headers=player).json()
    assert game["deal"] == CLEARABLE[1] and game["rules"] == "strict+winnable_only"
