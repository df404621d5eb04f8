"""Every text form parses back to an equal object: boards, moves, rules, records (fuzzed)."""

from hypothesis import given
from hypothesis import strategies as st

from golf_solitaire import PRESETS, Deal, Draw, Game, Move, Play, Rules

PRESET_RULES = [preset.rules for preset in PRESETS.values()]


@given(seed=st.integers(min_value=0, max_value=2**70), rules=st.sampled_from(PRESET_RULES))
def test_board_text_round_trips(seed: int, rules: Rules) -> None:
    deal = Deal.random(seed, rules)
    assert Deal.from_text(deal.to_text(), rules) == deal
    assert sum(deal.cards.values()) == 52 * deal.layout.decks + (2 if rules.jokers else 0)


@given(number=st.integers(min_value=1, max_value=10**20), rules=st.sampled_from(PRESET_RULES))
def test_numbered_deals_round_trip_through_records(number: int, rules: Rules) -> None:
    deal = Deal.numbered(number, rules.with_options(winnable_only=False))
    record = Game(deal).record()
    assert Game.from_record(record).deal == deal


@given(st.one_of(st.builds(Play, st.integers(0, 16)), st.just(Draw())))
def test_moves_round_trip(move: Move) -> None:
    assert Move.parse(str(move)) == move


@given(st.sampled_from(PRESET_RULES))
def test_rules_round_trip(rules: Rules) -> None:
    assert Rules.from_dict(rules.to_dict()) == rules
    assert rules.name is not None and Rules.named(rules.name) == rules
