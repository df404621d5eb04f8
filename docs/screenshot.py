"""Take docs/screenshot.png: the browser game in Debian's Chromium, a few moves into deal 2.

Run from the repository: ``.venv/bin/python docs/screenshot.py``. It starts a real server on
a throwaway database, plays the first moves of the solver's winning line and saves the page.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.reference import verdicts  # the reference data: deal 2's winning line
from tests.web.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.web.live import live_server

ROOT = Path(__file__).resolve().parents[1]

MOVES_SHOWN = 9


def main() -> None:
    """Save the screenshot."""
    with (
        tempfile.TemporaryDirectory() as folder,
        live_server(f"sqlite:///{folder}/golf.sqlite3") as base,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(
            viewport={"width": 1100, "height": 790}, locale="en-GB", base_url=base
        )
        page.goto("/?deal=2&rules=strict")
        expect(page.locator("#status-deal")).to_have_text("Deal 2")
        for count, token in enumerate(verdicts("strict")[2].solution[:MOVES_SHOWN], start=1):
            where = token.split(":")[0]
            page.keyboard.press("Space" if where == "T" else str(int(where) + 1))
            expect(page.locator("#status-moves")).to_have_text(str(count))
        page.keyboard.press("h")
        expect(page.locator("#message")).to_contain_text("Hint")
        page.wait_for_timeout(400)  # let the hint's glow settle
        page.screenshot(path=str(ROOT / "docs" / "screenshot.png"))
        browser.close()
    print(f"saved {ROOT / 'docs' / 'screenshot.png'}")


if __name__ == "__main__":
    main()
