"""A round's score card as golf prints it: holes across, par and strokes below, nine a row.

Eighteen holes make two blocks, the front nine ("out") and the back nine ("in"), so the
whole card fits an 80×24 terminal with the end-of-hand screen around it.
"""

from __future__ import annotations

from dataclasses import dataclass

from golf_solitaire.rounds import to_par_text
from golf_solitaire.tui.texts import core, tr

NINE = 9
"""Holes per block of the card."""

CELL = 4
"""Characters per hole on the card (room for ``-17`` or ``35``)."""


@dataclass(frozen=True, slots=True)
class HoleLine:
    """One hole of a round's score card: its number, deal, par and strokes (None: to play)."""

    number: int
    deal_number: int | None
    par: int
    strokes: int | None


def score_card_text(language: str, card: tuple[HoleLine, ...]) -> str:
    """The deals played, a block of rows (hole, par, strokes) per nine holes, the total."""
    labels = (
        core(language, "word.hole", number="").strip(),
        core(language, "word.par"),
        core(language, "word.strokes"),
    )
    width = max(len(label) for label in labels)
    blocks = [card[start : start + NINE] for start in range(0, len(card), NINE)]
    sums = ("card.out", "card.in") if len(blocks) == 2 else ("card.sum",)
    lines = [deals_line(language, card)]
    for block, key in zip(blocks, sums, strict=False):
        lines.extend(block_lines(block, labels, width, tr(language, key)))
    played = [line for line in card if line.strokes is not None]
    total = sum(line.strokes or 0 for line in played)
    par = sum(line.par for line in played)
    lines.append(tr(language, "card.total", strokes=total, par=par, diff=to_par_text(total - par)))
    return "\n".join(lines)


def deals_line(language: str, card: tuple[HoleLine, ...]) -> str:
    """Which deals the round plays: ``Deals 100–108``."""
    numbers = [line.deal_number for line in card if line.deal_number is not None]
    if not numbers:
        return ""
    return tr(language, "card.deals", first=min(numbers), last=max(numbers))


def block_lines(
    block: tuple[HoleLine, ...], labels: tuple[str, ...], width: int, sum_label: str
) -> list[str]:
    """Three rows for up to nine holes: numbers, par, strokes (``—`` to play), with sums."""
    hole_label, par_label, strokes_label = labels
    strokes = [line.strokes for line in block if line.strokes is not None]
    rows = [
        (hole_label, [str(line.number) for line in block], sum_label),
        (par_label, [str(line.par) for line in block], str(sum(line.par for line in block))),
        (
            strokes_label,
            ["—" if line.strokes is None else str(line.strokes) for line in block],
            str(sum(strokes)) if strokes else "—",
        ),
    ]
    return [
        f"{label:<{width}}" + "".join(f"{cell:>{CELL}}" for cell in cells) + f"  {total:>5}"
        for label, cells, total in rows
    ]
