"""A TriPeaks competition: its holes play end to end, and no view of a hole ever holds one of
its face-down cards (they are as secret as the stock)."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from golf_solitaire import Game
from tests.competitions.helpers import create, first_move, headers, hole_deals, join


def test_no_competition_view_holds_a_face_down_card(client: TestClient, store_url: str) -> None:
    created = create(client, rules="tripeaks", holes=3)
    code = created["code"]
    deal = hole_deals(store_url, code, 3)[0]
    token = join(client, code, "Peg")["token"]
    state = client.post(f"/api/competitions/{code}/play", headers=headers(token)).json()
    view = state["game"]
    shadow = Game(deal, competitive=True)
    texts = [json.dumps(view, ensure_ascii=False)]
    while True:
        text = texts[-1]
        assert view["table"]["face_down"] == list(shadow.face_down)
        for position in shadow.face_down:
            card = deal.columns[position][0]
            assert not re.search(rf"(?<![0-9A-Za-z]){card}(?![0-9A-Za-z])", text), card
            assert card.pretty not in text, card
        if view["finished"]:
            break
        move = first_move(view["table"]["legal_moves"])
        reply = client.post(
            f"/api/competition-games/{view['game_id']}/moves",
            json={"move": move, "index": view["index"]},
            headers=headers(token),
        )
        assert reply.status_code == 200, reply.text
        view = reply.json()
        texts.append(reply.text)
        shadow.apply(shadow.legal_moves()[0])
    assert shadow.is_over
