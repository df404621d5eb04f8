"""The `golf` command: deal, rules and replay, and errors as one line without a traceback."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from golf_solitaire import Deal, Game
from golf_solitaire.i18n import LANGUAGES, translate
from golf_solitaire.rules import PRESETS

GOLF = [sys.executable, "-c", "from golf_solitaire.cli import main; main()"]


def golf(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*GOLF, *args], capture_output=True, text=True, input=stdin, timeout=60, check=False
    )


def test_deal_pretty_shows_columns_waste_and_stock() -> None:
    result = golf("deal", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Deal 2 - strict"
    assert lines[1].split() == ["1", "2", "3", "4", "5", "6", "7"]
    assert lines[2].split() == ["Q♦", "Q♣", "K♣", "3♣", "4♣", "2♣", "K♦"]
    assert "10♦" in result.stdout
    assert "waste 2♠   stock 16" in result.stdout


def test_deal_board_format_is_the_reference_text() -> None:
    result = golf("deal", "2", "--format", "board")
    assert result.stdout == Deal.numbered(2).to_text()


def test_deal_json_is_a_record() -> None:
    result = golf("deal", "7", "--rules", "relaxed-golf", "--format", "json")
    record = json.loads(result.stdout)
    assert record["deal"] == {"number": 7} and record["rules"]["wrap"] is True


def test_daily_deal_by_date() -> None:
    result = golf("deal", "--date", "2026-12-02", "--format", "board")
    assert result.stdout == Deal.daily("2026-12-02").to_text()
    assert golf("deal", "--daily").returncode == 0
    both = golf("deal", "--daily", "--date", "2026-12-02", "--format", "board")
    assert both.stdout == result.stdout  # --date picks the day; --daily says no more


def test_deal_help_says_how_daily_and_date_go_together() -> None:
    result = golf("deal", "--help")
    text = " ".join(result.stdout.split())
    assert "today's (UTC date), or with --date that day's" in text
    assert "--date YYYY-MM-DD" in text and "--daily may be given too" in text


def test_rules_lists_every_preset_with_its_other_names() -> None:
    result = golf("rules", "--lang", "en")
    assert "putt-putt: Putt-Putt" in result.stdout and "PySolFC's Relaxed Golf" in result.stdout
    assert "PySolFC's Dead King Golf" in result.stdout
    assert "Other names: relaxed-golf, relaxed, wrap, circular." in result.stdout


@pytest.mark.parametrize("command", ["deal", "play", "solve", "rate"])
def test_the_winnable_only_modifier_is_listed(command: str) -> None:
    listing = golf("rules", "--lang", "en").stdout.splitlines()
    modifier = listing.index("+winnable_only")
    assert "--rules strict+winnable_only" in listing[modifier + 1]
    assert "Never for the daily deal" in listing[modifier + 3]
    text = " ".join(golf(command, "--help").stdout.split())
    assert "preset+winnable_only for winnable deals only" in text


def test_survey_takes_presets_only_and_says_so() -> None:
    text = " ".join(golf("survey", "--help").stdout.split())
    assert "Rules preset (see `golf rules`)" in text and "winnable_only" not in text
    listing = " ".join(golf("rules", "--lang", "en").stdout.split())
    assert "nor for golf survey (it solves every deal)" in listing


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_speak_every_language(language: str) -> None:
    result = golf("rules", "--lang", language)
    assert result.returncode == 0, result.stderr
    listing = " ".join(result.stdout.split())
    for name in PRESETS:
        for part in ("title", "summary", "elsewhere"):
            assert " ".join(translate(language, f"preset.{name}.{part}").split()) in listing
    aliases = ", ".join(PRESETS["tripeaks"].aliases)
    assert translate(language, "rules_list.aliases", names=aliases) in listing
    assert translate(language, "rules_list.never") in listing


def test_rules_follow_the_locale_and_refuse_an_unknown_language() -> None:
    italian = subprocess.run(
        [*GOLF, "rules"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "LC_ALL": "it_IT.UTF-8"},
    )
    assert "Altri nomi: relaxed-golf" in italian.stdout
    wrong = golf("rules", "--lang", "de")
    assert wrong.returncode == 2 and wrong.stdout == ""
    assert "--lang: unknown language 'de' (choose en, it, nl, es, fr)" in wrong.stderr
    assert (
        "--lang TEXT  Language: en, it, nl, es, fr (default: locale)."
        in golf("rules", "--help").stdout
    )


def test_replay_prints_the_final_board_and_score(tmp_path: Path) -> None:
    game = Game(Deal.numbered(2))
    game.play(4)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    result = golf("replay", str(path))
    assert result.returncode == 0
    assert "in progress after 1 move: 34 strokes so far" in result.stdout
    assert golf("replay", "-", stdin=json.dumps(game.record())).returncode == 0


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("deal", "0"), "deal number 0 is out of range"),
        (("deal",), "give a deal NUMBER"),
        (("deal", "2", "--daily"), "give a deal NUMBER or --daily, not both"),
        (("deal", "2", "--date", "2026-01-05"), "give a deal NUMBER or --date, not both"),
        (("deal", "--date", ""), "--date: date: expected YYYY-MM-DD, not ''"),
        (("deal", "5", "--rules", "nope"), "unknown rules preset 'nope'"),
        (("deal", "--date", "tomorrow"), "date: expected YYYY-MM-DD"),
        (("replay", "/nonexistent/game.json"), "cannot read record"),
        (("deal", "x"), "'x' is not a deal number (1 to 10**20)"),
        (("deal", "--date", "20260105"), "--date: date: expected YYYY-MM-DD, not '20260105'"),
        (("deal", "--date", "2026-W01-1"), "expected YYYY-MM-DD, not '2026-W01-1'"),
        (("deal", "--date", "2026-02-30"), "'2026-02-30' is not a day of the calendar"),
        (("deal", "--daily", "--rules", "strict+winnable_only"), "never winnable_only"),
        (("deal", "--date", "2026-01-05", "--rules", "putt-putt+winnable_only"), "never winnable"),
        (("play", "--daily", "--rules", "strict+winnable_only"), "--daily: the daily deal is"),
        (("play", "--round", "9", "--deal", str(10**20)), "a round starts at deal"),
        (("deal", "9" * 5000), "NUMBER]': '999999999999999999999999999999...' is not a deal"),
        (("deal", "--", "-5"), "'-5' is not a deal number (1 to 10**20)"),
        (("deal", "-1"), "'-1' is not a deal number (1 to 10**20)"),
        (("solve", "-3"), "'-3' is not a deal number (1 to 10**20)"),
        (("play", "--deal", "1x"), "'--deal': '1x' is not a deal number"),
        (("solve", "2", "--limit-nodes", "0"), "'--limit-nodes': 0 is not in the range x>=1"),
        (("solve", "2", "--limit-seconds", "-1"), "'--limit-seconds': -1.0 is not in the range"),
        (("review", "-", "--limit-nodes", "0"), "'--limit-nodes': 0 is not in the range x>=1"),
    ],
)
def test_errors_are_one_line_on_stderr(args: tuple[str, ...], fragment: str) -> None:
    result = golf(*args)
    assert result.returncode != 0
    assert fragment in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


RECORD = {"format": "golf-solitaire-record", "version": 1, "rules": {}, "moves": []}


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[" * 100_000 + "]" * 100_000, "record: nested too deeply to be a game record"),
        ('{"deal": {"number": ' + "9" * 5000 + "}}", "holds a number with thousands of digits"),
        (json.dumps(RECORD | {"deal": {"daily": "2026-01-05"}}), "deal.number: missing; a daily"),
        (json.dumps(RECORD | {"rules": {"preset": "x"}, "deal": {"number": 1}}), "rules.preset:"),
        (json.dumps(RECORD | {"deal": {"number": 1, "colour": "red"}}), "deal.colour: unknown"),
        (json.dumps(RECORD | {"deal": {"number": 1, "seed": 1}}), "deal: number and seed both"),
        (json.dumps(RECORD | {"version": True, "deal": {"number": 1}}), "version 1, not True"),
        (
            json.dumps(RECORD | {"deal": {"board": "Talon: 2C\nFoundations: 3Q"}}),
            "deal.board: line 2, column 14: not a card: '3Q'",
        ),
    ],
    ids=[
        "nested",
        "long-number",
        "daily-only",
        "bad-rules",
        "deal-field",
        "twice",
        "version",
        "board",
    ],
)
def test_odd_records_get_a_message_naming_the_fault(
    tmp_path: Path, text: str, fragment: str
) -> None:
    path = tmp_path / "odd.json"
    path.write_text(text, encoding="utf-8")
    for command in ("replay", "hint", "review"):
        result = golf(command, str(path))
        assert result.returncode == 2, result.stderr
        assert fragment in result.stderr and "rules: rules:" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr[-300:]


def test_a_record_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    text = json.dumps(Game(Deal.numbered(2)).record()).encode()
    path.write_bytes(text + b"\xe9")
    result = golf("replay", str(path))
    assert result.returncode == 2
    assert result.stderr.strip().endswith(
        f"latin1.json: not UTF-8 text (byte {len(text) + 1}); a record is JSON in UTF-8"
    )


def test_a_record_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    game = Game(Deal.numbered(2))
    game.play(4)
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(game.record()).encode())
    for result in (golf("replay", str(path)), golf("replay", "-", stdin=path.read_text())):
        assert result.returncode == 0, result.stderr
        assert "in progress after 1 move: 34 strokes so far" in result.stdout


def test_tampered_record_is_refused(tmp_path: Path) -> None:
    record = Game(Deal.numbered(2)).record()
    record["moves"] = ["6"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = golf("replay", str(path))
    assert result.returncode == 2
    assert "move 1 ('6', column 7) is illegal" in result.stderr


def test_a_closed_stdout_is_no_traceback() -> None:
    """Started with standard output closed (``golf deal 3 >&-``), Python has no sys.stdout:
    the command still runs, and ends without a traceback."""
    result = subprocess.run(
        [*GOLF, "deal", "3"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert result.stderr == ""
    assert result.returncode == 0


def golf_in(encoding: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    """``golf`` run for a terminal whose encoding is ``encoding`` (raw bytes back)."""
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run([*GOLF, *args], capture_output=True, env=env, timeout=60, check=False)


def test_a_latin1_terminal_reads_suits_as_letters(tmp_path: Path) -> None:
    """A terminal without suit symbols gets each card's letter, never an error."""
    result = golf_in("latin-1", "deal", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.decode("latin-1").splitlines()
    assert lines[2].split() == ["QD", "QC", "KC", "3C", "4C", "2C", "KD"]
    assert "waste 2S   stock 16" in lines[-1]

    record = Game(Deal.numbered(7)).record()
    record["moves"] = ["6"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    refused = golf_in("latin-1", "replay", str(path))
    assert refused.returncode == 2
    message = refused.stderr.decode("latin-1")
    assert "is illegal: JD cannot go on 8D" in message, message


def test_a_chosen_error_handler_is_kept() -> None:
    """Only Python's default handlers give way to the suit letters; a chosen one stays."""
    result = golf_in("latin-1:backslashreplace", "deal", "2")
    assert result.returncode == 0, result.stderr
    assert "waste 2\\u2660" in result.stdout.decode("latin-1")
