"""Packaging hook for the optional compiled build of the solver's hot modules (mypyc).

``pip install`` and ``make test`` never compile: the package is pure Python. ``make compiled``
sets ``GOLF_SOLITAIRE_MYPYC=1`` and builds ``COMPILED_MODULES`` in place, as C extensions beside
their sources (Python imports an extension before the source of the same name); ``make pure``
removes them again. The compiled modules give exactly the pure results, about 1.7 times as
fast (``benchmarks/compiled.py``; ``tests/solver/test_compiled.py`` holds them to it).
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED_MODULES = ("search", "pruning", "bounds", "walks", "blind_policy")
"""The solver modules a search spends its time in (``golf_solitaire/solver/NAME.py``)."""


def extensions() -> list[object]:
    """The mypyc extensions when ``GOLF_SOLITAIRE_MYPYC=1``, else none."""
    if os.environ.get("GOLF_SOLITAIRE_MYPYC") != "1":
        return []
    from mypyc.build import mypycify

    paths = [f"src/golf_solitaire/solver/{name}.py" for name in COMPILED_MODULES]
    return list(mypycify(paths, opt_level="3"))


setup(ext_modules=extensions())
