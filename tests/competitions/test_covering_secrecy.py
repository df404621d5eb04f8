"""A TriPeaks competition: its holes play end to end, and no view of a hole ever holds one of
its face-down cards (they are as secret as the stock)."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from golf_solitaire import Game
from tests.competitions.helpers import create, first_move, hole_deals, join, play_hole


def test_no_competition_view_holds_a_face_down_card(client: TestClient, store_url: str) -> None:
    created = create(client, rules="tripeaks", holes=3)
    code = created["code"]
    deal = hole_deals(store_url, code, 3)[0]
    token = join(client, code, "Peg")["token"]
    shadow = Game(deal, competitive=True)

    def check(view: dict[str, Any], text: str) -> None:
        """The view shows what the shadow game hides, and never a face-down card's text."""
        if view["index"] > shadow.move_count:
            shadow.apply(shadow.legal_moves()[0])  # the move first_move made
        assert view["table"]["face_down"] == list(shadow.face_down)
        for position in shadow.face_down:
            card = deal.columns[position][0]
            assert not re.search(rf"(?<![0-9A-Za-z]){card}(?![0-9A-Za-z])", text), card
            assert card.pretty not in text, card

    last = play_hole(client, code, token, first_move, check)
    assert last["finished"] and shadow.is_over
