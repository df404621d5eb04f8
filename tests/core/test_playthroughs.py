"""Fresh runs of the golden playthroughs match the files in tests/data/playthroughs."""

import pytest

from tests.playthroughs import FOLDER, GAMES, playthrough


@pytest.mark.parametrize("name", GAMES)
def test_playthrough_matches_golden_file(name: str) -> None:
    expected = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    assert playthrough(name) == expected
