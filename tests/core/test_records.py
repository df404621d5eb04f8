"""Records: JSON that replays to the identical state; bad or tampered records refused whole."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golf_solitaire import Deal, Game, RecordError, Rules


def played(number: int = 2, rules: Rules | None = None, moves: int = 6) -> Game:
    game = Game(Deal.numbered(number, rules))
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(game.legal_moves()[0])
    return game


def test_record_round_trips_as_dict_and_json() -> None:
    game = played()
    record = game.record()
    assert record["deal"] == {"number": 2}
    assert record["moves"] == [str(move) for move in game.moves]
    assert Game.from_record(record).state == game.state
    assert Game.from_record(json.dumps(record)).state == game.state


def test_every_deal_kind_round_trips() -> None:
    for deal in (
        Deal.numbered(9, Rules.named("jokers")),
        Deal.daily("2026-12-02", Rules.named("putt-putt")),
        Deal.random(99, Rules.named("empty-start")),
        Deal.from_text(Deal.numbered(3).to_text()),
        Deal.numbered(4, Rules.named("black-hole")),
    ):
        game = Game(deal, competitive=True)
        game.apply(game.legal_moves()[0])
        again = Game.from_record(json.loads(json.dumps(game.record())))
        assert again.deal == deal and again.state == game.state and again.competitive


def test_meta_and_timestamps_are_kept() -> None:
    game = played(moves=2)
    record = game.record(timestamps=["2026-12-02T10:00:00Z", "2026-12-02T10:00:03Z"], player="ann")
    assert record["meta"] == {"player": "ann"}
    assert Game.from_record(record).state == game.state


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda r: r.update(moves=[*r["moves"], "6"]), "move 7 ('6', column 7) is illegal"),
        (lambda r: r.update(moves=["x"]), "move 1: not a move"),
        (lambda r: r.update(moves="4 d"), "moves: expected a list"),
        (lambda r: r.update(rules={"wrap": "yes"}), "rules: wrap: must be true or false"),
        (lambda r: r.update(deal={"number": 0}), "deal number 0 is out of range"),
        (lambda r: r.update(deal={"number": "2"}), "deal.number: expected a whole number"),
        (lambda r: r.update(deal={}), "deal: expected one of number, seed or board"),
        (
            lambda r: r.update(deal={"daily": "2026-12-02", "number": 5}),
            "deal.number: 5 is not the daily deal of 2026-12-02",
        ),
        (lambda r: r.update(deal={"board": "Talon: 2C\nFoundations: 3Q"}), "line 2, column 14"),
        (lambda r: r.update(format="chess"), "format: expected 'golf-solitaire-record'"),
        (lambda r: r.update(version=2), "version"),
        (lambda r: r.update(cheat=True), "unknown field 'cheat'"),
        (lambda r: r.pop("moves"), "moves: missing"),
        (lambda r: r.update(competitive="no"), "competitive: expected true or false"),
        (lambda r: r.update(timestamps=["now"]), "timestamps: expected one time per move"),
    ],
)
def test_bad_records_are_refused_with_the_reason(change: object, fragment: str) -> None:
    record = played().record()
    change(record)  # type: ignore[operator]
    with pytest.raises(RecordError) as error:
        Game.from_record(record)
    assert fragment in str(error.value)


def test_not_json_names_line_and_column() -> None:
    with pytest.raises(RecordError, match="not JSON \\(line 1, column 2"):
        Game.from_record("{moves")
    with pytest.raises(RecordError, match="expected a JSON object"):
        Game.from_record("[1, 2]")


def test_a_record_of_an_undone_game_keeps_only_the_line_played() -> None:
    game = played(moves=4)
    game.undo()
    assert len(game.record()["moves"]) == 3


@given(st.lists(st.sampled_from(["0", "1", "2", "3", "4", "5", "6", "d"]), max_size=40))
def test_records_of_any_move_list_replay_or_are_refused_whole(moves: list[str]) -> None:
    record = Game(Deal.numbered(11)).record()
    record["moves"] = moves
    try:
        game = Game.from_record(record)
    except RecordError as error:
        assert "move" in str(error)
    else:
        assert [str(move) for move in game.moves] == moves
