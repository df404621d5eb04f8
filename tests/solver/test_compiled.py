"""The optional compiled build (``make compiled``: mypyc) gives exactly the pure results.

The build is made here, from a copy of the project's sources, with the project's own
``setup.py``: so this test runs wherever a C compiler and Python's headers are (CI has both),
whether or not the working tree holds a build, and skips, saying why, where they are not.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golf_solitaire import PRESETS
from golf_solitaire.solver.board import RANKS
from golf_solitaire.solver.bounds import MatchingPlan
from golf_solitaire.solver.pruning import LoopedMatching
from tests.compiled_build import ROOT, build_missing, compiled_copy, pure_copy

RESULTS = Path(__file__).with_name("compiled_results.py")

counts = st.lists(st.integers(0, 8), min_size=RANKS, max_size=RANKS)


@given(st.sampled_from(sorted(PRESETS)), counts, counts)
def test_looped_matching_bound_is_the_unrolled_one(
    preset: str, demand: list[int], supply: list[int]
) -> None:
    """The compiled build's matching bound counts what the interpreted one does."""
    plan = MatchingPlan.for_rules(PRESETS[preset].rules)
    assert LoopedMatching(plan)(demand, supply) == plan.compile()(demand, supply)


def _results(source: Path) -> dict[str, Any]:
    """``compiled_results.py``'s answers with the package copy under ``source``."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(
        [sys.executable, str(RESULTS)], env=env, capture_output=True, text=True, check=True
    )
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


@pytest.mark.early
def test_compiled_build_gives_the_pure_results(tmp_path: Path) -> None:
    """Best scores, positions searched, first clears and fair hints: the same, compiled."""
    missing = build_missing()
    if missing is not None:
        pytest.skip(missing)
    pure = pure_copy(tmp_path / "pure")
    compiled = compiled_copy(tmp_path / "compiled", sys.executable)
    assert list((compiled / "golf_solitaire/solver").glob("search.*.so"))
    by_pure, by_compiled = _results(pure), _results(compiled)
    assert by_pure["compiled"] is False
    assert by_compiled["compiled"] is True  # the build was the one imported
    assert by_compiled["solved"] == by_pure["solved"]
    assert by_compiled["hints"] == by_pure["hints"]
    assert by_compiled["rollouts"] == by_pure["rollouts"]
    assert list((compiled / "golf_solitaire/solver").glob("blind_policy.*.so"))


def test_a_compiled_build_in_the_tree_is_current() -> None:
    """A build left by ``make compiled`` is newer than its sources (else ``make compiled``
    again, or ``make pure``): Python would import the stale extension without a word."""
    solver = ROOT / "src/golf_solitaire/solver"
    built = sorted(solver.glob("*.so"))
    if not built:
        pytest.skip("no compiled build in the working tree (make compiled makes one)")
    for extension in built:
        source = solver / f"{extension.name.split('.')[0]}.py"
        assert extension.stat().st_mtime >= source.stat().st_mtime, (
            f"{extension.name} is older than {source.name}: run make compiled (or make pure)"
        )
