"""The public solver API: solve, hint, review, Limit, and the winnable_only seam."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest

from golf_solitaire import Deal, Draw, Game, Limit, Play, Rules, hint, review, solve
from golf_solitaire import state as rules_of_play
from golf_solitaire.cards import parse_cards
from golf_solitaire.i18n import LANGUAGES
from golf_solitaire.solver.chains import greedy_move
from golf_solitaire.solver.hints import EXACT_SHELF, _stock_orders

SMALL = "Talon: 5H 9C\nFoundations: 7D\n7C 8S\n6H\n-\n-\n-\n-\n-\n"


def replay_score(game: Game, line: list[object]) -> int:
    twin = game.copy()
    for move in line:
        assert isinstance(move, Play | Draw)
        twin.apply(move)
    assert twin.is_over
    return twin.score


def test_solve_deal_game_and_state_agree() -> None:
    deal = Deal.numbered(2)
    game = Game(deal)
    for position in (deal, game, (deal, game.state)):
        solution = solve(position)
        assert solution.status == "solved"
        assert replay_score(game, list(solution.line)) == solution.best_score
        assert solution.nodes > 0


def test_unsolvable_deal_has_no_line_in_winnable_mode() -> None:
    solution = solve(Deal.numbered(1))
    assert solution.status == "unsolvable"
    assert solution.line == []
    assert solution.best_score is None


def test_optimal_line_replays_to_best_score() -> None:
    deal = Deal.numbered(1)
    solution = solve(deal, optimal=True)
    assert solution.optimal and solution.status == "unsolvable"
    assert solution.best_score is not None and solution.best_score > 0
    assert replay_score(Game(deal), list(solution.line)) == solution.best_score


def test_limit_gives_intractable() -> None:
    solution = solve(Deal.numbered(4), limit=Limit(nodes=10))
    assert solution.status == "intractable"
    assert solution.best_score is None


@pytest.mark.parametrize("bad", [{"nodes": 0}, {"nodes": 1.5}, {"seconds": -1}, {"seconds": True}])
def test_bad_limits_are_refused_with_the_field_named(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"limit (nodes|seconds)"):
        Limit(**bad)  # type: ignore[arg-type]


def test_solve_refuses_what_is_not_a_position() -> None:
    with pytest.raises(TypeError, match="expected a Deal, a Game"):
        solve("deal 4")  # type: ignore[arg-type]


def test_finished_game_is_answered_without_search() -> None:
    game = Game(Deal.from_text(SMALL, partial=True))
    for column in (0, 0, 1):
        game.play(column)
    solution = solve(game)
    assert (solution.status, solution.best_score, solution.line) == ("solved", -2, [])


def test_hint_small_position_and_peek() -> None:
    game = Game(Deal.from_text(SMALL, partial=True))
    fair = hint(game)
    assert fair.move == Play(0)
    assert fair.expected_strokes == -2.0  # every order of the two unseen cards weighed
    assert fair.move_values == {Play(0): -2.0, Play(1): -0.5, Draw(): -0.5}
    assert fair.reason.endswith("the next best move (playing 6♥) at -0.5")
    peeked = hint(game, peek=True)
    assert peeked.reason.startswith("peeking at the stock")
    assert peeked.peek


def test_hint_when_over_has_no_move() -> None:
    game = Game(Deal.from_text(SMALL, partial=True))
    for column in (0, 0, 1):
        game.play(column)
    advice = hint(game)
    assert advice.move is None and advice.reason == "the hand is over"


def test_review_names_first_mistake_and_best_line() -> None:
    game = Game(Deal.from_text(SMALL, partial=True))
    game.draw()
    verdict = review(game)
    assert verdict.first_mistake is not None and verdict.first_mistake.number == 1
    assert verdict.best_line_from_mistake == [Play(0), Play(0), Play(1)]
    assert [entry.is_mistake for entry in verdict.entries] == [True]


def test_review_refuses_a_competitive_hand_until_it_is_over() -> None:
    game = Game(Deal.numbered(3), competitive=True)
    game.draw()
    for unfinished in (game, game.record(), json.dumps(game.record())):
        with pytest.raises(ValueError, match="the stock order stays hidden until the hand ends"):
            review(unfinished)
    for move in solve(game, optimal=True).line:
        game.apply(move)
    assert game.is_over
    verdict = review(game.record())
    assert verdict.first_mistake is not None and verdict.first_mistake.number == 1
    casual = Game(Deal.numbered(3))
    casual.draw()
    assert review(casual).code == "review.mistake_draw"


def test_a_peeking_hint_is_refused_in_a_competitive_game() -> None:
    game = Game(Deal.numbered(2), competitive=True)
    with pytest.raises(ValueError, match="hint: peek is not allowed in a competitive game"):
        hint(game, peek=True)
    assert not hint(game).peek  # a fair hint uses only what the player sees


def test_winnable_only_gives_a_clearable_deal_and_names_it() -> None:
    deal = Deal.numbered(1, Rules(winnable_only=True))
    assert deal.number == 2
    assert solve(deal).status == "solved"
    assert rules_of_play.outcome(deal, Game(deal).state) is None


def test_review_reads_a_record() -> None:
    game = Game(Deal.numbered(2))
    game.play(4)
    verdict = review(game.record())
    assert len(verdict.entries) == 1
    assert verdict.entries[0].clearable_before and verdict.entries[0].clearable_after


def test_winnable_only_solves_each_deal_once_per_process() -> None:
    from golf_solitaire.solver.winnable import proved_clearable

    proved_clearable.cache_clear()
    rules = Rules(winnable_only=True)
    assert Deal.numbered(3, rules).number == 5  # solves 3, 4 and 5
    solved = proved_clearable.cache_info().misses
    assert Deal.numbered(4, rules).number == 5
    assert Deal.numbered(3, Rules(winnable_only=True)).number == 5
    assert proved_clearable.cache_info().misses == solved


def test_a_hint_gives_a_share_of_stock_orders_only_from_enough_of_them() -> None:
    sampled = hint(Game(Deal.numbered(3)))
    assert (sampled.code, sampled.samples) == ("hint.sampled", 32)
    assert "clears the tableau in about 9% of the possible stock orders (3 of 32 tried);" in (
        sampled.reason
    )
    few = hint(Game(Deal.numbered(2, Rules.named("jokers"))), samples=1)
    assert (few.code, few.samples) == ("hint.few", 1)
    assert "in 1 of 1 sampled stock order, too few to give a share;" in few.reason
    shares = {
        "it": "circa 9 ordini del mazzo su 100 (3 su 32 provati)",
        "nl": "ongeveer 9% van de mogelijke volgordes van de stapel (3 van 32 geprobeerd)",
        "es": "cerca del 9% de los órdenes posibles del mazo (3 de 32 probados)",
        "fr": "environ 9 % des ordres possibles de la pioche (3 sur 32 essayés)",
    }
    for language, share in shares.items():
        assert "%" not in few.text(language) and "1" in few.text(language)
        assert share in sampled.text(language)
    # One order is "too little" to give a share, in the singular where the language agrees.
    assert "1 su 1 ordine del mazzo provato, troppo poco per dare una percentuale;" in (
        few.text("it")
    )
    assert "1 de 1 orden del mazo probado, demasiado poco para dar un porcentaje;" in (
        few.text("es")
    )


def test_a_peeking_hint_never_speaks_of_possible_stock_orders() -> None:
    from golf_solitaire.solver.hints import _verdict

    game = Game(Deal.from_text(SMALL, partial=True))
    # Peeking, the clears are known but the budget ran out before the strokes were.
    code, params = _verdict(True, 1.0, None, 1, True, game.deal, game.state)
    assert (code, params) == ("hint.peek_clears", {})
    assert hint(game, peek=True).code == "hint.peek_clear"


def test_no_winnable_deal_near_the_last_number_names_only_real_deals() -> None:
    last = 10**20
    with pytest.raises(ValueError) as caught:
        Deal.numbered(last - 1, Rules(winnable_only=True))
    assert str(caught.value) == (
        f"winnable_only: no deal from {last - 1} to {last} could be proved clearable "
        "under these rules"
    )


def test_a_negative_close_budget_is_refused_by_name() -> None:
    with pytest.raises(
        ValueError, match="close_budget must be a whole number of 0 or more, not -1"
    ):
        hint(Game(Deal.numbered(3)), close_budget=-1)


def test_spread_orders_put_every_unseen_card_first_equally_often() -> None:
    """``spread`` weighs the next draw in its true proportions: of 32 orders of 16 distinct
    cards each card leads two; without it, chance decides."""
    cards = list(parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS 2S 3S"))
    spread = _stock_orders(cards, 32, random.Random(5), spread=True)
    assert len(spread) == 32
    assert sorted(Counter(order[0] for order in spread).values()) == [2] * 16
    drawn = _stock_orders(cards, 32, random.Random(5))
    assert sorted(Counter(order[0] for order in drawn).values()) != [2] * 16


def test_a_turn_chosen_blind_never_sees_the_stock_order() -> None:
    """A cheater's twin of deal 1001 (its stock shuffled) gets the same blind-turn hint at
    every position of the same line: the hint depends on the unseen set, never its order."""
    deal = Deal.numbered(1001)
    stock = list(deal.stock)
    random.Random(3).shuffle(stock)
    twin = dataclasses.replace(deal, stock=tuple(stock))
    game, other = Game(deal), Game(twin)
    for _ in range(4):
        advice = hint(game, turn=1, budget=2000, close_budget=0)
        assert advice.move is not None
        assert hint(other, turn=1, budget=2000, close_budget=0) == advice
        game.apply(advice.move)
        other.apply(advice.move)


def test_an_exact_hint_never_sees_the_stock_order_even_from_a_kept_search() -> None:
    """With 8 cards unseen the hint weighs every order exactly, and keeps its search for the
    hand's next hints: a cheater's twin (the unseen cards shuffled, so the player cannot tell
    the two apart) gets the same hint whichever asked first, and the same as a fresh search
    gives, at every position the two hands share."""
    deal = Deal.numbered(1023)
    game = Game(deal)
    while game.stock_count > 8:
        game.apply(greedy_move(game))
    drawn = game.state.drawn
    unseen = list(deal.stock[drawn:])
    random.Random(6).shuffle(unseen)
    other = Game(dataclasses.replace(deal, stock=deal.stock[:drawn] + tuple(unseen)))
    for move in game.moves:
        other.apply(move)
    shared = 0
    while not game.is_over and game.state == other.state:
        first, second = (game, other) if shared % 2 else (other, game)
        advice = hint(first)
        if len(first.legal_moves()) > 1:
            assert advice.code.startswith("hint.exact")
        assert hint(second) == advice
        EXACT_SHELF.kept.clear()
        assert hint(first) == advice
        assert advice.move is not None
        game.apply(advice.move)
        other.apply(advice.move)
        shared += 1
    assert shared >= 2


@pytest.mark.parametrize("refine", [0, 3])
def test_a_hint_with_rollouts_never_sees_the_stock_order(refine: int) -> None:
    """The rollouts' player draws from sampled orders: a cheater's twin of deal 1002 (its stock
    shuffled) gets the same hint at every position the same plays reach."""
    deal = Deal.numbered(1002)
    stock = list(deal.stock)
    random.Random(4).shuffle(stock)
    twin = dataclasses.replace(deal, stock=tuple(stock))
    game, other = Game(deal), Game(twin)
    for move in (None, Play(2), Play(4)):
        if move is not None:
            game.apply(move)
            other.apply(move)
        advice = hint(game, rollouts=8, refine=refine, mix=1.0, budget=2000, close_budget=0)
        assert advice.move is not None and advice.move in game.legal_moves()
        assert hint(other, rollouts=8, refine=refine, mix=1.0, budget=2000, close_budget=0) == (
            advice
        )


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("rollouts", -1, "rollouts must be a whole number of 0 or more, not -1"),
        ("lookahead", "2", "lookahead must be a whole number of 0 or more, not '2'"),
        ("refine", -1, "refine must be a whole number of 0 or more, not -1"),
        ("refine", True, "refine must be a whole number of 0 or more, not True"),
        ("exact_unseen", -1, "exact_unseen must be a whole number of 0 or more, not -1"),
        ("exact_unseen", 9.5, "exact_unseen must be a whole number of 0 or more, not 9.5"),
        ("mix", 1.5, "mix must be a number from 0 to 1, not 1.5"),
    ],
)
def test_bad_rollout_options_are_refused_by_name(option: str, value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        hint(Game(Deal.numbered(3)), **{option: value})  # type: ignore[arg-type]


def test_a_blended_hint_says_what_its_values_are_made_of() -> None:
    """With rollouts mixed in, the quoted strokes are not the searched orders' alone: every
    language says which share comes from hands played out without seeing the stock."""
    advice = hint(Game(Deal.numbered(1002)), rollouts=16, lookahead=2, mix=0.5)
    assert advice.compare_code in ("compare.blended_better", "compare.blended_tie")
    assert advice.compare_params["share"] == 50 and advice.compare_params["played"] == 16
    assert (
        "(from 16 hands played out by a player who never sees the stock and 32 stock orders "
        "searched with the order in sight, weighted 50 to 50)"
    ) in advice.reason
    for language in LANGUAGES:
        text = advice.text(language)
        assert "50" in text and "16" in text and "32" in text and "{" not in text
