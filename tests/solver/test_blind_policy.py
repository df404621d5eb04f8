"""The stock-blind rollout player: the rules through the engine, and no look into the stock.

The policy keeps its own packed tableaux for speed, so each of its shortcuts is checked against
the rules engine: the tableaux its plays can leave, its longest chains, and a whole hand it
plays against the true stock, which must end as the same hand played move by move in a game.
A cheater would choose by the cards still to come: the tableaux it leaves before a draw must
not change when only later cards of the stock change.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import strategies as st

from golf_solitaire import Deal, Draw, Game, Play, Rules
from golf_solitaire import state as engine
from golf_solitaire.solver.blind_policy import BlindPolicy, PolicyShelf, rank_counts
from golf_solitaire.solver.board import RANKS, Board
from golf_solitaire.solver.fair_player import blind_move, play_hole
from golf_solitaire.state import State
from tests.solver.test_brute_force import COLUMN_RULE_SETS, by_rules, small_game


def engine_ends(deal: Deal, state: State) -> dict[tuple[int, ...], int]:
    """Every tableau the plays from ``state`` can leave, with its cards, by the engine."""
    found = {state.heights: sum(state.heights)}
    seen = set()
    stack = [state]
    while stack:
        here = stack.pop()
        for move in engine.legal_moves(deal, here):
            if isinstance(move, Play):
                after = engine.apply(deal, here, move)
                key = (after.heights, after.waste_top, after.dead_end)
                if key not in seen:
                    seen.add(key)
                    stack.append(after)
                found[after.heights] = sum(after.heights)
    return found


def engine_longest(deal: Deal, state: State) -> int:
    """The most cards one chain of plays takes from ``state``, by the engine."""
    plays = [move for move in engine.legal_moves(deal, state) if isinstance(move, Play)]
    return max((1 + engine_longest(deal, engine.apply(deal, state, p)) for p in plays), default=0)


@by_rules(examples=15, rule_sets=COLUMN_RULE_SETS)
def test_the_tableaux_and_chains_are_the_engines(rules: Rules, data: st.DataObject) -> None:
    deal, game = small_game(data, rules, 4)
    state = game.state
    board = Board.from_position(deal, state)
    policy = BlindPolicy(board)
    packed = policy.pack(board.heights)
    assert policy.unpack(packed) == board.heights
    ends = policy.ends(packed, board.top)
    assert {tuple(policy.unpack(end)): left for end, left in ends.items()} == engine_ends(
        deal, state
    )
    assert policy.longest(packed, board.top) == engine_longest(deal, state)


def plain_deeper(policy: BlindPolicy, packed: int, counts: list[int], unseen: int) -> float:
    """``deeper`` one draw from its leaves as its docstring says it: every unseen rank drawn
    in turn, the best tableau after it judged by ``score``, weighed by the rank's count."""
    total = 0.0
    for rank in range(RANKS):
        if counts[rank]:
            after = list(counts)
            after[rank] -= 1
            ends = policy.ends(packed, rank).items()
            best = min(policy.score(end, left, after, unseen - 1, 1) for end, left in ends)
            total += counts[rank] * best
    return total / unseen


@by_rules(examples=15, rule_sets=COLUMN_RULE_SETS)
def test_the_shortcuts_judge_as_the_plain_sums(rules: Rules, data: st.DataObject) -> None:
    """The kept sums of ``deeper_leaf`` and the all-ranks walk of ``chain_lengths`` give
    exactly what the plain definitions give, from every tableau the plays can leave."""
    deal, game = small_game(data, rules, 4)
    board = Board.from_position(deal, game.state)
    policy, plain = BlindPolicy(board), BlindPolicy(board)
    counts = rank_counts(board.stock)
    packed = policy.pack(board.heights)
    for end in policy.ends(packed, board.top):
        lengths = policy.chain_lengths(end)
        assert lengths == [plain.longest(end, rank) for rank in range(RANKS)]
        if board.stock:
            assert policy.deeper_leaf(end, counts, len(board.stock)) == plain_deeper(
                plain, end, counts, len(board.stock)
            )


@by_rules(examples=10, rule_sets=COLUMN_RULE_SETS)
def test_refining_every_tableau_without_a_beam_is_the_deeper_look(
    rules: Rules, data: st.DataObject
) -> None:
    """``refine`` judges its best tableaux one draw further: with every tableau refined and
    none dropped after a draw, it chooses exactly as the policy that looks that far."""
    deal, game = small_game(data, rules, 4)
    board = Board.from_position(deal, game.state)
    counts = rank_counts(board.stock)
    for lookahead in (1, 2):
        refined = BlindPolicy(board, lookahead=lookahead, refine=99, beam=99)
        deeper = BlindPolicy(board, lookahead=lookahead + 1)
        packed = refined.pack(board.heights)
        unseen = len(board.stock)
        assert refined.choose(packed, board.top, list(counts), unseen) == deeper.choose(
            packed, board.top, list(counts), unseen
        )


def test_refining_chooses_among_the_best_by_the_shallower_look() -> None:
    """The refined choice is one of the ``refine`` tableaux the shallower judgement likes best,
    and the best of them one draw further on, from every position of a hand."""
    deal = Deal.numbered(1004)
    game = Game(deal)
    while not game.is_over:
        board = Board.from_position(deal, game.state)
        counts = rank_counts(board.stock)
        unseen = len(board.stock)
        policy = BlindPolicy(board, lookahead=2, refine=2)
        packed = policy.pack(board.heights)
        ends = policy.ends(packed, board.top)
        shallow = sorted((policy.score(end, n, counts, unseen, 2), end) for end, n in ends.items())
        chosen = policy.choose(packed, board.top, counts, unseen)
        if len(shallow) > 1 and unseen > 2:
            best_two = [end for _, end in shallow[:2]]
            assert chosen in best_two
            further = {
                end: policy.score(end, ends[end], counts, unseen, 3, policy.beam)
                for end in best_two
            }
            assert further[chosen] == min(further.values())
        else:
            assert chosen == shallow[0][1]
        game.apply(blind_move(game, 2, 2))


@pytest.mark.parametrize("number", [2, 1001, 1002])
@pytest.mark.parametrize(("lookahead", "refine"), [(0, 0), (1, 0), (2, 0), (2, 3)])
def test_a_rollout_ends_as_the_same_hand_played_in_a_game(
    number: int, lookahead: int, refine: int
) -> None:
    """The rollout against the true stock scores what its moves score when the engine plays
    them one by one: it keeps the rules."""
    deal = Deal.numbered(number, Rules.named("strict"))
    board = Board.from_position(deal, State.start(deal))
    policy = BlindPolicy(board, lookahead=lookahead, refine=refine)
    strokes = policy.rollout(board.heights, board.top, board.stock)
    hole = play_hole(deal, lambda game: blind_move(game, lookahead, refine))
    assert hole.strokes == strokes


@pytest.mark.parametrize("rules", ["putt-putt", "queens-on-kings", "jokers", "empty-start"])
def test_a_rollout_keeps_every_presets_rules(rules: str) -> None:
    deal = Deal.numbered(7, Rules.named(rules))
    board = Board.from_position(deal, State.start(deal))
    strokes = BlindPolicy(board).rollout(board.heights, board.top, board.stock)
    assert play_hole(deal, blind_move).strokes == strokes


@pytest.mark.parametrize(("lookahead", "refine"), [(1, 0), (2, 3)])
def test_the_player_never_chooses_by_cards_still_to_come(lookahead: int, refine: int) -> None:
    """Two stock orders that agree on their first cards: every tableau the player leaves until
    it draws the first card where they differ is the same, whatever follows."""
    deal = Deal.numbered(1001)
    board = Board.from_position(deal, State.start(deal))
    policy = BlindPolicy(board, lookahead=lookahead, refine=refine)
    rng = random.Random(5)
    for cut in (0, 3, 8):
        first = list(board.stock)
        second = first[:cut] + rng.sample(first[cut:], len(first) - cut)
        if second == first:
            continue
        one: list[int] = []
        two: list[int] = []
        policy.rollout(board.heights, board.top, first, one)
        policy.rollout(board.heights, board.top, second, two)
        assert one[: cut + 1] == two[: cut + 1]


def test_the_blind_player_plays_a_legal_move_and_draws_when_it_means_to() -> None:
    game = Game(Deal.numbered(2))
    for _ in range(40):
        if game.is_over:
            break
        move = blind_move(game)
        assert game.is_legal(move)
        game.apply(move)
    assert isinstance(blind_move(Game(Deal.numbered(2))), (Play, Draw))


def test_a_column_too_tall_to_pack_is_refused_by_name() -> None:
    deal = Deal.numbered(2)
    board = Board.from_position(deal, State.start(deal))
    board.columns[0] = [1] * 16
    with pytest.raises(ValueError, match="more than 15 cards"):
        BlindPolicy(board)


def test_a_kept_policy_chooses_as_a_new_one() -> None:
    """What a policy keeps from one hint's rollouts never changes the next hint's choices: a
    whole hand played from each position by a policy taken from the shelf (after the
    positions before it) leaves the same tableaux as a new policy's."""
    deal = Deal.numbered(1003)
    shelf = PolicyShelf()
    game = Game(deal)
    rng = random.Random(3)
    while not game.is_over:
        board = Board.from_position(deal, game.state)
        kept = shelf.take(board, 2)
        stock = rng.sample(board.stock, len(board.stock))
        traces: list[list[int]] = [[], []]
        fresh = BlindPolicy(board, lookahead=2)
        for policy, trace in zip((kept, fresh), traces, strict=True):
            policy.rollout(board.heights, board.top, stock, trace)
        assert traces[0] == traces[1]
        shelf.put_back(kept)
        game.apply(blind_move(game, 2))
    assert len(shelf.policies) == 1


def test_the_shelf_keeps_each_deals_policy_apart_and_bounded() -> None:
    """A policy is the deal's own (never handed to another deal's or lookahead's hint), taken
    off while in use, the oldest dropped past the shelf's size, a large one not kept."""
    shelf = PolicyShelf(size=2, most_chains=10)
    boards = [
        Board.from_position(deal, State.start(deal)) for deal in map(Deal.numbered, [1, 2, 3])
    ]
    first = shelf.take(boards[0], 2)
    assert shelf.take(boards[0], 2) is not first  # in use: a second hint gets its own
    shelf.put_back(first)
    assert shelf.take(boards[0], 1) is not first
    assert shelf.take(boards[0], 2, 3) is not first
    assert shelf.take(boards[1], 2) is not first
    assert shelf.take(boards[0], 2) is first
    shelf.put_back(first)
    for board in boards[1:]:
        shelf.put_back(BlindPolicy(board, lookahead=2))
    assert first.key not in shelf.policies and len(shelf.policies) == 2
    big = shelf.take(boards[0], 2)
    big.rollout(boards[0].heights, boards[0].top, boards[0].stock)
    assert len(big.chains) > 10
    shelf.put_back(big)
    assert big.key not in shelf.policies
