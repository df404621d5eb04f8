"""Double Golf and Double Putt: two decks, so every card is in the deal twice.

Deals shuffle as PySolFC shuffles game ``n`` (the same generator deals one deck exactly as the
Golf reference boards), board text holds each card twice and names a third copy's place, and
games, records and rounds play on a deal whose cards are not unique.
"""

from __future__ import annotations

from collections import Counter

import pytest

from golf_solitaire import Deal, Game, Rules
from golf_solitaire.deals import Origin, _deal_across, _pysolfc_shuffle
from golf_solitaire.notation import BoardSyntaxError
from golf_solitaire.rounds import hole_deal
from tests.reference import boards

DOUBLE = ["double-golf", "double-putt"]


def test_one_deck_through_the_two_deck_dealer_gives_pysolfcs_golf_boards() -> None:
    """The dealer Double Golf uses, given one deck, deals PySolFC's Golf reference boards, for
    numbers under 32000 (Microsoft's generator) and past it (the Mersenne twister)."""
    golf_boards = boards("golf")
    for number in golf_boards:
        dealt = _deal_across(_pysolfc_shuffle(number, decks=1), Rules(), Origin("numbered"))
        assert dealt.to_text() == golf_boards[number]
    for number in (32_001, 123_456_789, 10**20):
        dealt = _deal_across(_pysolfc_shuffle(number, decks=1), Rules(), Origin("numbered"))
        assert dealt == Deal.numbered(number)


@pytest.mark.parametrize("preset", DOUBLE)
def test_a_deal_is_nine_columns_of_seven_from_two_decks(preset: str) -> None:
    rules = Rules.named(preset)
    for number in (1, 2, 40_000):
        deal = Deal.numbered(number, rules)
        assert [len(column) for column in deal.columns] == [7] * 9
        assert len(deal.stock) == 40 and len(deal.waste) == 1
        assert set(Counter(deal.cards).values()) == {2} and len(deal.cards) == 52
        assert Deal.from_text(deal.to_text(), rules) == deal
    assert Deal.numbered(1, rules) != Deal.numbered(2, rules)


def test_both_presets_deal_the_same_cards_and_differ_in_their_waste_rules() -> None:
    golf, putt = (Deal.numbered(5, Rules.named(name)) for name in DOUBLE)
    assert golf.columns == putt.columns and golf.stock == putt.stock
    assert golf.rules.queens_on_kings.value == "continue" and not golf.rules.wrap
    assert putt.rules.wrap


def test_board_text_of_nine_columns_with_a_talon_reads_as_double_golf() -> None:
    deal = Deal.numbered(3, Rules.named("double-golf"))
    assert Deal.from_text(deal.to_text()) == deal


def third_copy(text: str) -> tuple[str, int, int]:
    """``text`` with its last column's exposed card replaced by a third copy of a card whose
    two copies lie above it; and where that copy stands (line, column)."""
    lines = text.splitlines()
    above = Counter(" ".join(lines[:-1]).replace("Talon:", "").split())
    card = next(word for word in lines[2].split() if above[word] == 2)
    last = lines[-1].split()
    last[-1] = card
    lines[-1] = " ".join(last)
    return "\n".join(lines) + "\n", len(lines), len(" ".join(last[:-1])) + 2


def test_a_third_copy_of_a_card_is_refused_at_its_line_and_column() -> None:
    text, line, column = third_copy(Deal.numbered(1, Rules.named("double-golf")).to_text())
    for rules in (None, Rules.named("double-putt")):
        with pytest.raises(BoardSyntaxError) as error:
            Deal.from_text(text, rules)
        assert (error.value.line, error.value.column) == (line, column), str(error.value)
        assert "3 times in 2 decks" in str(error.value)


def test_a_second_copy_stays_refused_on_a_one_deck_layout() -> None:
    text = Deal.numbered(1).to_text()
    lines = text.splitlines()
    repeated = lines[2].split()[0]
    lines[3] = " ".join([*lines[3].split()[:-1], repeated])
    with pytest.raises(BoardSyntaxError) as error:
        Deal.from_text("\n".join(lines) + "\n", Rules())
    assert f"{repeated} a second time" in str(error.value)
    assert error.value.line == 4


def test_a_two_deck_deal_short_of_a_card_names_it() -> None:
    deal = Deal.numbered(1, Rules.named("double-golf"))
    short = deal.to_text().replace("Talon: ", "Talon: ", 1).split(" ", 2)
    missing = short[1]
    text = short[0] + " " + short[2]
    with pytest.raises(BoardSyntaxError, match=f"lacks {missing}"):
        Deal.from_text(text, deal.rules)


def test_a_partial_two_deck_board_may_hold_a_card_twice() -> None:
    text = "Talon: 9C 9C\nFoundations: 8H\n" + "7S 7S\n" + "-\n" * 8
    deal = Deal.from_text(text, Rules.named("double-putt"), partial=True)
    assert deal.columns[0] == deal.columns[0][:1] * 2


@pytest.mark.parametrize("preset", DOUBLE)
def test_a_game_plays_to_its_end_and_its_record_replays(preset: str) -> None:
    game = Game(Deal.numbered(7, Rules.named(preset)))
    while not game.is_over:
        moves = game.legal_moves()
        game.apply(moves[0])
    assert game.outcome is not None
    again = Game.from_record(game.record())
    assert again.deal == game.deal and again.state == game.state
    assert again.score == game.score


@pytest.mark.parametrize("preset", DOUBLE)
def test_rounds_and_daily_deals_deal_two_decks(preset: str) -> None:
    rules = Rules.named(preset)
    holes = [hole_deal(rules, 1, hole) for hole in range(1, 4)]
    assert len({deal.to_text() for deal in holes}) == 3
    assert all(len(deal.stock) == 40 for deal in holes)
    daily = Deal.daily("2026-12-05", rules)
    assert daily.origin.kind == "daily" and sum(daily.cards.values()) == 104
    rebuilt = Deal.from_identity(daily.identity(), rules)
    assert rebuilt == daily


def test_jokers_join_the_two_decks() -> None:
    rules = Rules.named("double-golf").with_options(jokers=True)
    deal = Deal.numbered(4, rules)
    assert sum(deal.cards.values()) == 106 and len(deal.stock) == 42
    assert Deal.from_text(deal.to_text(), rules) == deal
