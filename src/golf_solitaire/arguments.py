"""Checks of a public function's arguments: a wrong type is a ``TypeError`` that names the
argument (``text: expected str, not NoneType``) instead of an ``AttributeError`` deep inside.
"""

from __future__ import annotations

from collections.abc import Iterable


def require(value: object, kind: type | tuple[type, ...], name: str) -> None:
    """Raise ``TypeError`` naming ``name`` unless ``value`` is a ``kind`` (``True`` is no
    whole number here, whatever Python says)."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, kinds) and not (
        isinstance(value, bool) and bool not in kinds and int in kinds
    ):
        return
    expected = " or ".join("None" if each is type(None) else each.__name__ for each in kinds)
    raise TypeError(f"{name}: expected {expected}, not {type(value).__name__}")


def require_table(rules: object, columns: object, waste: object) -> None:
    """The checks of a table's ``rules``, ``columns`` (tuples of cards) and ``waste``."""
    from golf_solitaire.cards import Card
    from golf_solitaire.rules import Rules

    require(rules, Rules, "rules")
    require(columns, tuple, "columns")
    assert isinstance(columns, tuple)
    for index, column in enumerate(columns):
        require_all(column, Card, f"columns[{index}]")
    require_all(waste, Card, "waste")


def require_all(values: object, kind: type, name: str) -> None:
    """Raise ``TypeError`` naming ``name`` unless ``values`` is a tuple of ``kind``."""
    require(values, tuple, name)
    assert isinstance(values, Iterable)
    for index, value in enumerate(values):
        require(value, kind, f"{name}[{index}]")


def require_whole(value: object, least: int, name: str) -> None:
    """Raise ``ValueError`` naming ``name`` unless ``value`` is a whole number of ``least`` or
    more (``True`` is none)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ValueError(f"{name} must be a whole number of {least} or more, not {value!r}")
