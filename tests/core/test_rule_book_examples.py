"""The worked examples of the rule book, one named test each."""

import pytest

from golf_solitaire import Deal, Draw, Game, IllegalMoveError, Play, Reason, Rules
from golf_solitaire.rounds import Round


def position(waste: str, columns: list[str], stock: str = "", rules: Rules | None = None) -> Game:
    """A game from a partial board: seven columns (deepest first), waste top, stock."""
    lines = [f"Talon: {stock}", f"Foundations: {waste}"]
    lines += [column or "-" for column in columns + [""] * (7 - len(columns))]
    return Game(Deal.from_text("\n".join(lines), rules or Rules(), partial=True))


def test_example_1_up_then_down_and_covered_card_waits() -> None:
    game = position("7D", ["7C 8S", "6H"], stock="2C")
    assert game.refusal_at(0, 0) is not None
    assert game.refusal_at(0, 0).reason is Reason.COVERED  # type: ignore[union-attr]
    assert str(game.play(0)) == "8S"
    assert str(game.exposed(0)) == "7C"
    assert str(game.play(0)) == "7C"
    assert str(game.play(1)) == "6H"
    assert game.is_won


def test_example_2_a_seven_takes_six_or_eight_and_a_jack_ten_or_queen() -> None:
    game = position("7D", ["6S", "8S", "5S", "9S", "7S", "2S"], stock="3C")
    assert game.legal_moves() == [Play(0), Play(1), Draw()]
    game = position("JD", ["TS", "QS", "9S", "KS", "JS"], stock="3C")
    assert game.legal_moves() == [Play(0), Play(1), Draw()]


def test_example_3_king_blocks_ace_takes_only_two_king_on_queen_is_legal() -> None:
    game = position("KD", ["QS", "AS", "KS", "JS"], stock="3C")
    assert game.legal_moves() == [Draw()]
    with pytest.raises(IllegalMoveError, match="nothing can be played on a King"):
        game.play(0)
    game = position("AD", ["2S", "KS", "3S", "AS"], stock="3C")
    assert game.legal_moves() == [Play(0), Draw()]
    game = position("QD", ["KS"], stock="3C")
    assert game.legal_moves() == [Play(0), Draw()]
    game.play(0)
    assert game.is_won


def test_example_4_plus_four_and_minus_three_total_plus_one() -> None:
    stuck = position("KD", ["2S 3S", "5S", "9S"], stock="")
    assert stuck.is_over and stuck.score == 4
    cleared = position("7D", ["8S"], stock="2C 3C 4C")
    cleared.play(0)
    assert cleared.is_won and cleared.score == -3
    round_ = Round(holes=9)
    round_.record(stuck.score)
    round_.record(cleared.score)
    assert round_.total == 1


def test_example_5_empty_stock_with_a_play_left_goes_on() -> None:
    game = position("7D", ["2S 8S"], stock="")
    assert game.stock_count == 0
    assert not game.is_over
    assert game.legal_moves() == [Play(0)]
    game.play(0)
    assert game.is_over and not game.is_won and game.score == 1
    assert game.outcome is not None and game.outcome.termination.value == "stuck"
