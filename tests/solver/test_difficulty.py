"""Deal ratings: the figures recounted with independent solves, the levels by their rule,
and ``golf rate``."""

from __future__ import annotations

import json

import pytest

from golf_solitaire import Deal, Rules, State, rate, solve
from golf_solitaire import state as rules_of_play
from golf_solitaire.solver.difficulty import (
    EASY_SHARE,
    EASY_STOCK,
    GOLF_THRESHOLDS,
    HARD_SHARE,
    PEAKS_THRESHOLDS,
    first_rated,
    thresholds_for,
)
from tests.reference import verdicts
from tests.solver.test_commands import golf


@pytest.mark.parametrize(("preset", "number"), [("strict", 5), ("strict", 2), ("putt-putt", 3)])
def test_the_figures_are_those_of_the_best_line(preset: str, number: int) -> None:
    deal = Deal.numbered(number, Rules.named(preset))
    rating = rate(deal)
    best = solve(deal, optimal=True)
    assert rating.best_score == best.best_score and rating.stock_kept == -rating.best_score
    # Recount along the rating's line: every child judged by a search of its own.
    state, choices, narrow = State.start(deal), 0, 0
    for move in rating.line:
        moves = rules_of_play.legal_moves(deal, state)
        if len(moves) > 1:
            choices += 1
            keeping = [
                solve((deal, rules_of_play.apply(deal, state, other))).status == "solved"
                for other in moves
            ]
            narrow += sum(keeping) == 1
        state = rules_of_play.apply(deal, state, move)
    assert (rating.choices, rating.narrow) == (choices, narrow)
    assert rules_of_play.strokes(deal, state) == best.best_score


def test_the_rating_walks_the_first_best_line_in_move_order() -> None:
    """Whichever line the search found, the rating walks the same one: at each step the first
    legal move (columns left to right, then the draw) after which the best score still stands."""
    deal = Deal.numbered(2)
    rating = rate(deal)
    state = State.start(deal)
    for move in rating.line:
        for other in rules_of_play.legal_moves(deal, state):
            after = solve((deal, rules_of_play.apply(deal, state, other)), optimal=True)
            if after.best_score == rating.best_score:
                assert other == move
                break
        state = rules_of_play.apply(deal, state, move)


def test_a_deal_nobody_can_clear_is_unwinnable_with_its_best_score() -> None:
    known = verdicts("strict")
    for number in range(1, 12):
        rating = rate(Deal.numbered(number))
        assert (rating.level == "unwinnable") == (not known[number].solved)
        if rating.level == "unwinnable":
            best = solve(Deal.numbered(number), optimal=True).best_score
            assert best is not None and rating.best_score == best > 0


def test_levels_follow_their_rule() -> None:
    for number in (2, 5, 12, 15, 19, 39):
        rating = rate(Deal.numbered(number))
        share = rating.narrow_share
        if share >= HARD_SHARE or (rating.stock_kept == 0 and share >= 0.5):
            assert rating.level == "hard"
        elif share < EASY_SHARE and rating.stock_kept >= EASY_STOCK:
            assert rating.level == "easy"
        else:
            assert rating.level == "medium"
    assert [rate(Deal.numbered(n)).level for n in (2, 5, 12)] == ["medium", "easy", "hard"]


def test_tripeaks_has_thresholds_of_its_own_and_finds_every_level() -> None:
    """TriPeaks clears keep many stock cards with few narrow choices: under Golf's thresholds
    deals 1-3 were all easy (and 91 of the 97 clearable among 1-99)."""
    assert thresholds_for(Rules.named("tripeaks")) is PEAKS_THRESHOLDS
    for preset in ("strict", "elevator", "escalator", "double-putt"):
        assert thresholds_for(Rules.named(preset)) is GOLF_THRESHOLDS
    rules = Rules.named("tripeaks")
    ratings = [rate(Deal.numbered(number, rules)) for number in (1, 2, 3)]
    for rating in ratings:
        expected = PEAKS_THRESHOLDS.level(rating.stock_kept, rating.narrow_share)
        assert rating.level == expected
    assert [rating.level for rating in ratings] == ["hard", "medium", "easy"]
    assert first_rated(1, rules, "medium").deal.number == 2


def test_golf_rate(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def run(*args: str) -> tuple[int, str, str]:
        return golf(monkeypatch, capsys, *args)

    status, out, _ = run("rate", "5")
    assert status == 0
    assert out.splitlines() == [
        "deal 5 (strict): easy",
        "the best clear keeps 2 stock cards (score -2); along it, 16 of 39 choices have one "
        "move alone that keeps the clear",
    ]
    status, out, _ = run("rate", "1", "--json")
    assert status == 0 and json.loads(out)["level"] == "unwinnable"
    status, out, _ = run("rate", "2")
    assert status == 0 and out.splitlines()[1].startswith(
        "the best clear keeps no stock cards (score 0); along it, 14 of 34 choices have"
    )
    status, _, err = run("rate", "4", "--limit-nodes", "10")
    assert status == 2 and "rate: the search limit ran out" in err


def test_golf_rate_speaks_of_no_stock_under_rules_without_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = golf(monkeypatch, capsys, "rate", "2", "--rules", "black-hole")
    assert status == 0
    assert out.splitlines() == [
        "deal 2 (black-hole): medium",
        "the best clear scores 0; along it, 14 of 31 choices have one move alone that keeps "
        "the clear",
    ]
    args = ("rate", "1", "--rules", "black-hole", "--find", "easy")
    status, _, err = golf(monkeypatch, capsys, *args)
    assert status == 2 and err.rstrip().endswith("2 stock cards or more, and they deal no stock")


@pytest.mark.parametrize(
    ("start", "level"), [(1, "easy"), (1, "hard"), (3, "medium"), (13, "hard")]
)
def test_first_rated_is_the_first_deal_of_its_level(start: int, level: str) -> None:
    known = verdicts("strict")
    deal, rating = first_rated(start, Rules.named("strict"), level)
    assert deal.number is not None and deal.number >= start
    assert rating == rate(deal) and rating.level == level
    # Every deal passed over is unwinnable or rates another level, by solves of its own.
    for number in range(start, deal.number):
        assert not known[number].solved or rate(Deal.numbered(number)).level != level


def test_first_rated_takes_the_rules_and_refuses_what_it_cannot_find() -> None:
    putt_putt = Rules.named("putt-putt").with_options(winnable_only=True)
    deal, rating = first_rated(1, putt_putt, "easy")
    assert deal.rules == Rules.named("putt-putt") and rate(deal).level == "easy" == rating.level
    with pytest.raises(ValueError, match="level: 'unwinnable' is not one of easy, medium, hard"):
        first_rated(1, Rules(), "unwinnable")
    with pytest.raises(ValueError, match="level: no deal from 1 to 3 rates easy"):
        first_rated(1, Rules(), "easy", tries=3)


def test_first_rated_refuses_at_once_a_level_the_rules_never_give_and_keeps_to_its_time() -> None:
    # Black Hole has no stock: no deal keeps the stock cards an easy deal keeps.
    with pytest.raises(
        ValueError, match=r"an easy deal keeps 2 stock cards or more, and they deal no stock$"
    ):
        first_rated(1, Rules.named("black-hole"), "easy")
    # Its deals take half a second to several seconds to rate: a budget ends the search.
    with pytest.raises(ValueError, match=r"no deal from 1 to 2 rates hard .* after 0.01 s"):
        first_rated(1, Rules.named("black-hole"), "hard", seconds=0.01)
    deal, rating = first_rated(1, Rules.named("black-hole"), "medium", seconds=60)
    assert deal.number == 2 and rating.level == "medium"


def test_golf_rate_find(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def run(*args: str) -> tuple[int, str, str]:
        return golf(monkeypatch, capsys, *args)

    status, out, _ = run("rate", "1", "--find", "hard")
    assert status == 0
    assert out.splitlines() == [
        "deal 12 (strict): hard, the first from deal 1",
        "the best clear keeps 1 stock card (score -1); along it, 25 of 35 choices have one move "
        "alone that keeps the clear",
    ]
    status, out, _ = run("rate", "20", "--find", "easy", "--json")
    assert status == 0 and json.loads(out)["deal"] == 27 and json.loads(out)["level"] == "easy"
    status, _, err = run("rate", "1", "--find", "unwinnable")
    assert status == 2 and "'unwinnable' is not one of 'easy', 'medium', 'hard'" in err
    status, _, err = run("rate", "1", "--find", "hard", "--limit-nodes", "5")
    assert status == 2 and "--find rates every deal in full; it takes no --limit-nodes" in err


def test_golf_rate_names_the_rules_asked_with_or_without_find(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = ("--rules", "strict+winnable_only")
    status, out, _ = golf(monkeypatch, capsys, "rate", "1", *rules)
    assert status == 0 and out.splitlines()[0] == "deal 2 (strict+winnable_only): medium"
    status, out, _ = golf(monkeypatch, capsys, "rate", "1", *rules, "--find", "easy")
    assert status == 0
    assert out.splitlines()[0] == "deal 5 (strict+winnable_only): easy, the first from deal 1"
    status, out, _ = golf(monkeypatch, capsys, "rate", "1", *rules, "--find", "easy", "--json")
    assert status == 0 and json.loads(out)["rules"] == "strict+winnable_only"
