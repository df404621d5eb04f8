"""The screens over the table: help (rules and keys), end of hand, go to deal, statistics."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from golf_solitaire.deals import MAX_DEAL_NUMBER, Deal
from golf_solitaire.rounds import to_par_text
from golf_solitaire.store import PresetStatistics
from golf_solitaire.tui.texts import core, rules_title, tr


class HelpScreen(ModalScreen[None]):
    """The rules of the deal's preset and every key, in the player's language."""

    BINDINGS = [  # noqa: RUF012 - Textual reads bindings as class data
        Binding("escape,question_mark,q", "dismiss", "Close"),
    ]

    def __init__(self, language: str, deal: Deal, keys: list[tuple[str, str]]) -> None:
        super().__init__(id="help")
        self.language = language
        self.deal = deal
        self.keys = keys

    def compose(self) -> ComposeResult:
        """Title, the rule summary, the preset's own rule, the keys, how to close."""
        language = self.language
        layout = "black_hole" if self.deal.rules.layout == "black_hole" else "golf"
        name = self.deal.rules.name
        preset = core(language, f"preset.{name}.summary") if name else self.deal.rules.label
        rules = tr(language, f"help.rules.{layout}")
        keys = key_table(self.keys)
        with VerticalScroll(id="help-box", classes="dialog"):
            yield Static(tr(language, "help.title"), classes="dialog-title")
            yield Static(rules, id="help-rules")
            yield Static(
                f"{tr(language, 'help.preset', name=rules_title(language, self.deal))} {preset}",
                id="help-preset",
            )
            yield Static(tr(language, "help.keys"), classes="dialog-subtitle")
            yield Static(keys, id="help-keys")
            yield Static(tr(language, "help.close"), classes="dialog-hint")


def key_table(keys: list[tuple[str, str]], width: int = 68) -> str:
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
class HoleLine:
    """One hole of a round's score card: its number, deal, par and strokes (None: to play)."""

    number: int
    deal_number: int | None
    par: int
    strokes: int | None


@dataclass(frozen=True, slots=True)
class HandSummary:
    """What the end-of-hand screen shows: the outcome, the solver's word, the score card."""

    cleared: bool
    strokes: int
    move_count: int
    verdict_text: str
    card: tuple[HoleLine, ...] = ()
    round_over: bool = False


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
        if summary.cleared:
            outcome = tr(language, "end.cleared", strokes=summary.strokes)
        else:
            outcome = tr(language, "end.stuck", strokes=summary.strokes)
        with Vertical(id="end-box", classes="dialog"):
            yield Static(tr(language, "end.title"), classes="dialog-title")
            yield Static(outcome, id="end-outcome")
            yield Static(tr(language, "end.moves", count=summary.move_count), id="end-moves")
            yield Static(summary.verdict_text, id="end-verdict")
            review = Static("", id="end-review")
            review.display = False
            yield review
            if summary.card:
                yield Static(score_card_text(language, summary.card), id="end-card")
            if summary.round_over:
                next_key = tr(language, "end.keys_round_over")
            elif summary.card:
                next_key = tr(language, "end.keys_round")
            else:
                next_key = tr(language, "end.keys")
            yield Static(next_key, classes="dialog-hint")

    def show_verdict(self, text: str) -> None:
        """Put the solver's word on the deal in place once it is known."""
        if self.is_attached:
            self.query_one("#end-verdict", Static).update(text)

    def show_review(self, text: str) -> None:
        """Put the solver's review of the hand (its first mistake) in place."""
        if self.is_attached:
            review = self.query_one("#end-review", Static)
            review.update(text)
            review.display = True

    def action_choose(self, choice: str) -> None:
        """Close with the player's choice: ``next``, ``look`` or ``quit``."""
        self.dismiss(choice)


def score_card_text(language: str, card: tuple[HoleLine, ...]) -> str:
    """The score card as a small table: hole, deal, par, strokes, and the totals."""
    hole = core(language, "word.hole", number="").strip()
    par = core(language, "word.par")
    strokes = core(language, "word.strokes")
    deal = tr(language, "end.deal")
    lines = [f"{hole:>6} {deal:>8} {par:>5} {strokes:>8}"]
    for line in card:
        played = "—" if line.strokes is None else str(line.strokes)
        number = "" if line.deal_number is None else str(line.deal_number)
        lines.append(f"{line.number:>6} {number:>8} {line.par:>5} {played:>8}")
    played_lines = [line for line in card if line.strokes is not None]
    total = sum(line.strokes or 0 for line in played_lines)
    par_so_far = sum(line.par for line in played_lines)
    lines.append(
        f"{core(language, 'word.total'):>6} {'':>8} {par_so_far:>5} {total:>8}"
        f"  ({tr(language, 'end.to_par', diff=to_par_text(total - par_so_far))})"
    )
    return "\n".join(lines)


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
        with Vertical(id="goto-box", classes="dialog"):
            yield Static(tr(language, "goto.title"), classes="dialog-title")
            yield Static(tr(language, "goto.prompt", max=MAX_DEAL_NUMBER))
            yield Input(id="goto-input")
            yield Static("", id="goto-error")
            yield Static(tr(language, "goto.hint"), classes="dialog-hint")

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


class StatsScreen(ModalScreen[None]):
    """The player's statistics, as the store keeps them for the browser game too."""

    BINDINGS = [  # noqa: RUF012 - Textual reads bindings as class data
        Binding("escape,s,q", "dismiss", "Close"),
    ]

    def __init__(self, language: str, lines: list[tuple[str, str]] | None, note: str) -> None:
        super().__init__(id="stats")
        self.language = language
        self.lines = lines
        self.note = note

    def compose(self) -> ComposeResult:
        """A two-column table of figures, or the note saying why there are none."""
        language = self.language
        with Vertical(id="stats-box", classes="dialog"):
            yield Static(tr(language, "stats.title"), classes="dialog-title")
            if self.lines:
                width = max(len(label) for label, _ in self.lines)
                body = "\n".join(f"{label:<{width}}  {value}" for label, value in self.lines)
                yield Static(body, id="stats-body")
            if self.note:
                yield Static(self.note, id="stats-note")
            yield Static(tr(language, "help.close"), classes="dialog-hint")


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
