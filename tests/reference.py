"""Readers for the reference data in tests/data (see its README)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "data"

PRESET_FILES = {
    "strict": "golf_strict_1_2000.tsv",
    "pysolfc-golf": "golf_pysolfc-golf_1_2000.tsv",
    "putt-putt": "golf_putt-putt_1_2000.tsv",
    "black-hole": "blackhole_1_2000.tsv",
    "all-in-a-row": "all_in_a_row_1_1000.tsv",
}

BOARD_FILES = {
    "golf": "golf_boards_1_2000.txt",
    "black_hole": "blackhole_boards_1_2000.txt",
    "all_in_a_row": "all_in_a_row_boards_1_1000.txt",
}


@dataclass(frozen=True)
class Verdict:
    """One row of a reference TSV: the deal, whether it can be cleared, and how."""

    deal: int
    solved: bool
    solution: tuple[str, ...]


@cache
def boards(layout: str = "golf") -> dict[int, str]:
    """Board text by deal number, from the reference boards file of ``layout``."""
    name = BOARD_FILES[layout]
    result: dict[int, str] = {}
    number = None
    lines: list[str] = []
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("# deal "):
            if number is not None:
                result[number] = "\n".join(lines).strip() + "\n"
            number, lines = int(line.split()[2]), []
        elif line.strip():
            lines.append(line)
    if number is not None:
        result[number] = "\n".join(lines).strip() + "\n"
    return result


@cache
def verdicts(preset: str) -> dict[int, Verdict]:
    """Reference verdicts by deal number for ``preset``."""
    result: dict[int, Verdict] = {}
    for line in (DATA / PRESET_FILES[preset]).read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or line.startswith("deal\t"):
            continue
        parts = line.split("\t")
        number = int(parts[0])
        solution = tuple(parts[2].split()) if len(parts) > 2 else ()
        result[number] = Verdict(number, parts[1] == "solved", solution)
    return result
