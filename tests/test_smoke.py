"""The first API a user meets works as the README shows."""

from golf_solitaire import Deal, Draw, Game, Play


def test_first_api() -> None:
    deal = Deal.numbered(2)
    game = Game(deal)
    assert game.legal_moves() == [Play(2), Play(4), Draw()]
    game.play(4)
    assert game.score == 34
    assert Deal.from_text(deal.to_text()) == deal
    assert Game.from_record(game.record()).state == game.state
