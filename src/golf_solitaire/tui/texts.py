"""The terminal game's words: ``tui.*`` keys of the shared catalog, and card cells.

Cards are drawn as players write them (``10♦``, ``K♠``); colour is an extra, never the
only sign, so the game reads the same on a terminal without colour.
"""

from __future__ import annotations

from typing import Any

from golf_solitaire.cards import Card
from golf_solitaire.deals import Deal
from golf_solitaire.i18n import translate


def tr(language: str, key: str, **params: Any) -> str:
    """The text of ``tui.<key>`` in ``language`` (English when a key is missing)."""
    return translate(language, f"tui.{key}", **params)


def core(language: str, key: str, **params: Any) -> str:
    """A key of the core catalog (words, outcomes, presets) in ``language``."""
    return translate(language, key, **params)


def card_label(card: Card) -> str:
    """A card as players write it, suit symbol included: ``10♦``, ``A♠``, ``★``."""
    return card.pretty


def card_style(card: Card) -> str:
    """The Rich style of a card face: red or black ink on a card-white ground."""
    if card.is_joker:
        return "bold #7a3fb0 on #f4f1e8"
    return "#c0102a on #f4f1e8" if card.is_red else "#101010 on #f4f1e8"


def rules_title(language: str, deal: Deal) -> str:
    """The rules' preset title in ``language`` (and "winnable only"), or the custom label."""
    rules = deal.rules
    if rules.winnable_only and rules.base_name:
        title = core(language, f"preset.{rules.base_name}.title")
        return f"{title} ({core(language, 'option.winnable_only')})"
    name = rules.name
    return core(language, f"preset.{name}.title") if name else rules.label


def deal_title(language: str, deal: Deal) -> str:
    """How the status line names a deal: its number, its date, its seed or "custom"."""
    origin = deal.origin
    if origin.kind == "daily":
        return tr(language, "deal.daily", number=deal.number)
    if origin.kind == "numbered":
        return tr(language, "deal.numbered", number=deal.number)
    if origin.kind == "random":
        return tr(language, "deal.random", seed=origin.value)
    return tr(language, "deal.board")


def clock_text(seconds: float) -> str:
    """Elapsed time as ``m:ss`` (``h:mm:ss`` past an hour)."""
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"
