"""A verdict whose best score was not proved in time, in the player's language: what was
proved of a clear, then the best line found and the score no line beats. Both faces say it
in these words, so that neither calls proved what was only found.
"""

from __future__ import annotations

from typing import Final

from golf_solitaire.i18n import translate
from golf_solitaire.service.analysis import Verdict

CLEAR_KEYS: Final = {
    True: "verdict.clearable",
    False: "verdict.unclearable",
    None: "verdict.undecided",
}
"""What was proved of a clear (``Verdict.clears``), as a sentence's key."""


def unproved_words(language: str, verdict: Verdict, *, scores: bool = True) -> str | None:
    """The words for ``verdict`` when the time ran out before its best score was proved, or
    ``None`` when it is no such verdict or the search had nothing to tell (the face then says
    only that the time ran out). Without ``scores`` (a casual game) only what was proved of a
    clear is said."""
    clears = verdict.clears
    if verdict.status != "intractable" or verdict.floor is None:
        return None
    if clears is None and verdict.found is None:
        return None
    said = translate(language, CLEAR_KEYS[clears])
    if not scores:
        return said
    if clears is None:
        key = "verdict.found"
    else:
        key = "verdict.unproved_floor" if verdict.found is None else "verdict.unproved_found"
    return f"{said} {translate(language, key, found=verdict.found, floor=verdict.floor)}"
