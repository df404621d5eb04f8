"""Help for players in real Chromium: an illustrated how-to-play page in every language,
reached from the game's menu, with the rule book one link away; and the API's /docs
page working with no network but the server's own."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from golf_solitaire import Deal, Rules
from golf_solitaire.i18n import LANGUAGES, catalog
from golf_solitaire.moves import Play
from golf_solitaire.state import State, face_down, legal_moves
from tests.web.chromium import open_deal, open_menu, shot

pytestmark = pytest.mark.browser

EXAMPLE = """figure => {
  const cards = [...figure.querySelectorAll(".howto-table .card")]
    .filter((card) => !card.closest(".howto-pile"));
  const column = (card) => Number(card.dataset.column);
  const faces = cards.filter((card) => !card.classList.contains("back"));
  const pile = figure.querySelector(".howto-pile");
  const top = pile.querySelector(".card");
  return {
    rules: figure.dataset.rules,
    deal: Number(figure.dataset.deal),
    cards: faces.map((card) => [column(card), card.dataset.code]),
    backs: cards.filter((card) => card.classList.contains("back")).map(column),
    playable: cards.filter((card) => card.matches(".playable")).map(column),
    top: top ? top.dataset.code : null,
    pile: pile.dataset.pile,
  };
}"""
"""What the page's example figure draws: its deal, the cards by column (or position), the
face-down ones, the ones ringed in gold, the card on its pile and what the pile is."""

WORDS = """() => [
  ...[...document.querySelectorAll("body *")].flatMap((node) => [...node.childNodes]
    .filter((child) => child.nodeType === Node.TEXT_NODE).map((child) => child.textContent)),
  ...[...document.querySelectorAll("[aria-label]")].map((node) => node.getAttribute("aria-label")),
  document.title,
].join("\\n")"""
"""Every text of the page, spoken labels and title included."""

KEY = re.compile(r"\b(?:web|word|pile|card|rank|suit|preset|reason)\.[a-z_]+")
"""A catalog key shown as it is: the page found no text for it."""


def assert_example_is_the_deal(example: dict[str, Any]) -> None:
    """The example figure shows its numbered deal as the game deals it: every face-up card in
    its column (or position), the face-down ones as backs, gold rings on exactly the cards the
    rules let go on the pile first, the pile's own card."""
    deal = Deal.numbered(example["deal"], Rules.named(example["rules"]))
    state = State.start(deal)
    hidden = set(face_down(deal, state))
    shown = [
        (column, str(card))
        for column, cards in enumerate(deal.columns)
        if column not in hidden
        for card in cards
    ]
    assert sorted(tuple(card) for card in example["cards"]) == sorted(shown)
    assert sorted(example["backs"]) == sorted(hidden)
    plays = [move.column for move in legal_moves(deal, state) if isinstance(move, Play)]
    assert sorted(example["playable"]) == sorted(plays)
    assert example["top"] == (str(deal.waste[-1]) if deal.waste else None)


def assert_no_key_shows(page: Page) -> None:
    """No text, spoken label or title of the page is a catalog key left untranslated."""
    shown = KEY.findall(page.evaluate(WORDS))
    assert not shown, shown


def follow_the_games_link(page: Page, server: str, preset: str) -> None:
    """Open deal 2 of ``preset`` and follow the menu's how-to-play link (it names the preset)."""
    open_deal(page, 2, preset)
    open_menu(page)
    page.click("#link-rules")
    expect(page).to_have_url(f"{server}/how-to-play/en?rules={preset}")


def test_how_to_play_is_illustrated_in_every_language(
    page: Page, browser: Browser, server: str
) -> None:
    follow_the_games_link(page, server, "strict")
    for lang in LANGUAGES:
        texts = catalog(lang)
        page.goto(f"/how-to-play/{lang}")
        expect(page.locator("body.ready")).to_be_attached()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("h1")).to_have_text(texts["web.howto.title"])
        expect(page.locator("main")).to_contain_text(texts["web.howto.score"])
        play = page.locator("#figure-play .card")
        expect(play).to_have_count(36)  # seven columns of five and the waste card
        expect(page.locator("#figure-play .card.playable")).to_have_count(2)
        expect(play.first.locator(".pip svg.suit.big")).to_have_count(1)
        expect(page.locator("#figure-play .howto-label")).to_have_text(texts["word.waste"])
        expect(page.locator("#figure-play figcaption")).to_have_text(
            texts["web.howto.play_caption"]
        )
        expect(page.locator("#figure-chain .card")).to_have_count(5)
        expect(page.locator("#figure-chain figcaption")).to_have_text(
            texts["web.howto.chain_caption"]
        )
        assert_no_key_shows(page)
        expect(page.locator("#rule-book")).to_have_attribute("href", f"/rules/{lang}")
        shot(page, f"how-to-play-{lang}")
    example = page.eval_on_selector("#figure-play", EXAMPLE)
    assert (example["rules"], example["pile"]) == ("strict", "waste")
    assert_example_is_the_deal(example)
    page.click("#rule-book")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator(".rules-book h1")).to_be_visible()
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, base_url=server
    )
    phone = context.new_page()
    phone.goto("/how-to-play/it")
    expect(phone.locator("body.ready")).to_be_attached()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "how-to-play-phone-it")
    context.close()


@pytest.mark.parametrize(
    ("path", "drawn"), [("/docs", ".swagger-ui .info .title"), ("/redoc", "h1")]
)
def test_the_api_pages_work_offline(page: Page, server: str, path: str, drawn: str) -> None:
    """Every request to another host is refused, as with no network: the page still draws."""
    host = urlparse(server).netloc
    asked: list[str] = []

    def only_the_server(route: Route) -> None:
        if urlparse(route.request.url).netloc == host:
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    page.route("**/*", only_the_server)
    page.goto("/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text(
        "Golf Solitaire", timeout=15_000
    )
    expect(page.get_by_text("/api/games/{game_id}/moves").first).to_be_attached()
    assert not asked, asked
    shot(page, "api-docs")


FAMILIES = {
    # a preset of each family: its page's title key, a text that only its family's page has,
    # what its example's pile is and how many of the example's cards lie face down
    "putt-putt": ("web.howto.title", "web.howto.draw", "waste", 0),
    "double-putt": ("web.howto.double_golf.title", "web.howto.double_golf.chain", "waste", 0),
    "black-hole": ("web.howto.black_hole.title", "web.howto.black_hole.play", "hole", 0),
    "all-in-a-row": (
        "web.howto.all_in_a_row.title",
        "web.howto.all_in_a_row.play",
        "foundation",
        0,
    ),
    "tripeaks": ("web.howto.tri_peaks.title", "web.howto.covering.play", "waste", 18),
    "elevator": ("web.howto.elevator.title", "web.howto.covering.play", "waste", 21),
    "escalator": ("web.howto.escalator.title", "web.howto.escalator.play", "waste", 0),
}


def assert_example_speaks_of_its_pile(page: Page, texts: dict[str, str], pile: str) -> None:
    """The example's pile is named as its family names it, under the pile and in its spoken
    label; a family with a hole or a foundation has no waste anywhere in its figure."""
    figure = page.locator("#figure-play")
    label = texts[f"pile.{pile}"]
    expect(figure.locator(".howto-label")).to_have_text(label)
    top = figure.locator(".howto-pile [aria-label]")
    spoken = top.get_attribute("aria-label") or ""
    if pile == "foundation":
        assert spoken == texts["web.pile.foundation_empty"]
    else:
        assert spoken.startswith(texts[f"web.pile.{pile}"].split("{")[0]), spoken
    if pile != "waste":
        words = figure.inner_text() + " ".join(
            figure.evaluate("f => [...f.querySelectorAll('[aria-label]')].map(n => n.ariaLabel)")
        )
        assert texts["word.waste"].lower() not in words.lower()


@pytest.mark.parametrize("preset", FAMILIES)
def test_how_to_play_describes_the_family_of_the_preset_in_play(
    page: Page, server: str, preset: str
) -> None:
    """The game's link leads to its own family's page, in every language, naming the preset;
    no family's page speaks of another's layout (Golf's seven columns, a stock where there is
    none, the strict King where King and Ace wrap)."""
    title, own, pile, backs = FAMILIES[preset]
    follow_the_games_link(page, server, preset)
    family = Rules.named(preset).layout
    for lang in LANGUAGES:
        texts = catalog(lang)
        page.goto(f"/how-to-play/{lang}?rules={preset}")
        expect(page.locator("body.ready")).to_be_attached()
        expect(page.locator("h1")).to_have_text(texts[title])
        assert page.title() == texts[title]
        main = page.locator("main")
        expect(main).to_contain_text(texts[own])
        named = texts["web.howto.preset"].format(
            title=texts[f"preset.{preset}.title"], summary=texts[f"preset.{preset}.summary"]
        )
        expect(page.locator("#howto-preset")).to_have_text(named)
        shown = main.inner_text()
        if preset != "putt-putt":
            assert texts["web.howto.goal"] not in shown  # Golf's seven columns
        if preset in ("putt-putt", "double-putt"):
            assert texts["web.howto.chain_wrap"] not in shown
        else:
            assert texts["web.howto.chain"] not in shown  # nothing wraps in strict Golf
        has_stock = preset not in ("black-hole", "all-in-a-row")
        assert (texts["web.howto.draw"] in shown) is has_stock
        assert (texts["web.howto.no_stock"] in shown) is not has_stock
        # Its own example: a deal of its layout, face-down cards as backs, its pile named.
        example = page.eval_on_selector("#figure-play", EXAMPLE)
        assert Rules.named(example["rules"]).layout == family
        assert len(example["backs"]) == backs
        assert example["pile"] == pile
        assert_example_speaks_of_its_pile(page, texts, pile)
        caption = "play_caption" if family == "golf" else f"{family}.caption"
        named = texts[f"preset.{example['rules']}.title"]
        expect(page.locator("#figure-play figcaption")).to_have_text(
            texts[f"web.howto.{caption}"].format(title=named)
        )
        wraps = Rules.named(preset).wrap
        chain = "web.howto.chain_wrap_caption" if wraps else "web.howto.chain_caption"
        expect(page.locator("#figure-chain figcaption")).to_have_text(texts[chain])
        assert_no_key_shows(page)
        languages = page.locator("#languages a")
        expect(languages.nth(LANGUAGES.index(lang))).to_have_attribute(
            "href", f"/how-to-play/{lang}?rules={preset}"
        )
    assert_example_is_the_deal(example)
    shot(page, f"how-to-play-{preset}-fr")


def test_how_to_play_without_a_known_preset_is_golf(page: Page) -> None:
    """No preset, or one the server does not know, shows Golf's page and names no preset."""
    texts = catalog("nl")
    for query in ("", "?rules=no-such-game", "?rules=%3Cb%3E"):
        page.goto(f"/how-to-play/nl{query}")
        expect(page.locator("body.ready")).to_be_attached()
        expect(page.locator("h1")).to_have_text(texts["web.howto.title"])
        expect(page.locator("main")).to_contain_text(texts["web.howto.goal"])
        expect(page.locator("#howto-preset")).to_be_hidden()


FITS = """figure => {
  const box = figure.getBoundingClientRect();
  const cards = [...figure.querySelectorAll(".card, .slot")]
    .map((card) => card.getBoundingClientRect());
  return {
    inside: cards.every((card) => card.left >= box.left && card.right <= box.right
      && card.top >= box.top && card.bottom <= box.bottom),
    width: Math.min(...cards.map((card) => card.width)),
  };
}"""
"""Whether every card of a figure lies inside it, and the narrowest card's width."""


def test_every_example_fits_a_phone(phone: Page) -> None:
    """On a phone (390 px) each family's example fits the page with no sideways scrolling,
    every card inside its figure and wide enough to read (TriPeaks' ten across the narrowest)."""
    for preset in ("strict", *FAMILIES):
        phone.goto(f"/how-to-play/en?rules={preset}")
        expect(phone.locator("body.ready")).to_be_attached()
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, preset
        for figure in ("#figure-play", "#figure-chain"):
            fits = phone.eval_on_selector(figure, FITS)
            assert fits["inside"] and fits["width"] >= 28, (preset, figure, fits)
    shot(phone, "how-to-play-phone-escalator")
