"""Covering layouts (TriPeaks, Elevator, Escalator): deals, board text, exposure, and the
secrecy of face-down cards in what a player is shown."""

import json

import pytest

from golf_solitaire import BoardSyntaxError, Deal, Game, IllegalMoveError, Play, Reason, Rules
from golf_solitaire.layouts import ELEVATOR, ESCALATOR, TRI_PEAKS
from tests.reference import boards

COVERING = ("tripeaks", "elevator", "escalator")


def dealing_order(deal: Deal) -> list[str]:
    """A deal's cards in the order PySolFC deals them: tableau across the rows (Golf) or
    position by position (covering layouts), then the start card, then the stock."""
    depth = max(len(column) for column in deal.columns)
    tableau = [
        str(column[row]) for row in range(depth) for column in deal.columns if row < len(column)
    ]
    return tableau + [str(card) for card in deal.waste + deal.stock]


@pytest.mark.parametrize("preset", COVERING)
def test_numbered_deals_are_pysolfc_shuffles_dealt_in_its_order(preset: str) -> None:
    """PySolFC shuffles one deck the same way for every game without a shuffle hook, so the
    covering deal N holds the reference Golf board N's cards in the same dealing order."""
    reference = boards("golf")
    for number in [*range(1, 41), 31999, 32000, 32001, 1999, 2000]:
        if number not in reference:
            continue
        golf = Deal.from_text(reference[number])
        deal = Deal.numbered(number, Rules.named(preset))
        assert dealing_order(deal) == dealing_order(golf), f"{preset} deal {number}"
        assert len(deal.stock) == 23 and len(deal.waste) == 1


@pytest.mark.parametrize("preset", COVERING)
def test_board_text_reads_back_equal(preset: str) -> None:
    rules = Rules.named(preset)
    for deal in (Deal.numbered(7, rules), Deal.random(3, rules)):
        text = deal.to_text()
        assert Deal.from_text(text) == deal
        assert Deal.from_text(text, rules) == deal
        assert Deal.from_text(text.replace("[", "").replace("]", ""), rules) == deal


def test_board_text_marks_face_down_cards_and_draws_the_peaks() -> None:
    text = Deal.numbered(1, Rules.named("tripeaks")).to_text().splitlines()
    assert text[2] == "         [JD]              [7C]              [AD]"
    assert text[5] == "9D    QD    JS    AS    AH    3C    4C    5C    TS    QH"
    pyramid = Deal.numbered(1, Rules.named("elevator")).to_text().splitlines()
    assert pyramid[2].strip() == "[JD]" and "[" not in pyramid[-1]


def test_bad_covering_board_text_names_line_and_column() -> None:
    rules = Rules.named("tripeaks")
    lines = Deal.numbered(1, rules).to_text().splitlines()
    marked = [*lines[:5], "[9D]" + lines[5][2:]]
    with pytest.raises(BoardSyntaxError, match=r"line 6, column 1: \[9D\] is marked face down"):
        Deal.from_text("\n".join(marked), rules)
    short = [*lines[:4], lines[4].rsplit(" ", 1)[0], *lines[5:]]
    with pytest.raises(BoardSyntaxError, match=r"line 5, .*row 3 has 8 cards, tri_peaks has 9"):
        Deal.from_text("\n".join(short), rules)
    played = [*lines[:5], "-" + lines[5][2:]]
    with pytest.raises(BoardSyntaxError, match="line 6, column 1: a deal has a card at every"):
        Deal.from_text("\n".join(played), rules)
    bad = [*lines[:2], lines[2].replace("[JD]", "[JX]"), *lines[3:]]
    with pytest.raises(BoardSyntaxError, match="line 3, column 11: not a card"):
        Deal.from_text("\n".join(bad), rules)
    with pytest.raises(BoardSyntaxError, match="found 3 rows, tri_peaks has 4"):
        Deal.from_text("\n".join(lines[:5]), rules)


def test_a_partial_position_reads_played_positions() -> None:
    rules = Rules.named("escalator")
    lines = Deal.numbered(1, rules).to_text().splitlines()
    lines[-1] = "-" + lines[-1][2:]
    deal = Deal.from_text("\n".join(lines), rules, partial=True)
    assert deal.columns[21] == () and Game(deal).state.heights[21] == 0


def test_layout_shapes() -> None:
    assert [len(row) for row in TRI_PEAKS.rows] == [3, 6, 9, 10]
    assert len(TRI_PEAKS.face_down) == 18 and len(ELEVATOR.face_down) == 21
    assert not ESCALATOR.face_down
    assert TRI_PEAKS.covers_of(0) == (1, 2) and TRI_PEAKS.covers_of(5) == (20, 21)
    assert ELEVATOR.covers_of(0) == (1, 2) and ELEVATOR.covers_of(27) == ()


def test_only_uncovered_cards_play_and_face_down_cards_are_not_named() -> None:
    game = Game(Deal.numbered(1, Rules.named("tripeaks")))
    assert game.legal_moves() == [Play(23), Play(25), game.legal_moves()[-1]]
    assert game.face_down == tuple(range(18))
    refusal = game.refusal(Play(3))
    assert refusal is not None and refusal.reason is Reason.FACE_DOWN
    assert refusal.card is None and "JC" not in refusal.message and "J♣" not in refusal.message
    game.play(23)
    refusal = game.refusal(Play(23))
    assert refusal is not None and refusal.reason is Reason.GONE
    escalator = Game(Deal.numbered(1, Rules.named("escalator")))
    refusal = escalator.refusal(Play(0))
    assert refusal is not None and refusal.reason is Reason.LIES_UNDER
    assert refusal.message.startswith("J♦ is covered")


def test_the_observation_never_holds_a_face_down_card() -> None:
    """Every face-down card's notation and display form are absent from what is shown, and
    appear once the card is uncovered."""
    for number in range(1, 30):
        game = Game(Deal.numbered(number, Rules.named("tripeaks")))
        while not game.is_over:
            shown = json.dumps(game.observation().to_dict(), ensure_ascii=False)
            assert json.loads(shown)["face_down"] == list(game.face_down)
            for position in game.face_down:
                card = game.deal.columns[position][0]
                assert f'"{card}"' not in shown and card.pretty not in shown, (number, card)
            seen = game.observation()
            assert set(seen.unseen) == set(game.stock) | {
                game.deal.columns[position][0] for position in game.face_down
            }
            game.apply(game.legal_moves()[0])


def test_competitive_play_cannot_undo_a_play_that_turned_a_card_over() -> None:
    game = Game(Deal.numbered(5, Rules.named("tripeaks")), competitive=True)
    for _ in range(200):
        before = game.face_down
        moves = [move for move in game.legal_moves() if isinstance(move, Play)]
        if not moves:
            break
        game.apply(moves[0])
        if len(game.face_down) < len(before):
            with pytest.raises(IllegalMoveError) as error:
                game.undo()
            assert error.value.refusal.reason is Reason.NO_UNDO_OF_TURN
            return
        game.undo()  # a play that turned nothing over may be taken back
        game.apply(moves[0])
    pytest.fail("no play turned a card over")


def test_covering_rules_refuse_jokers_and_empty_start() -> None:
    with pytest.raises(ValueError, match="tri_peaks is dealt from one deck with a start card"):
        Rules(layout="tri_peaks", wrap=True, jokers=True)
    with pytest.raises(ValueError, match="elevator is dealt from one deck"):
        Rules(layout="elevator", empty_start=True)


def test_the_terminal_table_draws_rows_with_backs_and_no_face_down_card() -> None:
    from golf_solitaire.cli.common import pretty_board

    game = Game(Deal.numbered(1, Rules.named("tripeaks")))
    drawn = pretty_board(game)
    lines = drawn.splitlines()
    assert lines[1].split() == ["##"] * 3 and lines[7].split()[0] == "9♦"
    for position in game.face_down:
        assert game.deal.columns[position][0].pretty not in drawn
    game.play(23)
    game.play(24)  # 3♣ then 4♣ uncover position 12 (index 11)
    assert 11 not in game.face_down and len(game.face_down) == 17
    assert game.deal.columns[11][0].pretty in pretty_board(game).splitlines()[5]
