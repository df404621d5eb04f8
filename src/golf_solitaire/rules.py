"""Rules: the options of the rule book as one frozen object, its presets, and who accepts what.

>>> Rules.named("putt-putt").wrap
True
>>> Rules().name
'strict'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import Enum, StrEnum
from functools import cache
from typing import Any, Final

from golf_solitaire.arguments import require
from golf_solitaire.cards import JOKER, Card, Suit
from golf_solitaire.reasons import Reason, Refusal, shown

LAYOUTS: Final = (
    "golf",
    "black_hole",
    "all_in_a_row",
    "tri_peaks",
    "elevator",
    "escalator",
    "double_golf",
)
COVERING_LAYOUTS: Final = ("tri_peaks", "elevator", "escalator")
"""The layouts where a card is covered by the two below it (``layouts.Layout.covers``)."""


class QueensOnKings(StrEnum):
    """May a Queen go on a King, and does play go on from it?"""

    OFF = "off"
    DEAD_END = "dead_end"
    CONTINUE = "continue"


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the rule book; the default is the strict game."""

    layout: str = "golf"
    wrap: bool = False
    queens_on_kings: QueensOnKings = QueensOnKings.OFF
    jokers: bool = False
    empty_start: bool = False
    winnable_only: bool = False

    def __post_init__(self) -> None:
        if self.layout not in LAYOUTS:
            raise ValueError(
                f"layout: unknown layout {shown(self.layout)} (choose {', '.join(LAYOUTS)})"
            )
        if not isinstance(self.queens_on_kings, QueensOnKings):
            try:
                value = QueensOnKings(self.queens_on_kings)
            except ValueError:
                raise ValueError(
                    f"queens_on_kings: unknown value {shown(self.queens_on_kings)} "
                    "(choose off, dead_end or continue)"
                ) from None
            object.__setattr__(self, "queens_on_kings", value)
        for name in ("wrap", "jokers", "empty_start", "winnable_only"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name}: must be true or false, not {shown(getattr(self, name))}")
        if self.wrap and self.queens_on_kings is not QueensOnKings.OFF:
            raise ValueError(
                "queens_on_kings: cannot be combined with wrap (wrap already lets a Queen "
                "go on a King and play on)"
            )
        if self.layout == "black_hole" and (self.jokers or self.empty_start):
            raise ValueError(
                "layout: black_hole has no stock and starts from the A♠, so jokers and "
                "empty_start do not apply"
            )
        if self.layout == "all_in_a_row" and (self.jokers or not self.empty_start):
            raise ValueError(
                "layout: all_in_a_row has no stock and no start card, so it takes "
                "empty_start and no jokers"
            )
        if self.layout in COVERING_LAYOUTS and (self.jokers or self.empty_start):
            raise ValueError(
                f"layout: {self.layout} is dealt from one deck with a start card, so jokers "
                "and empty_start do not apply"
            )

    @classmethod
    def named(cls, name: str) -> Rules:
        """The preset called ``name`` or one of its aliases (case and ``_``/``-`` ignored);
        ``NAME+winnable_only`` is that preset with winnable deals only.

        >>> Rules.named("putt-putt+winnable_only").label
        'putt-putt+winnable_only'
        """
        require(name, str, "name")
        base, plus, option = name.partition("+")
        if plus:
            if option.strip().lower().replace("-", "_") != WINNABLE_ONLY:
                raise ValueError(
                    f"unknown rules option {shown(option)} after {shown(base)}+ "
                    f"(only {WINNABLE_ONLY})"
                )
            return cls.named(base).with_options(winnable_only=True)
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        preset = _ALIASES.get(key)
        if preset is None:
            known = ", ".join(PRESETS)
            raise ValueError(f"unknown rules preset {shown(name)} (known: {known})")
        return PRESETS[preset].rules

    @property
    def name(self) -> str | None:
        """The preset these rules equal, or ``None`` for a custom combination."""
        for preset in PRESETS.values():
            if preset.rules == self:
                return preset.name
        return None

    @property
    def base_name(self) -> str | None:
        """The preset these rules are, winnable deals only set aside (``None``: custom).

        >>> Rules(wrap=True, winnable_only=True).base_name
        'putt-putt'
        """
        return self.with_options(winnable_only=False).name

    @property
    def label(self) -> str:
        """The preset name (``NAME+winnable_only`` for a preset with winnable deals only), or
        the changed options joined with ``+`` for a custom set."""
        if self.name is not None:
            return self.name
        if self.winnable_only and self.base_name is not None:
            return f"{self.base_name}+{WINNABLE_ONLY}"
        changed = []
        for field in fields(self):
            value = getattr(self, field.name)
            if value != getattr(STRICT, field.name):
                changed.append(field.name if value is True else f"{field.name}={_text(value)}")
        return "+".join(changed)

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed, validated as a whole."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible dict of every option."""
        data = asdict(self)
        data["queens_on_kings"] = self.queens_on_kings.value
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Read a dict made by ``to_dict`` (missing options take their defaults)."""
        if isinstance(data, str):
            return cls.named(data)
        if not isinstance(data, dict):
            raise ValueError(f"rules: expected an object or a preset name, not {shown(data)}")
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"rules: unknown option {shown(unknown[0])}")
        return cls(**data)

    def refusal(self, top: Card | None, card: Card, *, top_is_dead_end: bool) -> Refusal | None:
        """Why ``card`` may not be played on waste top ``top``, or ``None`` if it may."""
        if top is None:
            return None
        if top_is_dead_end:
            return Refusal(Reason.DEAD_END_QUEEN, card=card, top=top)
        if card.is_joker or top.is_joker:
            return None
        low, high = sorted((top.rank, card.rank))
        if high - low == 1:
            king_blocks_queen = self.queens_on_kings is QueensOnKings.OFF and not self.wrap
            if top.rank == 13 and card.rank == 12 and king_blocks_queen:
                return Refusal(Reason.KING_BLOCKS, card=card, top=top)
            return None
        if low == 1 and high == 13:
            if self.wrap:
                return None
            return Refusal(Reason.NO_WRAP, card=card, top=top)
        if top.rank == 13 and not self.wrap and self.queens_on_kings is QueensOnKings.OFF:
            return Refusal(Reason.KING_BLOCKS, card=card, top=top)
        if low == high:
            return Refusal(Reason.SAME_RANK, card=card, top=top)
        return Refusal(Reason.NOT_ADJACENT, card=card, top=top)

    def accepts(self, top: Card | None, card: Card, *, top_is_dead_end: bool = False) -> bool:
        """True when ``card`` may be played on waste top ``top``."""
        if top is None:
            return True
        return not top_is_dead_end and self.acceptance[top.rank][card.rank]

    @property
    def acceptance(self) -> tuple[tuple[bool, ...], ...]:
        """``acceptance[top][card]``: may rank ``card`` go on rank ``top`` (0 is the joker)."""
        return _acceptance_table(self)

    def makes_dead_end(self, top: Card | None, card: Card) -> bool:
        """True when playing ``card`` on ``top`` leaves a Queen nothing may follow."""
        return (
            self.queens_on_kings is QueensOnKings.DEAD_END
            and top is not None
            and top.rank == 13
            and card.rank == 12
        )


@cache
def _acceptance_table(rules: Rules) -> tuple[tuple[bool, ...], ...]:
    """Every rank pair worked out once by ``Rules.refusal``, for the move generator."""
    cards = [JOKER, *(Card(rank, Suit.SPADES) for rank in range(1, 14))]
    return tuple(
        tuple(rules.refusal(top, card, top_is_dead_end=False) is None for card in cards)
        for top in cards
    )


def _text(value: Any) -> str:
    return str(value.value) if isinstance(value, Enum) else str(value)


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of rules, with its aliases and the names other programs give it."""

    name: str
    rules: Rules
    aliases: tuple[str, ...]
    summary: str
    elsewhere: str


STRICT: Final = Rules()
WINNABLE_ONLY: Final = "winnable_only"
"""The option a preset's name may carry after ``+`` (``strict+winnable_only``)."""

PRESETS: Final[dict[str, Preset]] = {
    preset.name: preset
    for preset in (
        Preset(
            "strict",
            STRICT,
            ("default", "dead-king-golf", "dead-king", "golf"),
            "Nothing on a King, no wrap between King and Ace.",
            "PySolFC Dead King Golf; black-hole-solver golf (default)",
        ),
        Preset(
            "putt-putt",
            Rules(wrap=True),
            ("relaxed-golf", "relaxed", "wrap", "circular"),
            "King and Ace are neighbours both ways: A on K, K on A.",
            "PySolFC Relaxed Golf; black-hole-solver --wrap-ranks",
        ),
        Preset(
            "queens-on-kings",
            Rules(queens_on_kings=QueensOnKings.DEAD_END),
            ("dead-end", "queens-on-kings-dead-end"),
            "A Queen may go on a King, but nothing may follow that Queen.",
            "no other program",
        ),
        Preset(
            "pysolfc-golf",
            Rules(queens_on_kings=QueensOnKings.CONTINUE),
            ("golf-pysolfc", "continue", "queens-on-kings-continue"),
            "A Queen may go on a King and play goes on from it.",
            "PySolFC Golf; black-hole-solver --queens-on-kings",
        ),
        Preset(
            "jokers",
            Rules(jokers=True),
            ("joker", "wild"),
            "Two wild jokers join the deck (19 cards in the stock).",
            "jokers as PySolFC's Thieves plays them",
        ),
        Preset(
            "empty-start",
            Rules(empty_start=True),
            ("no-start-card",),
            "No card is turned at the start; the first play may be any exposed card.",
            "no other program",
        ),
        Preset(
            "black-hole",
            Rules(layout="black_hole", wrap=True),
            ("blackhole", "black_hole"),
            "Black Hole: 17 fans of 3 played onto the A♠, King and Ace wrap, no stock.",
            "PySolFC Black Hole; black-hole-solver --game black_hole",
        ),
        Preset(
            "all-in-a-row",
            Rules(layout="all_in_a_row", wrap=True, empty_start=True),
            ("allinarow", "all_in_a_row", "row"),
            "All in a Row: 13 columns of 4 played onto an empty foundation, King and Ace "
            "wrap, no stock.",
            "PySolFC All in a Row; black-hole-solver --game all_in_a_row",
        ),
        Preset(
            "tripeaks",
            Rules(layout="tri_peaks", wrap=True),
            ("tri-peaks", "three-peaks", "tri_peaks", "peaks"),
            "TriPeaks: three peaks of 28 cards, 18 of them face down until uncovered; King "
            "and Ace wrap; 23 cards in the stock.",
            "PySolFC Three Peaks (Tri Peaks)",
        ),
        Preset(
            "elevator",
            Rules(layout="elevator", wrap=True),
            ("pyramid-golf-face-down",),
            "Elevator: a pyramid of 28 cards, all but the bottom row face down until "
            "uncovered; King and Ace wrap; 23 cards in the stock.",
            "PySolFC Elevator",
        ),
        Preset(
            "escalator",
            Rules(layout="escalator", wrap=True),
            ("pyramid-golf",),
            "Escalator: the pyramid of 28 cards all face up; King and Ace wrap; 23 cards in "
            "the stock.",
            "PySolFC Escalator",
        ),
        Preset(
            "double-golf",
            Rules(layout="double_golf", queens_on_kings=QueensOnKings.CONTINUE),
            ("doublegolf", "double_golf", "double"),
            "Double Golf: two decks, 9 columns of 7, 40 cards in the stock; a Queen may go on "
            "a King and play goes on from it.",
            "PySolFC Double Golf",
        ),
        Preset(
            "double-putt",
            Rules(layout="double_golf", wrap=True),
            ("doubleputt", "double_putt"),
            "Double Putt: two decks, 9 columns of 7, 40 cards in the stock; King and Ace wrap.",
            "PySolFC Double Putt",
        ),
    )
}

_ALIASES: Final = {
    key: preset.name for preset in PRESETS.values() for key in (preset.name, *preset.aliases)
}
