"""The competition API on SQLite and PostgreSQL: whole rounds, playoffs, match play, daily."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from golf_solitaire import Deal, Rules
from golf_solitaire.competitions import DEAL_SOURCES, CompetitionService
from golf_solitaire.i18n import LANGUAGES, catalog
from golf_solitaire.rules import PRESETS
from golf_solitaire.secret_deals import hole_number
from golf_solitaire.store import open_store
from tests.competitions.helpers import (
    create,
    draw_first,
    first_move,
    headers,
    hole_deals,
    join,
    last_play,
    play_hole,
    ranked_daily,
    strokes_of,
)


def board(client: TestClient, code: str) -> dict[str, Any]:
    reply = client.get(f"/api/competitions/{code}")
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def test_a_round_is_scored_by_the_server_and_ranked(client: TestClient, store_url: str) -> None:
    created = create(client, name="Tuesday <b>club</b>")
    code = created["code"]
    assert len(code) == 6 and created["link"].endswith(f"/c/{code}")
    ann = join(client, code, "Ann")
    bob = join(client, code, "Bob")
    for hole in range(1, 10):
        play_hole(client, code, ann["token"], first_move)
        play_hole(client, code, bob["token"], draw_first)
        line = {item["name"]: item for item in board(client, code)["standings"]}
        assert line["Ann"]["holes_played"] == hole
    result = board(client, code)
    deals = hole_deals(store_url, code, 9)
    ann_card = [strokes_of(first_move, deal) for deal in deals]
    bob_card = [strokes_of(draw_first, deal) for deal in deals]
    assert result["competition"]["name"] == "Tuesday <b>club</b>"
    lines = {item["name"]: item for item in result["standings"]}
    assert lines["Ann"]["card"] == ann_card and lines["Bob"]["card"] == bob_card
    assert lines["Ann"]["total"] == sum(ann_card)
    assert lines["Ann"]["to_par"] == sum(ann_card) - 45
    if sum(ann_card) != sum(bob_card):
        assert result["phase"] == "finished" and result["decided"] == "total"
        assert result["winner"] == ("Ann" if sum(ann_card) < sum(bob_card) else "Bob")
        assert result["standings"][0]["position"] == 1
        assert (
            client.post(f"/api/competitions/{code}/players", json={"name": "Cy"}).status_code == 409
        )
        done = client.post(f"/api/competitions/{code}/play", headers=headers(ann["token"]))
        assert done.json()["state"] == "finished"
    else:
        assert result["phase"] == "playoff"


def test_a_tie_goes_to_playoff_holes_on_one_new_deal_until_decided(
    client: TestClient, store_url: str
) -> None:
    # Ann and Bob play alike, so they tie; Cy's draws must not tie them too.
    while True:
        code = create(client)["code"]
        deals = hole_deals(store_url, code, 9)
        if sum(strokes_of(draw_first, deal) for deal in deals) != sum(
            strokes_of(first_move, deal) for deal in deals
        ):
            break
    ann = join(client, code, "Ann")
    bob = join(client, code, "Bob")
    cy = join(client, code, "Cy")
    for _ in range(9):
        play_hole(client, code, ann["token"], first_move)
        play_hole(client, code, bob["token"], first_move)
        play_hole(client, code, cy["token"], draw_first)
    tied = board(client, code)
    assert tied["phase"] == "playoff" and tied["playoff"]["hole"] == 10
    assert sorted(tied["playoff"]["players"]) == ["Ann", "Bob"]
    assert [line["position_text"] for line in tied["standings"]] == ["T1", "T1", "3"]
    # Cy is out of it: nothing to play, and the round is closed to newcomers.
    waiting = client.post(f"/api/competitions/{code}/play", headers=headers(cy["token"]))
    assert waiting.json()["state"] == "waiting"
    late = client.post(f"/api/competitions/{code}/players", json={"name": "Dee"})
    assert late.status_code == 409 and late.headers["X-Golf-Reason"] == "closed"
    # Both get the same new deal for the playoff hole.
    starts = []
    for token in (ann["token"], bob["token"]):
        state = client.post(f"/api/competitions/{code}/play", headers=headers(token)).json()
        assert state["hole"] == 10
        starts.append(state["game"]["table"]["columns"])
    assert starts[0] == starts[1]
    play_hole(client, code, ann["token"], first_move)
    play_hole(client, code, bob["token"], first_move)
    again = board(client, code)
    assert again["phase"] == "playoff" and again["playoff"]["hole"] == 11
    holes = 2
    while True:
        ann_view = play_hole(client, code, ann["token"], first_move)
        bob_view = play_hole(client, code, bob["token"], last_play)
        if ann_view["strokes"] != bob_view["strokes"]:
            break
        holes += 1
    final = board(client, code)
    assert final["phase"] == "finished" and final["decided"] == "playoff"
    assert final["playoff_holes"] == holes
    winner = "Ann" if ann_view["strokes"] < bob_view["strokes"] else "Bob"
    assert final["winner"] == winner and final["standings"][0]["name"] == winner
    assert final["standings"][0]["position_text"] == "1"
    assert final["competition"]["finished_at"] is not None


def test_match_play_for_two(client: TestClient) -> None:
    code = create(client, match_play=True)["code"]
    ann = join(client, code, "Ann")
    bob = join(client, code, "Bob")
    full = client.post(f"/api/competitions/{code}/players", json={"name": "Cy"})
    assert full.status_code == 409 and full.headers["X-Golf-Reason"] == "full"
    assert board(client, code)["match"]["code"] == "all_square"
    for _ in range(9):
        state = board(client, code)
        if state["phase"] == "finished":
            break
        play_hole(client, code, ann["token"], first_move)
        play_hole(client, code, bob["token"], draw_first)
        match = board(client, code)["match"]
        won_a, won_b = match["holes_won"]
        assert match["lead"] == abs(won_a - won_b)
        assert match["to_play"] == 9 - match["holes_played"]
        assert match["code"] in ("all_square", "up", "dormie", "won", "won_up", "halved")
    final = board(client, code)
    assert final["phase"] == "finished" and final["decided"] == "match"
    assert final["match"]["finished"]
    if final["match"]["code"] == "won":
        assert final["match"]["text"].endswith(
            f"won {final['match']['lead']} & {final['match']['to_play']}"
        )
        state = client.post(f"/api/competitions/{code}/play", headers=headers(ann["token"])).json()
        assert state["state"] == "finished"


def test_daily_board_lists_everyone_who_played_the_daily_deal(
    client: TestClient, store_url: str
) -> None:
    today = dt.datetime.now(dt.UTC).date().isoformat()
    reply = client.post("/api/daily/players", json={"name": "Dee", "rules": "strict"})
    assert reply.status_code == 201, reply.text
    dee = reply.json()
    assert dee["day"] == today
    view = dee["game"]
    while not view["finished"]:
        view = client.post(
            f"/api/competition-games/{view['game_id']}/moves",
            json={"move": first_move(view["table"]["legal_moves"]), "index": view["index"]},
            headers=headers(dee["token"]),
        ).json()
    # A competition on the daily deals puts hole 1 on the same board.
    code = create(client, deals="daily")["code"]
    eve = join(client, code, "Eve")
    pending = client.get(f"/api/daily/{today}").json()
    eve_view = play_hole(client, code, eve["token"], draw_first)
    daily = client.get(f"/api/daily/{today}?rules=strict").json()
    names = {line["name"]: line for line in daily["standings"]}
    assert set(names) == {"Dee", "Eve"} and pending["version"] < daily["version"]
    assert names["Dee"]["strokes"] == view["strokes"]
    assert names["Eve"]["strokes"] == eve_view["strokes"]
    # Today's ranked deal is secret: the board names none, and it is not the public one.
    assert daily["deal_number"] is None and daily["deal_link"] is None
    ranked = ranked_daily(store_url, dt.date.fromisoformat(today))
    assert daily["shown_from"] == (dt.date.fromisoformat(today) + dt.timedelta(days=2)).isoformat()
    assert view["strokes"] == strokes_of(first_move, ranked)
    assert ranked.stock != Deal.daily(today, Rules.named("strict")).stock
    again = client.post(
        "/api/daily/players", json={"name": "Dee"}, headers=headers(dee["token"])
    ).json()
    assert again["game"]["game_id"] == view["game_id"]
    assert client.get("/api/daily/2026-13-01").status_code == 400
    assert client.get(f"/api/daily/{today}?rules=golfish").status_code == 400


MATCH_CODES = ("all_square", "all_square_to_play", "up", "dormie", "won", "won_up", "halved")


def test_deals_from_a_secret_the_ranked_daily_deal_or_winnable_only(
    client: TestClient, store_url: str
) -> None:
    numbered = create(client, holes=3)
    assert "first_deal" not in numbered and numbered["hole_deals"] is None
    again = create(client, holes=3)
    ones = [deal.number for deal in hole_deals(store_url, numbered["code"], 3)]
    twos = [deal.number for deal in hole_deals(store_url, again["code"], 3)]
    assert len(set(ones + twos)) == 6, "each competition draws its own secret deals"
    refused = client.post("/api/competitions", json={"name": "N", "deal_number": 40})
    assert refused.status_code == 400 and "drawn in secret" in refused.json()["detail"]
    today = dt.datetime.now(dt.UTC).date()
    daily = create(client, holes=3, deals="daily")
    assert daily["day"] == today.isoformat()
    deals = hole_deals(store_url, daily["code"], 3)
    assert deals[0] == ranked_daily(store_url, today) != Deal.daily(today)
    try:
        from golf_solitaire.solver.winnable import MAX_TRIES, proved_clearable
    except ImportError:
        reply = client.post("/api/competitions", json={"name": "W", "deals": "winnable"})
        assert reply.status_code == 400 and reply.headers["X-Golf-Reason"] == "needs_solver"
        return
    # Each hole is the first deal the solver proves clearable from the hole's secret number.
    winnable = create(client, holes=3, deals="winnable")["code"]
    with open_store(store_url) as store:
        service = CompetitionService(store)
        row = service.competition(winnable)
        assert row.deal_secret is not None
        starts = [hole_number(row.deal_secret, hole) for hole in (1, 2, 3)]
    rules = Rules.named("strict")
    for start, deal in zip(starts, hole_deals(store_url, winnable, 3), strict=True):
        assert deal.number is not None and start <= deal.number < start + MAX_TRIES
        assert proved_clearable(deal.number, rules)
        assert not any(proved_clearable(n, rules) for n in range(start, deal.number))


def test_texts_and_pages(client: TestClient) -> None:
    for lang in ("en", "it", "nl", "es", "fr"):
        texts = client.get(f"/api/competition-texts/{lang}").json()
        assert texts["competition.match.won"].count("{leader}") == 1
    assert client.get("/api/competition-texts/xx").status_code == 404
    for path in ("/competition", "/c/ABCDEF", "/daily"):
        page = client.get(path)
        assert page.status_code == 200 and "competition.js" in page.text
    assert client.get("/static/competition.js").status_code == 200


def test_every_text_the_page_uses_is_in_the_catalogs(client: TestClient) -> None:
    """Every key the page asks for reaches it, in every language, through its texts route."""
    static = Path(__file__).resolve().parents[2] / "src" / "golf_solitaire" / "web" / "static"
    html = (static / "competition.html").read_text(encoding="utf-8")
    # The page's own script and the modules it shares with the game.
    scripts = [static / "competition.js", *sorted((static / "shared").glob("*.js"))]
    script = "\n".join(path.read_text(encoding="utf-8") for path in scripts)
    used = set(re.findall(r'data-i18n="([\w.]+)"', html))
    used |= set(re.findall(r'\bt\("([\w.]+)"', script))
    used |= set(re.findall(r'"(web\.card\.\w+)"', script))  # a card's state, chosen first
    used |= {f"competition.match.{code}" for code in MATCH_CODES}
    used |= {f"competition.deals.{source}" for source in DEAL_SOURCES}
    used |= {f"preset.{name}.title" for name in PRESETS}
    used |= {f"rank.{rank}" for rank in range(1, 14)} | {f"suit.{suit}" for suit in "CDHS"}
    assert {"competition.board.playing", "web.card.covered", "card.name"} <= used
    assert len(used) > 60
    for lang in LANGUAGES:
        assert not sorted(used - set(catalog(lang))), lang
        sent = client.get(f"/api/competition-texts/{lang}").json()
        missing = sorted(used - set(sent))
        assert not missing, (lang, missing)
