"""Every API route, with good, bad and hostile requests."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from golf_solitaire import PRESETS, Deal, Game, Rules, daily_number
from golf_solitaire.i18n import LANGUAGES
from golf_solitaire.layouts import LAYOUTS
from tests.reference import verdicts
from tests.web.conftest import new_player


def app_of(client: TestClient) -> FastAPI:
    """The application behind the test client (typed as any ASGI app)."""
    assert isinstance(client.app, FastAPI)
    return client.app


def start(client: TestClient, player: dict[str, str], **body: Any) -> dict[str, Any]:
    reply = client.post("/api/games", json=body, headers=player)
    assert reply.status_code == 201, reply.text
    game: dict[str, Any] = reply.json()
    return game


def move(client: TestClient, player: dict[str, str], game: dict[str, Any], text: str) -> Any:
    return client.post(
        f"/api/games/{game['id']}/moves",
        json={"move": text, "index": game["move_count"]},
        headers=player,
    )


def test_players_and_tokens(client: TestClient) -> None:
    created = client.post("/api/players").json()
    assert set(created) == {"id", "token"}
    me = client.get("/api/players/me", headers={"X-Golf-Token": created["token"]})
    assert me.json() == {"id": created["id"], "token": None}
    client.cookies.set("golf_token", created["token"])
    by_cookie = client.get("/api/players/me")
    assert by_cookie.status_code == 200
    client.cookies.clear()
    missing = client.get("/api/players/me")
    assert missing.status_code == 401
    assert "X-Golf-Token: missing" in missing.json()["detail"]
    wrong = client.get("/api/players/me", headers={"X-Golf-Token": created["id"]})
    assert wrong.status_code == 401 and "unknown player token" in wrong.json()["detail"]


def test_a_new_game_shows_the_table_of_that_deal(
    client: TestClient, player: dict[str, str]
) -> None:
    game = start(client, player, deal=2, rules="strict")
    deal = Deal.numbered(2)
    assert game["deal"] == 2 and game["rules"] == "strict"
    assert [[card["code"] for card in column] for column in game["columns"]] == [
        [str(card) for card in column] for column in deal.columns
    ]
    assert [card["code"] for card in game["waste"]] == [str(card) for card in deal.waste]
    assert game["stock_count"] == 16 and game["has_stock"]
    assert game["legal_moves"] == ["2", "4", "d"]
    assert game["score"] == 35 and game["move_count"] == 0 and not game["is_over"]
    assert client.get(f"/api/games/{game['id']}", headers=player).json() == game


def test_daily_and_random_and_other_rules(client: TestClient, player: dict[str, str]) -> None:
    today = dt.datetime.now(dt.UTC).date()
    daily = start(client, player, daily=True)
    assert daily["daily"] and daily["deal"] == daily_number(today)
    dated = start(client, player, daily="2026-01-01", rules="putt-putt")
    assert dated["deal"] == daily_number("2026-01-01") and dated["rules"] == "putt-putt"
    fresh = start(client, player)
    assert 1 <= fresh["deal"] <= 1_000_000
    hole = start(client, player, deal=7, rules="black-hole")
    assert len(hole["columns"]) == 17 and not hole["has_stock"]
    assert hole["waste"][0]["code"] == "AS"


def test_moves_undo_redo_and_the_end(client: TestClient, player: dict[str, str]) -> None:
    game = start(client, player, deal=2)
    game = move(client, player, game, "4").json()
    assert game["move_count"] == 1 and game["score"] == 34 and game["can_undo"]
    game = move(client, player, game, "d").json()
    assert game["stock_count"] == 15
    undone = client.post(f"/api/games/{game['id']}/undo", json={"index": 2}, headers=player)
    assert undone.json()["move_count"] == 1 and undone.json()["can_redo"]
    redone = client.post(f"/api/games/{game['id']}/redo", json={"index": 1}, headers=player)
    assert redone.json()["stock_count"] == 15 and not redone.json()["can_redo"]
    nothing = client.post(f"/api/games/{game['id']}/redo", json={"index": 2}, headers=player)
    assert nothing.status_code == 422 and nothing.json()["reason"] == "nothing_to_redo"
    game = redone.json()
    while not game["is_over"]:
        game = move(client, player, game, game["legal_moves"][0]).json()
    assert game["outcome"]["strokes"] == game["score"]
    assert not game["can_undo"]
    late = move(client, player, game, "d")
    assert late.status_code == 422 and late.json()["reason"] == "game_over"
    record = client.get(f"/api/games/{game['id']}/record", headers=player).json()
    assert Game.from_record(record).is_over


def test_illegal_moves_get_the_engines_reason_in_the_players_language(
    client: TestClient, player: dict[str, str]
) -> None:
    game = start(client, player, deal=2)
    refused = move(client, player, game, "0")
    assert refused.status_code == 422
    assert refused.json() == {
        "detail": "6♠ cannot go on 2♠: a card must be one rank above or below the waste card",
        "reason": "not_adjacent",
    }
    italian = client.post(
        f"/api/games/{game['id']}/moves?lang=it", json={"move": "0", "index": 0}, headers=player
    )
    assert italian.json()["detail"].startswith("6♠ non")
    french = client.post(
        f"/api/games/{game['id']}/moves",
        json={"move": "9", "index": 0},
        headers={**player, "Accept-Language": "fr-FR,fr;q=0.9"},
    )
    assert french.json()["reason"] == "no_such_column"
    assert "colonne" in french.json()["detail"]
    assert client.get(f"/api/games/{game['id']}", headers=player).json()["move_count"] == 0


def test_stale_and_duplicate_moves_are_refused(client: TestClient, player: dict[str, str]) -> None:
    game = start(client, player, deal=2)
    assert move(client, player, game, "4").status_code == 200
    again = move(client, player, game, "4")
    assert again.status_code == 409
    assert "this request is for move 0, the game is at move 1" in again.json()["detail"]
    undo = client.post(f"/api/games/{game['id']}/undo", json={"index": 0}, headers=player)
    assert undo.status_code == 409


def test_undo_refusals_are_the_engines(client: TestClient, player: dict[str, str]) -> None:
    game = start(client, player, deal=2)
    nothing = client.post(f"/api/games/{game['id']}/undo", json={"index": 0}, headers=player)
    assert nothing.status_code == 422 and nothing.json()["reason"] == "nothing_to_undo"
    store = app_of(client).state.sessions.store
    player_id = client.get("/api/players/me", headers=player).json()["id"]
    competitive = Game(Deal.numbered(2), competitive=True).record()
    game = client.get(
        f"/api/games/{store.create_game(player_id, competitive)}", headers=player
    ).json()
    game = move(client, player, game, "d").json()
    refused = client.post(f"/api/games/{game['id']}/undo", json={"index": 1}, headers=player)
    assert refused.status_code == 422
    assert refused.json()["reason"] == "no_undo_of_draw"
    assert "competitive" in refused.json()["detail"]
    nothing = client.post(f"/api/games/{game['id']}/redo", json={"index": 1}, headers=player)
    assert nothing.json()["reason"] == "nothing_to_redo"


def test_a_move_made_elsewhere_is_picked_up(client: TestClient, player: dict[str, str]) -> None:
    """The terminal game writes to the same store: the browser's stale move gets a 409, and
    the game read next is the stored one."""
    game = start(client, player, deal=2)
    store = app_of(client).state.sessions.store
    store.append_move(game["id"], "4", 0)
    stale = move(client, player, game, "d")
    assert stale.status_code == 409 and stale.json()["reason"] == "stale"
    game = client.get(f"/api/games/{game['id']}", headers=player).json()
    assert game["move_count"] == 1 and game["waste"][-1]["code"] == "AH"
    assert move(client, player, game, "d").status_code == 200
    store.set_position(game["id"], 1)
    undo = client.post(f"/api/games/{game['id']}/undo", json={"index": 2}, headers=player)
    assert undo.status_code == 409
    assert client.get(f"/api/games/{game['id']}", headers=player).json()["move_count"] == 1


def test_bad_requests_name_the_field(client: TestClient, player: dict[str, str]) -> None:
    def detail(reply: Any, status: int) -> str:
        assert reply.status_code == status, reply.text
        text: str = reply.json()["detail"]
        return text

    post = client.post
    assert "rules: unknown rules preset 'nope'" in detail(
        post("/api/games", json={"rules": "nope"}, headers=player), 400
    )
    assert "deal:" in detail(post("/api/games", json={"deal": 0}, headers=player), 422)
    assert "deal: give a deal number or daily" in detail(
        post("/api/games", json={"deal": 3, "daily": True}, headers=player), 400
    )
    assert "colour" in detail(post("/api/games", json={"colour": 1}, headers=player), 422)
    assert "body" in detail(
        post("/api/games", content=b"{not json", headers={**player, "content-type": "x"}), 422
    )
    game = start(client, player, deal=2)
    path = f"/api/games/{game['id']}/moves"
    assert "move: not a move: 'x'" in detail(
        post(path, json={"move": "x", "index": 0}, headers=player), 400
    )
    assert "index" in detail(post(path, json={"move": "d"}, headers=player), 422)
    assert "index" in detail(post(path, json={"move": "d", "index": -1}, headers=player), 422)
    assert "move" in detail(post(path, json={"move": "d" * 50, "index": 0}, headers=player), 422)
    assert "lang: unknown language 'xx'" in detail(
        client.get(f"/api/games/{game['id']}/hint?lang=xx", headers=player), 422
    )


def test_no_way_to_touch_another_players_game(client: TestClient, player: dict[str, str]) -> None:
    game = start(client, player, deal=2)
    intruder = new_player(client)
    for method, suffix, body in [
        ("GET", "", None),
        ("POST", "/moves", {"move": "4", "index": 0}),
        ("POST", "/undo", {"index": 0}),
        ("POST", "/redo", {"index": 0}),
        ("GET", "/hint", None),
        ("GET", "/verdict", None),
        ("GET", "/review", None),
        ("GET", "/record", None),
    ]:
        reply = client.request(method, f"/api/games/{game['id']}{suffix}", json=body)
        assert reply.status_code == 401, suffix
        reply = client.request(
            method, f"/api/games/{game['id']}{suffix}", json=body, headers=intruder
        )
        assert reply.status_code == 404, suffix
        assert "not found" in reply.json()["detail"]
    for hostile in ["../../etc/passwd", "' OR 1=1 --", "%00", "x" * 64]:
        reply = client.get(f"/api/games/{hostile}", headers=player)
        assert reply.status_code == 404, hostile
    assert client.get("/api/games/" + "x" * 65, headers=player).status_code == 422
    assert client.get(f"/api/games/{game['id']}", headers=player).json()["move_count"] == 0


def test_latest_game_resumes(client: TestClient, player: dict[str, str]) -> None:
    assert client.get("/api/games/latest", headers=player).status_code == 404
    game = start(client, player, deal=2)
    move(client, player, game, "4")
    latest = client.get("/api/games/latest", headers=player).json()
    assert latest["id"] == game["id"] and latest["move_count"] == 1


def test_analysis_says_honestly_when_the_solver_is_missing(
    client: TestClient, player: dict[str, str]
) -> None:
    from golf_solitaire.solver_seam import installed_solver

    game = start(client, player, deal=2)
    installed = installed_solver() is not None
    assert client.get("/api/meta/analysis").json() == {"available": installed}
    for route in ("hint", "verdict", "review"):
        answer = client.get(f"/api/games/{game['id']}/{route}", headers=player).json()
        assert answer["available"] is installed
        if not installed:
            assert "solver is not installed" in answer["detail"]
            spanish = client.get(f"/api/games/{game['id']}/{route}?lang=es", headers=player)
            assert "resolvedor" in spanish.json()["detail"]


def test_rounds_keep_a_score_card(client: TestClient, player: dict[str, str]) -> None:
    created = client.post(
        "/api/rounds", json={"holes": 9, "rules": "putt-putt", "first_deal": 40}, headers=player
    )
    assert created.status_code == 201
    card = created.json()
    assert card["holes"] == 9 and card["par"] == 45 and card["played"] == 0
    assert [hole["deal"] for hole in card["card"]] == list(range(40, 49))
    early = client.post(f"/api/rounds/{card['id']}/holes", headers=player)
    assert early.status_code == 400 and "hole 1 is not finished" in early.json()["detail"]
    game = client.get(f"/api/games/{card['current_game_id']}", headers=player).json()
    assert game["hole"] == 1 and game["round_id"] == card["id"] and game["deal"] == 40
    while not game["is_over"]:
        game = move(client, player, game, game["legal_moves"][-1]).json()
    card = client.get(f"/api/rounds/{card['id']}", headers=player).json()
    assert card["played"] == 1 and card["total"] == game["score"]
    second = client.post(f"/api/rounds/{card['id']}/holes", headers=player).json()
    assert second["card"][1]["game_id"] == second["current_game_id"]
    assert client.post("/api/rounds", json={"holes": 7}, headers=player).status_code == 422
    intruder = new_player(client)
    assert client.get(f"/api/rounds/{card['id']}", headers=intruder).status_code == 404


def play_out(
    client: TestClient, player: dict[str, str], game: dict[str, Any], line: Any = ()
) -> dict[str, Any]:
    """Play ``line`` (reference tokens such as ``4:AH`` or ``T:3S``), then draw or play the
    last legal move until the hand is over."""
    for token in line:
        where = token.split(":")[0]
        game = move(client, player, game, "d" if where == "T" else where).json()
    while not game["is_over"]:
        game = move(client, player, game, game["legal_moves"][-1]).json()
    return game


def statistics(client: TestClient, player: dict[str, str]) -> dict[str, dict[str, Any]]:
    reply = client.get("/api/players/me/statistics", headers=player)
    assert reply.status_code == 200
    return {entry["rules"]: entry for entry in reply.json()["presets"]}


def test_the_verdict_says_the_best_score_and_how_hard_the_deal_is(
    client: TestClient, player: dict[str, str]
) -> None:
    game = play_out(client, player, start(client, player, deal=2), verdicts("strict")[2].solution)
    for lang, words in (
        ("en", "By the solver's rating, a medium deal."),
        ("fr", "Selon le solveur, une donne moyenne."),
    ):
        reply = client.get(
            f"/api/games/{game['id']}/verdict", headers={**player, "Accept-Language": lang}
        )
        assert reply.status_code == 200, reply.text
        answer = reply.json()
        assert answer["data"]["level"] == "medium" and answer["data"]["best_score"] == 0
        assert answer["detail"].endswith(words)
    lost = play_out(client, player, start(client, player, deal=1))
    answer = client.get(f"/api/games/{lost['id']}/verdict", headers=player).json()
    assert answer["data"]["level"] == "unwinnable" and "rating" not in answer["detail"]


def test_statistics_per_preset_with_streaks(client: TestClient, player: dict[str, str]) -> None:
    assert statistics(client, player) == {}
    winning_line = verdicts("strict")[2].solution
    won = [play_out(client, player, start(client, player, deal=2), winning_line) for _ in "ab"]
    assert won[0]["outcome"] == {"termination": "cleared", "strokes": won[0]["score"]}
    strict = statistics(client, player)["strict"]
    assert (strict["games"], strict["wins"], strict["current_streak"]) == (2, 2, 2)
    lost = play_out(client, player, start(client, player, deal=1))
    assert lost["outcome"]["termination"] == "stuck"
    play_out(client, player, start(client, player, deal=5, rules="putt-putt"))
    figures = statistics(client, player)
    strict = figures["strict"]
    assert strict == {
        "rules": "strict",
        "games": 3,
        "wins": 2,
        "win_rate": round(2 / 3, 4),
        "best": won[0]["score"],
        "average": round((2 * won[0]["score"] + lost["score"]) / 3, 2),
        "current_streak": 0,
        "best_streak": 2,
        "abandoned": 0,
    }
    assert figures["putt-putt"]["games"] == 1
    assert statistics(client, new_player(client)) == {}


def test_abandoning_is_a_loss_unless_the_deal_is_proved_unwinnable(
    client: TestClient, player: dict[str, str]
) -> None:
    winnable = start(client, player, deal=2)
    move(client, player, winnable, "4")
    start(client, player, deal=2)  # a new game: the first is abandoned
    strict = statistics(client, player)["strict"]
    assert (strict["games"], strict["wins"], strict["abandoned"]) == (1, 0, 1)
    assert strict["best"] is None and strict["current_streak"] == 0
    unwinnable = start(client, player, deal=1)
    assert not verdicts("strict")[1].solved
    move(client, player, unwinnable, unwinnable["legal_moves"][0])
    untouched = start(client, player, deal=3)  # abandoned with no move made: not counted
    start(client, player, deal=4)
    strict = statistics(client, player)["strict"]
    assert (strict["games"], strict["abandoned"]) == (1, 1)
    store = app_of(client).state.sessions.store
    player_id = client.get("/api/players/me", headers=player).json()["id"]
    assert store.load_game(unwinnable["id"], player_id).termination == "abandoned_unwinnable"
    assert store.load_game(winnable["id"], player_id).termination == "abandoned"
    stored = client.get(f"/api/games/{untouched['id']}", headers=player).json()
    assert stored["move_count"] == 0 and not stored["is_over"]
    latest = client.get("/api/games/latest", headers=player).json()
    assert latest["deal"] == 4


def test_daily_deals_keep_each_days_best_and_past_days_replay(
    client: TestClient, player: dict[str, str]
) -> None:
    assert client.get("/api/players/me/dailies", headers=player).json()["days"] == []
    day = "2026-11-02"
    first = play_out(client, player, start(client, player, daily=day))
    assert first["daily"] is True and first["deal"] == daily_number(day)
    second = start(client, player, daily=day)
    second = move(client, player, second, second["legal_moves"][0]).json()
    start(client, player, daily=day, rules="putt-putt")
    today = start(client, player, daily=True)
    answer = client.get("/api/players/me/dailies", headers=player).json()
    assert answer["today"] == dt.datetime.now(dt.UTC).date().isoformat()
    days = answer["days"]
    assert [(entry["date"], entry["rules"]) for entry in days] == [
        (answer["today"], "strict"),
        (day, "putt-putt"),
        (day, "strict"),
    ]
    assert days[2] == {
        "date": day,
        "deal": daily_number(day),
        "rules": "strict",
        "games": 2,
        "best": first["score"],
        "cleared": first["outcome"]["termination"] == "cleared",
    }
    assert days[0]["deal"] == today["deal"] and days[0]["best"] is None


def test_meta_routes(client: TestClient) -> None:
    presets = client.get("/api/meta/presets?lang=nl").json()
    assert [preset["name"] for preset in presets][:2] == ["strict", "putt-putt"]
    assert len(presets) == len(PRESETS) and presets[0]["options"] == Rules().to_dict()
    languages = client.get("/api/meta/languages").json()
    assert [language["code"] for language in languages] == ["en", "it", "nl", "es", "fr"]
    texts = client.get("/api/meta/translations/it").json()
    assert texts["web.controls.undo"] == "Annulla" and texts["rank.7"] == "sette"
    assert client.get("/api/meta/translations/de").status_code == 404
    daily = client.get("/api/meta/daily").json()
    assert daily["deal"] == daily_number(daily["date"])
    assert client.get("/openapi.json").json()["info"]["title"] == "Golf Solitaire"


def test_every_answer_says_the_servers_own_time(client: TestClient, player: dict[str, str]) -> None:
    game = start(client, player, deal=2)
    for reply in (
        move(client, player, game, "4"),
        move(client, player, game, "0"),  # a refusal too
        client.get("/"),
    ):
        timing = reply.headers["server-timing"]
        assert re.fullmatch(r"app;dur=\d+\.\d{3}", timing), timing


def test_pages_and_static_files(client: TestClient) -> None:
    index = client.get("/")
    assert index.status_code == 200 and "/static/app.js" in index.text
    for name in ("app.js", "style.css", "favicon.svg"):
        assert client.get(f"/static/{name}").status_code == 200
    words = {"en": "Strokes", "it": "Colpi", "nl": "Zetten", "es": "Golpes", "fr": "Pioche"}
    for language, word in words.items():
        page = client.get(f"/rules/{language}")
        assert page.status_code == 200 and f'lang="{language}"' in page.text
        assert "<table>" in page.text and word.lower() in page.text.lower()
    assert client.get("/rules/xx").status_code == 404
    redirect = client.get("/rules", headers={"Accept-Language": "es"}, follow_redirects=False)
    assert redirect.headers["location"] == "/rules/es"


@pytest.mark.early
def test_no_response_ever_contains_an_undrawn_stock_card_or_a_face_down_card(
    client: TestClient, player: dict[str, str]
) -> None:
    randomness = random.Random(7)
    cases = [(2, "strict"), (11, "jokers"), (5, "empty-start"), (8, "putt-putt")]
    cases += [(3, "tripeaks"), (4, "elevator")]  # face-down cards are as secret as the stock
    for number, rules in cases:
        game = start(client, player, deal=number, rules=rules)
        shadow = Game(Deal.numbered(number, Rules.named(rules)))
        replies = [json.dumps(game, ensure_ascii=False)]
        while not game["is_over"]:
            roll = randomness.random()
            # "6" is a covered column, or a face-down card of the covering layouts
            choice = "u" if roll < 0.08 else "6" if roll < 0.15 else None
            choice = choice or randomness.choice(game["legal_moves"])
            if choice == "u":
                reply = client.post(
                    f"/api/games/{game['id']}/undo",
                    json={"index": game["move_count"]},
                    headers=player,
                )
            else:
                reply = move(client, player, game, choice)
            fresh = [reply.text]
            if len(replies) % 3 == 0:
                # A hint now and then (each searches many positions): its words must not leak.
                fresh.append(client.get(f"/api/games/{game['id']}/hint", headers=player).text)
            replies.extend(fresh)
            if reply.status_code == 200:
                game = reply.json()
                shadow = Game.from_record(
                    client.get(f"/api/games/{game['id']}/record", headers=player).json()
                )
            seen = shadow.observation()
            in_view = {card for column in seen.columns for card in column} | set(seen.waste)
            face_down = {shadow.deal.columns[position][0] for position in shadow.face_down}
            undrawn = (set(shadow.stock) | face_down) - in_view
            assert not face_down & in_view
            for text in fresh:
                for card in undrawn:
                    pattern = rf"(?<![0-9A-Za-z_-]){re.escape(str(card))}(?![0-9A-Za-z_-])"
                    assert not re.search(pattern, text), (card, text)
                    assert card.pretty not in text, (card, text)


def test_hint_gives_the_solvers_reason_in_the_players_language(
    client: TestClient, player: dict[str, str]
) -> None:
    game = start(client, player, deal=2, rules="strict")
    for language, words in [("en", "plays "), ("it", "gioca "), ("fr", "joue ")]:
        reply = client.get(f"/api/games/{game['id']}/hint?lang={language}", headers=player)
        assert reply.status_code == 200, reply.text
        answer = reply.json()
        assert answer["available"] and answer["data"]["move"] is not None
        assert answer["detail"].startswith(words), answer["detail"]
        assert "%" in answer["detail"] or "stock" in answer["data"]["reason"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rule_book_covers_every_layout_and_how_its_deals_are_numbered(
    client: TestClient, language: str
) -> None:
    """Each language's rule book has a row for every layout and says whose deal N each is."""
    page = client.get(f"/rules/{language}").text
    for layout in LAYOUTS:
        if layout != "golf":
            assert f"<code>{layout}</code>" in page, layout
    for name in ("Three Peaks", "Elevator", "Escalator", "Double Golf", "Double Putt"):
        assert name in page, name
    assert "<code>double-golf</code>" in page and "<code>double-putt</code>" in page
    numbered = {
        "en": "Double Golf and Double Putt deal N shuffle two decks",
        "it": "le smazzate N di Golf doppio e Putt doppio mescolano due mazzi",
        "nl": "spel N van Dubbel golf en Dubbel putt schudt twee spellen kaarten",
        "es": "los repartos N de Golf doble y Putt doble mezclan dos barajas",
        "fr": "les donnes N de Golf double et Putt double mélangent deux jeux",
    }
    assert numbered[language] in " ".join(page.split())
