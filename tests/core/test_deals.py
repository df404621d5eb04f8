"""Deals: every reference board equals our numbered deal; daily, random, joker and bad input."""

import datetime as dt

import pytest

from golf_solitaire import BoardSyntaxError, Card, Deal, Rules
from golf_solitaire.cards import standard_deck
from golf_solitaire.deals import daily_number, shuffled
from tests.reference import boards


def test_every_golf_reference_board_equals_our_numbered_deal() -> None:
    reference = boards("golf")
    assert len(reference) == 2000
    for number, text in reference.items():
        deal = Deal.numbered(number)
        assert deal.to_text() == text, f"deal {number}"
        assert deal.number == number


def test_black_hole_reference_boards_sample() -> None:
    reference = boards("black_hole")
    rules = Rules.named("black-hole")
    for number in [*range(1, 101), 777, 1999, 2000]:
        deal = Deal.numbered(number, rules)
        assert deal.to_text() == reference[number], f"black hole deal {number}"
        assert Deal.from_text(reference[number]) == deal


def test_all_in_a_row_reference_boards() -> None:
    """Every reference board of All in a Row is PySolFC's deal of that number, read back equal."""
    reference = boards("all_in_a_row")
    rules = Rules.named("all-in-a-row")
    assert len(reference) == 1000
    for number, text in reference.items():
        deal = Deal.numbered(number, rules)
        assert deal.to_text() == text, f"all in a row deal {number}"
        assert Deal.from_text(text) == Deal.from_text(text, rules)
        assert Deal.from_text(text).columns == deal.columns
        assert deal.waste == () and deal.stock == ()


def test_all_in_a_row_refuses_a_stock_jokers_and_a_start_card() -> None:
    rules = Rules.named("all-in-a-row")
    text = Deal.numbered(5, rules).to_text()
    with pytest.raises(BoardSyntaxError, match="no stock"):
        Deal.from_text("Talon:\n" + text, rules)
    with pytest.raises(ValueError, match="all_in_a_row"):
        Rules(layout="all_in_a_row", wrap=True, empty_start=True, jokers=True)
    with pytest.raises(ValueError, match="empty_start"):
        Rules(layout="all_in_a_row", wrap=True)


def test_board_text_round_trips_for_every_preset() -> None:
    for name in (
        "strict",
        "putt-putt",
        "jokers",
        "empty-start",
        "black-hole",
        "pysolfc-golf",
        "all-in-a-row",
    ):
        rules = Rules.named(name)
        for number in (1, 2, 31999, 32001, 10**12):
            deal = Deal.numbered(number, rules)
            assert Deal.from_text(deal.to_text(), rules) == deal
            assert sum(deal.cards.values()) == (54 if rules.jokers else 52)


def test_empty_start_keeps_seventeen_in_the_stock() -> None:
    strict = Deal.numbered(5)
    empty = Deal.numbered(5, Rules.named("empty-start"))
    assert empty.waste == ()
    assert empty.stock == strict.waste + strict.stock
    assert empty.columns == strict.columns
    assert "Foundations: -" in empty.to_text()


def test_joker_deals_have_54_cards_and_are_stable() -> None:
    deal = Deal.numbered(42, Rules.named("jokers"))
    assert len(deal.stock) == 18 and len(deal.waste) == 1
    assert deal.cards[Card.parse("JK")] == 2
    # The documented shuffle: pinned so that every Python version deals the same cards.
    assert deal.to_text().splitlines()[1] == f"Foundations: {deal.waste[0]}"
    assert shuffled(standard_deck(), 1)[:5] == shuffled(standard_deck(), 1)[:5]
    assert [str(card) for card in shuffled(standard_deck(jokers=True), 42)[:6]] == [
        str(card)
        for card in deal.columns[0][:1]
        + deal.columns[1][:1]
        + deal.columns[2][:1]
        + deal.columns[3][:1]
        + deal.columns[4][:1]
        + deal.columns[5][:1]
    ]
    assert Deal.random(7) == Deal.random(7) != Deal.random(8)


def test_random_deal_is_pinned_across_versions() -> None:
    deal = Deal.random(2026)
    assert deal.to_text() == GOLDEN_RANDOM_2026


GOLDEN_RANDOM_2026 = (
    "Talon: 4H 8H 9H KC 2H TD 9D 8C 6S JD 7C 3S 9C 7H 7S 9S\n"
    "Foundations: TC\n"
    "4S 7D TH 5H 5C\n"
    "AC 4C 2C 3D 8D\n"
    "QD 2S TS JS KS\n"
    "QH 3C KH AD 8S\n"
    "AH JC QC 6D JH\n"
    "6H KD QS 5D 3H\n"
    "2D 4D AS 5S 6C\n"
)


def test_daily_deal_is_the_same_for_a_date_and_differs_by_day() -> None:
    day = dt.date(2026, 12, 2)
    assert Deal.daily(day) == Deal.daily("2026-12-02")
    assert Deal.daily(day).number == daily_number(day)
    assert Deal.daily(day) != Deal.daily(day + dt.timedelta(days=1))
    assert Deal.daily(day).to_text() == Deal.numbered(daily_number(day)).to_text()
    with pytest.raises(ValueError, match="date: expected YYYY-MM-DD"):
        Deal.daily("2nd of December")


@pytest.mark.parametrize("number", [0, -5, 10**20 + 1])
def test_bad_numbers_are_refused(number: int) -> None:
    with pytest.raises(ValueError, match="out of range"):
        Deal.numbered(number)


def test_non_integer_number_is_refused() -> None:
    with pytest.raises(ValueError, match="whole number"):
        Deal.numbered("12")  # type: ignore[arg-type]


def test_winnable_only_needs_a_finder() -> None:
    rules = Rules(winnable_only=True)
    try:
        deal = Deal.numbered(1, rules)
    except ValueError as error:
        assert "needs the solver" in str(error)
    else:
        assert deal.number is not None and deal.number >= 1


GOOD = Deal.numbered(1).to_text()
TALON_LINE, REST = GOOD.split("\n", 1)
AFTER_COLUMNS = (
    REST + TALON_LINE + "\n",
    GOOD.replace("Foundations: TH\n", "") + "foundation: TH\n",
)
"""Good boards with their Talon: or Foundations: line moved after the columns."""


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        (GOOD.replace("JD 5H", "JD 5X", 1), 3, 4, "no suit 'X'"),
        (GOOD.replace("Talon: 8H 2C", "Talon: 8H 2Q"), 1, 11, "no suit 'Q'"),
        (GOOD.replace("7C QC JS QH 4S", "7C QC JS QH 4S 9H"), 9, 16, "9H a second time"),
        (GOOD.replace("Foundations: TH", "Fundations: TH"), 2, 1, "unknown line 'Fundations'"),
        ("\n".join(GOOD.splitlines()[:-1]), 8, 1, "found 6 columns"),
        (GOOD.replace("7C QC JS QH 4S", "7C QC JS QH"), 9, 1, "column 7 has 4 cards"),
        (GOOD.replace("QH 4S", "QH JK"), 1, 1, "a joker, but these rules have none"),
        (GOOD.replace("Talon: 8H ", "Talon: "), 1, 1, "lacks 8H"),
        (GOOD.replace("Foundations: TH\n", ""), 9, 1, "missing the Foundations: line"),
        (GOOD.replace("Foundations: TH", "Foundations: TH\nTalon: 2C"), 3, 1, "a second Talon:"),
        (GOOD.replace("Foundations: TH", "Foundations: TH\n  waste: TH"), 3, 3, "second Found"),
        (AFTER_COLUMNS[0], 9, 1, "the Talon: line must come before the columns"),
        (AFTER_COLUMNS[1], 9, 1, "the Foundations: line must come before"),
    ],
)
def test_bad_board_text_names_line_and_column(
    text: str, line: int, column: int, fragment: str
) -> None:
    with pytest.raises(BoardSyntaxError) as error:
        Deal.from_text(text)
    assert fragment in str(error.value)
    assert (error.value.line, error.value.column) == (line, column), str(error.value)


def test_from_text_guesses_black_hole_without_a_talon() -> None:
    deal = Deal.numbered(3, Rules.named("black-hole"))
    assert Deal.from_text(deal.to_text()).rules == Rules.named("black-hole")


def test_partial_boards_allow_short_columns() -> None:
    text = "Talon: 2C\nFoundations: 7D\n8S\n-\n-\n-\n-\n-\n6H\n"
    deal = Deal.from_text(text, partial=True)
    assert deal.columns[0] == (Card.parse("8S"),) and deal.columns[1] == ()
    with pytest.raises(BoardSyntaxError, match="column 1 has 1 cards"):
        Deal.from_text(text)
