"""Engine speed: complete random strict games per second on one core, through the Game API.

Prints the median of several timed runs (each plays whole games from deal 1 on, picking a
random legal move until the hand is over).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from golf_solitaire import Deal, Game, Rules


def games_per_second(seconds: float, rules: Rules, seed: int) -> tuple[float, float]:
    """Play random games for about ``seconds``; return games/s and moves/s."""
    generator = random.Random(seed)
    deals = [Deal.numbered(number, rules) for number in range(1, 201)]
    games = moves = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        game = Game(deals[games % len(deals)])
        while not game.is_over:
            game.apply(generator.choice(game.legal_moves()))
        moves += game.move_count
        games += 1
    return games / elapsed, moves / elapsed


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rules", default="strict")
    arguments = parser.parse_args()
    rules = Rules.named(arguments.rules)
    results = [games_per_second(arguments.seconds, rules, run) for run in range(arguments.runs)]
    games = statistics.median(result[0] for result in results)
    moves = statistics.median(result[1] for result in results)
    print(f"engine: {arguments.rules} random games, {arguments.runs} runs of {arguments.seconds} s")
    print(f"  games/s median {games:,.0f} (runs: {', '.join(f'{r[0]:,.0f}' for r in results)})")
    print(f"  moves/s median {moves:,.0f}")
    print("  target: at least 2,000 games/s")


if __name__ == "__main__":
    main()
