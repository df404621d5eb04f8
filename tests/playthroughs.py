"""Golden playthroughs: every state of a few games, printed, so any change in play shows.

Run ``python -m tests.playthroughs`` to rewrite the files after a deliberate rule change.
"""

from __future__ import annotations

import random
from pathlib import Path

from golf_solitaire import Deal, Game, Move, Rules
from golf_solitaire.cli.common import pretty_board
from tests.reference import verdicts

FOLDER = Path(__file__).parent / "data" / "playthroughs"


def _moves(name: str, game: Game) -> list[Move] | None:
    """The line to play: the reference solution, or ``None`` for seeded random play."""
    preset, number = name.rsplit("-", 1)
    verdict = verdicts(preset).get(int(number)) if preset in ("strict", "black-hole") else None
    if verdict and verdict.solved:
        return [Move.parse(token) for token in verdict.solution]
    return None


GAMES = (
    "strict-2",
    "black-hole-2",
    "putt-putt-3",
    "jokers-5",
    "queens-on-kings-8",
    "empty-start-4",
)


def playthrough(name: str) -> str:
    """The text of one golden playthrough."""
    preset, number = name.rsplit("-", 1)
    game = Game(Deal.numbered(int(number), Rules.named(preset)))
    line = _moves(name, game)
    generator = random.Random(name)
    parts = [f"# {name}: {preset} deal {number}"]
    while not game.is_over:
        legal = game.legal_moves()
        move = line.pop(0) if line else generator.choice(legal)
        parts.append(pretty_board(game))
        parts.append("legal: " + " ".join(str(option) for option in legal))
        card = game.apply(move)
        parts.append(f"move {game.move_count}: {move} -> {card}")
    parts.append(pretty_board(game))
    outcome = game.outcome
    assert outcome is not None
    parts.append(f"end: {outcome.termination.value}, {outcome.strokes} strokes")
    return "\n".join(parts) + "\n"


def main() -> None:
    """Rewrite every golden file."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name in GAMES:
        (FOLDER / f"{name}.txt").write_text(playthrough(name), encoding="utf-8")


if __name__ == "__main__":
    main()
