"""`golf solve`, `golf hint` and `golf review`: their output, and bad input as one line, exit 2."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from golf_solitaire import Deal, Game, Move, Rules, solve
from golf_solitaire.cli import main
from golf_solitaire.solver.chains import greedy_move
from golf_solitaire.solver.hints import BLENDED_BUDGETS, DEFAULT_BUDGET, RICH_BUDGETS, hint


def golf(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    *args: str,
    stdin: str = "",
) -> tuple[int, str, str]:
    """Run ``golf`` in this process: exit status, stdout, stderr."""
    monkeypatch.setattr(sys, "argv", ["golf", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        main()
        status = 0
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    """``run(*args, stdin=...)``: ``golf`` with these arguments."""

    def call(*args: str, stdin: str = "") -> tuple[int, str, str]:
        return golf(monkeypatch, capsys, *args, stdin=stdin)

    return call


def write_record(tmp_path: Path, game: Game, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    return str(path)


def test_solve_optimal_line_replays_to_the_best_score(run: Run) -> None:
    status, out, _ = run("solve", "2", "--optimal", "--line")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "deal 2 (strict): can be cleared"
    assert lines[1] == "best score: 0"
    game = Game(Deal.numbered(2))
    for token in lines[-1].removeprefix("line (record moves: columns from 0, d draws): ").split():
        game.apply(Move.parse(token))
    assert game.is_won and game.score == 0


def test_solve_json_and_rules(run: Run) -> None:
    status, out, _ = run("solve", "1", "--rules", "putt-putt", "--json")
    answer = json.loads(out)
    assert status == 0
    assert (answer["deal"], answer["rules"], answer["status"]) == (1, "putt-putt", "solved")
    assert answer["line"] and answer["nodes"] > 0


def test_solve_json_says_whether_the_score_is_proved_and_whether_it_was_asked(run: Run) -> None:
    status, out, _ = run("solve", "2", "--json")
    first_clear = json.loads(out)
    assert status == 0 and first_clear["best_score"] == 0
    assert (first_clear["proved_optimal"], first_clear["asked_optimal"]) == (False, False)
    status, out, _ = run("solve", "2", "--optimal", "--json")
    best = json.loads(out)
    assert status == 0 and (best["proved_optimal"], best["asked_optimal"]) == (True, True)
    status, out, _ = run("solve", "4", "--optimal", "--limit-nodes", "10", "--json")
    cut_short = json.loads(out)
    assert cut_short["status"] == "intractable"
    assert (cut_short["proved_optimal"], cut_short["asked_optimal"]) == (False, True)
    # The older name stays for the readers that know it, with its meaning: proved.
    assert [answer["optimal"] for answer in (first_clear, best, cut_short)] == [False, True, False]


def test_solve_line_says_why_there_is_none(run: Run) -> None:
    _, out, _ = run("solve", "1", "--line")
    assert "cannot be cleared" in out
    assert "line: none clears the tableau (--optimal gives the line" in out
    _, out, _ = run("solve", "4", "--line", "--limit-nodes", "10")
    assert "not decided: the limit ran out" in out
    assert "line: none, the limit ran out first" in out


def test_hint_fair_and_peeking_from_a_file_and_stdin(run: Run, tmp_path: Path) -> None:
    game = Game(Deal.numbered(2))
    for move in ("4", "d", "d"):
        game.apply(Move.parse(move))
    path = write_record(tmp_path, game)
    status, out, _ = run("hint", path)
    assert status == 0
    move, reason = out.splitlines()
    assert "stock orders" in reason
    status, out, _ = run("hint", path, "--json")
    record_move = json.loads(out)["move"]
    column = int(record_move) + 1  # people count columns from 1, records from 0
    assert move == f'move: column {column} (record move "{record_move}")'
    status, out, _ = run("hint", "-", "--peek", "--json", stdin=json.dumps(game.record()))
    advice = json.loads(out)
    assert status == 0 and advice["peek"] is True
    assert advice["reason"].startswith("peeking at the stock")


def test_review_marks_the_first_mistake(run: Run, tmp_path: Path) -> None:
    game = Game(Deal.numbered(2))
    for move in ("d", "d", "5"):
        game.apply(Move.parse(move))
    status, out, _ = run("review", write_record(tmp_path, game))
    assert status == 0
    assert " no. column card  clearable  best score" in out
    assert "   3      6   9♠         no     0 -> 3  <- mistake" in out  # record move "5"
    assert "move 3 (9♠) was the first mistake: the best reachable score went from 0 to 3" in out
    last = out.splitlines()[-1]
    line = last.removeprefix(
        "best line from before move 3 (record moves: columns from 0, d draws): "
    ).split()
    replay = Game(Deal.numbered(2))
    assert line != last.split()
    for token in ["d", "d", *line]:
        replay.apply(Move.parse(token))
    assert replay.is_won and replay.score == 0


def test_review_of_a_game_without_moves_prints_no_empty_table(run: Run, tmp_path: Path) -> None:
    status, out, _ = run("review", write_record(tmp_path, Game(Deal.numbered(2))))
    assert status == 0
    assert out.splitlines() == ["no mistake: every move kept the best score reachable (0)"]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("solve", "x"), "'x' is not a deal number (1 to 10**20)"),
        (("solve",), "Missing argument 'NUMBER'"),
        (("solve", "2", "--bogus"), "No such option '--bogus'"),
        (("solve", "0"), "deal number 0 is out of range"),
        (("solve", "2", "--rules", "nope"), "unknown rules preset 'nope'"),
        (("solve", "2", "--limit-nodes", "0"), "'--limit-nodes': 0 is not in the range x>=1"),
        (
            ("solve", "2", "--limit-seconds", "-1"),
            "'--limit-seconds': -1.0 is not in the range x>0",
        ),
        (("hint", "missing.json"), "cannot read record missing.json"),
        (("hint", "competitive.json", "--peek"), "--peek is not allowed in a competitive game"),
        (
            ("review", "competitive.json"),
            "review: the game is competitive and its hand is not over: the stock order stays "
            "hidden until the hand ends",
        ),
        (("review", "competitive.json", "--json"), "the stock order stays hidden"),
        (("hint", "bad.json"), "bad.json: record: not JSON"),
        (("review",), "Missing argument 'RECORD'"),
        (("nosuch",), "No such command 'nosuch'"),
    ],
)
def test_bad_input_is_one_line_with_exit_status_2(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], fragment: str
) -> None:
    monkeypatch.chdir(tmp_path)
    competitive = Game(Deal.numbered(2), competitive=True)
    competitive.play(4)
    write_record(tmp_path, competitive, "competitive.json")
    write_record(tmp_path, Game(Deal.numbered(4)), "game.json")
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    status, out, err = run(*args)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("golf: error: ") and fragment in err


def test_a_peeking_hint_given_more_budget_agrees_with_the_review(run: Run, tmp_path: Path) -> None:
    """Jokers deal 2 is too deep for 40,000 positions (the hint guesses); with more budget
    the peeking hint finds a move that keeps the best score, as the review would."""
    game = Game(Deal.numbered(2, Rules.named("jokers")))
    path = write_record(tmp_path, game)
    status, out, _ = run("hint", path, "--peek", "--budget", "40000", "--json")
    assert status == 0 and json.loads(out)["code"] == "hint.peek_guess"
    status, out, _ = run("hint", path, "--peek", "--budget", "400000", "--json")
    deeper = json.loads(out)
    assert deeper["code"] == "hint.peek_clear" and deeper["params"] == {"spare": 3}
    assert solve(game, optimal=True).best_score == -3
    game.apply(Move.parse(deeper["move"]))
    assert solve(game, optimal=True).best_score == -3  # the move keeps the best score


def test_a_competitive_game_is_reviewed_once_its_hand_is_over(run: Run, tmp_path: Path) -> None:
    game = Game(Deal.numbered(2), competitive=True)
    for move in solve(game, optimal=True).line:
        game.apply(move)
    assert game.is_over
    status, out, err = run("review", write_record(tmp_path, game))
    assert (status, err) == (0, "")
    assert out.splitlines()[-1] == "no mistake: every move kept the best score reachable (0)"
    casual = Game(Deal.numbered(2))
    casual.play(4)
    status, out, _ = run("review", write_record(tmp_path, casual, "casual.json"), "--json")
    assert status == 0 and json.loads(out)["entries"][0]["card"] == "A♥"


def test_a_review_names_a_draw_that_was_the_first_mistake_as_a_draw(
    run: Run, tmp_path: Path
) -> None:
    game = Game(Deal.numbered(3))
    game.draw()
    status, out, _ = run("review", write_record(tmp_path, game))
    assert status == 0
    assert "   1   draw   9♥         no     1 -> 2  <- mistake" in out
    assert (
        "move 1 (draw 9♥) was the first mistake: the best reachable score went from 1 to 2" in out
    )
    status, out, _ = run("review", write_record(tmp_path, game), "--json")
    answer = json.loads(out)
    assert answer["code"] == "review.mistake_draw" and answer["params"]["move"] == "9♥"


@pytest.mark.parametrize(
    ("rules", "number", "draws", "budget", "code"),
    [
        ("strict", 8, 0, DEFAULT_BUDGET, "hint.peek_only"),  # draw is the only move
        ("jokers", 2, 0, 40_000, "hint.peek_guess"),  # too deep for 40,000 positions
        ("strict", 3, 1, 1000, "hint.peek_no_clear"),  # no clear, strokes not reached
    ],
)
def test_a_peeking_hint_always_says_it_peeked(
    run: Run, tmp_path: Path, rules: str, number: int, draws: int, budget: int, code: str
) -> None:
    game = Game(Deal.numbered(number, Rules.named(rules)))
    for _ in range(draws):
        game.draw()
    path = write_record(tmp_path, game)
    status, out, _ = run("hint", path, "--peek", "--budget", str(budget), "--json")
    advice = json.loads(out)
    assert status == 0 and advice["code"] == code and advice["peek"] is True
    assert advice["reason"].startswith("peeking at the stock: ")
    status, out, _ = run("hint", path, "--peek", "--budget", str(budget))
    assert status == 0 and out.splitlines()[1].startswith("peeking at the stock: ")
    status, out, _ = run("hint", path, "--budget", str(budget))
    assert status == 0 and "peeking" not in out


def test_the_hint_command_spends_the_rules_default_budget(run: Run, tmp_path: Path) -> None:
    """Without ``--budget`` the command's hint is the games' (fewer positions under wrap)."""
    game = Game(Deal.numbered(4, Rules.named("putt-putt")))
    status, out, _ = run("hint", write_record(tmp_path, game), "--json")
    assert status == 0 and json.loads(out)["nodes"] == hint(game).nodes == RICH_BUDGETS[0]
    _, help_text, _ = run("hint", "--help")
    for budget in (DEFAULT_BUDGET, BLENDED_BUDGETS[0], RICH_BUDGETS[0]):
        assert f"{budget:,}" in help_text  # the help says every default the games spend


def test_solve_stopped_by_its_limit_tells_where_the_best_score_lies(run: Run) -> None:
    """Double Golf deal 2's best score is -16: 20,000 positions find it without proving it."""
    status, out, _ = run(
        "solve", "2", "--rules", "double-golf", "--optimal", "--limit-nodes", "20000", "--line"
    )
    lines = out.splitlines()
    assert status == 0 and lines[0] == "deal 2 (double-golf): not decided: the limit ran out"
    assert lines[1] == (
        "best score not proved: the best line found scores -16 (it clears the tableau), "
        "and no line scores below -17"
    )
    game = Game(Deal.numbered(2, Rules.named("double-golf")))
    prefix = "best line found, to -16 (record moves: columns from 0, d draws): "
    assert lines[-1].startswith(prefix)
    for token in lines[-1].removeprefix(prefix).split():
        game.apply(Move.parse(token))
    assert game.is_won and game.score == -16
    status, out, _ = run("solve", "4", "--optimal", "--limit-nodes", "10", "--json")
    answer = json.loads(out)
    assert (answer["found_score"], answer["found_line"], answer["floor"]) == (None, [], -16)


def test_review_within_a_limit_says_what_was_proved_of_a_clear(run: Run, tmp_path: Path) -> None:
    """Greedy Double Golf deal 4: 150 positions do not prove the best scores, but they prove
    that move 3 (2♦) lost the last clear; the command says that, and that the scores are not
    proved, instead of giving up."""
    game = Game(Deal.numbered(4, Rules.named("double-golf")))
    while not game.is_over:
        game.apply(greedy_move(game))
    record = write_record(tmp_path, game)
    status, out, _ = run("review", record, "--limit-nodes", "150")
    assert status == 0, out
    lines = out.splitlines()
    assert lines[0] == " no. column card  clearable"
    assert lines[2].endswith("yes") and lines[3].endswith("no  <- lost the clear")
    assert sum("<- lost the clear" in line for line in lines) == 1
    assert "move 3 (2♦) lost the clear: a line could still clear the tableau before it" in out
    assert lines[-1].startswith("the best score after each move was not proved within ")
    status, out, _ = run("review", record, "--limit-nodes", "150", "--json")
    data = json.loads(out)
    assert status == 0 and data["partial"] is True
    assert (data["clear_kept"], data["clear_lost"], data["clear_settled"]) == (2, 3, True)
