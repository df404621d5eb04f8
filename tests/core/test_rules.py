"""Rules: presets by name and alias, option checks, and who accepts what."""

import pytest

from golf_solitaire import PRESETS, Card, QueensOnKings, Reason, Rules


def c(text: str) -> Card:
    return Card.parse(text)


def test_default_is_strict_and_presets_are_found_by_alias() -> None:
    assert Rules() == Rules.named("strict") == Rules.named("Dead King Golf")
    assert Rules.named("relaxed-golf") == Rules.named("putt-putt") == Rules(wrap=True)
    assert Rules.named("queens_on_kings").queens_on_kings is QueensOnKings.DEAD_END
    assert Rules.named("pysolfc-golf").queens_on_kings is QueensOnKings.CONTINUE
    assert Rules.named("jokers").jokers
    assert Rules.named("empty-start").empty_start
    assert Rules.named("black-hole").layout == "black_hole"
    for name, preset in PRESETS.items():
        assert preset.rules.name == name
        assert Rules.from_dict(preset.rules.to_dict()) == preset.rules


def test_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown rules preset .nope..*putt-putt"):
        Rules.named("nope")


def test_options_combine_and_conflicts_are_named() -> None:
    combo = Rules(wrap=True, jokers=True, empty_start=True)
    assert combo.name is None
    assert combo.label == "wrap+jokers+empty_start"
    with pytest.raises(ValueError, match="queens_on_kings"):
        Rules(wrap=True, queens_on_kings=QueensOnKings.CONTINUE)
    with pytest.raises(ValueError, match="layout"):
        Rules(layout="pyramid")
    with pytest.raises(ValueError, match="black_hole"):
        Rules(layout="black_hole", jokers=True)
    with pytest.raises(ValueError, match="queens_on_kings"):
        Rules.from_dict({"queens_on_kings": "sideways"})
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        Rules.from_dict({"colour": "red"})
    with pytest.raises(ValueError, match="wrap: must be true or false"):
        Rules.from_dict({"wrap": "yes"})


def test_queens_on_kings_string_value_is_accepted() -> None:
    assert Rules.from_dict({"queens_on_kings": "continue"}) == Rules.named("pysolfc-golf")


@pytest.mark.parametrize(
    ("rules", "top", "card", "allowed"),
    [
        (Rules(), "7D", "8S", True),
        (Rules(), "7D", "6H", True),
        (Rules(), "7D", "7S", False),
        (Rules(), "7D", "9S", False),
        (Rules(), "KD", "QS", False),
        (Rules(), "QD", "KS", True),
        (Rules(), "AD", "2S", True),
        (Rules(), "AD", "KS", False),
        (Rules(), "KD", "AS", False),
        (Rules(wrap=True), "KD", "AS", True),
        (Rules(wrap=True), "AD", "KS", True),
        (Rules(wrap=True), "KD", "QS", True),
        (Rules(wrap=True), "KD", "JS", False),
        (Rules.named("queens-on-kings"), "KD", "QS", True),
        (Rules.named("queens-on-kings"), "KD", "JS", False),
        (Rules.named("pysolfc-golf"), "KD", "QS", True),
        (Rules.named("pysolfc-golf"), "KD", "AS", False),
        (Rules.named("jokers"), "KD", "JK", True),
        (Rules.named("jokers"), "JK", "5S", True),
        (Rules.named("jokers"), "JK", "KS", True),
    ],
)
def test_accepts(rules: Rules, top: str, card: str, allowed: bool) -> None:
    assert rules.accepts(c(top), c(card)) is allowed


def test_refusals_name_the_rule() -> None:
    rules = Rules()
    refusal = rules.refusal(c("KD"), c("QS"), top_is_dead_end=False)
    assert refusal is not None and refusal.reason is Reason.KING_BLOCKS
    assert "nothing can be played on a King" in refusal.message
    refusal = rules.refusal(c("7D"), c("7S"), top_is_dead_end=False)
    assert refusal is not None and refusal.reason is Reason.SAME_RANK
    refusal = rules.refusal(c("AD"), c("KS"), top_is_dead_end=False)
    assert refusal is not None and refusal.reason is Reason.NO_WRAP
    refusal = rules.refusal(c("7D"), c("9S"), top_is_dead_end=False)
    assert refusal is not None and refusal.reason is Reason.NOT_ADJACENT
    assert (
        refusal.message
        == "9♠ cannot go on 7♦: a card must be one rank above or below the waste card"
    )


def test_dead_end_queen_accepts_nothing() -> None:
    rules = Rules.named("queens-on-kings")
    assert rules.makes_dead_end(c("KD"), c("QS"))
    assert not Rules.named("pysolfc-golf").makes_dead_end(c("KD"), c("QS"))
    refusal = rules.refusal(c("QS"), c("JD"), top_is_dead_end=True)
    assert refusal is not None and refusal.reason is Reason.DEAD_END_QUEEN
    assert rules.refusal(c("QS"), c("JD"), top_is_dead_end=False) is None


def test_a_preset_with_winnable_deals_only_is_named_by_its_label() -> None:
    for preset in ("strict", "putt-putt", "pysolfc-golf", "black-hole"):
        rules = Rules.named(preset).with_options(winnable_only=True)
        assert rules.label == f"{preset}+winnable_only"
        assert Rules.named(rules.label) == rules
    assert Rules.named("Relaxed Golf + winnable-only") == Rules(wrap=True, winnable_only=True)
    with pytest.raises(ValueError, match=r"unknown rules option 'wrap' after 'strict'\+"):
        Rules.named("strict+wrap")
    with pytest.raises(ValueError, match="unknown rules preset 'nope'"):
        Rules.named("nope+winnable_only")
