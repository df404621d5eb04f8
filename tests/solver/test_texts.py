"""Hint and review texts count right in every language: one card, one stock order, and a
peeking hint says that it peeked whatever its verdict."""

from __future__ import annotations

import pytest

from golf_solitaire import Deal, Game, Rules, hint
from golf_solitaire.i18n import LANGUAGES, Count, translate
from golf_solitaire.solver.hints import Hint

ONE_SPARE = "Talon: 5H\nFoundations: 7D\n7C 8S\n6H\n-\n-\n-\n-\n-\n"
"""Peeking, 8♠ 7♣ 6♥ clear the tableau with the one stock card left over."""
ONE_LEFT = "Talon: 5H\nFoundations: 7D\n7C 8S\nKH\n-\n-\n-\n-\n-\n"
"""Peeking, nothing clears: K♥ stays, one card."""
TWO_SPARE = "Talon: 5H 9C\nFoundations: 7D\n7C 8S\n6H\n-\n-\n-\n-\n-\n"

ONE = {
    "hint.peek_clear": {
        "en": "this clears the tableau with 1 stock card to spare",
        "it": "così il tavolo si libera con 1 carta del mazzo in avanzo",
        "nl": "zo wordt het tableau leeggespeeld met 1 stapelkaart over",
        "es": "así se despeja la mesa con 1 carta del mazo de sobra",
        "fr": "cela vide le tableau avec 1 carte de pioche en réserve",
    },
    "hint.peek_lost": {
        "en": "which leaves 1 card, the fewest",
        "it": "che lascia 1 carta, il minimo",
        "nl": "wat 1 kaart overlaat, het minst",
        "es": "que deja 1 carta, el mínimo posible",
        "fr": "ce qui laisse 1 carte, le minimum",
    },
}


def hint_on(board: str) -> Hint:
    """The peeking hint on a partial board of strict rules."""
    return hint(Game(Deal.from_text(board, partial=True)), peek=True)


@pytest.mark.parametrize(
    ("board", "code"), [(ONE_SPARE, "hint.peek_clear"), (ONE_LEFT, "hint.peek_lost")]
)
def test_one_card_is_one_card_in_every_language(board: str, code: str) -> None:
    advice = hint_on(board)
    assert advice.code == code
    assert advice.reason.endswith(ONE[code]["en"])
    for language in LANGUAGES:
        assert advice.text(language).endswith(ONE[code][language]), language


def test_more_cards_are_still_plural() -> None:
    advice = hint_on(TWO_SPARE)
    assert advice.reason.endswith("with 2 stock cards to spare")
    assert advice.text("fr").endswith("avec 2 cartes de pioche en réserve")
    assert advice.text("it").endswith("con 2 carte del mazzo in avanzo")


def test_one_stock_order_tried_is_spoken_of_as_one() -> None:
    """Jokers deal 2 judged on a single sampled order: "1 of 1 order", in the singular."""
    few = hint(Game(Deal.numbered(2, Rules.named("jokers"))), samples=1)
    assert few.params == {"cleared": 1, "tried": 1}
    assert "in 1 of 1 sampled stock order," in few.reason
    assert "in 1 su 1 ordine del mazzo provato," in few.text("it")
    assert "dans 1 sur 1 ordre de la pioche essayé," in few.text("fr")


def test_french_counts_zero_as_singular_and_numbers_keep_their_format() -> None:
    assert [f"{Count('fr', n):carte|cartes}" for n in (0, 1, 2)] == ["carte", "carte", "cartes"]
    assert [f"{Count('en', n):card|cards}" for n in (0, 1, 2)] == ["cards", "card", "cards"]
    assert f"{Count('en', 7):>3}|{Count('en', 7)!s}" == "  7|7"
    assert translate("de", "solver.hint.peek_lost", move="x", strokes=1).endswith(
        "1 card, the fewest"
    )


@pytest.mark.parametrize(
    ("rules", "number", "draws", "budget"),
    [("strict", 8, 0, 40_000), ("jokers", 2, 0, 40_000), ("strict", 3, 1, 1000)],
)
def test_a_peeking_hint_says_so_in_every_language(
    rules: str, number: int, draws: int, budget: int
) -> None:
    game = Game(Deal.numbered(number, Rules.named(rules)))
    for _ in range(draws):
        game.draw()
    advice = hint(game, peek=True, budget=budget)
    assert advice.code.startswith("hint.peek_") and advice.peek
    for language in LANGUAGES:
        prefix = translate(language, "solver.hint.peek_clears", move="").split(":")[0]
        assert advice.text(language).startswith(prefix), language


NO_SPARE = "Talon: 8H\nFoundations: 7D\n9S\n6C\n-\n-\n-\n-\n-\n"
"""Peeking, 6♣ then the draw of 8♥ and 9♠ clear the tableau with the stock used up."""
BLACK_HOLE = "Foundations: AS\n2S\n2H\n3D\n" + "-\n" * 14
"""Black Hole, no stock: 2♠, 3♦ and 2♥ (or 2♥, 3♦ and 2♠) clear the tableau."""


def test_a_clear_that_uses_the_whole_stock_says_none_is_spared() -> None:
    advice = hint_on(NO_SPARE)
    assert advice.code == "hint.peek_clear_none"
    assert advice.reason.endswith("this clears the tableau with no stock cards to spare")
    for language in LANGUAGES:
        assert " 0 " not in advice.text(language), language


def test_a_layout_without_a_stock_speaks_of_no_stock_cards_or_orders() -> None:
    """Black Hole has no stock: a clear is not said to spare 0 stock cards, nor to come in
    100% of the possible stock orders."""
    game = Game(Deal.from_text(BLACK_HOLE, Rules.named("black-hole"), partial=True))
    fair, peeking = hint(game), hint(game, peek=True)
    assert (fair.code, peeking.code) == ("hint.exact_known", "hint.peek_clears")
    assert "; with no card left unseen, this is exact;" in fair.reason
    assert "stock" not in fair.reason
    for language in LANGUAGES:
        assert "%" not in fair.text(language) and " 0 " not in peeking.text(language), language


@pytest.mark.parametrize("code", ["hint.lost", "hint.unlikely"])
def test_about_one_card_reads_right_in_spanish(code: str) -> None:
    """Spanish "unas" (some) only goes with plurals: "unas 4", never "unas 1"."""
    text = translate("es", f"solver.{code}", move="roba del mazo", strokes=1)
    assert "(alrededor de 1)" in text and "unas" not in text


TWO_UNSEEN = "Talon: 5H 9C\nFoundations: 7D\n7C 8S\n6H\n-\n-\n-\n-\n-\n"
"""8♠ then 7♣ and 6♥ clear with both stock cards left; 6♥ first expects -0.5."""


def test_a_hint_gives_its_expected_strokes_and_the_next_best_in_every_language() -> None:
    advice = hint(Game(Deal.from_text(TWO_UNSEEN, partial=True)))
    assert advice.compare_code == "compare.better"
    assert advice.reason.endswith(
        "; on average this ends at -2.0 strokes, the next best move (playing 6♥) at -0.5"
    )
    assert advice.text("fr").endswith(
        " ; en moyenne cela finit à -2,0 coups, le meilleur coup suivant (jouer 6♥) à -0,5"
    )
    for language in LANGUAGES:
        text = advice.text(language)
        assert "6♥" in text and "solver." not in text, language
        assert ("-2,0" if language != "en" else "-2.0") in text, language


def test_a_hint_short_of_time_still_compares_every_move_and_says_how() -> None:
    """Deal 3 after a draw, in 1000 positions: no order is solved to the end, yet every move
    has a value in every order (the best play found in time), never a silent guess."""
    game = Game(Deal.numbered(3))
    game.draw()
    short = hint(game, budget=1000, rollouts=0)  # the searched orders alone
    assert set(short.move_values) == set(game.legal_moves())
    assert short.compare_code == "compare.estimated_better"
    assert short.compare_params["counted"] == 0 and short.compare_params["tried"] == 32
    assert short.reason.endswith(
        "(0 of the 32 orders solved to the end; in the others, the best play found in time)"
    )
    for language in LANGUAGES:
        text = short.text(language)
        assert "32" in text and "solver." not in text, language


def test_a_tie_is_said_so() -> None:
    twins = "Talon: 5H 9C\nFoundations: 7D\n8S\n8C\n-\n-\n-\n-\n-\n"  # 8♠ or 8♣: alike
    tie = hint(Game(Deal.from_text(twins, partial=True)))
    assert tie.compare_code == "compare.tie"
    assert tie.reason.endswith("the same as playing 8♣")
    for language in LANGUAGES:
        assert "solver." not in tie.text(language), language


def test_orders_not_solved_to_the_end_are_said_so() -> None:
    """Deal 7 at the start: 5 of the 32 orders are solved to the end, and the reason names
    it (the others are valued by the best play found in time, an upper bound)."""
    advice = hint(Game(Deal.numbered(7)), rollouts=0, budget=40_000)  # searched orders alone
    assert advice.compare_code == "compare.estimated_better"
    assert advice.compare_params["counted"] == 5 and advice.compare_params["tried"] == 32
    assert "; on average this ends at about 11.8 strokes" in advice.reason
    assert "(5 of the 32 orders solved to the end;" in advice.reason
    for language in LANGUAGES:
        text = advice.text(language)
        assert "(5 " in text and "32" in text and "solver." not in text, language
