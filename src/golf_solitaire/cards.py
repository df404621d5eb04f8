"""Cards: ranks, suits, the joker, and their text forms.

Only ranks matter in play; suits are kept for display and for board text.

>>> Card.parse("7D")
Card.parse('7D')
>>> Card.parse("10♠").pretty
'10♠'
>>> str(Card.parse("ts"))
'TS'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Final

from golf_solitaire.arguments import require


class Rank(IntEnum):
    """A card's rank, Ace low (1) to King (13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The one-character notation: A 2..9 T J Q K."""
        return "A23456789TJQK"[self - 1]

    @property
    def label(self) -> str:
        """The rank as players write it: A, 2..10, J, Q, K."""
        return "10" if self is Rank.TEN else self.letter


class Suit(Enum):
    """A card's suit; irrelevant to play, kept for display and board text."""

    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♥ ♣ ♦ ♠."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER.index(self) < _SUIT_ORDER.index(other)


_SUIT_SYMBOLS: Final = {
    Suit.HEARTS: "♥",
    Suit.CLUBS: "♣",
    Suit.DIAMONDS: "♦",
    Suit.SPADES: "♠",
}
_SYMBOL_SUITS: Final = {symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()}
_RANK_NAMES: Final = [
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
]
_SUIT_NAMES: Final = {
    Suit.HEARTS: "hearts",
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.SPADES: "spades",
}

JOKER_RANK: Final = 0
"""The rank number a joker carries: it matches every rank."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card; ``rank`` 0 with no suit is a joker."""

    rank: int
    suit: Suit | None

    def __post_init__(self) -> None:
        require(self.rank, int, "rank")
        require(self.suit, (Suit, type(None)), "suit")
        if self.rank == JOKER_RANK:
            if self.suit is not None:
                raise ValueError("a joker has no suit")
        elif not 1 <= self.rank <= 13 or self.suit is None:
            raise ValueError(f"no such card: rank {self.rank}, suit {self.suit}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``7D``, ``TS``, ``10s``, ``7♦`` or ``JK``; raise ``ValueError`` naming bad text."""
        require(text, str, "text")
        cleaned = text.strip()
        upper = cleaned.upper()
        if upper in ("JK", "JOKER", "★"):
            return JOKER
        if len(text) > 40:  # not shown whole: board text may hold a huge word
            raise ValueError(f"not a card: {text[:40]!r}... (expected a rank and a suit, like 7D)")
        if len(upper) < 2:
            raise ValueError(f"not a card: {text!r} (expected a rank and a suit, like 7D or TS)")
        rank_text, suit_text = upper[:-1], upper[-1]
        rank = _RANKS_BY_TEXT.get(rank_text)
        if rank is None:
            raise ValueError(
                f"not a card: {text!r} has no rank {rank_text!r} (ranks are A 2-9 T or 10 J Q K)"
            )
        suit = _SYMBOL_SUITS.get(suit_text)
        if suit is None:
            try:
                suit = Suit(suit_text)
            except ValueError:
                raise ValueError(
                    f"not a card: {text!r} has no suit {suit_text!r} (suits are H C D S or ♥ ♣ ♦ ♠)"
                ) from None
        return cls(rank, suit)

    @property
    def is_joker(self) -> bool:
        """True for a joker, which is wild."""
        return self.rank == JOKER_RANK

    @property
    def rank_label(self) -> str:
        """The rank as players write it (A, 2..10, J, Q, K), or ``JK``."""
        return "JK" if self.is_joker else Rank(self.rank).label

    @property
    def pretty(self) -> str:
        """Display form with the suit symbol: ``7♦``, ``10♠``, ``★`` for a joker."""
        if self.suit is None:
            return "★"
        return Rank(self.rank).label + self.suit.symbol

    @property
    def name(self) -> str:
        """Spoken English name, e.g. ``seven of diamonds`` (faces translate by rank and suit)."""
        if self.suit is None:
            return "joker"
        return f"{_RANK_NAMES[self.rank - 1]} of {_SUIT_NAMES[self.suit]}"

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds; a joker is neither red nor black."""
        return self.suit is not None and self.suit.is_red

    @property
    def index(self) -> int:
        """A number 0..51 for the 52 cards (suit-major, H C D S), 52 for a joker."""
        if self.suit is None:
            return 52
        return _SUIT_ORDER.index(self.suit) * 13 + self.rank - 1

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return Rank(self.rank).letter + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_SUIT_ORDER: Final = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
_RANKS_BY_TEXT: Final = {rank.letter: int(rank) for rank in Rank} | {"10": 10}

JOKER: Final = Card(JOKER_RANK, None)
"""The joker (the ``jokers`` option adds two of them)."""


def standard_deck(*, jokers: bool = False, decks: int = 1) -> tuple[Card, ...]:
    """The 52 cards in a fixed order (H C D S, Ace to King), once per deck of ``decks``, plus
    two jokers if asked."""
    cards = tuple(Card(rank, suit) for suit in _SUIT_ORDER for rank in range(1, 14)) * decks
    return (*cards, JOKER, JOKER) if jokers else cards


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by white space, e.g. ``"7D TS JK"``."""
    return tuple(Card.parse(word) for word in text.split())


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """Write cards in notation separated by single spaces."""
    return " ".join(str(card) for card in cards)
