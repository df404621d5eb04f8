"""The words for a verdict whose best score was not proved: each case in every language, and
nothing said of a verdict that proved its best score or knew nothing."""

from __future__ import annotations

import pytest

from golf_solitaire.i18n import LANGUAGES
from golf_solitaire.service import Verdict, unproved_words

CLEARS = Verdict("intractable", found=-16, found_line=("3", "d"), floor=-17)
NO_CLEAR = Verdict("intractable", found=10, found_line=("d",), floor=1)
NO_CLEAR_NO_LINE = Verdict("intractable", floor=2)
OPEN = Verdict("intractable", found=3, found_line=("d",), floor=-20)


@pytest.mark.parametrize(
    ("verdict", "said"),
    [
        (
            CLEARS,
            "This deal could be cleared. Its best score was not proved in the time there was: "
            "a line scoring -16 was found, and no line scores below -17.",
        ),
        (
            NO_CLEAR,
            "No play could clear this deal. Its best score was not proved in the time there "
            "was: a line scoring 10 was found, and no line scores below 1.",
        ),
        (
            NO_CLEAR_NO_LINE,
            "No play could clear this deal. Its best score was not proved in the time there "
            "was: no line scores below 2.",
        ),
        (
            OPEN,
            "Whether this deal could be cleared was not settled in the time there was. "
            "The best line found scores 3, and no line scores below -20.",
        ),
    ],
)
def test_each_case_in_english(verdict: Verdict, said: str) -> None:
    assert unproved_words("en", verdict) == said


def test_a_casual_game_hears_only_what_was_proved_of_a_clear() -> None:
    assert unproved_words("en", CLEARS, scores=False) == "This deal could be cleared."
    assert unproved_words("en", NO_CLEAR, scores=False) == "No play could clear this deal."
    assert unproved_words("en", OPEN, scores=False) == (
        "Whether this deal could be cleared was not settled in the time there was."
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_says_each_case_with_its_figures(language: str) -> None:
    for verdict in (CLEARS, NO_CLEAR, NO_CLEAR_NO_LINE, OPEN):
        said = unproved_words(language, verdict)
        assert said is not None and "verdict." not in said
        assert str(verdict.floor) in said
        if verdict.found is not None:
            assert str(verdict.found) in said
    said_apart = {unproved_words(language, verdict) for verdict in (CLEARS, NO_CLEAR, OPEN)}
    assert len(said_apart) == 3


def test_nothing_is_said_of_a_proved_best_or_of_a_search_that_knew_nothing() -> None:
    assert unproved_words("en", Verdict("solved", best_score=-3, level="easy")) is None
    assert unproved_words("en", Verdict("solved", best_score=-19)) is None
    assert unproved_words("en", Verdict("unsolvable", best_score=4, level="unwinnable")) is None
    assert unproved_words("en", Verdict("intractable", floor=-40)) is None
    assert unproved_words("en", Verdict("intractable")) is None
