"""The screens over the table: help (rules and keys), end of hand, go to deal, statistics."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Static

from golf_solitaire.deals import MAX_DEAL_NUMBER, Deal
from golf_solitaire.store import PresetStatistics
from golf_solitaire.tui.scorecard import HoleLine, score_card_text
from golf_solitaire.tui.texts import core, rules_title, tr

BoxT = TypeVar("BoxT", bound=Widget)


def dialog(box: BoxT, title: str, hint: str) -> BoxT:
    """Make ``box`` a dialog: ``title`` on its top border, the keys it takes on the bottom."""
    box.border_title = title
    box.border_subtitle = hint
    return box


class InfoScreen(ModalScreen[None]):
    """A page of information over the table, closed by Escape or q (or the key that opened it)."""

    BINDINGS = [  # noqa: RUF012 - Textual reads bindings as class data
        Binding("escape,q", "dismiss", "Close"),
    ]

    def __init__(self, language: str, *, name: str) -> None:
        super().__init__(id=name)
        self.language = language


class HelpScreen(InfoScreen):
    """The rules of the deal's preset, its names elsewhere, and every key, in the language."""

    BINDINGS = [  # noqa: RUF012 - Textual reads bindings as class data
        Binding("question_mark", "dismiss", "Close"),
    ]

    def __init__(self, language: str, deal: Deal, keys: list[tuple[str, str]]) -> None:
        super().__init__(language, name="help")
        self.deal = deal
        self.keys = keys

    def compose(self) -> ComposeResult:
        """Title, the rule summary, the preset's own rule, the keys, how to close."""
        language = self.language
        layout = self.deal.rules.layout
        name = self.deal.rules.name
        preset = core(language, f"preset.{name}.summary") if name else self.deal.rules.label
        about = f"{tr(language, 'help.preset', name=rules_title(language, self.deal))} {preset}"
        if name:
            about += f" {core(language, f'preset.{name}.elsewhere')}"
        box = VerticalScroll(id="help-box", classes="dialog")
        with dialog(box, tr(language, "help.title"), tr(language, "help.close")):
            yield Static(tr(language, f"help.rules.{layout}"), id="help-rules")
            yield Static(about, id="help-preset")
            yield Static(key_table(self.keys), id="help-keys")
            yield Static(tr(language, "help.mouse"), id="help-mouse")


def key_table(keys: list[tuple[str, str]], width: int = 74) -> str:
    """The keys and what they do, in two columns when they fit in ``width``, else one."""
    key_width = max(len(key) for key, _ in keys)
    cells = [f"{key:>{key_width}}  {text}" for key, text in keys]
    cell_width = max(len(cell) for cell in cells)
    if 2 * cell_width + 2 > width:
        return "\n".join(cells)
    half = (len(cells) + 1) // 2
    left, right = cells[:half], cells[half:]
    rows = []
    for index, cell in enumerate(left):
        other = right[index] if index < len(right) else ""
        rows.append(f"{cell:<{cell_width}}  {other}".rstrip())
    return "\n".join(rows)


@dataclass(frozen=True, slots=True)
class HandSummary:
    """What the end-of-hand screen shows: the outcome, the solver's word, the score card.

    ``time_text`` is the time the hand took, ``None`` in a casual game (no score, no clock).
    """

    cleared: bool
    strokes: int
    move_count: int
    verdict_text: str
    time_text: str | None = None
    card: tuple[HoleLine, ...] = ()
    round_over: bool = False

    @property
    def casual(self) -> bool:
        """True for a casual game: the outcome is said without strokes or time."""
        return self.time_text is None


class EndScreen(ModalScreen[str]):
    """End of hand: strokes, whether the deal was clearable, and the round's score card."""

    BINDINGS = [  # noqa: RUF012 - Textual reads bindings as class data
        Binding("n", "choose('next')", "Next"),
        Binding("escape", "choose('look')", "Look"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, language: str, summary: HandSummary) -> None:
        super().__init__(id="end")
        self.language = language
        self.summary = summary

    def compose(self) -> ComposeResult:
        """The outcome line, the verdict, the score card in round mode, the keys."""
        language = self.language
        summary = self.summary
        outcome = "cleared" if summary.cleared else "stuck"
        if summary.casual:
            outcome_text = tr(language, f"end.{outcome}_casual")
            moves = tr(language, "end.moves", count=summary.move_count)
        else:
            outcome_text = tr(language, f"end.{outcome}", strokes=summary.strokes)
            moves = tr(language, "end.moves_time", count=summary.move_count, time=summary.time_text)
        if summary.round_over:
            next_key = tr(language, "end.keys_round_over")
        elif summary.card:
            next_key = tr(language, "end.keys_round")
        else:
            next_key = tr(language, "end.keys")
        box = Vertical(id="end-box", classes="dialog")
        with dialog(box, tr(language, "end.title"), next_key):
            yield Static(outcome_text, id="end-outcome")
            yield Static(moves, id="end-moves")
            yield Static(summary.verdict_text, id="end-verdict")
            for name in ("end-fair", "end-review"):  # what the player could see, then hindsight
                review = Static("", id=name)
                review.display = False
                yield review
            if summary.card:
                yield Static(score_card_text(language, summary.card), id="end-card")

    def show_verdict(self, text: str) -> None:
        """Put the solver's word on the deal in place once it is known."""
        if self.is_attached:
            self.query_one("#end-verdict", Static).update(text)

    def show_review(self, fair: str, hindsight: str) -> None:
        """Put the solver's review of the hand in place: first the fair judgement (a mistake
        the player could have seen), then apart the one with the stock known."""
        if self.is_attached:
            for name, text in (("#end-fair", fair), ("#end-review", hindsight)):
                review = self.query_one(name, Static)
                review.update(text)
                review.display = True

    def action_choose(self, choice: str) -> None:
        """Close with the player's choice: ``next``, ``look`` or ``quit``."""
        self.dismiss(choice)


def parse_deal_number(language: str, text: str) -> int:
    """The deal number typed in ``text``, or ``ValueError`` saying what is wrong."""
    cleaned = text.strip()
    if not cleaned.isdigit() or not cleaned.isascii() or not 1 <= int(cleaned) <= MAX_DEAL_NUMBER:
        raise ValueError(tr(language, "goto.bad", text=cleaned or "…", max=MAX_DEAL_NUMBER))
    return int(cleaned)


class GoToDealScreen(ModalScreen[int | None]):
    """Ask for a deal number; a bad entry is refused with the reason and asked again."""

    BINDINGS = [  # noqa: RUF012 - Textual reads bindings as class data
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, language: str) -> None:
        super().__init__(id="goto")
        self.language = language

    def compose(self) -> ComposeResult:
        """A prompt, an input field and a line for the refusal."""
        language = self.language
        box = Vertical(id="goto-box", classes="dialog")
        with dialog(box, tr(language, "goto.title"), tr(language, "goto.hint")):
            yield Static(tr(language, "goto.prompt", max=MAX_DEAL_NUMBER))
            yield Input(id="goto-input")
            yield Static("", id="goto-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Go to the typed deal, or show why the text is not a deal number."""
        try:
            number = parse_deal_number(self.language, event.value)
        except ValueError as error:
            self.query_one("#goto-error", Static).update(str(error))
            return
        self.dismiss(number)

    def action_cancel(self) -> None:
        """Close without changing the deal."""
        self.dismiss(None)


class StatsScreen(InfoScreen):
    """The player's statistics, as the store keeps them for the browser game too."""

    BINDINGS = [  # noqa: RUF012 - Textual reads bindings as class data
        Binding("s", "dismiss", "Close"),
    ]

    def __init__(self, language: str, lines: list[tuple[str, str]] | None, note: str) -> None:
        super().__init__(language, name="stats")
        self.lines = lines
        self.note = note

    def compose(self) -> ComposeResult:
        """A two-column table of figures, or the note saying why there are none."""
        language = self.language
        box = VerticalScroll(id="stats-box", classes="dialog")
        with dialog(box, tr(language, "stats.title"), tr(language, "help.close")):
            if self.lines:
                width = max(len(label) for label, _ in self.lines)
                body = "\n".join(f"{label:<{width}}  {value}" for label, value in self.lines)
                yield Static(body, id="stats-body")
            if self.note:
                yield Static(self.note, id="stats-note")


def statistics_lines(language: str, figures: dict[str, PresetStatistics]) -> list[tuple[str, str]]:
    """The statistics as (label, value) lines, one block per rules preset played."""
    lines: list[tuple[str, str]] = []
    for label, stats in figures.items():
        title = core(language, f"preset.{label}.title")
        lines.append((title if title != f"preset.{label}.title" else label, ""))
        best = "—" if stats.best is None else str(stats.best)
        average = "—" if stats.average is None else f"{stats.average:.1f}"
        lines.extend(
            [
                ("  " + tr(language, "stats.games"), str(stats.games)),
                ("  " + tr(language, "stats.wins"), f"{stats.wins} ({stats.win_rate:.0%})"),
                ("  " + tr(language, "stats.best"), best),
                ("  " + tr(language, "stats.average"), average),
                (
                    "  " + tr(language, "stats.streak"),
                    f"{stats.current_streak} / {stats.best_streak}",
                ),
            ]
        )
    return lines
