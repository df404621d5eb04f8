"""``golf play``'s options: bad ones are refused in one line before any screen is drawn."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from golf_solitaire import Rules
from golf_solitaire.cli.common import CliError, default_language
from golf_solitaire.cli.play_commands import first_deal, first_deal_number

GOLF = [sys.executable, "-c", "from golf_solitaire.cli import main; main()"]


def golf_play(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["GOLF_DATABASE_URL"] = f"sqlite:///{tmp_path / 'golf.sqlite3'}"
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    return subprocess.run(
        [*GOLF, "play", *args], capture_output=True, text=True, env=env, timeout=60, check=False
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lang", "xx"], "--lang: unknown language 'xx'"),
        (["--deal", "0"], "--deal: 0 is not a deal number"),
        (["--deal", "3", "--daily"], "give --deal N or --daily, not both"),
        (["--rules", "nope"], "unknown rules preset 'nope'"),
        (["--resume", "--deal", "3"], "--resume goes on with the saved game"),
        (["--resume"], "no unfinished game to resume"),
        (["--round", "7"], "'7' is not one of '9', '18'"),
        (["--casual", "--resume"], "--casual keeps no score and saves nothing"),
        (["--casual", "--round", "9"], "--casual keeps no score and saves nothing"),
        (["--resume", "--winnable"], "--resume goes on with the saved game"),
        (["--daily", "--winnable"], "--daily is the same deal for everyone"),
        (["--level", "hard", "--daily"], "--level picks each new deal by its rating"),
        (["--level", "easy", "--round", "9"], "--level picks each new deal by its rating"),
        (["--level", "brutal"], "'brutal' is not one of 'easy', 'medium', 'hard'"),
    ],
)
def test_bad_options_are_refused_in_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    result = golf_play(tmp_path, *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_the_language_follows_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert default_language() == "en"
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert default_language() == "it"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert default_language() == "fr"


def test_the_first_deal_is_the_given_one_or_the_daily_one() -> None:
    assert first_deal_number(42, False) == 42
    assert 1 <= first_deal_number(None, True) <= 1_000_000
    with pytest.raises(CliError, match="not both"):
        first_deal_number(3, True)


def test_with_a_level_the_first_deal_is_the_first_rated_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deal = first_deal(1, False, Rules(winnable_only=True), "hard", "it")
    assert deal.number == 12 and deal.rules.winnable_only
    assert capsys.readouterr().err == "Cerco una smazzata che il risolutore giudica difficile…\n"
    assert first_deal(3, False, Rules(), None, "en").number == 3
