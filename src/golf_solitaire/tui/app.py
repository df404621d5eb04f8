"""``GolfApp``: Golf Solitaire in the terminal, keys as data bindings, the engine as the judge.

The app holds one ``Game``; every key or click becomes an engine move, and the widgets are
handed the new immutable ``State`` to render. A refused move shows the engine's reason.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.worker import get_current_worker

from golf_solitaire.ahead import Ahead
from golf_solitaire.deals import DAILY_RANGE, Deal
from golf_solitaire.game import Game
from golf_solitaire.i18n import refusal_text
from golf_solitaire.moves import Draw, Move, Play
from golf_solitaire.reasons import IllegalMoveError
from golf_solitaire.rounds import Round
from golf_solitaire.rules import Rules
from golf_solitaire.service import Verdict, unproved_words
from golf_solitaire.service.play import GamePlay
from golf_solitaire.state import uncovered
from golf_solitaire.tui.analysis import Analysis, Suggestion
from golf_solitaire.tui.playclock import Clock, PlayClock
from golf_solitaire.tui.saving import RoundPlay, Saver
from golf_solitaire.tui.scorecard import HoleLine
from golf_solitaire.tui.screens import (
    EndScreen,
    GoToDealScreen,
    HandSummary,
    HelpScreen,
    StatsScreen,
    statistics_lines,
)
from golf_solitaire.tui.texts import card_label, clock_text, core, deal_title, rules_title, tr
from golf_solitaire.tui.widgets import Board, ColumnView, Line, StockView, WasteView

KEY_HELP = (
    ("1-7", "key.play"),
    ("← → ⏎", "key.cursor"),
    ("space d", "key.draw"),
    ("u", "key.undo"),
    ("r", "key.redo"),
    ("h", "key.hint"),
    ("n", "key.new"),
    ("g", "key.goto"),
    ("s", "key.stats"),
    ("?", "key.help"),
    ("q", "key.quit"),
)
"""The keys the help screen and the key line list, with their catalog keys."""

PILES = {"black_hole": "hole", "all_in_a_row": "foundation"}
"""What a layout calls the pile its cards go to (keys under ``pile.``), where it is not the
waste: Black Hole's hole, All in a Row's foundation."""

SHORT_KEYS = ("space d", "u", "r", "h", "n", "g", "?", "q")
"""The keys the bottom line has room for at 80 columns."""


def keys_of(deal: Deal) -> list[tuple[str, str]]:
    """``KEY_HELP`` for the deal's layout: the digit keys that reach its columns (1-9 at
    most), named for what they reach (a column, a fan, a free card of a covering layout),
    and no draw key without a stock."""
    layout = deal.layout
    last = min(layout.columns, 9)
    reached = "_free" if layout.is_covering else "_fan" if layout.name == "black_hole" else ""
    return [
        (
            f"1-{last}" if label == "key.play" else keys,
            label + reached if label in ("key.play", "key.cursor") else label,
        )
        for keys, label in KEY_HELP
        if layout.has_stock or label != "key.draw"
    ]


def key_names(language: str, keys: str) -> str:
    """The keys as the player's keyboard names them: "space" is "spazio" in Italian."""
    return keys.replace("space", tr(language, "key.space"))


def _find_for_caches(find: Callable[[], Deal]) -> None:
    """Find a deal ahead for the solver's caches only (one not found is not ready: asked
    for, it says why)."""
    with contextlib.suppress(ValueError):
        find()


class GolfApp(App[None]):
    """The terminal game: a deal's columns, the stock and waste, status, help and end screens.

    ``clock`` is injected so tests and snapshots can hold time still; ``elapsed`` is the time
    already played on a resumed hand. A ``casual`` game keeps no score, no clock and no
    statistics, and is not saved.
    """

    CSS_PATH = "golf.tcss"
    TITLE = "Golf Solitaire"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [  # noqa: RUF012 - Textual reads bindings as class data
        *(Binding(str(n), f"play({n - 1})", f"Play column {n}", show=False) for n in range(1, 10)),
        Binding("space,d", "draw", "Draw"),
        Binding("u", "undo", "Undo"),
        Binding("r", "redo", "Redo"),
        Binding("h", "hint", "Hint"),
        Binding("n", "new_deal", "New deal"),
        Binding("g", "go_to_deal", "Go to deal"),
        Binding("left", "cursor(-1)", "Previous column", show=False),
        Binding("right", "cursor(1)", "Next column", show=False),
        Binding("enter", "play_cursor", "Play the chosen column", show=False),
        Binding("s", "stats", "Statistics"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        game: Game,
        *,
        language: str = "en",
        clock: Clock = time.monotonic,
        rng: random.Random | None = None,
        saver: Saver | None = None,
        round_play: RoundPlay | None = None,
        analysis: Analysis | None = None,
        elapsed: float = 0.0,
        casual: bool = False,
        level: str | None = None,
    ) -> None:
        super().__init__()
        if casual and (saver is not None or round_play is not None):
            raise ValueError("a casual game is neither saved nor part of a round")
        self.play = GamePlay(game, unsaved=self._not_saved)
        """The game in play; the service stores each change once ``saver`` has started it."""
        self.unsaved_error: str | None = None
        self.language = language
        self.play_clock = PlayClock(clock, elapsed)
        self.rng = rng or random.Random()
        self.saver = saver
        self.round_play = round_play
        self.analysis = analysis or Analysis.installed()
        self.casual = casual
        self.level = level
        """The solver's rating every new deal (not a round's) must have, if any."""
        self.next_number: int | None = None
        """The number the next new deal is found from, when it is being found ahead."""
        self.ahead: Ahead[Callable[[], Deal]] = Ahead(_find_for_caches)
        """Finds that deal on a daemon thread, so that quitting never waits for the search."""
        self.cursor = 0
        self.message = ""
        self.scored = False
        self.message_line = Line(id="message")
        self.status_line = Line(id="status")

    # Building the table ---------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Title, the tableau, stock and waste, then the message, status and key lines."""
        yield Line(id="title")
        with Vertical(id="table"):
            yield Board(id="board")
            with Horizontal(id="piles"):
                yield StockView(id="stock")
                yield WasteView(id="waste")
        yield self.message_line
        yield self.status_line
        yield Line(self._key_line(), id="keys")

    def on_mount(self) -> None:
        """Store a new game (or say that a stored one goes on), show it, start the clock."""
        if self.saver is not None and self.saver.game_id is not None:
            self.message = tr(self.language, "message.resumed")
            self.play.store, self.play.game_id = self.saver.store, self.saver.game_id
            self.play.finished = self.game.is_over
        else:
            self._store_new_game()
        if self.game.is_over:
            self.play_clock.stop()
        self._show_deal()
        self.set_interval(1.0, self._show_status)
        if self.game.is_over:
            self.call_after_refresh(self._end_of_hand)

    def on_unmount(self) -> None:
        """Keep the time played on the hand, so that ``--resume`` goes on from it."""
        self._save(lambda saver: saver.timed(self.play_clock.elapsed()))

    @property
    def game(self) -> Game:
        """The engine's game on the table."""
        return self.play.game

    def _store_new_game(self) -> None:
        """Start storing the game on the table (a failure is shown, and play goes on)."""

        def start(saver: Saver) -> None:
            self.play = saver.start(self.game, round_play=self.round_play)
            self.play.unsaved = self._not_saved

        self._save(start)

    def _not_saved(self, error: Exception) -> None:
        """A store write failed: say so once the change is shown; the hand goes on unsaved."""
        self.unsaved_error = tr(self.language, "message.not_saved", error=str(error))

    def _tell(self, text: str) -> None:
        """Set the message line's text, unless a failed write must be shown instead."""
        self.message = self.unsaved_error or text
        self.unsaved_error = None

    def _key_line(self) -> str:
        language = self.language
        return "  ".join(
            f"{key_names(language, keys)} {tr(language, label)}"
            for keys, label in keys_of(self.game.deal)
            if keys in SHORT_KEYS
        )

    def _show_deal(self) -> None:
        """A new deal on the table: rebuild the columns, then show the position."""
        board = self.query_one(Board)
        board.deal = self.game.deal
        self.cursor = min(self.cursor, self.game.deal.layout.columns - 1)
        if self.game.deal.layout.is_covering and self.cursor not in self._free_positions():
            self.cursor = next(iter(self._free_positions()), 0)
        self.query_one("#stock", StockView).display = self.game.deal.layout.has_stock
        self.query_one("#stock", StockView).border_title = core(self.language, "word.stock")
        pile = PILES.get(self.game.deal.layout.name, "waste")
        self.query_one("#waste", WasteView).border_title = core(self.language, f"pile.{pile}")
        self.query_one("#keys", Line).update(self._key_line())
        self._show_position()

    def _show_position(self) -> None:
        """Hand the current state to the widgets and refresh the text lines."""
        game = self.game
        board = self.query_one(Board)
        board.state = game.state
        board.cursor = self.cursor
        self.query_one("#stock", StockView).count = game.stock_count
        self.query_one("#waste", WasteView).waste = game.waste
        language = self.language
        title = f"{tr(language, 'title')} · {deal_title(language, game.deal)}"
        if self.round_play is not None:
            played = self.round_play.round
            hole = played.current_hole or played.holes
            title += f" · {tr(language, 'round.hole', number=hole, holes=played.holes)}"
        self.query_one("#title", Line).update(title)
        self.message_line.update(self.message)
        self._show_status()

    def _show_status(self) -> None:
        """Moves, time, strokes, the rules (and the round's total); a casual game: no score."""
        language = self.language
        game = self.game
        parts = [f"{core(language, 'word.moves')} {game.move_count}"]
        if not self.casual:
            parts += [
                f"{tr(language, 'word.time')} {clock_text(self.play_clock.elapsed())}",
                f"{core(language, 'word.strokes')} {game.score}",
            ]
        parts.append(rules_title(language, game.deal))
        if self.casual:
            parts.append(tr(language, "casual.status"))
        if self.round_play is not None:
            played = self.round_play.round
            parts.append(tr(language, "round.total", total=played.total, to_par=played.to_par_text))
        self.status_line.update(" · ".join(parts))

    def say(self, text: str) -> None:
        """Put ``text`` on the message line (a refusal's reason, a hint, what happened)."""
        self.message = text
        self.message_line.update(text)

    # Moves ------------------------------------------------------------------------

    def make(self, move: Move) -> bool:
        """Make ``move`` if the engine allows it, else show its reason; True when made."""
        if self.game.is_over:
            self.say(tr(self.language, "message.over"))
            return False
        try:
            card = self.play.move(move)
        except IllegalMoveError as error:
            self.say(refusal_text(self.language, error.refusal))
            return False
        key = "message.drew" if isinstance(move, Draw) else "message.played"
        self._tell(tr(self.language, key, card=card_label(card)))
        self._changed()
        return True

    def _changed(self) -> None:
        self._show_position()
        if self.game.is_over:
            self._hand_over()

    def _save(self, write: Callable[[Saver], None]) -> None:
        """Run one store write; a failure is shown, and play goes on unsaved.

        Any error counts, the database driver's own included (a locked or closed SQLite
        file, a lost PostgreSQL connection): the hand on the screen is never lost to it.
        """
        if self.saver is None:
            return
        try:
            write(self.saver)
        except Exception as error:
            self.message = tr(self.language, "message.not_saved", error=str(error))
            self.say(self.message)

    def _hand_over(self) -> None:
        """Stop the clock, store the end, score the hole in a round, show the end screen."""
        self.play_clock.stop()
        if not self.scored:
            self.scored = True
            self._save(lambda saver: saver.timed(self.play_clock.elapsed()))
            if self.round_play is not None:
                self.round_play.round.record(self.game.score)
                self._show_status()
        self._end_of_hand()

    def _free_positions(self) -> list[int]:
        """A covering layout's positions whose card lies free, left to right."""
        deal, state = self.game.deal, self.game.state
        layout = deal.layout
        free = [
            position
            for position, height in enumerate(state.heights)
            if height and uncovered(layout, state.heights, position)
        ]
        return sorted(free, key=lambda position: (layout.offsets[position], position))

    def action_play(self, column: int) -> None:
        """Play the exposed card of ``column`` (from 0); on a covering layout, the card free
        at that place from the left."""
        if self.game.deal.layout.is_covering:
            free = self._free_positions()
            if column >= len(free):
                self.say(tr(self.language, "message.no_free", column=column + 1))
                return
            column = free[column]
        if column >= self.game.deal.layout.columns:
            self.say(tr(self.language, "message.no_column", column=column + 1))
            return
        self.cursor = column
        self.query_one(Board).cursor = column
        self.make(Play(column))

    def action_draw(self) -> None:
        """Turn the stock's top card onto the waste."""
        self.make(Draw())

    def action_cursor(self, step: int) -> None:
        """Move the column cursor left or right (the way to reach all 17 Black Hole fans)."""
        count = self.game.deal.layout.columns
        if self.game.deal.layout.is_covering:  # from free card to free card
            free = self._free_positions() or [self.cursor]
            if self.cursor in free:
                self.cursor = free[(free.index(self.cursor) + step) % len(free)]
            else:  # the chosen card is gone: the next free card on that side of it
                offsets = self.game.deal.layout.offsets
                here = offsets[self.cursor]
                ahead = [p for p in free if (offsets[p] - here) * step > 0]
                self.cursor = (ahead[0] if step > 0 else ahead[-1]) if ahead else free[0]
            self.query_one(Board).cursor = self.cursor
            return
        self.cursor = (self.cursor + step) % count
        self.query_one(Board).cursor = self.cursor

    def action_play_cursor(self) -> None:
        """Play the column under the cursor."""
        self.make(Play(self.cursor))

    def action_undo(self) -> None:
        """Take back the last move (not once a hole of a round has been scored)."""
        if self.scored and self.round_play is not None:
            self.say(tr(self.language, "message.scored"))
            return
        try:
            self.play.undo()
        except IllegalMoveError as error:
            self.say(refusal_text(self.language, error.refusal))
            return
        self.scored = False
        self.play_clock.go()
        self._tell(tr(self.language, "message.undone"))
        self._show_position()

    def action_redo(self) -> None:
        """Make again the last move taken back."""
        try:
            self.play.redo()
        except IllegalMoveError as error:
            self.say(refusal_text(self.language, error.refusal))
            return
        self._tell(tr(self.language, "message.redone"))
        self._changed()

    def action_hint(self) -> None:
        """Ask the solver for a fair hint, or say plainly that there is none to ask."""
        language = self.language
        if self.game.is_over:
            self.say(tr(language, "message.over"))
            return
        if not self.analysis.available:
            self.say(tr(language, "hint.unavailable"))
            return
        self.say(tr(language, "hint.thinking"))
        self._think(self.game.copy(), language)

    @work(thread=True, exclusive=True, group="hint")
    def _think(self, game: Game, language: str) -> None:
        """Find the hint away from the screen's thread, then show it there."""
        try:
            suggestion = self.analysis.suggest(game, language)
        except Exception as error:
            self.call_from_thread(self.say, tr(language, "hint.failed", error=str(error)))
            return
        self.call_from_thread(self._show_hint, game, suggestion)

    def _show_hint(self, asked: Game, suggestion: Suggestion | None) -> None:
        """Show a hint, unless the position has moved on since it was asked for."""
        game = self.game
        if game.deal is not asked.deal or game.state != asked.state or suggestion is None:
            return
        language = self.language
        move, reason = suggestion.move, suggestion.reason
        if move is None:
            advice = tr(language, "hint.lost")
            self.say(f"{advice} — {reason}" if reason else advice)
        elif isinstance(move, Play):
            self.cursor = move.column
            self.query_one(Board).cursor = move.column
            column = move.column + 1
            if reason:
                self.say(tr(language, "hint.play_why", column=column, reason=reason))
            else:
                card = game.exposed(move.column)
                label = card_label(card) if card else ""
                self.say(tr(language, "hint.play", card=label, column=column))
        else:
            key = "hint.draw_why" if reason else "hint.draw"
            self.say(tr(language, key, reason=reason))

    def on_column_view_chosen(self, event: ColumnView.Chosen) -> None:
        """A click on a column: play its exposed card, or say why that card cannot go."""
        column, row = event.column, event.row
        self.cursor = column
        height = self.game.state.heights[column]
        if row is None or row >= height - 1 or height == 0:
            self.make(Play(column))
            return
        refusal = self.game.refusal_at(column, row)
        if refusal is not None:
            self.say(refusal_text(self.language, refusal))
        self.query_one(Board).cursor = column

    def on_stock_view_clicked(self, event: StockView.Clicked) -> None:
        """A click on the stock draws."""
        self.make(Draw())

    # Deals --------------------------------------------------------------------------

    def start(self, deal: Deal) -> None:
        """Put a fresh hand of ``deal`` on the table (and in the store), its clock at 0:00."""
        if not self.game.is_over:
            self._save(lambda saver: saver.timed(self.play_clock.elapsed()))
        self.play = GamePlay(Game(deal, competitive=self.game.competitive), unsaved=self._not_saved)
        self.play_clock.reset()
        self.message = ""
        self.scored = False
        self._store_new_game()
        self._show_deal()
        if self.round_play is None and (deal.rules.winnable_only or self.level is not None):
            # The next new deal's number is drawn now and the solver finds that deal while this
            # one is played (its verdicts and ratings are kept), so `n` deals it at once.
            self.next_number = self.rng.randint(1, DAILY_RANGE)
            self.ahead.submit(self._new_deal_finder(self.next_number, deal.rules))

    def _new_deal_finder(self, number: int, rules: Rules) -> Callable[[], Deal]:
        """What finds the new deal from ``number``: that deal, or the first of the level."""
        level = self.level
        if level is None:
            return lambda: Deal.numbered(number, rules)

        def rated() -> Deal:
            return self.analysis.deal_of_level(number, rules, level)

        return rated

    def action_new_deal(self) -> None:
        """A new random numbered deal by the same rules (of the chosen level, if any: the
        first from a random number on); in a round, the next hole."""
        rules: Rules = self.game.rules
        playing = self.round_play
        if playing is None:
            number = self.next_number or self.rng.randint(1, DAILY_RANGE)
            self.next_number = None
            self.deal_when_found(self._new_deal_finder(number, rules), rules, self.level)
            return
        if not self.game.is_over:
            self.say(tr(self.language, "round.finish_first"))
            return
        if playing.round.is_complete:
            first = self.rng.randint(1, DAILY_RANGE)
            self.round_play = RoundPlay(
                Round(holes=playing.round.holes), first_deal=first, rules=playing.rules
            )
            playing = self.round_play
        hole = playing.round.current_hole or 1
        self.deal_when_found(lambda: playing.deal(hole), playing.rules)

    def deal_when_found(
        self, find: Callable[[], Deal], rules: Rules, level: str | None = None
    ) -> None:
        """Start the deal ``find`` gives: at once, or, when the solver must find a winnable
        deal or one of a ``level`` (which may take a second or two), away from the screen's
        thread while the message line says it is looking."""
        if not rules.winnable_only and level is None:
            self.start(find())
            return
        self.say(tr(self.language, f"deal.finding_{level or 'winnable'}"))
        self._find_deal(find)

    @work(thread=True, exclusive=True, group="deal")
    def _find_deal(self, find: Callable[[], Deal]) -> None:
        """Find a deal away from the screen's thread, then start it there (unless replaced)."""
        try:
            deal = find()
        except ValueError as error:  # no such deal in reach: say why, keep the hand
            self.call_from_thread(self.say, str(error))
            return
        if not get_current_worker().is_cancelled:
            self.call_from_thread(self.start, deal)

    def action_go_to_deal(self) -> None:
        """Ask for a deal number and deal it (not in the middle of a round)."""
        if self.round_play is not None:
            self.say(tr(self.language, "round.no_goto"))
            return

        def chosen(number: int | None) -> None:
            if number is not None:
                rules = self.game.rules
                self.deal_when_found(lambda: Deal.numbered(number, rules), rules)

        self.push_screen(GoToDealScreen(self.language), chosen)

    # Screens ------------------------------------------------------------------------

    def action_help(self) -> None:
        """Show the rules and the keys."""
        language = self.language
        keys = [
            (key_names(language, keys), tr(language, label))
            for keys, label in keys_of(self.game.deal)
        ]
        self.push_screen(HelpScreen(self.language, self.game.deal, keys))

    def action_stats(self) -> None:
        """Show the player's statistics, as the store counts them for every face."""
        language = self.language
        if self.saver is None:
            note = tr(language, "casual.stats" if self.casual else "stats.unavailable")
            self.push_screen(StatsScreen(language, None, note))
            return
        try:
            figures = self.saver.statistics()
        except Exception as error:
            note = tr(language, "stats.failed", error=str(error))
            self.push_screen(StatsScreen(language, None, note))
            return
        lines = statistics_lines(language, figures)
        self.push_screen(StatsScreen(language, lines, "" if lines else tr(language, "stats.none")))

    def summary(self, verdict_text: str) -> HandSummary:
        """The end-of-hand figures: outcome, strokes, the solver's word, the score card."""
        game = self.game
        card: tuple[HoleLine, ...] = ()
        round_over = False
        if self.round_play is not None:
            played = self.round_play.round
            numbers = self.round_play.deal_numbers()
            card = tuple(
                HoleLine(hole, numbers[hole - 1], played.par_per_hole, strokes)
                for hole, strokes, _ in played.card()
            )
            round_over = played.is_complete
        return HandSummary(
            cleared=game.is_won,
            strokes=game.score,
            move_count=game.move_count,
            verdict_text=verdict_text,
            time_text=None if self.casual else clock_text(self.play_clock.elapsed()),
            card=card,
            round_over=round_over,
        )

    def verdict_text(self, verdict: Verdict | None) -> str:
        """The solver's word on the deal as a sentence in the player's language."""
        language = self.language
        if verdict is None:
            return tr(language, "end.analysis_unavailable")
        if verdict.status == "intractable":
            unproved = unproved_words(language, verdict, scores=not self.casual)
            return unproved or tr(language, "end.too_hard")
        key = "end.clearable" if verdict.clearable else "end.unclearable"
        if self.casual:
            text = tr(language, f"{key}_casual")
        else:
            text = tr(language, key, best=verdict.best_score)
        if verdict.clearable and verdict.level:
            text += ". " + core(language, f"difficulty.{verdict.level}")
        return text

    def _end_of_hand(self) -> None:
        def closed(choice: str | None) -> None:
            if choice == "next":
                self.action_new_deal()
            elif choice == "quit":
                self.exit()

        known = self.analysis.known_verdict(self.game.deal)
        if known is not None:
            text = self.verdict_text(known)
        elif self.analysis.available:
            text = tr(self.language, "end.thinking")
        else:
            text = self.verdict_text(None)
        screen = EndScreen(self.language, self.summary(text))
        self.push_screen(screen, closed)
        if self.analysis.available:
            self._judge(self.game.copy(), screen, known is not None)

    @work(thread=True, exclusive=True, group="verdict")
    def _judge(self, game: Game, screen: EndScreen, known: bool) -> None:
        """Ask the solver about the deal and review the hand, away from the screen's thread."""
        language = self.language
        try:
            verdict = None if known else self.analysis.verdict(game.deal)
            if not known:
                self.call_from_thread(screen.show_verdict, self.verdict_text(verdict))
            review = None if self.casual else self.analysis.review_text(game, language)
        except Exception as error:
            message = tr(language, "end.failed", error=str(error))
            self.call_from_thread(screen.show_verdict, message)
            return
        if review is not None:
            self.call_from_thread(screen.show_review, review.fair, review.hindsight)
