"""Cards: parsing every accepted spelling, display, names, and clear errors."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golf_solitaire import JOKER, Card, Rank, Suit
from golf_solitaire.cards import parse_cards, standard_deck


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("7D", 7, Suit.DIAMONDS),
        ("TS", 10, Suit.SPADES),
        ("10s", 10, Suit.SPADES),
        ("7♦", 7, Suit.DIAMONDS),
        ("ah", 1, Suit.HEARTS),
        ("K♣", 13, Suit.CLUBS),
        (" qd ", 12, Suit.DIAMONDS),
    ],
)
def test_parse_accepts_notation_and_symbols(text: str, rank: int, suit: Suit) -> None:
    assert Card.parse(text) == Card(rank, suit)


def test_joker_parses_and_displays() -> None:
    assert Card.parse("JK") is JOKER or Card.parse("JK") == JOKER
    assert str(JOKER) == "JK"
    assert JOKER.is_joker and JOKER.suit is None
    assert JOKER.pretty == "★"


def test_display_uses_suit_symbols_and_ten() -> None:
    assert Card.parse("TD").pretty == "10♦"
    assert Card.parse("7D").pretty == "7♦"
    assert str(Card.parse("10♦")) == "TD"
    assert Card.parse("7D").name == "seven of diamonds"
    assert Card.parse("AS").name == "ace of spades"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("7X", "no suit 'X'"),
        ("1D", "no rank '1'"),
        ("Z", "expected a rank and a suit"),
        ("", "expected a rank and a suit"),
        ("11H", "no rank '11'"),
    ],
)
def test_bad_text_names_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=repr(text).replace("[", r"\[")) as error:
        Card.parse(text)
    assert fragment in str(error.value)


def test_all_52_cards_are_distinct_and_round_trip() -> None:
    deck = standard_deck()
    assert len(set(deck)) == 52
    assert {card.index for card in deck} == set(range(52))
    for card in deck:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.pretty) == card
        assert eval(repr(card)) == card
    assert standard_deck(jokers=True).count(JOKER) == 2


def test_invalid_cards_cannot_be_built() -> None:
    with pytest.raises(ValueError):
        Card(14, Suit.HEARTS)
    with pytest.raises(ValueError):
        Card(0, Suit.HEARTS)
    with pytest.raises(ValueError):
        Card(5, None)


def test_rank_labels() -> None:
    assert [rank.label for rank in Rank][9:] == ["10", "J", "Q", "K"]
    assert parse_cards("7D TS JK") == (Card(7, Suit.DIAMONDS), Card(10, Suit.SPADES), JOKER)


@given(st.sampled_from(standard_deck(jokers=True)))
def test_text_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
