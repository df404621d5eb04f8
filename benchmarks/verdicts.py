"""The full reference sweep: every deal of every reference table, our verdict against theirs.

Solves each deal of ``tests/data`` (deals 1-2000 of strict, pysolfc-golf, putt-putt and
Black Hole, boards as black-hole-solver read them) with the winnable question, on every core,
and replays each clear in the engine. Prints per table the agreements, every disagreement
and every line that failed to replay, the clears found, and the time taken. Exits with
status 1 on any disagreement or bad line, so it can gate a release.

    python benchmarks/verdicts.py                        # all four tables, deals 1-2000
    python benchmarks/verdicts.py --tables strict --deals 1-500 --jobs 2
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from golf_solitaire import Deal, Game, Rules, solve
from golf_solitaire.solver.survey import default_jobs, parse_deal_range

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.reference import PRESET_FILES, boards, verdicts  # noqa: E402

TABLES = tuple(PRESET_FILES)
"""The reference tables, by the rules preset each was made with."""


@dataclass(frozen=True, slots=True)
class Checked:
    """One deal of one table: our verdict, theirs, whether our line replays, the cost."""

    table: str
    deal: int
    ours: str
    theirs: bool
    replays: bool
    nodes: int
    seconds: float

    @property
    def agrees(self) -> bool:
        """True when both solvers say the same about clearing the tableau."""
        return (self.ours == "solved") == self.theirs


def check(table: str, number: int) -> Checked:
    """Solve deal ``number`` of ``table`` and replay the clear found (runs in a worker)."""
    rules = Rules.named(table)
    deal = Deal.from_text(boards(rules.layout)[number], rules)
    solution = solve(deal)
    replays = True
    if solution.status == "solved":
        game = Game(deal)
        try:
            for move in solution.line:
                game.apply(move)
        except ValueError:
            replays = False
        replays = replays and game.is_won and game.score == solution.best_score
    theirs = verdicts(table)[number].solved
    return Checked(
        table, number, solution.status, theirs, replays, solution.nodes, solution.seconds
    )


def _check_pair(pair: tuple[str, int]) -> Checked:
    return check(*pair)


def sweep(tables: list[str], numbers: range, jobs: int) -> Iterator[Checked]:
    """Every deal of every table, in order, solved by ``jobs`` worker processes."""
    pairs = [(table, number) for table in tables for number in numbers if number in verdicts(table)]
    if jobs == 1:
        yield from map(_check_pair, pairs)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_check_pair, pairs, chunksize=8)


def report(table: str, rows: list[Checked]) -> bool:
    """Print one table's figures; True when every verdict agrees and every line replays."""
    agreeing = [row for row in rows if row.agrees]
    disagreeing = [row for row in rows if not row.agrees]
    bad_lines = [row for row in rows if not row.replays]
    ours = sum(row.ours == "solved" for row in rows)
    theirs = sum(row.theirs for row in rows)
    undecided = sum(row.ours == "intractable" for row in rows)
    seconds = [row.seconds for row in rows]
    slowest = max(rows, key=lambda row: row.seconds)
    print(f"{table}: {len(agreeing)}/{len(rows)} verdicts agree")
    print(f"  cleared: ours {ours}, black-hole-solver {theirs}; undecided {undecided}")
    print(
        f"  solving: {sum(seconds):.1f} s in all, median {statistics.median(seconds) * 1000:.1f} "
        f"ms a deal, slowest {slowest.seconds:.2f} s (deal {slowest.deal}), "
        f"{sum(row.nodes for row in rows):,} positions"
    )
    for row in disagreeing:
        theirs_word = "solved" if row.theirs else "unsolved"
        print(f"  DISAGREES deal {row.deal}: ours {row.ours}, black-hole-solver {theirs_word}")
    for row in bad_lines:
        print(f"  BAD LINE deal {row.deal}: our clear does not replay in the engine")
    return not disagreeing and not bad_lines


def main() -> int:
    """Run the sweep, print its figures; 0 when all agree, else 1."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-2000", help="a range such as 1-2000")
    parser.add_argument("--tables", default=",".join(TABLES), help="comma-separated tables")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes")
    arguments = parser.parse_args()
    numbers = parse_deal_range(arguments.deals)
    tables = [name.strip() for name in arguments.tables.split(",") if name.strip()]
    unknown = [name for name in tables if name not in TABLES]
    if unknown or arguments.jobs < 1:
        parser.error(
            f"unknown table {unknown[0]!r} (known: {', '.join(TABLES)})"
            if unknown
            else "--jobs must be 1 or more"
        )
    print(f"sweeping {', '.join(tables)}, deals {arguments.deals}, {arguments.jobs} processes")
    started = time.perf_counter()
    rows: dict[str, list[Checked]] = {table: [] for table in tables}
    for row in sweep(tables, numbers, arguments.jobs):
        rows[row.table].append(row)
    wall = time.perf_counter() - started
    good = [report(table, rows[table]) for table in tables if rows[table]]
    total = sum(len(table_rows) for table_rows in rows.values())
    print(f"{total} deals in {wall:.1f} s wall time on {arguments.jobs} processes")
    if all(good):
        print("every verdict agrees with black-hole-solver and every clear replays")
        return 0
    print("DISAGREEMENTS FOUND")
    return 1


if __name__ == "__main__":
    sys.exit(main())
