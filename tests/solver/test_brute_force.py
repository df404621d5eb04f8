"""The solver against an independent brute force on small positions (truncated layouts).

The brute force knows the rules only through the engine (``golf_solitaire.state``): it tries
every legal move, memoised on the position, and takes the fewest strokes any finished hand
reaches. Positions are a few cards in a few columns with a short stock, for every preset and
for combinations of options, made by hypothesis (derandomized, so every run checks the same
positions). The solver must agree on the best score, its lines must replay to it, fair and
peeking hints must keep it, and a review must blame exactly the moves that lost strokes.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golf_solitaire import PRESETS, Deal, Game, Move, QueensOnKings, Rules, hint, review, solve
from golf_solitaire import state as engine
from golf_solitaire.cards import Card
from golf_solitaire.deals import Origin, deck_of
from golf_solitaire.layouts import layout_named
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.pruning import Pruning
from golf_solitaire.solver.search import Search
from golf_solitaire.solver.solution import moves_of
from golf_solitaire.state import State
from tests.solver.level_search import fewest_draws_to_clear

DEAD_END = QueensOnKings.DEAD_END
CONTINUE = QueensOnKings.CONTINUE

RULE_SETS = [
    *(preset.rules for preset in PRESETS.values()),
    Rules(wrap=True, jokers=True),
    Rules(empty_start=True, queens_on_kings=DEAD_END),
    Rules(jokers=True, empty_start=True),
    Rules(jokers=True, queens_on_kings=DEAD_END),
    Rules(jokers=True, queens_on_kings=CONTINUE),
    Rules(wrap=True, empty_start=True),
    Rules(wrap=True, jokers=True, empty_start=True),
    Rules(layout="black_hole"),
    Rules(layout="black_hole", queens_on_kings=DEAD_END),
]
"""Every preset, and combinations of options that no preset names."""

MAX_TABLEAU = 10
MAX_STOCK = 6


# The brute force -------------------------------------------------------------------------


class BruteForce:
    """The fewest strokes reachable from a position of one deal, by trying every line."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.memo: dict[State, int] = {}

    def best(self, state: State) -> int:
        """The fewest strokes of any finished hand from ``state``."""
        # Only the waste's top card matters to what follows, so positions share it alone.
        key = State(state.heights, state.drawn, state.waste[-1:], state.dead_end)
        known = self.memo.get(key)
        if known is not None:
            return known
        finished = engine.outcome(self.deal, key)
        if finished is not None:
            value = finished.strokes
        else:
            value = min(
                self.best(engine.apply(self.deal, key, move))
                for move in engine.legal_moves(self.deal, key)
            )
        self.memo[key] = value
        return value

    def after(self, state: State, move: Move) -> int:
        """The fewest strokes once ``move`` is made from ``state``."""
        return self.best(engine.apply(self.deal, state, move))


# Positions -------------------------------------------------------------------------------


def rank_window(low: int, width: int) -> set[int]:
    """``width`` ranks from ``low`` up, going on from the King to the Ace."""
    return {(low - 1 + step) % 13 + 1 for step in range(width)}


@st.composite
def small_deals(draw: st.DrawFn, rules: Rules) -> Deal:
    """A truncated deal: a few cards in a few columns, a short stock, cards of a few ranks.

    Cards come from a window of neighbouring ranks (jokers always allowed), so that plays
    chain and the positions have choices worth searching.
    """
    layout = layout_named(rules.layout)
    # Without a stock only chains of neighbours clear, so Black Hole gets fewer ranks.
    width = st.integers(3, 6) if layout.has_stock else st.integers(2, 4)
    ranks = rank_window(draw(st.integers(1, 13)), draw(width))
    cards = [card for card in deck_of(rules) if card.rank in ranks | {0}]
    cards = list(draw(st.permutations(cards)))
    stock_size = draw(st.integers(0, MAX_STOCK)) if layout.has_stock else 0
    start = 0 if rules.empty_start else 1
    room = min(MAX_TABLEAU, len(cards) - stock_size - start)
    size = draw(st.integers(min(3, room), room))
    used = draw(st.integers(1, min(size, 4 if layout.has_stock else 8)))
    places = draw(st.permutations(range(layout.columns)))[:used]
    heights = [0] * layout.columns
    for place in places:
        heights[place] = 1
    for _ in range(min(size, used * layout.depth) - used):
        open_places = [place for place in places if heights[place] < layout.depth]
        heights[draw(st.sampled_from(open_places))] += 1
    dealt = iter(cards)
    columns = tuple(tuple(itertools.islice(dealt, height)) for height in heights)
    waste = tuple(itertools.islice(dealt, start))
    stock = tuple(itertools.islice(dealt, stock_size))
    deal = Deal(rules, columns, stock, waste, Origin("board"))
    deal.check(partial=True)
    return deal


def play_some(data: st.DataObject, game: Game, most: int) -> None:
    """Make up to ``most`` legal moves chosen by hypothesis (fewer if the hand ends)."""
    for _ in range(data.draw(st.integers(0, most), label="moves")):
        moves = game.legal_moves()
        if not moves:
            return
        game.apply(data.draw(st.sampled_from(moves), label="move"))


def small_game(data: st.DataObject, rules: Rules, most: int = 0) -> tuple[Deal, Game]:
    """A small deal of ``rules`` and its game after up to ``most`` moves (``play_some``)."""
    deal = data.draw(small_deals(rules), label="deal")
    game = Game(deal)
    if most:
        play_some(data, game, most)
    return deal, game


def replay(game: Game, line: list[Move]) -> Game:
    """A copy of ``game`` with ``line`` played: every move must be legal."""
    twin = game.copy()
    for move in line:
        twin.apply(move)
    return twin


COLUMN_RULE_SETS = [rules for rules in RULE_SETS if not layout_named(rules.layout).is_covering]
"""The rule sets whose unseen cards are the stock alone (no face-down card)."""


def by_rules(
    examples: int, rule_sets: list[Rules] = RULE_SETS
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Run a property for every rule set, ``examples`` derandomized positions each."""

    def decorate(test: Callable[..., None]) -> Callable[..., None]:
        checked = settings(max_examples=examples, derandomize=True)(given(data=st.data())(test))
        each: Callable[..., None] = pytest.mark.parametrize(
            "rules", rule_sets, ids=lambda rules: rules.label
        )(checked)
        return each

    return decorate


# The properties --------------------------------------------------------------------------


@by_rules(examples=25)
def test_optimal_score_and_verdict_match_the_brute_force(rules: Rules, data: st.DataObject) -> None:
    deal, game = small_game(data, rules)
    truth = BruteForce(deal).best(game.state)

    best = solve(deal, optimal=True)
    assert best.optimal and best.best_score == truth
    finished = replay(game, best.line)
    assert finished.is_over and finished.score == truth

    first = solve(deal)
    assert (first.status == "solved") == (truth <= 0)
    if first.status == "solved":
        cleared = replay(game, first.line)
        assert cleared.is_won and cleared.score == first.best_score
        assert first.best_score is not None and first.best_score >= truth
    else:
        # Winnable mode names no score for a deal it cannot clear (unless it is over already).
        assert first.line == [] and first.best_score in (None, truth)


@by_rules(examples=15)
def test_mid_game_positions_match_the_brute_force(rules: Rules, data: st.DataObject) -> None:
    deal, game = small_game(data, rules, 6)
    truth = BruteForce(deal).best(game.state)

    best = solve(game, optimal=True)
    assert best.best_score == truth
    finished = replay(game, best.line)
    assert finished.is_over and finished.score == truth
    assert solve((deal, game.state), optimal=True).best_score == truth

    first = solve(game)
    assert (first.status == "solved") == (truth <= 0)
    if first.status == "solved":
        assert replay(game, first.line).is_won


@by_rules(examples=15)
def test_peeking_hint_keeps_the_best_score(rules: Rules, data: st.DataObject) -> None:
    deal, game = small_game(data, rules, 3)
    if game.is_over:
        assert hint(game, peek=True).move is None
        return
    brute = BruteForce(deal)
    advice = hint(game, peek=True)
    assert advice.move is not None
    assert brute.after(game.state, advice.move) == brute.best(game.state)


@by_rules(examples=15)
def test_review_blames_exactly_the_moves_that_lost_strokes(
    rules: Rules, data: st.DataObject
) -> None:
    deal, game = small_game(data, rules, 12)
    brute = BruteForce(deal)
    states = [State.start(deal)]
    for move in game.moves:
        states.append(engine.apply(deal, states[-1], move))
    truth = [brute.best(state) for state in states]

    verdict = review(game)
    judged: list[dict[str, Any]] = verdict.to_dict()["entries"]
    assert len(judged) == len(game.moves)
    for index, entry in enumerate(judged):
        before, after = truth[index], truth[index + 1]
        assert (entry["best_score_before"], entry["best_score_after"]) == (before, after)
        assert entry["is_mistake"] == (after > before)
        assert entry["clearable_after"] == (after <= 0)
    mistakes = [index + 1 for index in range(len(game.moves)) if truth[index + 1] > truth[index]]
    first = verdict.first_mistake
    assert (first.number if first else None) == (mistakes[0] if mistakes else None)
    assert verdict.best_score_start == truth[0]
    if first is not None:
        replayed = Game(deal)
        for move in game.moves[: first.number - 1]:
            replayed.apply(move)
        finished = replay(replayed, verdict.best_line_from_mistake)
        assert finished.is_over and finished.score == truth[first.number - 1]


def test_brute_force_knows_the_rule_book_small_position() -> None:
    """The brute force itself on a position worked by hand: 8♠ 7♣ then 6♥ clears with 2 left."""
    text = "Talon: 5H 9C\nFoundations: 7D\n7C 8S\n6H\n-\n-\n-\n-\n-\n"
    deal = Deal.from_text(text, partial=True)
    assert BruteForce(deal).best(State.start(deal)) == -2
    blocked = Deal.from_text(text.replace("7D", "KD"), partial=True)
    assert BruteForce(blocked).best(State.start(blocked)) == 0


def test_small_deals_hold_the_cards_they_claim() -> None:
    """The generator's deals pass the deck check and keep a card once per deck."""

    @settings(max_examples=30, derandomize=True)
    @given(st.sampled_from(RULE_SETS).flatmap(small_deals))
    def check(deal: Deal) -> None:
        cards: list[Card] = [*deal.stock, *deal.waste]
        for column in deal.columns:
            cards.extend(column)
        plain = Counter(card for card in cards if not card.is_joker)
        assert all(count <= deal.layout.decks for count in plain.values())
        assert 1 <= sum(map(len, deal.columns)) <= MAX_TABLEAU
        assert len(deal.columns) == deal.layout.columns

    check()


@pytest.mark.parametrize(
    ("rules", "text", "best"),
    [
        # The empty waste is wild: J♥ Q♥ J♣ first, then K♥ and A♥, keeps 3 stock cards.
        (
            Rules(wrap=True, empty_start=True),
            "Talon: KH AC TC TH\nFoundations:\nAH\nJC QH JH\n-\n-\n-\n-\n-\n",
            -3,
        ),
        # A joker left in the stock is wild supply: the best line draws 2♥, then plays A♥.
        (Rules(jokers=True), "Talon: 2H AC JK\nFoundations: 3H\nAH\n-\n-\n-\n-\n-\n-\n", -2),
    ],
    ids=["empty-waste", "stock-joker"],
)
def test_spare_wild_supply_never_cuts_the_best_line(rules: Rules, text: str, best: int) -> None:
    """Wild supply (an empty waste, a joker) beyond what the tableau needs is no bound."""
    deal = Deal.from_text(text, rules, partial=True)
    assert BruteForce(deal).best(State.start(deal)) == best
    solution = solve(deal, optimal=True)
    assert solution.best_score == best
    finished = replay(Game(deal), solution.line)
    assert finished.is_over and finished.score == best


@st.composite
def long_stock_deals(draw: st.DrawFn, rules: Rules) -> Deal:
    """A two-deck deal cut down to a few columns over a long stock (25 cards or more), where
    the optimal search starts from the best of many random games rather than the first clear."""
    ranks = rank_window(draw(st.integers(1, 13)), draw(st.integers(5, 6)))
    cards = list(draw(st.permutations([card for card in deck_of(rules) if card.rank in ranks])))
    stock_size = draw(st.integers(Search.CLEAR_ROLLOUT_STOCK, Search.CLEAR_ROLLOUT_STOCK + 8))
    heights = [draw(st.integers(0, 2)) for _ in range(3)] + [0] * 6
    heights[draw(st.integers(0, 2))] += 1
    dealt = iter(cards)
    columns = tuple(tuple(itertools.islice(dealt, height)) for height in heights)
    waste = tuple(itertools.islice(dealt, 1))
    stock = tuple(itertools.islice(dealt, stock_size))
    deal = Deal(rules, columns, stock, waste, Origin("board"))
    deal.check(partial=True)
    return deal


@pytest.mark.parametrize("preset", ["double-golf", "double-putt"])
@settings(max_examples=25, derandomize=True)
@given(data=st.data())
def test_a_long_stock_keeps_the_brute_force_optimum(preset: str, data: st.DataObject) -> None:
    deal = data.draw(long_stock_deals(Rules.named(preset)), label="deal")
    game = Game(deal)
    truth = BruteForce(deal).best(game.state)
    best = solve(deal, optimal=True)
    assert best.best_score == truth
    finished = replay(game, best.line)
    assert finished.is_over and finished.score == truth


@pytest.mark.parametrize("preset", ["double-golf", "double-putt"])
@pytest.mark.parametrize("rise_nodes", [0, 2, Search.RISE_NODES])
@settings(max_examples=15, derandomize=True)
@given(data=st.data())
def test_a_long_stock_from_below_or_from_a_poor_clear_keeps_the_optimum(
    preset: str, rise_nodes: int, data: st.DataObject
) -> None:
    """A long stock's optimum is sought from below first, then (past ``rise_nodes``) by
    pushing the best clear found down. Started from the first clear alone (no random games,
    no beam: often far from the optimum), each way gives the brute force's optimum."""
    deal = data.draw(long_stock_deals(Rules.named(preset)), label="deal")
    state = State.start(deal)
    search = Search(Board.from_position(deal, state))
    search.rise_nodes = rise_nodes
    search.clear_rollouts = 0
    search.beams = ()
    truth = BruteForce(deal).best(state)
    assert search.optimum() == truth
    finished = replay(Game(deal), moves_of(search.best_line()))
    assert finished.is_over and finished.score == truth


@pytest.mark.parametrize("preset", ["double-golf", "double-putt"])
@settings(max_examples=40, derandomize=True)
@given(data=st.data())
def test_the_draws_bound_and_the_levels_of_draws_hold_the_brute_force_optimum(
    preset: str, data: st.DataObject
) -> None:
    """On two-deck layouts cut to a few columns over a long stock, before and after some moves:
    the fewest draws the matching bound asks for never make a score above the best clear (the
    floor the optimal search cuts with), and the search by levels of draws (the second way to
    a two-deck optimum, ``level_search``) finds exactly the brute force's best clear."""
    deal = data.draw(long_stock_deals(Rules.named(preset)), label="deal")
    game = Game(deal)
    play_some(data, game, 12)
    state = game.state
    truth = BruteForce(deal).best(state)
    board = Board.from_position(deal, state)
    pruning = Pruning(board)
    stock = len(board.stock)
    draws = fewest_draws_to_clear(board, stock + 1)
    if truth > 0:
        assert draws is None
        return
    assert draws == truth + stock
    needed = pruning.draws_to_match(pruning.tableau(board.heights), 0, board.top, 0)
    assert needed - stock <= truth
