"""Display names: trimmed, length-limited, printable; compared without regard to case."""

from __future__ import annotations

import unicodedata
from typing import Final

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
    return name, unicodedata.normalize("NFKC", name).casefold()
