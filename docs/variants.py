"""Make docs/variants.md and its plots from the survey files in docs/surveys/.

Run from the repository: ``make variants`` (or ``.venv/bin/python docs/variants.py``). It reads
every survey file there (``golf survey --out``, gzipped), checks the verdicts against the
reference solver's in tests/data, draws each preset's score distribution into
docs/variants/<preset>.png and writes the page. Needs the ``plots`` extra (matplotlib).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no window
from matplotlib import pyplot

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from golf_solitaire.solver.survey_table import PresetFigures, figures_of_folder, variants_page
from tests.reference import PRESET_FILES, verdicts

DOCS = Path(__file__).resolve().parent
SURVEYS = DOCS / "surveys"
PLOTS = DOCS / "variants"
COMMAND = "make variants"


def references() -> dict[str, dict[int, bool]]:
    """black-hole-solver's verdicts by preset and deal (tests/data)."""
    return {
        preset: {deal: verdict.solved for deal, verdict in verdicts(preset).items()}
        for preset in PRESET_FILES
    }


def plot_names(figures: list[PresetFigures]) -> dict[str, str]:
    """Each preset's plot, as the page links it (presets with best scores)."""
    return {item.preset: f"variants/{item.preset}.png" for item in figures if item.searched}


def draw(item: PresetFigures, path: Path) -> None:
    """The share of deals at each best score, beside the fair player's strokes if played.

    Where the search limit stopped some proofs, their best lines found are stacked on the
    proved best scores in a lighter shade (each an upper bound of its deal's best score)."""
    figure, axes = pyplot.subplots(figsize=(7, 3.2), dpi=100)
    best = Counter(item.best_scores.values())
    found = Counter(line for _, line in item.brackets.values() if line is not None)
    fair = Counter(item.fair_strokes.values())
    scores = range(min([*best, *found, *fair]), max([*best, *found, *fair]) + 1)
    width = 0.42 if fair else 0.8
    shift = width / 2 if fair else 0.0
    searched = len(item.best_scores) + sum(found.values())
    proved = [100 * best[score] / searched for score in scores]
    axes.bar(
        [score - shift for score in scores],
        proved,
        width=width,
        color="#2e7d32",
        label=(
            f"best score, stock known ({len(item.best_scores)} deals)"
            if not found
            else f"best score proved ({len(item.best_scores)} deals)"
        ),
    )
    if found:
        axes.bar(
            [score - shift for score in scores],
            [100 * found[score] / searched for score in scores],
            bottom=proved,
            width=width,
            color="#a5d6a7",
            label=f"best line found, not proved best ({sum(found.values())} deals)",
        )
    if fair:
        axes.bar(
            [score + shift for score in scores],
            [100 * fair[score] / len(item.fair_strokes) for score in scores],
            width=width,
            color="#f9a825",
            label=f"following the fair hint ({len(item.fair_strokes)} deals)",
        )
    axes.axvline(0.5, color="#555555", linewidth=0.8, linestyle=":")
    axes.set_title(f"{item.preset}: strokes at the end of a hole")
    axes.set_xlabel("strokes (0 or less: tableau cleared)")
    axes.set_ylabel("share of deals (%)")
    axes.legend(frameon=False, fontsize="small")
    figure.tight_layout()
    figure.savefig(path, metadata={"Software": None})
    pyplot.close(figure)


def main() -> None:
    """Draw the plots and write the page."""
    figures = figures_of_folder(SURVEYS)
    PLOTS.mkdir(exist_ok=True)
    for item in figures:
        if item.preset in plot_names(figures):
            draw(item, DOCS / plot_names(figures)[item.preset])
    page = variants_page(figures, references(), plots=plot_names(figures), command=COMMAND)
    (DOCS / "variants.md").write_text(page, encoding="utf-8")
    print(f"wrote {DOCS / 'variants.md'} and {len(figures)} plots")


if __name__ == "__main__":
    main()
