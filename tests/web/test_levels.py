"""Deals picked by the solver's rating in the browser game's API (``level`` of a new game)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from golf_solitaire import Deal, Rules
from golf_solitaire.solver import first_rated, rate
from golf_solitaire.solver.difficulty import cached_rating
from golf_solitaire.solver.winnable import proved_clearable
from golf_solitaire.web.api.games import AHEAD
from tests.reference import verdicts
from tests.web.test_api import start

CLEARABLE = [number for number, verdict in verdicts("strict").items() if verdict.solved]


def test_a_game_of_a_level_is_the_first_deal_from_its_number_rated_so(
    client: TestClient, player: dict[str, str]
) -> None:
    hard = start(client, player, deal=1, rules="strict", level="hard")
    easy = start(client, player, deal=1, rules="strict", level="easy")
    assert (hard["deal"], easy["deal"]) == (12, 5)
    assert rate(Deal.numbered(12)).level == "hard" and rate(Deal.numbered(5)).level == "easy"
    medium = start(client, player, deal=13, rules="strict", level="medium")
    assert medium["deal"] == first_rated(13, Rules(), "medium").deal.number
    assert rate(Deal.numbered(medium["deal"])).level == "medium"
    # With winnable deals only the rules keep their option; a rated deal is clearable anyway.
    kept = start(client, player, deal=1, rules="strict+winnable_only", level="hard")
    assert kept["deal"] == 12 and kept["rules"] == "strict+winnable_only"


def test_level_requests_that_cannot_be_served_name_the_field(
    client: TestClient, player: dict[str, str]
) -> None:
    daily = client.post(
        "/api/games", json={"daily": True, "rules": "strict", "level": "easy"}, headers=player
    )
    assert daily.status_code == 400
    assert daily.json()["detail"] == (
        "level: the daily deal is the same for everyone, so has no level"
    )
    unknown = client.post("/api/games", json={"deal": 1, "level": "brutal"}, headers=player)
    assert unknown.status_code == 422
    assert unknown.json()["detail"].startswith("level: Input should be 'easy', 'medium' or 'hard'")
    unwinnable = client.post("/api/games", json={"deal": 1, "level": "unwinnable"}, headers=player)
    assert unwinnable.status_code == 422 and unwinnable.json()["detail"].startswith("level: ")
    black_hole = client.post(
        "/api/games", json={"deal": 1, "rules": "black-hole", "level": "easy"}, headers=player
    )
    assert black_hole.status_code == 400
    assert black_hole.json()["detail"].startswith("level: no deal rates easy under these rules")


def test_the_next_deal_is_found_while_this_one_is_played(
    client: TestClient, player: dict[str, str]
) -> None:
    """After the answer, the solver rates (or proves) the deals that follow, so that the
    player's "Next deal" is found at once."""
    game = start(client, player, deal=400, rules="strict", level="medium")
    AHEAD.wait()
    following = [number for number in CLEARABLE if number > game["deal"]]
    assert cached_rating(following[0], Rules()) is not None
    next_medium = first_rated(game["deal"] + 1, Rules(), "medium").deal.number
    assert next_medium is not None
    assert all(cached_rating(number, Rules()) for number in following if number <= next_medium)
    winnable = start(client, player, deal=600, rules="strict+winnable_only")
    AHEAD.wait()
    misses = proved_clearable.cache_info().misses
    ahead = Deal.numbered(winnable["deal"] + 1, Rules(winnable_only=True))
    assert ahead.number in CLEARABLE and proved_clearable.cache_info().misses == misses
