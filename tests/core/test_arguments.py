"""Every public constructor and function of ``golf_solitaire`` answers an argument of the
wrong type with a ``TypeError`` or ``ValueError`` that names the argument."""

from __future__ import annotations

import datetime as dt
import enum
import inspect
import types
import typing
from collections.abc import Callable
from typing import Any

import pytest

import golf_solitaire
from golf_solitaire import Card, Deal, Game, Limit, Move, Rules, State, Suit
from golf_solitaire.game import Observation
from golf_solitaire.reasons import Reason, Refusal
from golf_solitaire.solver.solution import position_of
from golf_solitaire.state import Outcome, Termination

DEAL = Deal.numbered(2)
SMALL = Deal.from_text("Talon: 5H 9C\nFoundations: 7D\n7C 8S\n6H\n-\n-\n-\n-\n-\n", partial=True)
ACE = Card(1, Suit.SPADES)
VALID: dict[str, dict[str, Any]] = {
    "Card": {"rank": 1, "suit": Suit.SPADES},
    "Card.parse": {"text": "7D"},
    "Deal": {"rules": Rules(), "columns": DEAL.columns, "stock": DEAL.stock, "waste": ()},
    "Deal.numbered": {"number": 2, "rules": Rules()},
    "Deal.daily": {"date": dt.date(2026, 1, 2), "rules": Rules()},
    "Deal.random": {"seed": 2, "rules": Rules()},
    "Deal.from_text": {"text": DEAL.to_text(), "rules": Rules(), "partial": False},
    "Deal.from_identity": {"identity": DEAL.identity(), "rules": Rules()},
    "Draw": {},
    "Game": {"deal": DEAL, "competitive": False},
    "Game.from_record": {"record": Game(DEAL).record()},
    "Limit": {"nodes": 10, "seconds": 1.0},
    "Move.parse": {"text": "d"},
    "Observation": {
        "rules": Rules(),
        "columns": DEAL.columns,
        "waste": (),
        "stock_count": 1,
        "unseen": (),
        "dead_end": False,
        "legal_moves": (),
        "move_count": 0,
        "score": 0,
        "outcome": None,
    },
    "Outcome": {"termination": Termination.CLEARED, "strokes": 0},
    "Play": {"column": 3},
    "Refusal": {"reason": Reason.COVERED, "card": ACE, "top": ACE, "column": 1, "count": 2},
    "Rules": {},
    "Rules.named": {"name": "strict"},
    "Rules.from_dict": {"data": {"layout": "golf"}},
    "State": {"heights": (5, 5), "drawn": 0, "waste": (), "dead_end": False},
    "State.start": {"deal": DEAL},
    "daily_number": {"date": "2026-01-02"},
    "hint": {
        "game": Game(DEAL),
        "peek": False,
        "seed": 0,
        "samples": 2,
        "budget": 100,
        "close_budget": 0,
    },
    "rate": {"deal": Deal.numbered(5), "limit": Limit(seconds=60.0)},
    "review": {"game_or_record": Game(SMALL), "limit": Limit(nodes=10_000)},
    "solve": {"position": position_of(Game(SMALL)), "optimal": False, "limit": Limit(nodes=100)},
}
"""Valid arguments of each public callable; the test swaps one at a time for a wrong one."""


def public_callables() -> list[tuple[str, Callable[..., Any]]]:
    """Each public class (its constructor), its public class and static methods, and each
    public function; not exceptions, and not enumerations (looked up by value)."""
    found: list[tuple[str, Callable[..., Any]]] = []
    for name in golf_solitaire.__all__:
        value = getattr(golf_solitaire, name)
        if inspect.isclass(value):
            if issubclass(value, (BaseException, enum.Enum)):
                continue
            if name != "Move":
                found.append((name, value))
            for attribute, member in vars(value).items():
                if not attribute.startswith("_") and isinstance(member, classmethod | staticmethod):
                    found.append((f"{name}.{attribute}", getattr(value, attribute)))
        elif callable(value):
            found.append((name, value))
    return found


def accepts(hint: Any, value: object) -> bool:
    """Whether ``value`` is of the type ``hint`` (for the wrong values this test tries)."""
    if hint is Any:
        return True
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(accepts(arg, value) for arg in typing.get_args(hint))
    if hint is type(None) or hint is None:
        return value is None
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, origin or hint)


WRONG: tuple[object, ...] = (None, object(), 7, "7", 2.5, True)


def hints_of(target: Callable[..., Any]) -> dict[str, Any]:
    function = target.__init__ if inspect.isclass(target) else target
    module = inspect.getmodule(function)
    namespace = dict(vars(module)) if module else {}
    namespace.update(vars(golf_solitaire.solver))
    return typing.get_type_hints(function, globalns=namespace)


CASES = [
    pytest.param(name, target, parameter, wrong, id=f"{name}-{parameter}-{type(wrong).__name__}")
    for name, target in public_callables()
    for parameter in VALID.get(name, {})
    for wrong in WRONG
    if not accepts(hints_of(target).get(parameter, Any), wrong)
]


def test_every_public_callable_has_valid_arguments_listed() -> None:
    assert sorted(VALID) == sorted(name for name, _ in public_callables())
    for name, target in public_callables():
        target(**VALID[name])  # the valid arguments are valid


@pytest.mark.parametrize(("name", "target", "parameter", "wrong"), CASES)
def test_a_wrong_type_is_named(
    name: str, target: Callable[..., Any], parameter: str, wrong: object
) -> None:
    with pytest.raises((TypeError, ValueError)) as raised:
        target(**{**VALID[name], parameter: wrong})
    assert parameter in str(raised.value), (name, parameter, wrong, str(raised.value))


def test_the_examples_of_the_issue() -> None:
    with pytest.raises(TypeError, match=r"^text: expected str, not NoneType$"):
        Deal.from_text(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^name: expected str, not int$"):
        Rules.named(5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown rules preset 'golfish'"):
        Rules.named("golfish")
    assert isinstance(Move.parse("d"), Move) and isinstance(State.start(DEAL), State)
    assert Observation is golf_solitaire.Observation and Outcome is golf_solitaire.Outcome
    assert Refusal is golf_solitaire.Refusal
