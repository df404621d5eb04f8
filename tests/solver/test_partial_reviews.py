"""A review whose best scores run out of positions says only what it proved: each claim of a
clear (or of none) is checked here with a search of its own from that position; the fair
judgement is the exact review's; a review that finishes is the exact one, unchanged."""

from __future__ import annotations

import json

import pytest

from golf_solitaire import Deal, Game, Move, Rules, solver
from golf_solitaire import state as rules_of_play
from golf_solitaire.service import Analyst
from golf_solitaire.solver import (
    Limit,
    PartialReview,
    Review,
    review,
    review_within,
    solve,
)
from golf_solitaire.solver.chains import greedy_move
from golf_solitaire.solver.clear_span import ClearSpan
from golf_solitaire.solver.reviews import states_of
from golf_solitaire.state import State

CHECK = Limit(nodes=3_000_000)
"""A fresh search's budget for checking one claim (each takes far fewer here)."""


def greedy_game(number: int, preset: str) -> Game:
    """Deal ``number`` of ``preset`` played to its end by the greedy stock-blind player."""
    game = Game(Deal.numbered(number, Rules.named(preset)))
    while not game.is_over:
        game.apply(greedy_move(game))
    return game


def partial(game: Game, nodes: int) -> PartialReview:
    """``review_within`` at ``nodes`` positions, without the fair judgement's hints."""
    found = review_within(game, limit=Limit(nodes=nodes), fair_seconds=0)
    assert isinstance(found, PartialReview) and found.partial
    return found


def clears_from(game: Game, state: State) -> bool:
    """Whether a fresh search clears the tableau from ``state``; a clear it finds is played
    out on the rules engine, so that a claimed clear is a real one."""
    solution = solve((game.deal, state), limit=CHECK)
    assert solution.status != "intractable"
    if solution.status == "solved":
        for move in solution.line:
            state = rules_of_play.apply(game.deal, state, move)
        assert not any(state.heights)
        return True
    return False


def check_proved(game: Game, found: PartialReview) -> None:
    """Every position the review calls clearable (or not) is, by a search of its own."""
    states = states_of(game)
    span = found.span
    if span.kept is not None:
        assert clears_from(game, states[span.kept])
    if span.lost is not None:
        assert not clears_from(game, states[span.lost])
    for entry in found.entries:
        assert entry.clearable_before == span.clearable(entry.number - 1)
        assert entry.clearable_after == span.clearable(entry.number)


def test_a_double_golf_review_out_of_positions_names_the_move_that_lost_the_clear() -> None:
    """Greedy Double Golf deal 4: 150 positions settle the clear, not the best scores."""
    game = greedy_game(4, "double-golf")
    found = partial(game, 150)
    assert (found.span.kept, found.span.lost, found.span.settled) == (2, 3, True)
    check_proved(game, found)
    lost = found.lost_clear
    assert lost is not None and lost.number == 3
    assert [entry.number for entry in found.entries if entry.lost_the_clear] == [3]
    assert found.code == "review.clear_lost"
    assert found.summary == (
        "move 3 (2♦) lost the clear: a line could still clear the tableau before it, none after"
    )
    assert found.hindsight_text() == (
        "with the stock known: move 3 (2♦) lost the clear: a line could still clear the "
        "tableau before it, none after. The best score after each move was not proved in the "
        "time there was."
    )
    assert found.final_score == game.score and found.nodes <= 150


def test_a_clear_not_settled_in_time_is_never_pinned_on_a_move() -> None:
    """Greedy Double Golf deal 3 at 150 positions: no line clears after move 66 (proved);
    which earlier move lost the clear was not settled, and no move is named."""
    game = greedy_game(3, "double-golf")
    found = partial(game, 150)
    assert (found.span.kept, found.span.lost, found.span.settled) == (None, 66, False)
    check_proved(game, found)
    assert found.lost_clear is None
    assert not any(entry.lost_the_clear for entry in found.entries)
    assert found.code == "review.clear_lost_by" and found.params == {"lost": 66}
    assert found.summary == (
        "no line could clear the tableau after move 66; whether an earlier move lost the "
        "clear was not settled in the time there was"
    )
    # More positions settle it: move 65 lost the clear, within what was proved before.
    settled = partial(game, 1000)
    assert (settled.span.kept, settled.span.lost) == (64, 65)
    check_proved(game, settled)


@pytest.mark.parametrize(("preset", "number", "nodes"), [("double-putt", 2, 1000)])
def test_each_claim_of_a_partial_double_putt_review_holds(
    preset: str, number: int, nodes: int
) -> None:
    game = greedy_game(number, preset)
    found = partial(game, nodes)
    assert found.span.lost is not None and found.span.lost < len(game.moves)
    check_proved(game, found)


def test_a_hand_that_cleared_kept_a_clear_at_every_move() -> None:
    """Greedy Double Putt deal 3 clears the tableau: every position could, with no search."""
    game = greedy_game(3, "double-putt")
    assert game.is_won
    found = partial(game, 1)
    assert found.span == ClearSpan(len(game.moves), len(game.moves), None)
    assert all(entry.clearable_before and entry.clearable_after for entry in found.entries)
    assert found.code == "review.clear_kept"


def test_a_deal_that_never_cleared_is_said_so_from_the_start() -> None:
    """Strict deal 1 cannot be cleared (proved in 50 positions), its best score not."""
    game = Game(Deal.numbered(1))
    while not game.is_over:
        game.apply(game.legal_moves()[-1])
    found = partial(game, 50)
    assert found.span.lost == 0 and found.span.kept is None and found.span.settled
    assert not clears_from(game, states_of(game)[0])
    assert found.code == "review.clear_none"
    assert found.summary == "no line could clear the tableau from the start"


def test_the_fair_judgement_of_a_partial_review_is_the_exact_reviews() -> None:
    """Strict deal 1 drawn out: the fair hints judge it the same with the best scores or
    without them (the same seeded hints)."""
    game = Game(Deal.numbered(1))
    while not game.is_over:
        game.apply(game.legal_moves()[-1])
    found = review_within(game, limit=Limit(nodes=50))
    exact = review(game)
    assert isinstance(found, PartialReview)
    assert [entry.fair_loss for entry in found.entries] == [
        entry.fair_loss for entry in exact.entries
    ]
    assert (found.fair_code, found.fair_params) == (exact.fair_code, exact.fair_params)
    assert found.fair_code == "review.fair_mistake"
    assert found.fair_text("nl") == exact.fair_text("nl")
    assert found.first_fair_mistake is not None and exact.first_fair_mistake is not None
    assert found.first_fair_mistake.number == exact.first_fair_mistake.number


def test_a_review_that_finishes_in_time_is_the_exact_review_unchanged() -> None:
    """Strict deal 2 with a mistake at move 3: in time, the same review, texts and JSON."""
    game = Game(Deal.numbered(2))
    for column in ("d", "d", "5"):
        game.apply(Move.parse(column))
    while not game.is_over:
        game.apply(greedy_move(game))
    exact = review(game, fair_seconds=0)
    found = review_within(game, limit=Limit(nodes=1_000_000), fair_seconds=0)
    assert isinstance(found, Review) and not found.partial
    assert found.to_dict() == exact.to_dict()
    assert found.to_dict()["partial"] is False
    for language in ("en", "fr"):
        assert found.hindsight_text(language) == exact.hindsight_text(language)
    assert found.entries == exact.entries


def test_the_analyst_gives_the_partial_review_instead_of_nothing() -> None:
    game = greedy_game(4, "double-golf")
    found = Analyst(solver, seconds=None, nodes=150).review(game)
    assert isinstance(found, PartialReview) and found.lost_clear is not None
    assert found.lost_clear.number == 3
    assert Analyst(None).review(game) is None


def test_the_partial_review_as_json() -> None:
    game = greedy_game(4, "double-golf")
    data = json.loads(json.dumps(partial(game, 150).to_dict()))
    assert data["partial"] is True
    assert (data["clear_kept"], data["clear_lost"], data["clear_settled"]) == (2, 3, True)
    assert data["code"] == "review.clear_lost" and data["params"] == {"number": 3, "move": "2♦"}
    assert "best_score_start" not in data
    entries = data["entries"]
    assert len(entries) == len(game.moves)
    assert entries[2]["lost_the_clear"] is True
    assert [entry["clearable_before"] for entry in entries[:4]] == [True, True, True, False]
    assert not any("best_score_after" in entry for entry in entries)
    # No fair hints were given time: every move with a choice says it was not judged.
    assert data["fair_code"] == "review.fair_partial"


def test_a_competitive_hand_gets_no_review_before_it_is_over_partial_or_not() -> None:
    """The stock order stays hidden until the hand ends, whatever the budget."""
    game = Game(Deal.numbered(2, Rules.named("double-golf")), competitive=True)
    game.draw()
    for budget in (Limit(nodes=1), Limit(nodes=150), Limit()):
        for unfinished in (game, game.record(), json.dumps(game.record())):
            with pytest.raises(ValueError, match="the stock order stays hidden"):
                review_within(unfinished, limit=budget)
    with pytest.raises(ValueError, match="the stock order stays hidden"):
        Analyst(solver, seconds=None, nodes=150).review(game)


def test_a_hand_still_in_play_is_not_called_stuck() -> None:
    """A casual hand reviewed before its end (greedy Double Golf deal 4, ten moves in): its
    last position is asked like any other, not taken as lost."""
    game = greedy_game(4, "double-golf")
    unfinished = Game(game.deal)
    for move in game.moves[:10]:
        unfinished.apply(move)
    tiny = partial(unfinished, 1)
    assert tiny.span == ClearSpan(10, None, None)
    assert tiny.code == "review.clear_undecided"
    assert all(entry.clearable_after is None for entry in tiny.entries)
    found = partial(unfinished, 150)
    assert (found.span.kept, found.span.lost) == (2, 3)
    check_proved(unfinished, found)


@pytest.mark.parametrize(
    ("preset", "number", "nodes", "span"),
    [
        ("tripeaks", 1, 3000, (1, 20)),
        ("putt-putt", 1, 300, (2, 3)),
        ("black-hole", 3, 300, (None, 4)),
    ],
)
def test_each_claim_holds_on_other_layouts_and_wraps(
    preset: str, number: int, nodes: int, span: tuple[int | None, int | None]
) -> None:
    """A covering layout (its own search), a wrapping one, and one with no stock: played
    with the last legal move each time, every claim checked."""
    game = Game(Deal.numbered(number, Rules.named(preset)))
    while not game.is_over:
        game.apply(game.legal_moves()[-1])
    found = partial(game, nodes)
    assert (found.span.kept, found.span.lost) == span
    check_proved(game, found)
