"""The terminal game with the solver: fair hints on the message line, the end-of-hand verdict
and review, checked against the reference verdicts of tests/data."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from golf_solitaire import Deal, Game, Move, Play, Rules, solver
from golf_solitaire.solver.chains import greedy_move
from golf_solitaire.solver.difficulty import cached_rating, first_rated
from golf_solitaire.solver.winnable import clearable_numbers
from golf_solitaire.tui import GolfApp
from golf_solitaire.tui.analysis import Analysis, Suggestion
from golf_solitaire.tui.screens import EndScreen
from golf_solitaire.tui.texts import core, tr
from tests.reference import verdicts
from tests.tui.tui_helpers import (
    deal_2_solution,
    frozen_clock,
    keys_for,
    line_text,
    make_app,
    play_to_the_end,
)

SIZE = (80, 24)


class HeldAnalysis(Analysis):
    """The installed solver's analysis, each hint held back until the test releases it."""

    def __init__(self) -> None:
        super().__init__(solver)
        self.release = threading.Event()

    def suggest(self, game: Game, language: str) -> Suggestion | None:
        """The solver's hint, once ``release`` is set."""
        assert self.release.wait(timeout=30), "the test never released the hint"
        return super().suggest(game, language)


class HeldLevels(Analysis):
    """The installed solver's analysis, each deal of a level held back until it is released."""

    def __init__(self) -> None:
        super().__init__(solver)
        self.release = threading.Event()

    def deal_of_level(self, number: int, rules: Rules, level: str) -> Deal:
        """The solver's deal of ``level``, once ``release`` is set."""
        assert self.release.wait(timeout=30), "the test never released the deal"
        return super().deal_of_level(number, rules, level)


class UnhurriedAnalysis(Analysis):
    """The installed solver's analysis, its review given all the time it needs, so that what
    the end screen says does not hang on the machine's load."""

    def __init__(self) -> None:
        super().__init__(solver)

    def review(self, game: Game) -> solver.Review:
        """The solver's review of ``game``, without a deadline."""
        return solver.review(game)


def reference_score(preset: str, number: int) -> int:
    """The score of black-hole-solver's clearing line for a deal (a bound on the best)."""
    game = Game(Deal.numbered(number, Rules.named(preset)))
    for token in verdicts(preset)[number].solution:
        game.apply(Move.parse(token))
    assert game.is_won
    return game.score


async def settle(pilot: Any) -> None:
    """Let the solver's workers finish and their results reach the screen."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("language", "opening"),
    [
        ("en", "Hint (column {column}): plays {card}"),
        ("fr", "Indice (colonne {column}) : joue {card}"),
    ],
)
async def test_h_shows_the_solvers_fair_hint_in_the_players_language(
    language: str, opening: str
) -> None:
    app = make_app(2, language=language, solver=solver)
    async with app.run_test() as pilot:
        await pilot.press("h")
        await settle(pilot)
        expected = solver.hint(Game(app.game.deal), peek=False)
        assert isinstance(expected.move, Play)
        assert app.game.is_legal(expected.move)
        card = app.game.exposed(expected.move.column)
        assert card is not None
        column = expected.move.column + 1
        message = line_text(app, "message")
        assert message.startswith(opening.format(column=column, card=card.pretty))
        assert message == tr(
            language, "hint.play_why", column=column, reason=expected.text(language)
        )
        assert app.cursor == expected.move.column
        assert app.game.move_count == 0
        await pilot.press("enter")
        assert app.game.moves == (expected.move,)


@pytest.mark.asyncio
async def test_a_shown_hint_is_cleared_by_a_move_and_the_next_one_is_for_the_new_position() -> None:
    app = make_app(2, solver=solver)
    async with app.run_test() as pilot:
        await pilot.press("h")
        await settle(pilot)
        assert line_text(app, "message").startswith("Hint (column")
        await pilot.press("enter")
        assert line_text(app, "message").startswith("Played ")
        await pilot.press("h")
        await settle(pilot)
        fresh = solver.hint(app.game.copy(), peek=False)
        assert fresh.move is not None and app.game.is_legal(fresh.move)
        assert line_text(app, "message").endswith(f": {fresh.reason}")


@pytest.mark.asyncio
async def test_a_hint_that_arrives_after_a_move_is_not_shown() -> None:
    analysis = HeldAnalysis()
    app = make_app(2, analysis=analysis)
    async with app.run_test() as pilot:
        await pilot.press("h")
        assert line_text(app, "message") == "Thinking…"
        await pilot.press("5")
        analysis.release.set()
        await settle(pilot)
        assert line_text(app, "message") == "Played A♥"
        assert app.cursor == 4


@pytest.mark.early
@pytest.mark.asyncio
async def test_the_end_screen_agrees_with_the_reference_on_a_clearable_deal() -> None:
    reference = verdicts("strict")[2]
    assert reference.solved
    app = make_app(2, solver=solver)
    async with app.run_test() as pilot:
        await play_to_the_end(app, pilot, deal_2_solution())
        assert isinstance(app.screen, EndScreen)
        await settle(pilot)
        best = solver.solve(app.game.deal, optimal=True).best_score
        assert best is not None and best <= reference_score("strict", 2)
        verdict = str(app.screen.query_one("#end-verdict").render())
        level = solver.rate(app.game.deal).level
        assert level == "medium"
        assert verdict == (
            f"This deal could be cleared; the best score is {best}. "
            f"By the solver's rating, a {level} deal."
        )
        review = app.screen.query_one("#end-review")
        assert review.display
        summary = solver.review(app.game).summary
        assert str(review.render()) == f"With the stock known: {summary}."
        assert str(review.render()).startswith("With the stock known: no mistake")


@pytest.mark.early
@pytest.mark.asyncio
async def test_the_end_screen_agrees_with_the_reference_on_an_unclearable_deal() -> None:
    assert not verdicts("strict")[1].solved
    app = make_app(1, solver=solver)
    async with app.run_test() as pilot:
        while not app.game.is_over:
            app.make(app.game.legal_moves()[-1])
        assert isinstance(app.screen, EndScreen)
        await settle(pilot)
        best = solver.solve(app.game.deal, optimal=True).best_score
        assert best is not None and best > 0
        verdict = str(app.screen.query_one("#end-verdict").render())
        assert verdict == f"No play could clear this deal; the best score is {best}"
        review = str(app.screen.query_one("#end-review").render())
        assert review == "With the stock known: " + solver.review(app.game).summary + "."


@pytest.mark.asyncio
async def test_the_end_screen_says_the_mistake_you_could_have_seen_first() -> None:
    """Drawing first on deal 1: the fair judgement (by what the player saw) comes first, and
    the one with the stock known apart, below it, as in the browser."""
    app = make_app(1, analysis=UnhurriedAnalysis())
    async with app.run_test() as pilot:
        while not app.game.is_over:
            app.make(app.game.legal_moves()[-1])
        await settle(pilot)
        fair = app.screen.query_one("#end-fair")
        hindsight = app.screen.query_one("#end-review")
        assert fair.display and hindsight.display
        assert str(fair.render()).startswith(
            "Move 3 (J♥) was a mistake you could have seen: without knowing the stock, it gave "
            "away about 4.2 strokes on average"
        )
        assert str(hindsight.render()).startswith(
            "With the stock known: move 3 (draw J♥) was the first mistake"
        )
        assert fair.region.y < hindsight.region.y


@pytest.mark.asyncio
async def test_the_verdict_and_the_review_are_said_in_the_players_language() -> None:
    app = make_app(2, language="it", solver=solver)
    async with app.run_test() as pilot:
        await play_to_the_end(app, pilot, deal_2_solution())
        await settle(pilot)
        verdict = str(app.screen.query_one("#end-verdict").render())
        assert verdict == (
            "Questa smazzata si poteva liberare; il miglior punteggio è 0. "
            "Secondo il risolutore, una smazzata media."
        )
        fair = str(app.screen.query_one("#end-fair").render())
        assert "errore che potevi vedere" in fair and "mazzo" in fair
        review = str(app.screen.query_one("#end-review").render())
        assert review == (
            "Conoscendo il mazzo: nessun errore: ogni mossa ha mantenuto raggiungibile il "
            "miglior punteggio (0)."
        )


def test_end_screen_with_the_verdict(snap_compare: Any) -> None:
    app = make_app(2, analysis=UnhurriedAnalysis())
    tokens = deal_2_solution()

    async def finish(pilot: Any) -> None:
        for token in tokens[:-1]:
            app.make(Move.parse(token))
        await pilot.press(*keys_for(tokens[-1:]))
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=finish)


@pytest.mark.asyncio
async def test_a_winnable_deal_is_found_away_from_the_screen_and_says_so() -> None:
    app = make_app(2, rules="strict+winnable_only")
    release = threading.Event()

    def slow_find() -> Deal:
        release.wait(10)
        return Deal.numbered(5, Rules(winnable_only=True))

    async with app.run_test() as pilot:
        app.deal_when_found(slow_find, app.game.rules)
        await pilot.pause()
        # The screen still answers while the solver looks, and says what is going on.
        assert line_text(app, "message") == "Looking for a deal the solver can clear…"
        assert app.game.deal.number == 2
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.game.deal.number == 5 and line_text(app, "message") == ""
        # "n" takes a new random winnable deal the same way; plain rules deal at once.
        await pilot.press("n")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.game.rules.winnable_only and app.game.deal.number != 5
        assert solver.solve(app.game.deal).status == "solved"
        app.deal_when_found(lambda: Deal.numbered(7), Rules())
        assert app.game.deal.number == 7

        def nothing_found() -> Deal:
            raise ValueError("winnable_only: no deal from 8 to 9 could be proved clearable")

        app.deal_when_found(nothing_found, Rules(winnable_only=True))
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running and app.game.deal.number == 7
        assert line_text(app, "message").startswith("winnable_only: no deal from 8 to 9")


@pytest.mark.asyncio
async def test_new_deals_of_a_chosen_level_are_found_away_from_the_screen() -> None:
    analysis = HeldLevels()
    app = make_app(2, analysis=analysis)
    app.level = "hard"
    async with app.run_test() as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert line_text(app, "message") == "Looking for a deal the solver rates hard…"
        assert app.game.deal.number == 2
        analysis.release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.game.deal.number != 2 and line_text(app, "message") == ""
        assert solver.rate(app.game.deal).level == "hard"


@pytest.mark.asyncio
async def test_a_level_without_the_solver_is_refused_and_the_hand_kept() -> None:
    app = make_app(2)
    app.level = "easy"
    async with app.run_test() as pilot:
        await pilot.press("n")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running and app.game.deal.number == 2
        assert line_text(app, "message") == (
            "level: picking a deal by level needs the solver, which is not installed"
        )


@pytest.mark.asyncio
async def test_the_next_deal_of_a_level_is_found_while_this_one_is_played() -> None:
    app = make_app(2, analysis=Analysis(solver))
    app.level = "easy"
    async with app.run_test() as pilot:
        await pilot.press("n")
        await app.workers.wait_for_complete()  # the deal, which starts the search ahead
        await pilot.pause()
        app.ahead.wait()
        first = app.game.deal.number
        ahead = app.next_number
        assert ahead is not None and solver.rate(app.game.deal).level == "easy"
        # Found ahead: the first clearable deal from the number drawn for `n` is rated.
        assert cached_rating(next(clearable_numbers(ahead, Rules())), Rules()) is not None
        await pilot.press("n")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.game.deal.number == first_rated(ahead, Rules(), "easy").deal.number != first
        assert line_text(app, "message") == "" and app.next_number not in (None, ahead)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("language", "casual", "said"),
    [
        (
            "en",
            False,
            "This deal could be cleared. Its best score was not proved in the time there was: "
            "a line scoring -16 was found, and no line scores below -17.",
        ),
        (
            "fr",
            False,
            "Cette donne pouvait être vidée. Son meilleur score n’a pas été prouvé dans le "
            "temps imparti : une façon de jouer avec un score de -16 a été trouvée, et aucune "
            "ne fait moins de -17.",
        ),
        ("en", True, "This deal could be cleared."),
    ],
)
async def test_the_end_screen_says_what_a_search_out_of_time_proved(
    language: str, casual: bool, said: str
) -> None:
    """Double Golf deal 2, its best score (-16) not proved within 20 000 positions: the end
    screen says the deal could be cleared, and only that a line found scores -16 (no scores
    in a casual game)."""
    app = GolfApp(
        Game(Deal.numbered(2, Rules.named("double-golf"))),
        language=language,
        clock=frozen_clock,
        rng=random.Random(7),
        analysis=Analysis(solver, seconds=None, nodes=20_000),
        casual=casual,
    )
    async with app.run_test(size=(100, 40)) as pilot:
        while not app.game.is_over:
            app.make(app.game.legal_moves()[-1])
        assert isinstance(app.screen, EndScreen)
        await settle(pilot)
        assert str(app.screen.query_one("#end-verdict").render()) == said


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("language", "hindsight"),
    [
        (
            "en",
            "With the stock known: move 3 (2♦) lost the clear: a line could still clear the "
            "tableau before it, none after. The best score after each move was not proved in "
            "the time there was.",
        ),
        (
            "nl",
            "Met de stapel bekend: zet 3 (2♦) verspeelde het leegspelen: ervoor kon een reeks "
            "zetten het tableau nog leegspelen, erna geen enkele. De beste score na elke zet "
            "kon in de beschikbare tijd niet worden bewezen.",
        ),
    ],
)
async def test_the_end_screen_says_what_was_proved_when_the_best_scores_run_out(
    language: str, hindsight: str
) -> None:
    """Greedy Double Golf deal 4 with 150 positions to search: the best scores are not
    proved, the move that lost the last clear is; the fair judgement still comes first."""
    app = make_app(
        4,
        rules="double-golf",
        language=language,
        analysis=Analysis(solver, seconds=None, nodes=150),
    )
    async with app.run_test() as pilot:
        while not app.game.is_over:
            app.make(greedy_move(app.game))
        assert isinstance(app.screen, EndScreen)
        await settle(pilot)
        fair = app.screen.query_one("#end-fair")
        review = app.screen.query_one("#end-review")
        assert fair.display and review.display
        # How many moves the fair hints judge in their 5 s hangs on the machine: the
        # sentence is one of the fair judgement's own.
        said = str(fair.render())
        fair_sentences = [
            core(language, "solver.review.fair_none")[:12],
            core(language, "solver.review.fair_partial", count=2)[:12],
            core(language, "solver.review.fair_mistake", number=1, move="", loss=1)[:4],
        ]
        assert any(said.lower().startswith(start.lower()) for start in fair_sentences), said
        assert str(review.render()) == hindsight
        assert fair.region.y < review.region.y
