"""The web archive in a real browser, at a phone's width: Chromium from the system's packages
(Debian: apt-get install chromium; scripts/dev.py test installs it where it can), driven by
Playwright for Python (the `test` extra; no `playwright install`: the system's Chromium is used).
Without either the test is skipped, with the reason.

Every page of the three-month demo archive (tests/site_archive.py) is opened at 390 px wide,
every link on it followed; it fails on a console error, a failed request, a broken link, a page
wider than the viewport, or body text under 14 px."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from urllib.parse import urldefrag, urljoin

import pytest

from site_archive import archive

CHROMIUM = Path("/usr/bin/chromium")
WIDTH = 390
SMALLEST_TEXT = 14  # px

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None

pytestmark = [
    pytest.mark.skipif(sync_playwright is None,
                       reason="Playwright for Python is not installed (pip install -e '.[test]')"),
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason=f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium)"),
]

# The page's measurements: its width against the viewport's, and the body text (a paragraph, a
# list item, a table cell, a link or the body itself holding words of its own; not the small
# print of the masthead and the colophon, nor a tag's label) drawn smaller than SMALLEST_TEXT px,
# described so that a failure says where.
MEASURE = """(smallest) => {
  const small = [];
  const body = document.body;
  const size = (el) => parseFloat(getComputedStyle(el).fontSize);
  if (size(body) < smallest) small.push(`body: ${size(body)}px`);
  for (const el of body.querySelectorAll('p, li, td, th, a, span, h1, h2, h3, dd, dt, figcaption')) {
    const own = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (own && !el.closest('header, footer, .tag') && size(el) < smallest) {
      small.push(`${el.tagName.toLowerCase()}${el.className ? '.' + el.className.split(' ').join('.') : ''}`
                 + ` (${size(el).toFixed(1)}px): ${el.textContent.trim().slice(0, 40)}`);
    }
  }
  return {width: document.documentElement.scrollWidth, small: small,
          links: Array.from(document.querySelectorAll('a[href]')).map(a => a.getAttribute('href'))};
}"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the standard library's name
        pass


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The archive's folder served over HTTP on a free port, in a thread."""
    _, built = archive(tmp_path_factory.mktemp("browser"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(built.folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", built.folder
    finally:
        server.shutdown()
        server.server_close()


def test_every_page_at_a_phones_width(served):
    base, folder = served
    pages = {base + str(p.relative_to(folder)) for p in folder.rglob("*.html")}
    problems: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            context = browser.new_context(viewport={"width": WIDTH, "height": 844})
            page = context.new_page()
            at = {"url": ""}
            page.on("console", lambda msg: msg.type == "error" and problems.append(f"{at['url']}: console: {msg.text}"))
            page.on("pageerror", lambda exc: problems.append(f"{at['url']}: script error: {exc}"))
            page.on("requestfailed", lambda req: problems.append(f"{at['url']}: request failed: {req.url} "
                                                                 f"({req.failure})"))
            page.on("response", lambda res: res.status >= 400
                    and problems.append(f"{at['url']}: {res.status} for {res.url}"))
            queue, seen = [base + "index.html"], set()
            while queue:
                url = queue.pop(0)
                if url in seen:
                    continue
                seen.add(url)
                at["url"] = url
                response = page.goto(url, wait_until="load")
                if response is None or not response.ok:
                    problems.append(f"{url}: broken link ({response.status if response else 'no response'})")
                    continue
                if not url.endswith(".html"):
                    continue  # the feed: fetched (its link works), not measured
                found = page.evaluate(MEASURE, SMALLEST_TEXT)
                if found["width"] > WIDTH:
                    problems.append(f"{url}: {found['width']} px wide at a {WIDTH} px viewport")
                problems.extend(f"{url}: text under {SMALLEST_TEXT} px: {s}" for s in found["small"][:5])
                for href in found["links"]:
                    target = urldefrag(urljoin(url, href))[0]
                    if not target.startswith(base):
                        problems.append(f"{url}: a link out of the archive: {href}")
                    elif target not in seen:
                        queue.append(target)
        finally:
            browser.close()
    assert pages <= seen, f"pages no link reaches: {sorted(pages - seen)}"
    assert not problems, "\n".join(problems)
