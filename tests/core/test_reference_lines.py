"""The independent solver's winning lines replay in our engine and clear the tableau; this
checks our reading of each ruleset (strict, queens on kings continuing, wrap, Black Hole)."""

import pytest

from golf_solitaire import Card, Deal, Game, Move, Rules
from tests.reference import verdicts


@pytest.mark.parametrize(
    "preset", ["strict", "pysolfc-golf", "putt-putt", "black-hole", "all-in-a-row"]
)
def test_reference_solutions_replay_and_clear(preset: str) -> None:
    rules = Rules.named(preset)
    solved = [verdict for verdict in verdicts(preset).values() if verdict.solved]
    assert len(solved) > 400
    for verdict in solved:
        game = Game(Deal.numbered(verdict.deal, rules))
        for token in verdict.solution:
            card = game.apply(Move.parse(token))
            assert card == Card.parse(token.split(":")[1]), (verdict.deal, token)
        assert game.is_won, f"{preset} deal {verdict.deal}"
