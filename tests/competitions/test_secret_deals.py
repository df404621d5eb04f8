"""Attacks on ranked deals: a player with the whole API and the library tries to learn the
stock of an open competition's hole 1 and of today's ranked daily deal before playing it.

Every route a deal number, seed, date or board can be given to is tried, with every number
the player could know or guess (and with the true one, as if it had leaked): none may deal
the ranked stock while it is hidden. Once the competition is finished (or the day and its
grace are over) the same deal is shown, and can be replayed, reviewed and solved.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from golf_solitaire import Deal, Game, Rules
from golf_solitaire.competitions import CompetitionService
from golf_solitaire.secret_deals import hole_number, new_secret
from golf_solitaire.store import MIGRATIONS, RankedDealError, StoreError, open_store
from golf_solitaire.store.database import Database, database_url
from tests.competitions.helpers import (
    create,
    first_move,
    headers,
    hole_deals,
    join,
    play_hole,
    ranked_daily,
)

STRICT = Rules.named("strict")


def today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


def numbers_in(value: Any) -> set[int]:
    """Every whole number anywhere in a JSON reply."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(numbers_in(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(numbers_in(item) for item in value))
    return set()


def public_guesses(seen: list[Any]) -> list[Deal]:
    """Every deal a player can make from what is public: the first deal numbers and seeds,
    the public daily deals around today, and any number the server's replies held."""
    day = today()
    numbers = set(range(1, 120)) | set().union(*(numbers_in(reply) for reply in seen))
    guesses = [Deal.numbered(n) for n in sorted(numbers) if 1 <= n <= 10**20]
    guesses += [Deal.random(seed) for seed in range(120)]
    guesses += [Deal.daily(day + dt.timedelta(days=offset)) for offset in range(-2, 3)]
    return guesses


def call(client: TestClient, method: str, path: str, token: str, **body: Any) -> tuple[int, Any]:
    """A JSON call as a player; the status and the reply."""
    reply = client.request(method, path, json=body or None, headers=headers(token))
    return reply.status_code, reply.json()


def finish(client: TestClient, token: str, game_id: str) -> dict[str, Any]:
    """Play a casual game to its end (leftmost play first); its last view."""
    view: dict[str, Any] = call(client, "GET", f"/api/games/{game_id}", token)[1]
    while not view["is_over"]:
        move = first_move(view["legal_moves"])
        path = f"/api/games/{game_id}/moves"
        status, view = call(client, "POST", path, token, move=move, index=view["move_count"])
        assert status == 200, view
    return view


def casual_stock(client: TestClient, token: str, body: dict[str, Any]) -> tuple[int, Any]:
    """Start a casual game of ``body``; (status, the stock its record deals, or the reply)."""
    reply = client.post("/api/games", json=body, headers=headers(token))
    if reply.status_code != 201:
        return reply.status_code, reply.json()
    game_id = reply.json()["id"]
    record = client.get(f"/api/games/{game_id}/record", headers=headers(token)).json()
    deal = Deal.from_identity(record["deal"], Rules.from_dict(record["rules"]))
    return 201, deal.stock


def test_an_open_competitions_hole_cannot_be_learned_first(
    client: TestClient, store_url: str
) -> None:
    created = create(client, holes=3)
    code = created["code"]
    ann = join(client, code, "Ann")
    started = client.post(f"/api/competitions/{code}/play", headers=headers(ann["token"])).json()
    truth = hole_deals(store_url, code, 3)
    assert truth[0].number is not None
    secret_number = truth[0].number
    seen: list[Any] = [
        created,
        ann,
        started,
        client.get(f"/api/competitions/{code}").json(),
        client.get("/api/meta/daily").json(),
        client.get(f"/api/daily/{today()}").json(),
    ]
    # Nothing the server sends names a hole's deal.
    for reply in seen:
        assert not numbers_in(reply) & {deal.number for deal in truth}, reply
        assert "first_deal" not in json.dumps(reply)
    assert seen[3]["competition"]["hole_deals"] is None
    # No deal made from what is public deals the hole's stock, or even the table shown.
    for guess in public_guesses(seen):
        assert guess.stock != truth[0].stock
        assert guess.columns != truth[0].columns
    # Casual games of every kind, started the way the attacker did, deal other cards.
    player = client.post("/api/players").json()["token"]
    bodies: list[dict[str, Any]] = [
        {"deal": 1},
        {"daily": True},
        {"daily": (today() + dt.timedelta(days=1)).isoformat()},
        {},
    ]
    for body in bodies:
        status, stock = casual_stock(client, player, body)
        assert status == 201 and stock != truth[0].stock, body
    # Even with the number leaked, no casual route deals it while the competition is open.
    for body in ({"deal": secret_number}, {"deal": secret_number, "rules": "strict"}):
        status, reply = casual_stock(client, player, body)
        assert status == 409 and reply["reason"] == "ranked_deal", reply
    refused = client.post(
        "/api/rounds", json={"holes": 9, "first_deal": secret_number}, headers=headers(player)
    )
    assert refused.status_code == 409 and refused.json()["reason"] == "ranked_deal"
    # A round that reaches the hidden deal at its second hole stops there.
    status, card = call(
        client, "POST", "/api/rounds", player, holes=9, first_deal=secret_number - 1
    )
    assert status == 201, card
    finish(client, player, card["current_game_id"])
    status, reply = call(client, "POST", f"/api/rounds/{card['id']}/holes", player)
    assert status == 409 and reply["reason"] == "ranked_deal", reply
    with open_store(store_url) as store:
        player_id = store.player_by_token(player)
        assert player_id is not None
        with pytest.raises(RankedDealError, match="competition in play"):
            store.create_game(player_id, Game(Deal.numbered(secret_number)).record())
    # The competition game itself is no casual game: no hint, review, verdict or record.
    game_id = started["game"]["game_id"]
    for route in ("", "/record", "/hint", "/review", "/verdict"):
        reply = client.get(f"/api/games/{game_id}{route}", headers=headers(ann["token"]))
        assert reply.status_code == 409 and reply.json()["reason"] == "competition_game", route

    # Once the competition is finished, its deals are shown and can be replayed and studied.
    for _ in range(3):
        play_hole(client, code, ann["token"], first_move)
    board = client.get(f"/api/competitions/{code}").json()
    assert board["phase"] == "finished"
    shown = board["competition"]["hole_deals"]
    assert [hole["number"] for hole in shown] == [deal.number for deal in truth]
    assert shown[0]["link"] == f"/?deal={secret_number}&rules=strict"
    status, stock = casual_stock(client, player, {"deal": secret_number})
    assert status == 201 and stock == truth[0].stock
    replay = client.get("/api/games/latest", headers=headers(player)).json()
    assert replay["deal"] == secret_number
    hint = client.get(f"/api/games/{replay['id']}/hint", headers=headers(player))
    assert hint.status_code == 200
    finish(client, player, replay["id"])
    review = client.get(f"/api/games/{replay['id']}/review", headers=headers(player))
    assert review.status_code == 200, review.text


def test_todays_ranked_daily_deal_cannot_be_learned_first(
    client: TestClient, store_url: str
) -> None:
    day = today()
    dee = client.post("/api/daily/players", json={"name": "Dee"}).json()
    truth = ranked_daily(store_url, day)
    assert truth.number is not None
    seen = [dee, client.get(f"/api/daily/{day}").json(), client.get("/api/meta/daily").json()]
    board = seen[1]
    assert board["deal_number"] is None and board["shown_from"] == str(day + dt.timedelta(2))
    for reply in seen:
        assert truth.number not in numbers_in(reply), reply
    for guess in public_guesses(seen):
        assert guess.stock != truth.stock
        assert guess.columns != truth.columns
    player = client.post("/api/players").json()["token"]
    for body in ({"daily": True}, {"daily": day.isoformat()}, {"deal": 1}):
        status, stock = casual_stock(client, player, body)
        assert status == 201 and stock != truth.stock, body
    status, reply = casual_stock(client, player, {"deal": truth.number})
    assert status == 409 and reply["reason"] == "ranked_deal", reply
    # A future day's ranked deal is never served, nor yesterday's (still in its grace).
    tomorrow = client.get(f"/api/daily/{day + dt.timedelta(days=1)}")
    assert tomorrow.status_code == 400 and "not begun" in tomorrow.json()["detail"]
    yesterday = client.get(f"/api/daily/{day - dt.timedelta(days=1)}").json()
    assert yesterday["deal_number"] is None
    yesterdays = ranked_daily(store_url, day - dt.timedelta(days=1))
    status, reply = casual_stock(client, player, {"deal": yesterdays.number})
    assert status == 409 and reply["reason"] == "ranked_deal"


def test_a_past_days_ranked_deal_is_shown_and_its_hands_are_closed(
    client: TestClient, store_url: str
) -> None:
    past = today() - dt.timedelta(days=3)
    with open_store(store_url) as store:
        joined = CompetitionService(store).daily_join("Old", "strict", None, today=past)
    truth = ranked_daily(store_url, past)
    board = client.get(f"/api/daily/{past}").json()
    assert board["deal_number"] == truth.number and board["shown_from"] is None
    assert board["deal_link"] == f"/?deal={truth.number}&rules=strict"
    player = client.post("/api/players").json()["token"]
    status, stock = casual_stock(client, player, {"deal": truth.number})
    assert status == 201 and stock == truth.stock
    # A hand of that day left in play cannot be finished now that its deal is known.
    view = joined["game"]
    moved = client.post(
        f"/api/competition-games/{view['game_id']}/moves",
        json={"move": "d", "index": 0},
        headers=headers(joined["token"]),
    )
    assert moved.status_code == 409 and moved.headers["X-Golf-Reason"] == "finished"


def test_the_daily_key_is_made_once_and_can_be_set(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_store(store_url) as first, open_store(store_url) as second:
        assert first.ranked.daily_key() == second.ranked.daily_key()
        made = first.ranked.daily_number(today())
    key = new_secret()
    monkeypatch.setenv("GOLF_DAILY_KEY", key)
    with open_store(store_url) as store:
        assert store.ranked.daily_key() == key
        assert store.ranked.daily_number(today()) != made
    monkeypatch.setenv("GOLF_DAILY_KEY", "short")
    with (
        open_store(store_url) as store,
        pytest.raises(StoreError, match="GOLF_DAILY_KEY: at least 16 characters"),
    ):
        store.ranked.daily_key()


def test_a_database_from_before_secret_deals_upgrades(store_url: str) -> None:
    """A version-3 database with a competition on public numbers: the upgrade keeps its holes,
    and a playoff it goes to comes from a secret it gets then (the same in every process)."""
    database = Database(database_url(store_url))
    for version, statements in MIGRATIONS[:3]:
        with database.transaction() as tx:
            tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            for statement in statements:
                tx.execute(statement)
            tx.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
    with database.transaction() as tx:
        tx.execute(
            "INSERT INTO competitions (id, code, name, holes, rules_json, rules_label, deals, "
            "first_deal, day, match_play, created_at) VALUES "
            "('old', 'OLDOLD', 'Before', 3, ?, 'strict', 'number', 40, NULL, 0, '2026-01-01')",
            (json.dumps(STRICT.to_dict()),),
        )
        for hole in (1, 2, 3):
            tx.execute(
                "INSERT INTO competition_holes (competition_id, hole, deal_json) VALUES "
                "('old', ?, ?)",
                (hole, json.dumps({"number": 39 + hole})),
            )
    database.close()
    with open_store(store_url) as store, open_store(store_url) as other:
        assert store.schema_version == 4
        service, elsewhere = CompetitionService(store), CompetitionService(other)
        ann, bob = (service.join("OLDOLD", name, None)["player_id"] for name in ("Ann", "Bob"))
        for player in (ann, bob):  # the same play on the same deals: a tie
            for _ in range(3):
                view = service.play("OLDOLD", player)["game"]
                while not view["finished"]:
                    move = first_move(view["table"]["legal_moves"])
                    view = service.move(view["game_id"], player, move, view["index"])
        assert service.board("OLDOLD")["phase"] == "playoff"
        row = service.competition("OLDOLD")
        assert row.deal_secret is not None
        playoff = service.data.hole_deal(row.id, 4)
        assert playoff == {"number": hole_number(row.deal_secret, 4)}
        assert elsewhere.board("OLDOLD")["playoff"]["hole"] == 4
        assert elsewhere.competition("OLDOLD").deal_secret == row.deal_secret
        assert elsewhere.board("OLDOLD")["competition"]["hole_deals"] is None


def test_winnable_and_level_searches_cannot_land_on_a_hidden_hole(
    client: TestClient, store_url: str
) -> None:
    """A winnable competition's hole is clearable, so a casual search for winnable deals or
    for the deal's level from its number would find it: refused."""
    pytest.importorskip("golf_solitaire.solver")
    code = create(client, holes=3, deals="winnable")["code"]
    hidden = hole_deals(store_url, code, 3)[0].number
    assert hidden is not None
    player = client.post("/api/players").json()["token"]
    body = {"deal": hidden, "rules": "strict+winnable_only"}
    status, reply = call(client, "POST", "/api/games", player, **body)
    assert status == 409 and reply["reason"] == "ranked_deal", reply
    outcomes = []
    for level in ("easy", "medium", "hard"):
        status, reply = call(client, "POST", "/api/games", player, deal=hidden, level=level)
        assert not (status == 201 and reply["deal"] == hidden), level
        outcomes.append(reply.get("reason") if status == 409 else status)
    assert "ranked_deal" in outcomes, "the hole has a level: that search lands on it"
