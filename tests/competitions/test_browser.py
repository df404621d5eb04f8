"""Two players race through a 3-hole competition in real Chromium, two browser contexts.

Each makes a move in turn, as two people playing at once would; whenever one finishes a
hole, the other's leaderboard must show that score without a reload (server-sent events).
Screenshots of both screens go to tests/artifacts/.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from golf_solitaire import Deal, Game, Play
from golf_solitaire.cards import Card
from golf_solitaire.i18n import catalog
from tests.competitions.helpers import (
    Policy,
    draw_first,
    first_move,
    hole_deals,
    ranked_daily,
    strokes_of,
)

# The game's browser tests' fixture: headless Chromium.
from tests.web.chromium import open_menu, shot
from tests.web.conftest import browser  # noqa: F401
from tests.web.live import live_server

pytestmark = pytest.mark.browser

HOLES = 3
LIVE = 5_000
"""How long (ms) a score may take to appear on the other player's board."""


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The server's database: the tests read the secret deals there, as its operator could."""
    return f"sqlite:///{tmp_path_factory.mktemp('web') / 'golf.sqlite3'}"


@pytest.fixture(scope="module")
def server(database: str) -> Iterator[str]:
    """The game's server on ``database``, with room to create a competition again when its
    drawn deals do not suit a test."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GOLF_COMPETITION_RATES", "create=100/second,join=100/second,move=5000/second")
        with live_server(database) as base:
            yield base


@pytest.fixture
def two_pages(request: pytest.FixtureRequest) -> Iterator[list[Page]]:
    """Two players' pages, each in its own browser context (its own storage, so token).

    Fails the test on any script error or dialog (an injected ``alert`` would be one)."""
    chromium: Browser = request.getfixturevalue("browser")
    base_url: str = request.getfixturevalue("server")
    contexts = [
        chromium.new_context(
            viewport={"width": 1280, "height": 900}, locale="en-US", base_url=base_url
        )
        for _ in range(2)
    ]
    pages = [context.new_page() for context in contexts]
    problems: list[str] = []
    for page in pages:
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.on("dialog", lambda dialog: problems.append(f"dialog: {dialog.message}"))
    yield pages
    for context in contexts:
        context.close()
    assert not problems, problems


def card_of(policy: Policy, deals: list[Deal]) -> list[int]:
    """The strokes ``policy`` scores on each hole of the race."""
    return [strokes_of(policy, deal) for deal in deals]


class Racer:
    """One player in their own browser context, playing by a policy one move at a time."""

    def __init__(self, page: Page, name: str, slug: str, draws_first: bool, keys: bool) -> None:
        self.page = page
        self.keys = keys
        self.name = name
        self.slug = slug
        self.draws_first = draws_first
        self.card: list[int] = []
        self.hole = 1

    @property
    def done(self) -> bool:
        return len(self.card) == HOLES

    def step(self) -> bool:
        """One click: a move, or on to the next hole after one ends. True if a hole ended."""
        page = self.page
        if len(self.card) == self.hole:
            self.hole += 1
            page.click("#btn-next")
            expect(page.locator("#play-hole")).to_have_text(f"Hole {self.hole} of {HOLES}")
            return False
        strokes = click_move(page, self.draws_first, self.keys)
        if strokes is None:
            return False
        self.card.append(strokes)
        return True


def click_move(page: Page, draws_first: bool, keys: bool = False) -> int | None:
    """Play the leftmost playable card, or draw (first, if ``draws_first``), by a click or
    (``keys``) the page's keys; wait for the server's answer. The strokes if the hand ended."""
    table = page.evaluate(
        """() => ({
            moves: document.querySelector("#play-moves").textContent,
            column: document.querySelector(".card.playable")?.dataset.column ?? null,
            stock: !document.querySelector("#stock").disabled,
        })"""
    )
    draw = table["stock"] and (draws_first or table["column"] is None)
    if keys:
        page.keyboard.press("d" if draw else str(int(table["column"]) + 1))
    else:
        page.click("#stock" if draw else f'[data-column="{table["column"]}"]', force=True)
    answered = page.wait_for_function(
        """before => document.querySelector('#play-moves').textContent !== before
            || document.querySelector('#message').textContent""",
        arg=table["moves"],
        polling=50,
    )
    assert answered.json_value() is True, f"the move {table} was refused: {answered.json_value()}"
    found = re.match(r"Hole finished: (-?\d+) strokes", page.locator("#play-note").inner_text())
    return None if found is None else int(found.group(1))


def create_and_join(
    page: Page, name: str, player: str, database: str, wanted: Callable[[list[Deal]], bool]
) -> str:
    """Create a competition of HOLES holes on ``page`` (again until its secret deals, read
    from ``database``, are ``wanted``) and join it as ``player``; its join code."""
    for _ in range(20):
        page.goto("/competition")
        page.fill("#create-name", name)
        page.select_option("#create-holes", str(HOLES))
        page.click("#create-form button[type=submit]")
        expect(page).to_have_url(re.compile(r"/c/[A-Z2-9]{6}$"))
        code = page.url.rsplit("/", 1)[1]
        if wanted(hole_deals(database, code, HOLES)):
            break
    else:
        raise AssertionError("no competition of 20 had the deals wanted")
    expect(page.locator("#comp-code")).to_have_text(code)
    page.fill("#join-name", player)
    page.click("#join-form button[type=submit]")
    expect(page.locator("#play-hole")).to_have_text(f"Hole 1 of {HOLES}")
    return code


def join_by_link(page: Page, code: str, player: str) -> None:
    """Open competition ``code`` by its shared link and join it as ``player``."""
    page.goto(f"/c/{code}")
    expect(page.locator("#live")).to_have_text("live")
    page.fill("#join-name", player)
    page.click("#join-form button[type=submit]")
    expect(page.locator("#play-hole")).to_have_text(f"Hole 1 of {HOLES}")


def expect_score(page: Page, name: str, card: list[int]) -> None:
    """``page``'s board shows ``name`` with the holes and total of ``card``, live."""
    row = page.locator("#board-table tbody tr").filter(has=page.locator("td.name", has_text=name))
    expect(row.locator("td.holes")).to_have_text(str(len(card)), timeout=LIVE)
    expect(row.locator("td.total")).to_have_text(str(sum(card)), timeout=LIVE)


def totals_differ(deals: list[Deal]) -> bool:
    """Ann's and Bob's ways of playing end the race on different totals."""
    return sum(card_of(first_move, deals)) != sum(card_of(draw_first, deals))


def test_two_players_race_and_watch_each_other_live(two_pages: list[Page], database: str) -> None:
    ann_page, bob_page = two_pages
    pages = two_pages

    # Ann creates a 3-hole competition with a name that looks like markup, and joins.
    code = create_and_join(ann_page, "<b>Race</b> night", "Ann", database, totals_differ)
    deals = hole_deals(database, code, HOLES)
    expect(ann_page.locator("#comp-name")).to_have_text("<b>Race</b> night")

    # Bob opens the shared link and joins under a name that looks like markup too.
    join_by_link(bob_page, code, "<i>Bob</i>")
    expect_score(ann_page, "<i>Bob</i>", [])
    for page in two_pages:  # no deal is shown while the competition is open
        expect(page.locator("#comp-deals")).to_be_hidden()
        assert str(deals[0].number) not in page.content()
    for page in pages:
        page.evaluate("window.sameDocument = true")

    ann = Racer(ann_page, "Ann", "ann", draws_first=False, keys=False)
    bob = Racer(bob_page, "<i>Bob</i>", "bob", draws_first=True, keys=True)
    racers = [(ann, bob), (bob, ann)]
    turns = 0
    while not (ann.done and bob.done):
        for player, other in racers:
            if player.done:
                continue
            if player.step():
                expect_score(other.page, player.name, player.card)
                if player.done and not other.done:
                    expect(player.page.locator("#play-note")).to_contain_text(
                        "waiting for the others"
                    )
                    expect(player.page.locator("#btn-next")).to_be_hidden()
                if len(player.card) == 2:
                    shot(other.page, f"competition-race-{other.slug}-sees-{player.slug}-hole-2")
        turns += 1
        assert turns < 400, "the race does not end"

    assert ann.card == card_of(first_move, deals)
    assert bob.card == card_of(draw_first, deals)
    winner = "Ann" if sum(ann.card) < sum(bob.card) else "<i>Bob</i>"
    for page in pages:
        expect(page.locator("#phase")).to_have_text(
            f"{winner} wins on the lowest total.", timeout=LIVE
        )
        expect(page.locator("#board-table tbody tr").first.locator("td.name")).to_have_text(winner)
        expect(page.locator("#play-note")).to_contain_text("The competition is over.")
        assert page.evaluate("window.sameDocument") is True, "the page was reloaded"
        links = page.locator("#comp-deals a")  # now each hole's deal, to replay
        expect(links).to_have_count(HOLES, timeout=LIVE)
        assert links.first.get_attribute("href") == f"/?deal={deals[0].number}&rules=strict"
        expect(links.first).to_have_text(f"hole 1: deal {deals[0].number}")
        assert page.locator("#board-table i, #board-table b, #comp-name b").count() == 0
    for player in (ann, bob):
        cells = ann_page.locator("#board-table tbody tr").filter(
            has=ann_page.locator("td.name", has_text=player.name)
        )
        assert cells.locator("td.card-holes").all_inner_texts()[:HOLES] == [
            str(strokes) for strokes in player.card
        ]
    shot(ann_page, "competition-race-final-ann")
    shot(bob_page, "competition-race-final-bob")
    # The revealed deal's link deals it in the browser game, to replay and study.
    bob_page.goto(f"/?deal={deals[0].number}&rules=strict")
    expect(bob_page.locator("#status-deal")).to_contain_text(str(deals[0].number))


def test_a_board_event_leaves_the_players_cards_alone(two_pages: list[Page], database: str) -> None:
    """Another player's news redraws the board, never the cards under the player's hand:
    rebuilding them would lose a click in progress and the keyboard focus."""
    ann_page, bob_page = two_pages
    code = create_and_join(ann_page, "Focus", "Ann", database, some_column_playable)
    card = ann_page.locator(".card.playable").first
    card.focus()
    ann_page.evaluate("document.activeElement.kept = true")

    join_by_link(bob_page, code, "Bob")
    expect_score(ann_page, "Bob", [])  # the board event reached Ann's page
    assert ann_page.evaluate("document.activeElement.kept === true"), "the card was rebuilt"

    column = card.get_attribute("data-column")
    ann_page.keyboard.press("Enter")
    expect(ann_page.locator("#play-moves")).to_have_text("1")
    expect(ann_page.locator("#message")).to_have_text("")
    # The play redraws the cards; the focus stays in its column, on the card it exposed.
    expect(ann_page.locator(f'[data-column="{column}"]')).to_be_focused()


def test_cards_and_piles_have_spoken_names(two_pages: list[Page], database: str) -> None:
    """A screen reader hears each card's name, column and state, and what the piles hold, in
    the page's language."""
    page = two_pages[0]
    code = create_and_join(page, "Names", "Ann", database, some_column_playable)
    deal = hole_deals(database, code, HOLES)[0]
    playable = [move.column for move in Game(deal).legal_moves() if isinstance(move, Play)]
    blocked = next(column for column in range(7) if column not in playable)
    covered = page.locator('#tableau .column[data-index="0"] .card').first
    expect(covered).to_have_attribute("role", "img")
    bottom = spoken(deal.columns[0][0])
    expect(covered).to_have_attribute("aria-label", f"{bottom}, column 1, covered")
    for column, state in (
        (blocked, "exposed, cannot go on the waste now"),
        (playable[0], "playable"),
    ):
        expect(page.locator(f'[data-column="{column}"]')).to_have_attribute(
            "aria-label", f"{spoken(deal.columns[column][-1])}, column {column + 1}, {state}"
        )
    expect(page.locator("#waste")).to_have_attribute("role", "img")
    expect(page.locator("#waste")).to_have_attribute(
        "aria-label", f"Waste pile, top card {spoken(deal.waste[-1])}"
    )
    expect(page.locator("#stock")).to_have_attribute(
        "aria-label", f"Stock, {len(deal.stock)} cards left: draw one"
    )
    page.select_option("#select-lang", "it")
    italian = catalog("it")
    expect(page.locator("#stock")).to_have_attribute(
        "aria-label", italian["web.pile.stock"].format(count=len(deal.stock))
    )
    expect(page.locator("#waste")).to_have_attribute(
        "aria-label", italian["web.pile.waste"].format(card=spoken(deal.waste[-1], "it"))
    )


def spoken(card: Card, lang: str = "en") -> str:
    """A card's name as the page speaks it ("queen of diamonds")."""
    texts = catalog(lang)
    assert card.suit is not None, "the test deals have no jokers"
    rank, suit = texts[f"rank.{card.rank}"], texts[f"suit.{card.suit.value}"]
    return texts["card.name"].format(rank=rank, suit=suit)


def some_column_playable(deals: list[Deal]) -> bool:
    """Hole 1 starts with some columns playable and some not."""
    plays = [move for move in Game(deals[0]).legal_moves() if isinstance(move, Play)]
    return 0 < len(plays) < 7


def test_the_daily_board_shows_a_player_live(two_pages: list[Page], database: str) -> None:
    player, watcher = two_pages
    player.goto("/")
    open_menu(player)
    player.click("#link-compete")
    expect(player.locator("#create-form")).to_be_visible()
    player.click("nav a[href='/daily']")
    watcher.goto("/daily")
    for page in (player, watcher):
        expect(page.locator("#daily-facts")).to_contain_text("the same for everyone today")
    expect(watcher.locator("#board-table")).to_contain_text("Nobody has joined yet.")
    watcher.evaluate("window.sameDocument = true")
    player.fill("#daily-name", "<b>Dee</b>")
    player.click("#daily-form button[type=submit]")
    expect(player.locator("#play-hole")).to_have_text("Daily deal")
    expect(player.locator("#daily-form")).to_be_hidden()
    row = watcher.locator("#board-table tbody tr").filter(has_text="<b>Dee</b>")
    expect(row).to_contain_text("playing", timeout=LIVE)
    strokes = None
    while strokes is None:
        strokes = click_move(player, draws_first=True)
    today = dt.datetime.now(dt.UTC).date()
    assert strokes == strokes_of(draw_first, ranked_daily(database, today))
    expect(row.locator("td.total")).to_have_text(str(strokes), timeout=LIVE)
    expect(row.locator("td").first).to_have_text("1")
    assert watcher.evaluate("window.sameDocument") is True
    assert watcher.locator("#board-table b").count() == 0
    shot(watcher, "competition-daily-board")


def first_play(deal: Deal) -> Play | None:
    """The first column whose card plays at the start of ``deal``, or ``None``."""
    return next((move for move in Game(deal).legal_moves() if isinstance(move, Play)), None)


def test_keys_act_on_the_focused_control_and_cards_look_as_in_the_game(
    two_pages: list[Page], database: str
) -> None:
    """Space on the focused Undo button undoes (it drew a card, which here can never be taken
    back); the cards are the game's, with corners and a big suit, under the game's flag."""
    page = two_pages[0]
    code = create_and_join(
        page, "Keys", "Ann", database, lambda deals: first_play(deals[0]) is not None
    )
    first_hole = hole_deals(database, code, HOLES)[0]
    play = first_play(first_hole)
    assert play is not None
    stock = page.locator("#stock-count")
    left = int(stock.inner_text())
    page.keyboard.press(str(play.column + 1))  # that column's card goes on the waste
    expect(page.locator("#play-moves")).to_have_text("1")
    expect(page.locator("#btn-undo")).to_be_enabled()
    page.focus("#btn-undo")
    page.keyboard.press("Space")
    expect(page.locator("#play-moves")).to_have_text("0")
    expect(stock).to_have_text(str(left))
    covered = page.locator('#tableau .column[data-index="0"] .card').first
    expect(covered.locator(".corner.top .rank")).to_have_text(first_hole.columns[0][0].rank_label)
    expect(covered.locator(".pip svg.suit.big")).to_have_count(1)
    expect(page.locator("#waste .card .pip svg.suit.big")).to_have_count(1)
    expect(page.locator(".brand .brand-flag")).to_be_visible()


def create_and_join_rules(page: Page, name: str, rules: str, player: str) -> str:
    """Create a competition of HOLES holes played by the preset ``rules`` and join it as
    ``player``; its join code."""
    page.goto("/competition")
    page.fill("#create-name", name)
    page.select_option("#create-holes", str(HOLES))
    page.select_option("#create-rules", rules)
    page.click("#create-form button[type=submit]")
    expect(page).to_have_url(re.compile(r"/c/[A-Z2-9]{6}$"))
    page.fill("#join-name", player)
    page.click("#join-form button[type=submit]")
    expect(page.locator("#play-hole")).to_have_text(f"Hole 1 of {HOLES}")
    return page.url.rsplit("/", 1)[1]


def test_a_tripeaks_competition_draws_its_peaks_with_backs(
    two_pages: list[Page], database: str
) -> None:
    """The competition page draws a covering layout as the game does: backs for face-down
    cards (which it is never sent), and a free card plays by click."""
    page = two_pages[0]
    code = create_and_join_rules(page, "Peaks", "tripeaks", "Tess")
    expect(page.locator("#tableau .peaks .card.back")).to_have_count(18)
    deal = hole_deals(database, code, HOLES)[0]
    html = page.content()
    for position in range(18):
        assert f'data-code="{deal.columns[position][0]}"' not in html
    shot(page, "competition-tripeaks")
    plays = [move for move in Game(deal).legal_moves() if isinstance(move, Play)]
    if plays:
        page.locator(f'#tableau .peaks button[data-column="{plays[0].column}"]').click()
        expect(page.locator("#play-moves")).to_have_text("1")


def test_a_black_hole_competition_speaks_of_the_hole(two_pages: list[Page]) -> None:
    """On Black Hole the pile is the hole, for a screen reader too: no card or pile speaks
    of a waste."""
    page = two_pages[0]
    create_and_join_rules(page, "Hole", "black-hole", "Hal")
    expect(page.locator("#waste")).to_have_attribute(
        "aria-label", "The hole, top card ace of spades"
    )
    spoken = page.eval_on_selector_all(
        "#tableau .card.exposed", "cards => cards.map(card => card.ariaLabel)"
    )
    blocked = [label for label in spoken if not label.endswith(", playable")]
    assert len(spoken) == 17 and blocked
    assert all(label.endswith("cannot go into the hole now") for label in blocked)
    # Its fans lie around the hole as in the game, beside the leaderboard, with no stock.
    expect(page.locator("#stock")).to_be_hidden()
    box = "s => [document.querySelector(s).getBoundingClientRect()].map(r => [r.x, r.right])[0]"
    fans, board = page.evaluate(box, "#tableau"), page.evaluate(box, ".board")
    assert fans[1] <= board[0]
    left, right = (page.evaluate(box, f".column:nth-child({n}) .card") for n in (7, 8))
    hole = page.evaluate(box, "#tableau > #waste .card")
    assert left[1] <= hole[0] and hole[1] <= right[0]  # fan 7 | the hole | fan 8
    shot(page, "competition-black-hole")
    playable = page.locator(".card.playable")
    if playable.count():  # the hole's deal is secret and random: some have no first play
        playable.first.click()
        expect(page.locator("#play-moves")).to_have_text("1")
    else:
        page.reload()
    expect(page.locator("#tableau > #waste")).to_have_count(1)  # still the hole after a redraw
