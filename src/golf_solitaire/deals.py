"""Deals: PySolFC-numbered, daily, seeded random, or read from board text.

Deal ``n`` is PySolFC's Golf (or Black Hole, or All in a Row) game ``n``, computed by
``pysol_cards``. TriPeaks, Elevator and Escalator deal ``n`` take PySolFC's shuffle of game
``n`` (``pysol_cards``) and deal it as PySolFC's Three Peaks, Elevator and Escalator do: the
tableau positions in PySolFC's order, then the start card, then the stock. Double Golf's deal
``n`` shuffles two decks with PySolFC's generator for game ``n`` (``pysol_cards``'
``shuffle``) and deals them as PySolFC's Double Golf does: seven rows across the nine columns,
one card to the waste, the rest to the stock. Joker deals and seeded random deals use this
project's own shuffle (``shuffled``), which gives the same cards on every Python version.

>>> deal = Deal.numbered(1)
>>> str(deal.waste[-1]), len(deal.stock)
('TH', 16)
>>> Deal.from_text(deal.to_text()) == deal
True
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import importlib
import re
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from golf_solitaire.arguments import require, require_all, require_table, require_whole
from golf_solitaire.cards import Card, Suit, standard_deck
from golf_solitaire.covering import deal_words, format_rows, layout_of_text, parse_rows
from golf_solitaire.layouts import DOUBLE_GOLF, LAYOUTS, Layout, layout_named
from golf_solitaire.notation import Board, BoardSyntaxError, format_board, parse_board
from golf_solitaire.reasons import shown
from golf_solitaire.rules import Rules

MAX_DEAL_NUMBER: Final = 10**20
"""PySolFC's largest game number."""

_DATE: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
"""A date as YYYY-MM-DD, the only spelling a daily deal takes."""

DAILY_RANGE: Final = 1_000_000
"""Daily deals are drawn from PySolFC numbers 1 to this."""


def _rules_or_default(rules: Rules | None) -> Rules:
    """``rules``, the strict game when ``None``; TypeError naming ``rules`` otherwise."""
    require(rules, (Rules, type(None)), "rules")
    return rules or Rules()


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a deal came from: ``numbered``, ``daily``, ``random`` or ``board``."""

    kind: str
    value: int | str | None = None
    date: str | None = None


@dataclass(frozen=True, slots=True)
class Deal:
    """A dealt layout and the rules it is played by.

    ``columns`` run deepest card first (exposed card last), ``stock`` lists the next card to
    draw first, and ``waste`` is the starting waste pile (one card, or none with
    ``empty_start``). Two deals are equal when cards and rules are; the origin is a label.
    """

    rules: Rules
    columns: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    origin: Origin = field(default=Origin("board"), compare=False)

    def __post_init__(self) -> None:
        require_table(self.rules, self.columns, self.waste)
        require_all(self.stock, Card, "stock")
        require(self.origin, Origin, "origin")

    @property
    def layout(self) -> Layout:
        """The layout the rules name."""
        return layout_named(self.rules.layout)

    @property
    def number(self) -> int | None:
        """The PySolFC game number, for numbered and daily deals."""
        if self.origin.kind in ("numbered", "daily"):
            return int(self.origin.value) if self.origin.value is not None else None
        return None

    @property
    def cards(self) -> Counter[Card]:
        """Every card of the deal, counted."""
        counts: Counter[Card] = Counter(self.stock)
        counts.update(self.waste)
        for column in self.columns:
            counts.update(column)
        return counts

    # Making deals -----------------------------------------------------------------

    @classmethod
    def numbered(cls, number: int, rules: Rules | None = None) -> Deal:
        """PySolFC's game ``number`` dealt for ``rules`` (strict Golf by default)."""
        rules = _rules_or_default(rules)
        _check_number(number)
        if rules.winnable_only:
            return _winnable_from(number, rules)
        return cls._numbered(number, rules, Origin("numbered", number))

    @classmethod
    def _numbered(cls, number: int, rules: Rules, origin: Origin) -> Deal:
        if rules.jokers:
            return _deal_across(shuffled(deck_of(rules), number), rules, origin)
        if layout_named(rules.layout).is_covering:
            return _deal_across(_pysolfc_order(number), rules, origin)
        if rules.layout == "double_golf":
            return _deal_across(_pysolfc_shuffle(number, decks=2), rules, origin)
        text = _pysolfc_board(number, rules.layout)
        board = parse_board(text)
        if rules.layout == "all_in_a_row":
            return cls(rules, board.columns, (), (), origin)
        if rules.layout == "golf":
            stock = board.stock or ()
            waste = board.waste
            if rules.empty_start:
                stock, waste = waste + stock, ()
            return cls(rules, board.columns, stock, waste, origin)
        return cls(rules, board.columns, (), board.waste, origin)

    @classmethod
    def daily(cls, date: dt.date | str, rules: Rules | None = None) -> Deal:
        """The casual deal of a UTC calendar date: the same numbered deal for everyone that
        day, and public (anyone can work it out), so never a ranked deal: the ranked daily
        board's deal comes from the server's secret key (``golf_solitaire.secret_deals``)."""
        day = _as_date(date)
        number = daily_number(day)
        rules = _rules_or_default(rules)
        if rules.winnable_only:
            found = _winnable_from(number, rules)
            origin = Origin("daily", found.number, day.isoformat())
            return cls(rules, found.columns, found.stock, found.waste, origin)
        return cls._numbered(number, rules, Origin("daily", number, day.isoformat()))

    @classmethod
    def random(cls, seed: int, rules: Rules | None = None) -> Deal:
        """A deal shuffled by this project's own generator from ``seed`` (any integer >= 0)."""
        require_whole(seed, 0, "seed")
        rules = _rules_or_default(rules)
        deck = deck_of(rules)
        if rules.layout == "black_hole":
            ace = Card.parse("AS")
            rest = shuffled(tuple(card for card in deck if card != ace), seed)
            columns = _columns_across(rest, layout_named("black_hole"))
            return cls(rules, columns, (), (ace,), Origin("random", seed))
        if rules.layout == "all_in_a_row":
            columns = _columns_across(shuffled(deck, seed), layout_named(rules.layout))
            return cls(rules, columns, (), (), Origin("random", seed))
        return _deal_across(shuffled(deck, seed), rules, Origin("random", seed))

    @classmethod
    def from_text(cls, text: str, rules: Rules | None = None, *, partial: bool = False) -> Deal:
        """Read board text (see ``notation``); with no rules, Golf when there is a Talon (Double
        Golf with 9 columns), else All in a Row when the foundation starts empty, else Black
        Hole.

        A full deal must hold every card of its decks once per deck in the layout's shape;
        ``partial`` allows fewer cards and shorter columns (positions for analysis and tests).
        """
        require(text, str, "text")
        require(rules, (Rules, type(None)), "rules")
        require(partial, bool, "partial")
        if rules is None:
            covering = layout_of_text(text)
            rules = Rules.named(covering.replace("_", "")) if covering else None
        layout = layout_named(rules.layout) if rules else None
        most = MOST_DECKS if layout is None else layout.decks
        if layout is not None and layout.is_covering:
            board = parse_rows(text, layout, partial=partial)
        else:
            board = parse_board(text, copies=most)
        if rules is None:
            rules = _rules_of_board(board)
        layout = layout_named(rules.layout)
        if layout.decks < most:
            board = parse_board(text, copies=layout.decks)  # names the repeat it refuses
        line_count = len(text.splitlines())
        if layout.has_stock and board.stock is None:
            raise BoardSyntaxError(1, 1, "missing the Talon: line (the stock) for Golf")
        if not layout.has_stock and board.stock is not None:
            raise BoardSyntaxError(1, 1, f"{layout.name} has no stock, but a Talon: line is given")
        if len(board.columns) != layout.columns and not layout.is_covering:
            raise BoardSyntaxError(
                line_count,
                1,
                f"found {len(board.columns)} columns, {layout.name} has {layout.columns}",
            )
        if len(board.waste) > 1 and not partial:
            raise BoardSyntaxError(1, 1, "a deal starts with at most one waste card")
        deal = cls(rules, board.columns, board.stock or (), board.waste, Origin("board"))
        deal.check(partial=partial, text=text)
        return deal

    def to_text(self) -> str:
        """Board text that ``from_text`` reads back to an equal deal."""
        stock = self.stock if self.layout.has_stock else None
        if self.layout.is_covering:
            words = deal_words(self.layout, self.columns)
            return format_rows(self.layout, words, stock=stock, waste=self.waste)
        return format_board(stock, self.waste, self.columns)

    def with_rules(self, rules: Rules) -> Deal:
        """The same cards played by other rules (same layout)."""
        if rules.layout != self.rules.layout:
            raise ValueError("with_rules: the layout cannot change")
        return Deal(rules, self.columns, self.stock, self.waste, self.origin)

    def check(self, *, partial: bool = False, text: str | None = None) -> None:
        """Refuse a deal that breaks the layout's shape or the deck's contents."""
        layout = self.layout
        for index, column in enumerate(self.columns):
            if len(column) > layout.depth or (not partial and len(column) != layout.depth):
                if layout.is_covering:
                    raise BoardSyntaxError(1, 1, f"position {index + 1} holds {len(column)} cards")
                line = _column_line(text, index) if text else index + 1
                raise BoardSyntaxError(
                    line,
                    1,
                    f"column {index + 1} has {len(column)} cards, {layout.name} "
                    f"columns have {layout.depth}",
                )
        counts = self.cards
        deck = Counter(deck_of(self.rules))
        extra = counts - deck
        if extra:
            card = next(iter(extra))
            if card.is_joker:
                what = "a joker, but these rules have none"
            elif layout.decks == 1:
                what = f"{card} twice"
            else:
                what = f"{card} {counts[card]} times ({layout.decks} decks)"
            raise BoardSyntaxError(1, 1, f"the board holds {what}")
        if partial:
            return
        missing = deck - counts
        if missing:
            names = " ".join(str(card) for card in sorted(missing.elements()))
            raise BoardSyntaxError(1, 1, f"the board lacks {names} (a deal holds every card)")
        if not self.rules.empty_start and layout.has_stock and len(self.waste) != 1:
            raise BoardSyntaxError(1, 1, "the Foundations: line must hold the start card")
        if self.rules.layout == "black_hole" and (self.waste != (Card.parse("AS"),)):
            raise BoardSyntaxError(1, 1, "Black Hole starts with Foundations: AS")

    def identity(self) -> dict[str, Any]:
        """How a record names this deal: its number, date, seed, or its board text."""
        if self.origin.kind == "numbered":
            return {"number": self.number}
        if self.origin.kind == "daily":
            return {"daily": self.origin.date, "number": self.number}
        if self.origin.kind == "random":
            return {"seed": self.origin.value}
        return {"board": self.to_text()}

    @classmethod
    def from_identity(cls, identity: Any, rules: Rules) -> Deal:
        """Rebuild a deal from ``identity()``; raises ``ValueError`` naming the bad field.

        One field names the deal: ``number``, ``seed`` or ``board``. A daily deal gives its
        ``daily`` date with its ``number``, which is checked to be that day's deal.
        """
        require(rules, Rules, "rules")
        if not isinstance(identity, dict):
            raise ValueError("deal: expected an object with number, seed or board")
        check_fields(identity, IDENTITY_FIELDS, "deal")
        names = [name for name in IDENTITY_FIELDS if name in identity]
        if "number" in names and "daily" in names:
            names.remove("daily")  # the number a daily deal names, checked against its date
        if len(names) > 1:
            raise ValueError(
                f"deal: {names[0]} and {names[1]} both name the deal; give one of them"
            )
        if "board" in identity:
            if not isinstance(identity["board"], str):
                raise ValueError("deal.board: expected board text")
            try:
                return cls.from_text(identity["board"], rules)
            except ValueError as error:
                raise ValueError(f"deal.board: {error}") from None
        if "seed" in identity:
            seed = _whole(identity["seed"], "deal.seed")
            if seed < 0:
                raise ValueError(f"deal.seed: {seed} is out of range: a seed is 0 or more")
            return cls.random(seed, rules)
        if "number" in identity:
            number = _whole(identity["number"], "deal.number")
            if not 1 <= number <= MAX_DEAL_NUMBER:
                raise ValueError(
                    f"deal.number: {shown(number)} is out of range: deals run from 1 to 10**20"
                )
            kind = "daily" if "daily" in identity else "numbered"
            if kind == "daily":
                try:
                    first = daily_number(identity["daily"])
                except ValueError as error:
                    raise ValueError(f"deal.daily: {str(error).removeprefix('date: ')}") from None
                if number < first or (number != first and not rules.winnable_only):
                    raise ValueError(
                        f"deal.number: {number} is not the daily deal of {identity['daily']}"
                    )
            date = str(identity["daily"]) if kind == "daily" else None
            deal = cls._numbered(number, rules, Origin(kind, number, date))
            return cls(rules, deal.columns, deal.stock, deal.waste, deal.origin)
        raise ValueError(
            "deal.number: missing; a daily deal names its number too, "
            'e.g. {"number": 202183, "daily": "2026-01-05"}'
            if "daily" in identity
            else "deal: expected one of number, seed or board"
        )

    def __str__(self) -> str:
        return self.to_text()


# Helpers ---------------------------------------------------------------------------


IDENTITY_FIELDS: Final = ("number", "daily", "seed", "board")
"""The fields of a record's deal (``identity()``), in the order errors name them."""

_PLAIN_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_-]{0,39}")
"""A field name shown as it is in a field path; any other is quoted and cut short."""


def check_fields(data: dict[Any, Any], known: Collection[str], parent: str | None) -> None:
    """Refuse a field of ``data`` not in ``known``, naming its path (``deal.colour``).

    >>> check_fields({"number": 2, "colour": "red"}, IDENTITY_FIELDS, "deal")
    Traceback (most recent call last):
    ValueError: deal.colour: unknown field
    """
    for name in data:
        if name not in known:
            raise ValueError(f"{field_path(parent, name)}: unknown field")


def field_path(parent: str | None, name: Any) -> str:
    """How an error names field ``name`` of ``parent`` (``deal.number``; ``deal['x y']``).

    >>> field_path(None, "moves"), field_path("deal", "seed"), field_path("deal", "a b")
    ('moves', 'deal.seed', "deal['a b']")
    """
    plain = isinstance(name, str) and _PLAIN_NAME.fullmatch(name)
    if parent is None:
        return str(name) if plain else shown(name)
    return f"{parent}.{name}" if plain else f"{parent}[{shown(name)}]"


def _whole(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name}: expected a whole number, not {shown(value)}")
    return value


def _check_number(number: int) -> None:
    if not isinstance(number, int) or isinstance(number, bool):
        raise ValueError(f"deal number must be a whole number, not {shown(number)}")
    if not 1 <= number <= MAX_DEAL_NUMBER:
        raise ValueError(f"deal number {number} is out of range: deals run from 1 to 10**20")


def _column_line(text: str, index: int) -> int:
    """The line number of column ``index`` in board text."""
    count = -1
    for line_number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.lower().startswith(("talon:", "stock:", "foundation", "waste:")):
            continue
        count += 1
        if count == index:
            return line_number
    return 1


def _as_date(value: dt.date | str) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.astimezone(dt.UTC).date() if value.tzinfo else value.date()
    if isinstance(value, dt.date):
        return value
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        raise ValueError(f"date: expected YYYY-MM-DD, not {shown(value)}")
    try:
        return dt.date.fromisoformat(value)
    except ValueError as error:
        raise ValueError(f"date: {value!r} is not a day of the calendar ({error})") from None


def daily_number(date: dt.date | str) -> int:
    """The PySolFC deal number of a UTC date's daily deal (SHA-256 of the date)."""
    day = _as_date(date)
    digest = hashlib.sha256(f"golf-solitaire daily {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % DAILY_RANGE + 1


MOST_DECKS: Final = max(layout.decks for layout in LAYOUTS.values())
"""The most decks a layout deals: how often board text of unknown rules may hold a card."""


def deck_of(rules: Rules) -> tuple[Card, ...]:
    """Every card the rules deal: the layout's decks, and the jokers if they play."""
    return standard_deck(jokers=rules.jokers, decks=layout_named(rules.layout).decks)


def _rules_of_board(board: Board) -> Rules:
    """The preset a board's shape names: a Talon is Golf (Double Golf when it has Double
    Golf's columns), an empty foundation All in a Row, anything else Black Hole."""
    if board.stock is not None:
        if len(board.columns) == DOUBLE_GOLF.columns:
            return Rules.named("double-golf")
        return Rules()
    if not board.waste:
        return Rules.named("all-in-a-row")
    return Rules.named("black-hole")


def _pysolfc_order(number: int) -> tuple[Card, ...]:
    """PySolFC's shuffled deck of one-deck game ``number``, first card dealt first (the
    shuffle does not depend on the game when it has no shuffle hook, as Three Peaks, Elevator
    and Escalator have none)."""
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game as PysolGame
    from pysol_cards.random_base import RandomBase

    game = PysolGame("golf", number, RandomBase.DEALS_PYSOLFC)
    game.deal()
    renderer = CardRenderer(True)
    return tuple(Card.parse(renderer.to_s(card)) for card in game.cards)


def _pysolfc_board(number: int, layout: str) -> str:
    """PySolFC's board text for game ``number`` of Golf, Black Hole or All in a Row."""
    from pysol_cards.cards import CardRenderer
    from pysol_cards.deal_game import Game as PysolGame
    from pysol_cards.random_base import RandomBase

    game = PysolGame(layout, number, RandomBase.DEALS_PYSOLFC)
    text: str = game.calc_deal_string(number, CardRenderer(True))
    return text


def _pysolfc_shuffle(number: int, *, decks: int) -> tuple[Card, ...]:
    """``decks`` decks in PySolFC's order for game ``number``, the first card dealt first."""
    from pysol_cards.cards import createCards
    from pysol_cards.random import shuffle
    from pysol_cards.random_base import RandomBase

    cards = shuffle(createCards(decks), number, RandomBase.DEALS_PYSOLFC)
    return tuple(Card(card.rank, Suit(card.suit_s())) for card in reversed(cards))


class Lcg64:
    """Knuth's MMIX 64-bit linear congruential generator: the same numbers everywhere."""

    MULTIPLIER: Final = 6364136223846793005
    INCREMENT: Final = 1442695040888963407
    MASK: Final = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed & self.MASK

    def below(self, bound: int) -> int:
        """A number in ``range(bound)``, from the high 32 bits, without modulo bias."""
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            self.state = (self.state * self.MULTIPLIER + self.INCREMENT) & self.MASK
            value = self.state >> 32
            if value < limit:
                return value % bound


def shuffled(cards: Sequence[Card], seed: int) -> tuple[Card, ...]:
    """Fisher-Yates shuffle of ``cards`` driven by ``Lcg64(seed)``; first card is dealt first."""
    order = list(cards)
    generator = Lcg64(seed)
    for index in range(len(order) - 1, 0, -1):
        other = generator.below(index + 1)
        order[index], order[other] = order[other], order[index]
    return tuple(order)


def _columns_across(cards: Sequence[Card], layout: Layout) -> tuple[tuple[Card, ...], ...]:
    """Deal ``cards`` across the rows into the layout's columns."""
    return tuple(
        tuple(cards[row * layout.columns + column] for row in range(layout.depth))
        for column in range(layout.columns)
    )


def _deal_across(cards: Sequence[Card], rules: Rules, origin: Origin) -> Deal:
    """Golf deal of a shuffled deck: tableau across the rows, then the start card, then stock."""
    layout = layout_named(rules.layout)
    columns = _columns_across(cards, layout)
    rest = tuple(cards[layout.tableau_size :])
    if rules.empty_start:
        return Deal(rules, columns, rest, (), origin)
    return Deal(rules, columns, rest[1:], rest[:1], origin)


WinnableFinder = Callable[[int, Rules], Deal]
_winnable_finder: WinnableFinder | None = None


def register_winnable_finder(finder: WinnableFinder) -> None:
    """Let the solver provide ``winnable_only`` deals (the core cannot prove a clear)."""
    global _winnable_finder
    _winnable_finder = finder


def _winnable_from(number: int, rules: Rules) -> Deal:
    if _winnable_finder is None:
        with contextlib.suppress(ImportError):
            importlib.import_module("golf_solitaire.solver")  # registers the finder
    if _winnable_finder is None:
        raise ValueError("winnable_only needs the solver, which is not installed")
    return _winnable_finder(number, rules)
