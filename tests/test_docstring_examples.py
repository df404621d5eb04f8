"""Every module's docstring examples run and print what they show (the API's first lessons)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import golf_solitaire

MODULES = sorted(
    module.name
    for module in pkgutil.walk_packages(golf_solitaire.__path__, "golf_solitaire.")
    if not module.name.endswith("__main__")  # importing one would run the program
)


def test_every_module_is_found() -> None:
    assert {"golf_solitaire.solver.search", "golf_solitaire.store", "golf_solitaire.web"} <= set(
        MODULES
    )


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0
