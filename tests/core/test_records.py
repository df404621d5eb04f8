"""Records: JSON that replays to the identical state; bad or tampered records refused whole."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golf_solitaire import PRESETS, Deal, Game, RecordError, Rules


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
        (lambda r: r.update(rules={"wrap": "yes"}), "rules.wrap: must be true or false"),
        (lambda r: r.update(rules={"wrap": 1}), "rules.wrap: must be true or false, not 1"),
        (lambda r: r.update(rules={"colour": "red"}), "rules.colour: unknown field"),
        (lambda r: r.update(rules=None), "rules: expected an object or a preset name, not None"),
        (lambda r: r.update(deal={"number": 0}), "deal.number: 0 is out of range"),
        (lambda r: r.update(deal={"number": -2}), "deal.number: -2 is out of range"),
        (lambda r: r.update(deal={"number": True}), "deal.number: expected a whole number"),
        (lambda r: r.update(deal={"number": 2.0}), "deal.number: expected a whole number"),
        (lambda r: r.update(deal={"number": None}), "deal.number: expected a whole number"),
        (lambda r: r.update(deal={"seed": -1}), "deal.seed: -1 is out of range"),
        (lambda r: r.update(deal={"seed": 1.0}), "deal.seed: expected a whole number, not 1.0"),
        (lambda r: r.update(deal={"seed": True}), "deal.seed: expected a whole number, not True"),
        (lambda r: r.update(deal={"board": None}), "deal.board: expected board text"),
        (lambda r: r.update(deal={"board": ""}), "deal.board: line 1, column 1: missing"),
        (
            lambda r: r.update(deal={"daily": None, "number": 5}),
            "deal.daily: expected YYYY-MM-DD, not None",
        ),
        (lambda r: r.update(deal={"number": 2, "colour": "red"}), "deal.colour: unknown field"),
        (lambda r: r.update(deal={"number": 2, "x y": 1}), "deal['x y']: unknown field"),
        (
            lambda r: r.update(deal={"number": 2, "seed": 2}),
            "deal: number and seed both name the deal; give one of them",
        ),
        (
            lambda r: r.update(deal={"number": 2, "board": Deal.numbered(2).to_text()}),
            "deal: number and board both name the deal",
        ),
        (
            lambda r: r.update(deal={"seed": 2, "board": Deal.random(2).to_text()}),
            "deal: seed and board both name the deal",
        ),
        (
            lambda r: r.update(deal={"daily": "2026-12-02", "seed": 2}),
            "deal: daily and seed both name the deal",
        ),
        (lambda r: r.update(deal={"number": "2"}), "deal.number: expected a whole number"),
        (lambda r: r.update(deal={}), "deal: expected one of number, seed or board"),
        (
            lambda r: r.update(deal={"daily": "2026-12-02", "number": 5}),
            "deal.number: 5 is not the daily deal of 2026-12-02",
        ),
        (
            lambda r: r.update(deal={"board": "Talon: 2C\nFoundations: 3Q"}),
            "deal.board: line 2, column 14: not a card: '3Q'",
        ),
        (lambda r: r.update(format="chess"), "format: expected 'golf-solitaire-record'"),
        (lambda r: r.update(version=2), "version: this program reads version 1, not 2"),
        (lambda r: r.update(version=True), "version: this program reads version 1, not True"),
        (lambda r: r.update(version=1.0), "version: this program reads version 1, not 1.0"),
        (lambda r: r.update(version="1"), "version: this program reads version 1, not '1'"),
        (lambda r: r.pop("version"), "version: this program reads version 1, not None"),
        (lambda r: r.update(cheat=True), "cheat: unknown field"),
        (lambda r: r.pop("moves"), "moves: missing"),
        (lambda r: r.update(competitive="no"), "competitive: expected true or false"),
        (lambda r: r.update(timestamps=["now"]), "timestamps: expected one time per move"),
        (lambda r: r.update(timestamps=None), "timestamps: expected a list of one time per move"),
        (lambda r: r.update(timestamps=[True] * 6), "the time of move 1 is True, not a date"),
        (lambda r: r.update(timestamps=[""] * 6), "the time of move 1 is '', not a date"),
        (lambda r: r.update(timestamps=[1, float("nan")] + [1] * 4), "move 2 is nan"),
        (lambda r: r.update(timestamps=[1, -1] + [1] * 4), "the time of move 2 is -1, not"),
        (lambda r: r.update(moves=[" 4"]), "move 1: not a move: ' 4' (a record move is a column"),
        (lambda r: r.update(moves=["4", "draw"]), "move 2: not a move: 'draw'"),
        (lambda r: r.update(moves=["4:2C"]), "move 1: not a move: '4:2C'"),
        (lambda r: r.update(moves=["04"]), "move 1: not a move: '04'"),
        (lambda r: r.update(moves=["D"]), "move 1: not a move: 'D'"),
        (lambda r: r.update(meta=None), "meta: expected an object"),
    ],
)
def test_bad_records_are_refused_with_the_reason(change: object, fragment: str) -> None:
    record = played().record()
    change(record)  # type: ignore[operator]
    with pytest.raises(RecordError) as error:
        Game.from_record(record)
    assert fragment in str(error.value)


def test_timestamps_may_be_iso_times_or_seconds() -> None:
    game = played(moves=2)
    for stamps in (["2026-12-02T10:00:00Z", "2026-12-02T10:00:03+01:00"], [0, 2.5]):
        assert Game.from_record(game.record(timestamps=stamps)).state == game.state


def test_a_daily_deal_gives_its_number_which_is_checked() -> None:
    deal = Deal.daily("2026-12-02")
    record = Game(deal).record()
    assert record["deal"] == {"daily": "2026-12-02", "number": deal.number}
    assert Game.from_record(record).deal.origin.date == "2026-12-02"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("format", "x" * 100_000),
        ("x" * 100_000, 1),
        ("rules", "x" * 100_000),
        ("rules", {"layout": "x" * 100_000}),
        ("deal", {"board": "x" * 100_000}),
        ("deal", {"number": 2, "x" * 100_000: 1}),
        ("deal", {"daily": "x" * 100_000, "number": 2}),
        ("deal", {"number": "9" * 100_000}),
        ("moves", ["9" * 100_000]),
        ("timestamps", ["x" * 100_000]),
    ],
    ids=[
        "format",
        "name",
        "preset",
        "layout",
        "board",
        "deal-name",
        "daily",
        "number",
        "move",
        "time",
    ],
)
def test_a_huge_string_is_not_shown_whole(field: str, value: object) -> None:
    record = played(moves=1).record() | {field: value}
    with pytest.raises(RecordError) as error:
        Game.from_record(record)
    assert "xxxxxxxxxxxxxxxxxxxx" in str(error.value) or "99999999999999999999" in str(error.value)
    # The value is cut short; the list of presets a bad name gets grows with the presets.
    assert len(str(error.value)) < 120 + len(", ".join(PRESETS)), str(error.value)[:300]


def test_a_leading_byte_order_mark_is_skipped() -> None:
    game = played()
    text = json.dumps(game.record())
    assert Game.from_record("\ufeff" + text).state == game.state
    assert Game.from_record(("\ufeff" + text).encode()).state == game.state
    with pytest.raises(RecordError, match="not JSON"):
        Game.from_record("\ufeff\ufeff" + text)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ('"rules": {}, "deal": {"number": 2, "number": 3}', "deal.number: given twice"),
        ('"rules": {}, "deal": {"seed": 1, "seed": 1}', "deal.seed: given twice"),
        (
            '"rules": {"wrap": true, "wrap": false}, "deal": {"number": 2}',
            "rules.wrap: given twice",
        ),
        ('"rules": {}, "deal": {"number": 2}, "moves": ["4"]', "moves: given twice"),
    ],
)
def test_a_field_given_twice_is_refused(fields: str, message: str) -> None:
    text = f'{{"format": "golf-solitaire-record", "version": 1, "moves": [], {fields}}}'
    with pytest.raises(RecordError) as error:
        Game.from_record(text)
    assert str(error.value) == message


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
