"""The games' one way to the optional solver: installed or not, and the deal of a level."""

from __future__ import annotations

import pytest

from golf_solitaire import Rules
from golf_solitaire.solver_seam import NO_SOLVER_FOR_LEVEL, deal_of_level, installed_solver


def test_a_deal_of_a_level_comes_from_the_solver_or_is_refused_without_it() -> None:
    solver = installed_solver()
    assert solver is not None
    assert deal_of_level(solver, 1, Rules(winnable_only=True), "hard").number == 12
    with pytest.raises(ValueError, match=f"^{NO_SOLVER_FOR_LEVEL}$"):
        deal_of_level(None, 1, Rules(), "hard")
