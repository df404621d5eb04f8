"""The leaderboard worked out from stored scores: match play states, playoffs, how decided."""

from __future__ import annotations

from typing import Any

from golf_solitaire.competitions.leaderboard import build_board
from golf_solitaire.i18n import translate
from golf_solitaire.store.competitions import CompetitionRow

ANN, BOB, CY = ("a", "Ann"), ("b", "Bob"), ("c", "<b>Cy</b>")


def competition(holes: int, match_play: bool = False) -> CompetitionRow:
    return CompetitionRow(
        id="x",
        code="ABCDEF",
        name="Test",
        holes=holes,
        rules={},
        rules_label="strict",
        deals="number",
        first_deal=1,
        day=None,
        match_play=match_play,
        created_at="2026-01-01T00:00:00+00:00",
        finished_at=None,
        decided_by=None,
    )


def scores(**cards: list[int]) -> list[tuple[str, int, int | None]]:
    """(player, hole, strokes) rows from each player's strokes by hole."""
    return [
        (player, hole, strokes)
        for player, card in cards.items()
        for hole, strokes in enumerate(card, start=1)
    ]


def page_text(match: dict[str, Any]) -> str:
    """The match line as the page shows it in English (competition.js ``matchText``)."""
    key = match["code"]
    if key == "all_square" and match["to_play"]:
        key = "all_square_to_play"
    return translate("en", f"competition.match.{key}", **match)


def test_match_play_all_square_then_up_with_holes_to_play_then_won() -> None:
    row = competition(9, match_play=True)
    level = build_board(row, [ANN, BOB], scores(a=[5, 9], b=[7, 7]))
    assert level["match"]["code"] == "all_square" and level["match"]["to_play"] == 7
    assert page_text(level["match"]) == "All square with 7 to play"
    assert level["phase"] == "playing"
    # Ann wins holes 1, 3 and 4, Bob hole 2, two halved: Ann 2 up with 3 to play.
    up = build_board(row, [ANN, BOB], scores(a=[5, 9, 4, 3, 6, 6], b=[7, 7, 8, 9, 6, 6]))
    assert up["match"]["text"] == "Ann 2 up with 3 to play"
    assert page_text(up["match"]) == "Ann 2 up with 3 to play"
    assert up["match"]["holes_won"] == [3, 1] and up["phase"] == "playing"
    # Ann wins hole 7 too: 3 up with 2 to play, so the match is won 3 & 2.
    won = build_board(row, [ANN, BOB], scores(a=[5, 9, 4, 3, 6, 6, 1], b=[7, 7, 8, 9, 6, 6, 2]))
    assert won["match"]["text"] == "Ann won 3 & 2" and page_text(won["match"]) == "Ann won 3 & 2"
    assert won["phase"] == "finished" and won["decided"] == "match" and won["winner"] == "Ann"
    # Holes played after the match was decided do not change it.
    late = build_board(
        row, [ANN, BOB], scores(a=[5, 9, 4, 3, 6, 6, 1, 9], b=[7, 7, 8, 9, 6, 6, 2, 1])
    )
    assert late["match"] == won["match"]


def test_a_tie_goes_to_playoff_holes_until_one_is_lower() -> None:
    row = competition(3)
    round_cards = {"a": [5, 6, 7], "b": [7, 6, 5], "c": [9, 9, 9]}
    members = [ANN, BOB, CY]
    tied = build_board(row, members, scores(**round_cards))
    assert tied["phase"] == "playoff" and tied["decided"] is None
    assert tied["playoff"]["hole"] == 4 and tied["playoff"]["players"] == ["Ann", "Bob"]
    assert [line["position_text"] for line in tied["standings"]] == ["T1", "T1", "3"]
    # The first playoff hole is halved: another one, for the same two.
    halved = [*scores(**round_cards), ("a", 4, 6), ("b", 4, 6)]
    again = build_board(row, members, halved)
    assert again["phase"] == "playoff" and again["playoff"]["hole"] == 5
    assert again["playoff"]["number"] == 2
    # Bob is lower on the second: he wins, and the board says it took two playoff holes.
    decided = build_board(row, members, [*halved, ("a", 5, 8), ("b", 5, 3)])
    assert decided["phase"] == "finished" and decided["decided"] == "playoff"
    assert decided["winner"] == "Bob" and decided["playoff_holes"] == 2
    lines = {line["name"]: line for line in decided["standings"]}
    assert decided["standings"][0]["name"] == "Bob" and lines["Bob"]["position_text"] == "1"
    assert lines["Bob"]["playoff"] == [6, 3] and lines["Ann"]["playoff"] == [6, 8]
    assert lines["<b>Cy</b>"]["playoff"] == []
    assert (
        translate("en", "competition.phase.playoff_won", winner="Bob", count=2)
        == "Bob wins after a playoff of 2 extra hole(s)."
    )


def test_a_lower_total_decides_and_one_still_playing_holds_the_result() -> None:
    row = competition(3)
    playing = build_board(row, [ANN, BOB], [*scores(a=[5, 6, 7], b=[4, 4]), ("b", 3, None)])
    assert playing["phase"] == "playing" and playing["winner"] is None
    assert [line["playing_hole"] for line in playing["standings"]] == [3, None]
    done = build_board(row, [ANN, BOB], scores(a=[5, 6, 7], b=[4, 4, 9]))
    assert done["phase"] == "finished" and done["decided"] == "total"
    assert done["winner"] == "Bob" and done["standings"][0]["to_par_text"] == "+2"
