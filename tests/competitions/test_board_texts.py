"""Live boards: a board that changes many times a second is rebuilt a few times a second,
for all its watchers together, and the newest version always reaches them."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from golf_solitaire.competitions.events import BoardTexts

CHANGES = 60
CHANGE_SECONDS = 0.005
MIN_INTERVAL = 0.1


class Board:
    """A board whose version goes up as players play; counts how often it is read."""

    def __init__(self) -> None:
        self.version = 0
        self.reads = 0

    def read(self) -> dict[str, Any]:
        self.reads += 1
        return {"version": self.version, "standings": [{"name": "Ann", "total": self.version}]}


async def watch(texts: BoardTexts, board: Board, done: asyncio.Event) -> list[int]:
    """What one watcher's stream sends: the newest board each time the version moved."""
    sent, shown = -1, []
    while True:
        finished = done.is_set()
        if board.version > sent:
            sent, text = await texts.newest("c:x", board.version, board.read)
            data = json.loads(text.split("data: ", 1)[1])
            assert data["version"] == sent and text.startswith(f"event: board\nid: {sent}\n")
            shown.append(sent)
        if finished:
            return shown
        await asyncio.sleep(0.001)


async def race() -> tuple[Board, list[list[int]], float]:
    board, texts, done = Board(), BoardTexts(min_interval=MIN_INTERVAL), asyncio.Event()
    loop = asyncio.get_running_loop()
    started = loop.time()
    watchers = [asyncio.create_task(watch(texts, board, done)) for _ in range(5)]
    for _ in range(CHANGES):
        board.version += 1
        await asyncio.sleep(CHANGE_SECONDS)
    done.set()
    shown = await asyncio.gather(*watchers)
    return board, shown, loop.time() - started


def test_rebuilds_are_coalesced_and_the_newest_board_arrives() -> None:
    board, shown, seconds = asyncio.run(race())
    assert board.reads <= seconds / MIN_INTERVAL + 2, (board.reads, seconds)
    assert board.reads < CHANGES / 3
    for versions in shown:
        assert versions == sorted(versions) and versions[-1] == CHANGES


def test_a_version_already_built_is_not_read_again() -> None:
    async def twice() -> tuple[tuple[int, str], tuple[int, str]]:
        texts = BoardTexts(min_interval=10.0)
        first = await texts.newest("c:x", 0, board.read)
        return first, await texts.newest("c:x", 0, board.read)

    board = Board()
    board.version = 3
    first, again = asyncio.run(twice())
    assert first == again and first[0] == 3 and board.reads == 1
