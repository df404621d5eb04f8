"""Rounds, competitions with playoffs, and match play."""

import pytest

from golf_solitaire.rounds import Competition, MatchPlay, Round, to_par_text


def test_round_par_total_and_card() -> None:
    round_ = Round(holes=18)
    assert round_.par == 90 and Round(holes=9).par == 45
    assert Round(holes=18, expert=True).par == 72 and Round(holes=9, expert=True).par == 36
    for strokes in (4, -3, 7):
        round_.record(strokes)
    assert round_.total == 8 and round_.played == 3 and round_.current_hole == 4
    assert round_.to_par == 8 - 15 and round_.to_par_text == "-7"
    assert round_.card()[:4] == [(1, 4, 4), (2, -3, 1), (3, 7, 8), (4, None, 8)]
    assert to_par_text(0) == "E" and to_par_text(3) == "+3"


def test_round_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="9 or 18 holes"):
        Round(holes=10)
    round_ = Round(holes=9)
    with pytest.raises(ValueError, match="strokes"):
        round_.record(99)
    for _ in range(9):
        round_.record(5)
    assert round_.is_complete and round_.current_hole is None
    with pytest.raises(ValueError, match="round is complete"):
        round_.record(3)


def test_competition_standings_and_outright_winner() -> None:
    competition = Competition(["ann", "bob", "cy"], holes=9)
    for strokes_ann, strokes_bob, strokes_cy in [(3, 5, 5)] * 9:
        competition.record("ann", strokes_ann)
        competition.record("bob", strokes_bob)
        competition.record("cy", strokes_cy)
    standings = competition.standings()
    assert [line.player for line in standings] == ["ann", "bob", "cy"]
    assert [line.position_text for line in standings] == ["1", "T2", "T2"]
    assert standings[0].total == 27 and standings[0].to_par == -18
    assert competition.winner == "ann" and competition.decided_by == "total"
    assert not competition.needs_playoff


def test_ties_for_first_go_to_playoff_holes_until_decided() -> None:
    competition = Competition(["ann", "bob", "cy"], holes=9)
    for _ in range(9):
        competition.record("ann", 4)
        competition.record("bob", 4)
        competition.record("cy", 6)
    assert competition.winner is None and competition.playoff_players() == ["ann", "bob"]
    with pytest.raises(ValueError, match="exactly ann, bob"):
        competition.record_playoff({"ann": 3, "cy": 2})
    competition.record_playoff({"ann": 3, "bob": 3})
    assert competition.needs_playoff
    competition.record_playoff({"ann": 5, "bob": 2})
    assert competition.winner == "bob"
    assert competition.decided_by == "playoff after 2 holes"
    assert [line.position_text for line in competition.standings()] == ["1", "2", "3"]
    with pytest.raises(ValueError, match="no playoff is needed"):
        competition.record_playoff({"ann": 1, "bob": 1})


def test_competition_in_progress_ranks_by_score_against_par() -> None:
    competition = Competition(["ann", "bob"], holes=9)
    competition.record("ann", 4)
    competition.record("ann", 4)
    competition.record("bob", 2)
    assert [line.player for line in competition.standings()] == ["bob", "ann"]
    with pytest.raises(ValueError, match="not in this competition"):
        competition.record("zed", 3)
    with pytest.raises(ValueError, match="each name once"):
        Competition(["ann", "ann"])


def test_match_play_states() -> None:
    match = MatchPlay("Ann", "Bob", holes=9)
    assert match.status().text == "all square with 9 to play"
    match.record(3, 5)
    match.record(4, 4)
    match.record(2, 6)
    assert match.status().text == "Ann 2 up with 6 to play"
    for _ in range(3):
        match.record(1, 5)
    assert match.status().text == "Ann won 5 & 3"
    assert match.status().finished
    with pytest.raises(ValueError, match="decided"):
        match.record(1, 1)


def test_match_play_dormie_won_up_and_halved() -> None:
    match = MatchPlay("Ann", "Bob", holes=9)
    for _ in range(8):
        match.record(4, 4)
    assert match.status().code == "all_square"
    match.record(3, 4)
    assert match.status().text == "Ann won 1 up"
    dormie = MatchPlay("Ann", "Bob", holes=9)
    for _ in range(7):
        dormie.record(4, 4)
    dormie.record(5, 4)
    assert dormie.status().text == "Bob dormie 1"
    halved = MatchPlay("Ann", "Bob", holes=9)
    for _ in range(9):
        halved.record(4, 4)
    assert halved.status().text == "match halved"
