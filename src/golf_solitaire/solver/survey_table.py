"""The published table of variants: every preset's survey files summed up in one Markdown page.

A preset may have several survey files (``golf survey --out``, gzipped or not): best scores for
some deals, clears only for more, and the fair hint's player on a few. ``preset_figures``
merges them by deal (a deal's best-score row wins over its clears-only row) and
``variants_page`` writes the page: win rates with their 95% intervals, mean best scores (the
bracket of the mean where the search limit stopped some proofs), the fair player beside the
optimum on the same deals, and the checks against an independent
solver's verdicts and published rates. ``docs/variants.py`` runs it and draws the plots.
"""

from __future__ import annotations

import gzip
import math
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from golf_solitaire.rules import PRESETS, Rules
from golf_solitaire.solver.solution import Bracket
from golf_solitaire.solver.survey import mean_interval, wilson_interval
from golf_solitaire.solver.survey_file import (
    FAIR_HEADER,
    FLOORLESS_FAIR_HEADER,
    FLOORLESS_HEADER,
    HEADER,
    SurveyFileError,
    SurveyRow,
    parse_rows,
    score_range,
)

__all__ = [
    "PUBLISHED",
    "PresetFigures",
    "Published",
    "figures_of_folder",
    "preset_figures",
    "read_survey",
    "survey_files",
    "variants_page",
]


@dataclass(frozen=True, slots=True)
class Published:
    """A win rate published by another solver: the share of deals cleared and over how many."""

    rate: float
    deals: str
    source: str


PUBLISHED: Final = {
    "black-hole": Published(0.8694, "10⁶", "black-hole-solver"),
    "all-in-a-row": Published(0.671, "10⁶", "black-hole-solver"),
}
"""Win rates published for PySolFC's deals by black-hole-solver, over a million deals each."""

BUSY_SHARE: Final = 0.92
"""The share of wall-clock time a cluster's workers spend solving (measured with
``benchmarks/survey_cluster.py``), for the time a million deals take on N workers."""


def read_survey(path: Path) -> list[SurveyRow]:
    """Every row of a survey file (``.csv`` or ``.csv.gz``), checked as a resumed survey
    checks it; its rules, question and fair column are read from the file itself."""
    raw = path.read_bytes()
    if path.suffix == ".gz":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as error:
            raise SurveyFileError(f"{path}: not a whole gzip file ({error})") from None
    lines = raw.split(b"\n", 2)
    header = lines[0].decode("utf-8", errors="replace").strip()
    fair_headers = (FAIR_HEADER, FLOORLESS_FAIR_HEADER)
    if header not in (HEADER, FLOORLESS_HEADER, *fair_headers):
        raise SurveyFileError(f"{path}, line 1: expected a survey file's header, found {header!r}")
    if len(lines) < 2 or not lines[1].strip():
        return []
    cells = lines[1].decode("utf-8", errors="replace").split(",")
    if len(cells) < 5 or cells[1] not in PRESETS:
        raise SurveyFileError(f"{path}, line 2: expected a row of a preset's survey")
    rules = Rules.named(cells[1])
    rows, _, dropped, _ = parse_rows(
        path, raw, rules, cells[4] == "yes", fair=header in fair_headers
    )
    if dropped is not None:
        raise SurveyFileError(dropped)
    return [rows[deal] for deal in sorted(rows)]


@dataclass(frozen=True, slots=True)
class PresetFigures:
    """What the surveys of one preset found."""

    preset: str
    verdicts: dict[int, bool]
    """Every decided deal: whether its tableau can be cleared with the stock known."""
    best_scores: dict[int, int]
    """The deals solved for their best score."""
    fair_strokes: dict[int, int]
    """The deals the fair hint's player played, and its strokes."""
    seconds: float
    """Seconds of solving (one core) the survey rows took, fair play apart."""
    best_seconds: float | None = None
    """Mean seconds a deal took to solve for its best score (``None``: none was)."""
    quick_seconds: float | None = None
    """Mean seconds a deal took to decide only whether it clears (``None``: none was)."""
    surveyed: frozenset[int] = frozenset()
    """Every deal with a row: decided or not."""
    brackets: dict[int, tuple[int, int | None]] = field(default_factory=dict)
    """The deals whose best-score search the limit stopped (and no other file proved): the
    fewest strokes not ruled out and the fewest of a line played (``None``: none), by that
    search, a clears-only survey's first clear or the fair player, the best score lying
    between them."""
    bracket_limit: int | None = None
    """The positions the stopped best-score searches were allowed (``None``: none stopped)."""

    def bracket_of(self, deals: Collection[int]) -> tuple[float, float, int] | None:
        """The mean best score of ``deals`` bracketed: the mean of their floors (the best
        score where proved) to that of the best lines found (a deal with none: no play at
        all), and how many of them are proved; ``None`` when a deal has neither."""
        if not deals or any(d not in self.best_scores and d not in self.brackets for d in deals):
            return None
        worst = score_range(Rules.named(self.preset))[1]
        low = high = 0
        for deal in deals:
            if deal in self.best_scores:
                low += self.best_scores[deal]
                high += self.best_scores[deal]
                continue
            floor, found = self.brackets[deal]
            low += floor
            high += worst if found is None else found
        proved = sum(deal in self.best_scores for deal in deals)
        return low / len(deals), high / len(deals), proved

    @property
    def searched(self) -> set[int]:
        """The deals searched for their best score: proved or bracketed."""
        return self.best_scores.keys() | self.brackets.keys()

    @property
    def undecided(self) -> int:
        """Deals whose search ran out of budget before a verdict."""
        return len(self.surveyed - self.verdicts.keys())

    @property
    def cleared(self) -> int:
        """Decided deals that can be cleared."""
        return sum(self.verdicts.values())

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate, widened to hold every way the undecided
        deals could go: from all of them lost to all of them cleared."""
        decided = len(self.verdicts)
        if not self.undecided:
            return wilson_interval(self.cleared, decided)
        total = decided + self.undecided
        low = wilson_interval(self.cleared, total)[0]
        high = wilson_interval(self.cleared + self.undecided, total)[1]
        return low, high

    @property
    def win_rate(self) -> float:
        """The share of decided deals that can be cleared."""
        return self.cleared / len(self.verdicts) if self.verdicts else math.nan

    def mean_best(self) -> tuple[float, float]:
        """The mean best score and the half width of its 95% interval."""
        return mean_interval(Counter(self.best_scores.values()))

    def fair_against_optimum(self) -> tuple[float, float, float | None] | None:
        """The fair player's mean strokes, its interval's half width, and the optimum's mean
        on the same deals (``None`` when a deal played has no best score surveyed: two decks);
        ``None`` when no deal was played fairly."""
        if not self.fair_strokes:
            return None
        mean, half = mean_interval(Counter(self.fair_strokes.values()))
        if any(deal not in self.best_scores for deal in self.fair_strokes):
            return mean, half, None
        optimum = sum(self.best_scores[deal] for deal in self.fair_strokes) / len(self.fair_strokes)
        return mean, half, optimum


def preset_figures(preset: str, rows: Iterable[SurveyRow]) -> PresetFigures:
    """The figures of ``preset`` from all its survey rows (of several files, in any order).

    A deal found in two files must have the same verdict (and best score) in both.
    """
    verdicts: dict[int, bool] = {}
    best: dict[int, int] = {}
    brackets: dict[int, tuple[int, int | None]] = {}
    lines: dict[int, int] = {}  # the fewest strokes of a line played by any survey
    limits: set[int] = set()
    fair: dict[int, int] = {}
    seconds: dict[bool, dict[int, float]] = {True: {}, False: {}}
    undecided: set[int] = set()
    for row in rows:
        if row.rules != preset:
            raise ValueError(f"a row of deal {row.deal} is for {row.rules}, not {preset}")
        seconds[row.optimal].setdefault(row.deal, row.seconds)
        for played in (row.best_score, row.fair_strokes):
            if played is not None:
                lines[row.deal] = min(played, lines.get(row.deal, played))
        if row.is_bracket and row.floor is not None:
            brackets[row.deal] = (row.floor, row.best_score)
            limits.add(row.nodes)
        if row.status == "intractable":
            undecided.add(row.deal)
            continue
        cleared = row.status == "solved"
        if verdicts.setdefault(row.deal, cleared) != cleared:
            raise ValueError(f"{preset}: deal {row.deal} is cleared in one file, not in another")
        score = row.best_score
        if row.optimal and score is not None and best.setdefault(row.deal, score) != score:
            raise ValueError(f"{preset}: deal {row.deal} has two best scores")
        if row.fair_strokes is not None:
            fair[row.deal] = row.fair_strokes
    for deal, (floor, _) in brackets.items():
        brackets[deal] = (floor, lines.get(deal))  # the first clear or the fair game may be better
    for deal in list(brackets):
        if deal in best:
            _check_inside(preset, deal, best[deal], brackets.pop(deal))
            continue
        settled = Bracket(*brackets[deal]).clears
        if settled is not None and verdicts.setdefault(deal, settled) != settled:
            raise ValueError(f"{preset}: deal {deal}'s bracket contradicts its verdict")
    means = {
        optimal: sum(times.values()) / len(times) if times else None
        for optimal, times in seconds.items()
    }
    return PresetFigures(
        preset,
        verdicts,
        best,
        fair,
        sum(sum(times.values()) for times in seconds.values()),
        best_seconds=means[True],
        quick_seconds=means[False],
        surveyed=frozenset(undecided | set(verdicts)),
        brackets=brackets,
        bracket_limit=max(limits) if brackets else None,
    )


def _check_inside(preset: str, deal: int, best: int, bracket: tuple[int, int | None]) -> None:
    """Refuse a best score proved in one file outside the bracket another file kept."""
    floor, found = bracket
    if not floor <= best <= (best if found is None else found):
        raise ValueError(
            f"{preset}: deal {deal}'s best score {best} is outside the bracket {floor} to "
            f"{found} of another file"
        )


def _percent(share: float, places: int = 1) -> str:
    return f"{100 * share:.{places}f}%"


def _number(count: int) -> str:
    return f"{count:,}".replace(",", " ")


def _deal_ranges(deals: Iterable[int]) -> str:
    """``1–1000, 1001–10000`` style: the runs of consecutive deal numbers."""
    runs: list[tuple[int, int]] = []
    for deal in sorted(deals):
        if runs and deal == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], deal)
        else:
            runs.append((deal, deal))
    return ", ".join(f"{a}–{b}" if a != b else str(a) for a, b in runs)


def _reference_line(figures: PresetFigures, reference: Mapping[int, bool] | None) -> str:
    """How the survey agrees with the independent solver's verdicts and published rate."""
    parts: list[str] = []
    if reference:
        both = [deal for deal in reference if deal in figures.verdicts]
        agree = sum(figures.verdicts[deal] == reference[deal] for deal in both)
        parts.append(
            f"the same verdict as black-hole-solver on {_number(agree)} of {_number(len(both))} "
            f"deals ({_deal_ranges(both)})"
        )
    published = PUBLISHED.get(figures.preset)
    if published is not None:
        low, high = figures.interval
        inside = low <= published.rate <= high
        verdict = "inside" if inside else "**outside**"
        parts.append(
            f"{published.source} published {_percent(published.rate, 2)} over "
            f"{published.deals} deals: {verdict} our 95% interval"
        )
    return "; ".join(parts) if parts else "no independent figures for this preset"


def _hours(seconds: float) -> str:
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def variants_page(
    figures: list[PresetFigures],
    references: Mapping[str, Mapping[int, bool]],
    *,
    plots: Mapping[str, str] | None = None,
    command: str,
) -> str:
    """The Markdown page: the table, then each preset with its plot and checks."""
    lines = [
        "# Golf's variants surveyed",
        "",
        "How often each preset's deals can be cleared with the stock known (the exact "
        "solver's verdict), the best score it allows, and how a player who cannot see the "
        "stock does by following the fair hint. The deals are the numbered deals every player "
        "gets (`golf play --deal N`); the rows are in `docs/surveys/`, and this page is made "
        f"from them by `{command}`.",
        "",
        "| preset | deals decided | cleared, stock known | 95% interval | mean best score "
        "(deals) | fair hint's player, strokes a hole (deals) | optimum on the same deals |",
        "| --- | ---: | ---: | --- | --- | --- | ---: |",
    ]
    surveyed = {item.preset for item in figures}
    for item in figures:
        low, high = item.interval
        fair = item.fair_against_optimum()
        fair_text = (
            f"{fair[0]:+.2f} ± {fair[1]:.2f} ({_number(len(item.fair_strokes))})" if fair else "–"
        )
        optimum_text = f"{fair[2]:+.2f}" if fair and fair[2] is not None else "–"
        fair_bracket = item.bracket_of(item.fair_strokes.keys()) if fair and item.brackets else None
        if fair_bracket is not None:
            optimum_text = f"{fair_bracket[0]:+.2f} to {fair_bracket[1]:+.2f}"
        best_text = "–"
        bracket = item.bracket_of(item.searched) if item.brackets else None
        if bracket is not None:
            low_mean, high_mean, proved = bracket
            best_text = (
                f"{low_mean:+.2f} to {high_mean:+.2f} ({_number(proved)} of "
                f"{_number(len(item.searched))} proved)"
            )
        elif item.best_scores:
            mean, half = item.mean_best()
            best_text = f"{mean:+.2f} ± {half:.2f} ({_number(len(item.best_scores))})"
        lines.append(
            f"| `{item.preset}` | {_number(len(item.verdicts))} | {_percent(item.win_rate)} "
            f"| {_percent(low)} to {_percent(high)} | {best_text} | {fair_text} "
            f"| {optimum_text} |"
        )
    for name in PRESETS:
        if name not in surveyed:
            lines.append(f"| `{name}` | not surveyed yet | – | – | – | – | – |")
    lines += [
        "",
        "Scores are strokes as the rules count them: the cards left on the tableau, or minus "
        "the stock cards left when it is cleared (Black Hole and All in a Row have no stock: a "
        "clear scores 0). Intervals are 95%: Wilson's for win rates, the normal one for means.",
        "",
        "Each preset's rows come from up to three surveys, each file gzipped (`gzip -n`) into "
        "`docs/surveys/`; a deal found in two files must have the same verdict in both:",
        "",
        "```sh",
        "golf survey --rules PRESET --deals 1-1000 --out PRESET.csv                # best scores",
        "golf survey --rules PRESET --deals 1001-10000 --quick --out PRESET.quick.csv   # clears",
        "golf survey --rules PRESET --deals 1-100 --fair --out PRESET.fair.csv     # fair player",
        "```",
        "",
    ]
    for item in figures:
        lines += _preset_section(item, references.get(item.preset), (plots or {}).get(item.preset))
    lines += _cost_section(figures)
    return "\n".join(lines).rstrip() + "\n"


def _preset_section(
    figures: PresetFigures, reference: Mapping[int, bool] | None, plot: str | None
) -> list[str]:
    lines = [
        f"## `{figures.preset}`",
        "",
        PRESETS[figures.preset].summary,
        "",
        f"- Verdicts: deals {_deal_ranges(figures.surveyed or figures.verdicts)}"
        + (f", {_number(figures.undecided)} of them undecided" if figures.undecided else "")
        + f"; {_number(figures.cleared)} cleared ({_percent(figures.win_rate, 2)} of "
        f"{_number(len(figures.verdicts))} decided).",
    ]
    scores = Counter(figures.best_scores.values())
    if figures.brackets:
        lines += _bracket_lines(figures)
    elif scores:
        common, count = scores.most_common(1)[0]
        lines.append(
            f"- Best scores: deals {_deal_ranges(figures.best_scores)}; from "
            f"{min(scores):+d} to {max(scores):+d}, most often {common:+d} "
            f"({_percent(count / len(figures.best_scores))} of deals)."
        )
    fair = figures.fair_against_optimum()
    if fair is not None:
        cleared = sum(strokes <= 0 for strokes in figures.fair_strokes.values())
        beside = (
            f"; the optimum on the same deals {fair[2]:+.2f}"
            if fair[2] is not None
            else "; no best score is surveyed for these deals"
        )
        fair_bracket = figures.bracket_of(figures.fair_strokes.keys()) if figures.brackets else None
        if fair_bracket is not None:
            beside = (
                f"; the mean best score of the same deals lies from {fair_bracket[0]:+.2f} to "
                f"{fair_bracket[1]:+.2f} ({_number(fair_bracket[2])} of "
                f"{_number(len(figures.fair_strokes))} proved)"
            )
        lines.append(
            f"- Following the fair hint: deals {_deal_ranges(figures.fair_strokes)}; "
            f"{fair[0]:+.2f} strokes a hole, {_number(cleared)} of "
            f"{_number(len(figures.fair_strokes))} cleared{beside}."
        )
    lines.append(f"- Checked: {_reference_line(figures, reference)}.")
    if figures.undecided:
        lines.append(
            f"- Undecided (search budget ran out): {_number(figures.undecided)} deals; the 95% "
            "interval holds them both ways, from all lost to all cleared."
        )
    if plot is not None:
        lines += ["", f"![best scores of {figures.preset}]({plot})"]
    return [*lines, ""]


def _bracket_lines(figures: PresetFigures) -> list[str]:
    """What a preset's best-score survey knows when the limit stopped some of its searches:
    the proved scores, the brackets of the others, and so the bracket of the mean."""
    deals = figures.searched
    bracket = figures.bracket_of(deals)
    assert bracket is not None and figures.bracket_limit is not None  # every deal has one
    low, high, proved = bracket
    floors = [floor for floor, _ in figures.brackets.values()]
    found = [line for _, line in figures.brackets.values() if line is not None]
    unproved = len(figures.brackets)
    lines = [
        f"- Best scores: deals {_deal_ranges(deals)}, each searched for at most "
        f"{_number(figures.bracket_limit)} positions; {_number(proved)} of "
        f"{_number(len(deals))} proved optimal. The other {_number(unproved)} "
        f"search{'es' if unproved != 1 else ''} stopped knowing a bracket: the fewest "
        "strokes not ruled out (on average "
        f"{sum(floors) / unproved:+.2f}) and the best line found"
        + (f" (on average {sum(found) / len(found):+.2f})" if found else "")
        + (
            ", by that search, the clears-only survey's first clear or the fair player, "
            "whichever took fewest strokes"
            if figures.quick_seconds is not None or figures.fair_strokes
            else ""
        )
        + (
            f", none for {_number(unproved - len(found))} of them (counted as no play at all)"
            if len(found) < unproved
            else ""
        )
        + f". So the mean best score of these deals is not known exactly: it lies from "
        f"{low:+.2f} to {high:+.2f} (sampling error apart), and the table gives that bracket. "
        f"Made by `golf survey --rules {figures.preset} --deals 1-N --limit-nodes "
        f"{figures.bracket_limit} --out {figures.preset}.csv`; a search the limit stopped "
        "keeps its bracket in the `best_score` and `floor` columns.",
        "- The plot shows each deal's best score where it is proved and its best line "
        "found where it is not (the true best score is that or lower), stacked in two "
        "shades.",
    ]
    return lines


def _cost_section(figures: list[PresetFigures]) -> list[str]:
    lines = [
        "## What it cost, and what a million deals would",
        "",
        "Seconds of solving on one core of the 2-core machine the rows were made on (the rows' "
        "own times; the fair player's games are not in them), and the time 10⁶ deals of each "
        f"question would take on N one-core workers of a Dask cluster, busy "
        f"{_percent(BUSY_SHARE, 0)} of the time (`golf survey --scheduler`, see the README). "
        "The rows here were solved while the machine ran other work (a load average of 5 to 14 "
        "on its 2 cores), so a deal took up to five times what it takes on a quiet core (strict "
        "deals: 105.6 ms for a best score, 19.9 ms for a clear, in the README's Speed table), and "
        "the projections are upper bounds:",
        "",
        "| preset | solving here | a deal, best score | a deal, clears only | 10⁶ best scores "
        "on 32 workers | 10⁶ clears on 32 workers |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for item in figures:
        best, quick = item.best_seconds, item.quick_seconds
        mark = " ¹" if item.bracket_limit is not None else ""
        lines.append(
            f"| `{item.preset}` | {_hours(item.seconds)} | {_ms(best)}{mark} | {_ms(quick)} "
            f"| {_projection(best)}{mark} | {_projection(quick)} |"
        )
    stopped = [item for item in figures if item.bracket_limit is not None]
    if stopped:
        limits = sorted({_number(item.bracket_limit or 0) for item in stopped})
        lines += [
            "",
            "¹ Searches stopped at "
            + " or ".join(limits)
            + " positions when the best score was not proved by then: "
            + "; ".join(
                f"`{item.preset}`, deals {_deal_ranges(item.searched)} in "
                f"{_hours((item.best_seconds or 0.0) * len(item.searched))}"
                for item in stopped
            )
            + ". Proving every best score would take longer.",
        ]
    return [*lines, ""]


def _ms(seconds: float | None) -> str:
    return "–" if seconds is None else f"{1000 * seconds:.0f} ms"


def _projection(seconds: float | None, workers: int = 32) -> str:
    if seconds is None:
        return "–"
    return _hours(seconds * 1_000_000 / workers / BUSY_SHARE)


def survey_files(folder: Path) -> list[Path]:
    """The survey files of a folder (``*.csv`` and ``*.csv.gz``), by name."""
    return sorted([*folder.glob("*.csv"), *folder.glob("*.csv.gz")])


def figures_of_folder(folder: Path) -> list[PresetFigures]:
    """Each surveyed preset's figures from every survey file in ``folder``, in the order of
    the presets table."""
    rows: dict[str, list[SurveyRow]] = {}
    for path in survey_files(folder):
        for row in read_survey(path):
            rows.setdefault(row.rules, []).append(row)
    return [preset_figures(name, rows[name]) for name in PRESETS if name in rows]
