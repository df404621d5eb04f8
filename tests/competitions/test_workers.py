"""Two server processes (``uvicorn --workers 2``) on one database, players on both at once.

Each player's connection is held by a known worker. The players join together, and finish
every hole with the same last move sent at the same moment; every score must be counted
once, and the live board streamed by one worker must show the scores posted to the other.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from golf_solitaire import Deal, Game, Move
from golf_solitaire.competitions.events import REBUILD_SECONDS
from tests.competitions.helpers import Policy, draw_first, first_move, hole_deals, last_play
from tests.competitions.workers import WorkerClient, events, spread_clients, worker_server

pytestmark = pytest.mark.slow

HOLES = 9
POLICIES: list[Policy] = [first_move, draw_first, last_play, first_move]


def ok(reply: tuple[int, Any], status: int = 200) -> Any:
    assert reply[0] == status, reply
    return reply[1]


def play_round(
    client: WorkerClient,
    code: str,
    token: str,
    policy: Policy,
    together: threading.Barrier,
    deals: list[Deal],
) -> list[int]:
    """Play every hole of ``deals``; the move that ends a hole waits for everyone's. The
    strokes."""
    card = []
    for hole in range(1, HOLES + 1):
        state = ok(client.call("POST", f"/api/competitions/{code}/play", token=token))
        assert state["state"] == "playing" and state["hole"] == hole, state
        view = state["game"]
        game = Game(deals[hole - 1], competitive=True)
        while not view["finished"]:
            move = policy(view["table"]["legal_moves"])
            game.apply(Move.parse(move))
            if game.is_over:
                together.wait(timeout=60)
            path = f"/api/competition-games/{view['game_id']}/moves"
            view = ok(client.call("POST", path, {"move": move, "index": view["index"]}, token))
        assert game.outcome is not None and view["strokes"] == game.outcome.strokes
        card.append(int(view["strokes"]))
        # A person takes a moment between holes; the live board (rebuilt at most every
        # REBUILD_SECONDS, after a 0.2 s poll) shows each hole's score before the next.
        time.sleep(REBUILD_SECONDS + 0.3)
    return card


def run_all(jobs: list[Any]) -> list[Any]:
    """Run the callables in threads at once; their results in order (errors re-raised)."""
    results: list[Any] = [None] * len(jobs)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            results[index] = jobs[index]()
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    if errors:
        raise errors[0]
    return results


def test_two_workers_share_one_competition(store_url: str) -> None:
    with worker_server(store_url, workers=2) as (port, pids):
        clients = spread_clients(port, pids, per_worker=3)
        watcher, players = clients[0], clients[2:]
        assert {client.worker for client in players} == set(pids)
        created = ok(
            players[1].call(
                "POST",
                "/api/competitions",
                {"name": "Two workers", "holes": HOLES, "deals": "number"},
            ),
            201,
        )
        code = created["code"]
        deals = hole_deals(store_url, code, HOLES)
        seen: list[dict[str, Any]] = []
        stream = watcher.stream(f"/api/competitions/{code}/events")
        assert stream.status == 200

        def watch() -> None:
            for board in events(stream):
                seen.append(board)
                if board["phase"] in ("finished", "playoff"):
                    return

        reader = threading.Thread(target=watch, daemon=True)
        reader.start()

        start = threading.Barrier(len(players))

        def joiner(index: int) -> Any:
            start.wait(timeout=30)
            body = {"name": f"Player {index}"}
            return ok(players[index].call("POST", f"/api/competitions/{code}/players", body), 201)

        joined = run_all([lambda index=index: joiner(index) for index in range(len(players))])
        tokens = [reply["token"] for reply in joined]
        together = threading.Barrier(len(players))
        cards = run_all(
            [
                lambda index=index: play_round(
                    players[index], code, tokens[index], POLICIES[index], together, deals
                )
                for index in range(len(players))
            ]
        )

        final = ok(players[0].call("GET", f"/api/competitions/{code}"))
        lines = {line["name"]: line for line in final["standings"]}
        for index, card in enumerate(cards):
            line = lines[f"Player {index}"]
            assert line["card"] == card and line["total"] == sum(card)
            assert line["holes_played"] == HOLES and line["playing_hole"] is None
        totals = sorted(sum(card) for card in cards)
        assert final["phase"] == ("playoff" if totals[0] == totals[1] else "finished")

        reader.join(timeout=10)
        assert not reader.is_alive(), "the stream never showed the round's end"
        last = {line["name"]: line for line in seen[-1]["standings"]}
        assert last == lines
        other_worker = [
            f"Player {index}"
            for index, client in enumerate(players)
            if client.worker != watcher.worker
        ]
        assert other_worker
        holes_seen = {
            line["holes_played"]
            for board in seen
            for line in board["standings"]
            if line["name"] == other_worker[0]
        }
        assert len(holes_seen) > 3, holes_seen
        for client in clients:
            client.close()
