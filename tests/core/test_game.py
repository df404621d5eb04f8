"""Game: moves and their refusals, end and score, undo/redo, competitive play, observation."""

import pytest

from golf_solitaire import (
    Card,
    Deal,
    Draw,
    Game,
    IllegalMoveError,
    Move,
    Play,
    Reason,
    Rules,
    Termination,
)


def board(waste: str, columns: list[str], stock: str = "", rules: Rules | None = None) -> Game:
    rules = rules or Rules()
    count = 17 if rules.layout == "black_hole" else 7
    lines = [] if rules.layout == "black_hole" else [f"Talon: {stock}"]
    lines.append(f"Foundations: {waste}")
    lines += [column or "-" for column in columns + [""] * (count - len(columns))]
    return Game(Deal.from_text("\n".join(lines), rules, partial=True))


def refused(game: Game, move: Move) -> Reason:
    before = game.state
    with pytest.raises(IllegalMoveError) as error:
        game.apply(move)
    assert game.state == before, "a refused move changes nothing"
    assert str(error.value) == error.value.refusal.message
    return error.value.reason


def test_refusals_name_each_rule() -> None:
    game = board("7D", ["9S", "", "KS", "3S"], stock="2C")
    assert refused(game, Play(0)) is Reason.NOT_ADJACENT
    assert refused(game, Play(1)) is Reason.EMPTY_COLUMN
    assert refused(game, Play(9)) is Reason.NO_SUCH_COLUMN
    game.draw()
    assert refused(game, Draw()) is Reason.STOCK_EMPTY
    game = board("KD", ["QS", "2S"], stock="2C")
    assert refused(game, Play(0)) is Reason.KING_BLOCKS
    game = board("AD", ["KS", "2S"], stock="2C")
    assert refused(game, Play(0)) is Reason.NO_WRAP


def test_game_over_refuses_every_move() -> None:
    game = board("7D", ["8S"], stock="2C")
    game.play(0)
    assert game.is_won and game.is_over
    assert refused(game, Draw()) is Reason.GAME_OVER
    assert game.legal_moves() == []


def test_messages_are_for_people() -> None:
    game = board("7D", ["3C 9S"], stock="2C")
    with pytest.raises(IllegalMoveError, match=r"9♠ cannot go on 7♦: a card must be one rank"):
        game.play(0)
    refusal = game.refusal_at(0, 0)
    assert refusal is not None and refusal.reason is Reason.COVERED
    assert refusal.message.startswith("3♣ is covered")
    with pytest.raises(IllegalMoveError, match="there is no column 8: the columns are 1 to 7"):
        game.play(7)


def test_a_win_scores_minus_the_stock_left() -> None:
    game = board("7D", ["8S"], stock="2C 3C")
    game.play(0)
    assert game.outcome is not None
    assert game.outcome.termination is Termination.CLEARED
    assert game.outcome.strokes == -2 == game.score
    assert game.outcome.is_won


def test_stuck_ends_with_strokes_left() -> None:
    game = board("7D", ["KS", "2H"], stock="TC")
    assert not game.is_over
    game.draw()
    assert game.is_over and game.outcome is not None
    assert game.outcome.termination is Termination.STUCK and game.score == 2


def test_undo_and_redo_are_unlimited_in_casual_play() -> None:
    game = Game(Deal.numbered(2))
    start = game.state
    moves = [Play(4), Draw(), Draw(), Draw()]
    for move in moves:
        game.apply(move)
    after = game.state
    for _ in moves:
        game.undo()
    assert game.state == start and not game.can_undo
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()
    for _ in moves:
        game.redo()
    assert game.state == after and not game.can_redo
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()
    game.undo()
    game.draw()
    assert not game.can_redo, "a new move clears the redo list"


def test_competitive_play_refuses_to_undo_a_draw() -> None:
    game = Game(Deal.numbered(2), competitive=True)
    game.play(4)
    game.draw()
    assert not game.can_undo
    with pytest.raises(IllegalMoveError, match="a draw cannot be undone in competitive play"):
        game.undo()
    with pytest.raises(IllegalMoveError):
        game.restart()
    game = Game(Deal.numbered(2), competitive=True)
    game.play(4)
    assert game.undo() == Play(4)


def test_empty_start_lets_any_exposed_card_go_first() -> None:
    game = Game(Deal.numbered(2, Rules.named("empty-start")))
    assert game.waste_top is None and game.stock_count == 17
    assert game.legal_moves() == [*[Play(column) for column in range(7)], Draw()]


def test_jokers_are_wild_both_ways() -> None:
    rules = Rules.named("jokers")
    game = board("KD", ["5S JK", "9C"], stock="2C", rules=rules)
    assert game.legal_moves() == [Play(0), Draw()]
    game.play(0)
    assert game.legal_moves() == [Play(0), Play(1), Draw()]
    game.play(1)
    assert str(game.waste_top) == "9C"


def test_a_joker_left_in_the_tableau_is_a_stroke() -> None:
    game = board("KD", ["JK 5S"], stock="", rules=Rules.named("jokers"))
    assert game.is_over and game.score == 2


def test_dead_end_queen_stops_the_chain_but_continue_goes_on() -> None:
    dead = board("KD", ["JS QS"], stock="2C", rules=Rules.named("queens-on-kings"))
    dead.play(0)
    assert dead.state.dead_end
    assert dead.legal_moves() == [Draw()]
    with pytest.raises(
        IllegalMoveError, match="nothing can be played on a Queen that went on a King"
    ):
        dead.play(0)
    dead.draw()
    assert not dead.state.dead_end
    going = board("KD", ["JS QS"], stock="2C", rules=Rules.named("pysolfc-golf"))
    going.play(0)
    going.play(0)
    assert going.is_won


def test_a_drawn_queen_on_a_king_is_not_a_dead_end() -> None:
    game = board("KD", ["JS"], stock="QS", rules=Rules.named("queens-on-kings"))
    game.draw()
    assert not game.state.dead_end and game.legal_moves() == [Play(0)]


def test_putt_putt_wraps_both_ways() -> None:
    game = board("KD", ["2S AS", "QC"], stock="", rules=Rules.named("putt-putt"))
    assert game.legal_moves() == [Play(0), Play(1)]
    game.play(0)
    game.play(0)
    assert game.legal_moves() == []


def test_black_hole_plays_onto_the_ace_of_spades_and_wraps() -> None:
    game = Game(Deal.numbered(2, Rules.named("black-hole")))
    assert str(game.waste_top) == "AS" and game.stock_count == 0
    assert all(isinstance(move, Play) for move in game.legal_moves())
    assert {str(game.exposed(move.column))[0] for move in game.legal_moves()} <= {"K", "2"}  # type: ignore[attr-defined]


def test_observation_never_shows_the_stock_order() -> None:
    game = Game(Deal.numbered(7))
    observed = game.observation()
    assert observed.stock_count == 16
    assert sorted(game.stock) == list(observed.unseen)
    data = observed.to_dict()
    assert "unseen" not in data and "stock" not in data
    text = repr(data)
    for card in game.stock:
        assert f"'{card}'" not in text
    assert data["columns"][0] == [str(card) for card in game.columns[0]]


def test_moves_parse_and_print() -> None:
    assert Move.parse("3") == Play(3)
    assert Move.parse(" D ") == Draw() == Move.parse("draw") == Move.parse("T:8H")
    assert Move.parse("4:AH") == Play(4)
    assert str(Play(12)) == "12" and str(Draw()) == "d"
    for bad in ("x", "-1", "", "3.5", "١"):
        with pytest.raises(ValueError, match="not a move"):
            Move.parse(bad)


def test_copy_is_independent() -> None:
    game = Game(Deal.numbered(2))
    twin = game.copy()
    twin.play(4)
    assert game.move_count == 0 and twin.move_count == 1
    assert game.exposed(4) == Card.parse("AH")
