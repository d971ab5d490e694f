"""A page served from another loopback port calls status and reads a run stream with fetch().

The mock is a real `talkie-mock serve`; the page comes from a second HTTP server on another port, so every
call is cross-origin and Chromium enforces CORS exactly as for a web app on `localhost:3000`.
"""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from quiet_server import QuietHTTPServer
from served import Served, serving

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

PAGE = b"""<!doctype html><meta charset="utf-8"><title>web app</title><script>
async function talk(mock, token) {
  const auth = { Authorization: "Bearer " + token };
  const manifest = await (await fetch(mock + "/.well-known/talkie.json")).json();
  const status = await (await fetch(manifest.issuer + manifest.endpoints.status, { headers: auth })).json();
  const input = { threadId: "t_web", runId: "r_web", tools: [], context: [], state: {},
    messages: [{ id: "m_web", role: "user", content: "talkie-test:echo z prohl\xc3\xad\xc5\xbee\xc4\x8de" }],
    forwardedProps: { talkie: { channel: "chat" } } };
  const answer = await fetch(manifest.issuer + manifest.endpoints.run, { method: "POST",
    headers: { ...auth, "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(input) });
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "", types = [], text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\\n\\n")) >= 0) {
      const frame = buffer.slice(0, end); buffer = buffer.slice(end + 2);
      for (const line of frame.split("\\n")) {
        if (!line.startsWith("data:")) continue;
        const event = JSON.parse(line.slice(5));
        types.push(event.type);
        if (event.type === "TEXT_MESSAGE_CONTENT") text += event.delta;
      }
    }
  }
  return { user: status.user.name, types, text, origin: location.origin };
}
</script>"""


class _Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass


@pytest.fixture
def web_app() -> Iterator[str]:
    """The web app's own origin: another port on 127.0.0.1."""
    server = QuietHTTPServer(("127.0.0.1", 0), _Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


@pytest.fixture
def mock(tmp_path: Path) -> Iterator[Served]:
    with serving(tmp_path / "state.db") as running:
        yield running


def test_a_page_on_another_port_calls_status_and_reads_a_run_stream(
    chromium: Any, web_app: str, mock: Served
) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = chromium.launch(playwright.chromium)
        try:
            page = browser.new_page()
            page.goto(web_app + "/")
            result = page.evaluate("([mock, token]) => talk(mock, token)", [mock.origin, mock.token])
        finally:
            browser.close()
    assert result["origin"] == web_app != mock.origin
    assert result["user"]
    assert result["types"][0] == "RUN_STARTED"
    assert result["types"][-1] == "RUN_FINISHED"
    assert result["text"] == "z prohlížeče"


def test_a_page_of_an_origin_outside_cors_origin_cannot_read_the_mock(
    chromium: Any, web_app: str, tmp_path: Path
) -> None:
    from playwright.sync_api import sync_playwright

    narrowing = ("--cors-origin", "http://localhost:3000")
    with serving(tmp_path / "state.db", *narrowing) as narrowed, sync_playwright() as playwright:
        browser = chromium.launch(playwright.chromium)
        try:
            page = browser.new_page()
            page.goto(web_app + "/")
            failure = page.evaluate(
                "([mock, token]) => talk(mock, token).then(() => 'read', (e) => e.name)",
                [narrowed.origin, narrowed.token],
            )
        finally:
            browser.close()
    assert failure == "TypeError"  # fetch() refused by the browser: no Access-Control-Allow-Origin
