"""Display names: trimmed, length-limited, printable; compared as they look, not as typed.

Two names clash when they read alike: compared after NFKC, case folding and the Unicode
confusables table (the ``confusable-homoglyphs`` package's copy of it), so ``Αnn`` with a
Greek capital alpha, ``Аnn`` with a Cyrillic one, ``ＡＮＮ`` and ``ann`` all clash with ``Ann``.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Final

from confusable_homoglyphs import confusables

MAX_NAME_LENGTH: Final = 24
"""The longest display name, in characters."""


class BadNameError(ValueError):
    """A display name refused; the message says what is wrong with it."""


def clean_name(value: object, field: str = "name") -> tuple[str, str]:
    """The name as shown (spaces collapsed) and its comparison key; ValueError if unusable."""
    if not isinstance(value, str):
        raise BadNameError(f"{field}: expected text")
    name = " ".join(value.split())
    if not name:
        raise BadNameError(f"{field}: must not be empty")
    if len(name) > MAX_NAME_LENGTH:
        raise BadNameError(f"{field}: at most {MAX_NAME_LENGTH} characters, not {len(name)}")
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            raise BadNameError(f"{field}: contains an invisible or control character")
    return name, name_key(name)


def name_key(name: str) -> str:
    """What ``name`` looks like: the same key for names a reader cannot tell apart."""
    folded = _skeleton(unicodedata.normalize("NFKC", name).casefold()).casefold()
    return _skeleton(unicodedata.normalize("NFKC", folded))


def _skeleton(text: str) -> str:
    prototypes = _prototypes()
    return "".join(prototypes.get(char, char) for char in text)


@cache
def _prototypes() -> dict[str, str]:
    """Each character of the confusables table and the one that stands for all characters
    alike with it: the lowest code point of its group, the groups joined through every
    pair the table lists (the table names each pair from one side only)."""
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.setdefault(char, char) != char:
            parent[char] = parent[parent[char]]
            char = parent[char]
        return char

    for char, entries in confusables.confusables_data.items():
        for entry in entries:
            glyph = str(entry["c"]).replace("\u200e", "")  # marks around right-to-left ones
            if len(char) == 1 and len(glyph) == 1:
                first, second = sorted((root(char), root(glyph)))
                parent[second] = first
    return {char: root(char) for char in parent}
