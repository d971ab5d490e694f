"""`talkie-mock playground URL` against a second server: the docs' minimal server, a real process on loopback.

The page is served by the playground's own loopback server and reaches the minimal server (which sends no
CORS headers) only through its forwarder: discovery, sign-in with a pasted token, streamed runs, a card, a
decision on an action and a thread deleted, each turn with its trace and verdicts. From the browser, the
forwarder reaches no other server, answers nothing without the link's key, and answers no page of another
origin. The minimal server's access log is the proof of what reached it.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest
import sample_servers
import served
import waiting
from playground_page import WAIT, idle, send, turn, turn_starting
from quiet_server import QuietHTTPServer

pytestmark = pytest.mark.slow

TOKEN = "minimal-dev-token-Vendula"
FORWARD = "/_mock/playground/forward"
SLOW_TEXT = "Pomalá odpověď přichází slovo po slově, aby šlo běh zrušit."
"""What `talkie-test:slow` streams on the minimal server (its SLOW_DELTAS, joined)."""


class Recorder(BaseHTTPRequestHandler):
    """Another program on loopback: a blank page at `/`, and a log of every request that reaches it."""

    protocol_version = "HTTP/1.1"
    server: Any

    def do_GET(self) -> None:
        self.server.seen.append(self.path)
        body = b"<!doctype html><title>another loopback page</title><p>elsewhere</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self) -> None:
        self.do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class Elsewhere(QuietHTTPServer):
    """The other program's server, with the paths it was asked for."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Recorder)
        self.seen: list[str] = []


@pytest.fixture(scope="module")
def other() -> Iterator[Elsewhere]:
    server = Elsewhere()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def _origin(server: Elsewhere, host: str = "127.0.0.1") -> str:
    return f"http://{host}:{server.server_address[1]}"


@pytest.fixture(scope="module")
def minimal(other: Elsewhere) -> Iterator[sample_servers.Running]:
    """The minimal server with its access log on (what reached it); its manifest names an authorization
    server on another loopback origin, the recorder's, which the page must never reach."""
    with sample_servers.minimal_server(TOKEN, _origin(other) + "/oauth", access_log=True) as running:
        yield running


@pytest.fixture(scope="module")
def playground(minimal: sample_servers.Running) -> Iterator[served.Playground]:
    """The playground started with the manifest's URL (the OAuth tests start one with an origin)."""
    with served.serving_playground(minimal.origin + "/.well-known/talkie.json") as running:
        yield running


@pytest.fixture(scope="module")
def page(browser: Any, playground: served.Playground) -> Iterator[Any]:
    """One tab opened from the link the playground printed, in the order a server team would try things."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.set_default_timeout(WAIT)
    tab.goto(playground.link)
    tab.wait_for_selector("body[data-connected=true]")
    yield tab
    context.close()


def _reached(minimal: sample_servers.Running, method: str, pattern: str) -> list[tuple[str, str, int]]:
    """The logged requests `method` + a target matching `pattern`, once at least one is logged."""

    def probe() -> list[tuple[str, str, int]]:
        return [r for r in minimal.requests() if r[0] == method and re.fullmatch(pattern, r[1])]

    return waiting.until(probe, f"{method} {pattern} in the minimal server's log")


def test_the_link_configures_the_forwarder_and_discovery_shows_the_manifest(
    page: Any, playground: served.Playground, minimal: sample_servers.Running
) -> None:
    assert "#key=" not in page.url, "the key leaves the address bar once read"
    config = turn(page, "playground config").inner_text()
    assert f"target {minimal.origin}/.well-known/talkie.json through {FORWARD}" in config
    findings = page.locator("#findings").inner_text()
    for shown in (
        "Minimal Talkie server",
        minimal.origin,
        "minimal.talkie.example",
        "heading, text, fields, list, link, file, badge",
        "4000 characters",
        "on (§11 test commands answer)",
    ):
        assert shown in findings
    assert "TALKIE_TOKEN of the server's environment" in page.locator("#token-hint").inner_text()
    discovery = turn_starting(page, "discovery:")
    assert "no problem" in discovery.locator(".verdict").inner_text()
    entries = discovery.locator(".entries").inner_text()
    assert f"GET {minimal.origin}/.well-known/talkie.json (forwarded)" in entries
    assert _reached(minimal, "GET", r"/\.well-known/talkie\.json") == [
        ("GET", "/.well-known/talkie.json", 200)
    ]


def test_oauth_with_an_authorization_server_elsewhere_says_to_paste_a_token(
    page: Any, minimal: sample_servers.Running, other: Elsewhere
) -> None:
    """The forwarder reaches the target's origin only: an authorization server on another origin is out of
    the page's reach, and the page says so instead of trying."""
    page.click("#oauth-sign-in")
    page.wait_for_selector("#signed-in:has-text('paste a token instead')")
    assert page.locator("#signed-in").inner_text() == (
        f"The authorization server {_origin(other)}/oauth is not on {minimal.origin}, the one origin the"
        " playground forwards to: paste a token instead."
    )
    assert [p for p in other.seen if p.startswith("/oauth") or "well-known" in p] == []


def test_a_pasted_token_the_server_accepts_signs_in(page: Any, minimal: sample_servers.Running) -> None:
    page.fill("#token", TOKEN)
    page.click("#token-form button[type=submit]")
    page.wait_for_selector("#signed-in:has-text('Signed in as Vendula Králová (pasted token)')")
    assert "Zprávy dnes:" in page.locator("#usage").inner_text()
    assert "no problem" in turn(page, "status").locator(".verdict").inner_text()
    assert ("GET", "/api/talkie/status", 200) in _reached(minimal, "GET", r"/api/talkie/status")


def test_an_echo_turn_streams_through_with_its_trace(page: Any, minimal: sample_servers.Running) -> None:
    text = "talkie-test:echo Dobrý den, **Vendulo**"
    bubble = send(page, text)
    idle(page)
    assert bubble.locator(".body strong").inner_text() == "Vendulo"
    run = turn(page, f"run: {text}")
    entries = run.locator(".entries").inner_text()
    assert f"POST {minimal.origin}/api/talkie/run (forwarded)" in entries
    assert "200 /api/talkie/run text/event-stream" in entries
    assert (
        entries.index("RUN_STARTED") < entries.index("TEXT_MESSAGE_CONTENT") < entries.index("RUN_FINISHED")
    )
    assert "no problem" in run.locator(".verdict").inner_text()
    assert ("POST", "/api/talkie/run", 200) in _reached(minimal, "POST", r"/api/talkie/run")


def test_a_slow_run_shows_its_text_while_it_streams(page: Any) -> None:
    """Part of the text is on the page while the run goes on: the forwarder passes each event on as it comes
    (a buffered answer would show the whole text at once, at the end)."""
    bubble = send(page, "talkie-test:slow")
    page.wait_for_function(
        "([text]) => { const shown = document.querySelector('#messages > li.assistant:last-child .body')"
        "?.textContent ?? ''; return document.body.dataset.running === 'true' && shown.length > 0"
        " && shown.length < text.length; }",
        arg=[SLOW_TEXT],
    )
    idle(page)
    assert bubble.locator(".body").inner_text().strip() == SLOW_TEXT
    assert "no problem" in turn(page, "run: talkie-test:slow").locator(".verdict").inner_text()


def test_cancel_reaches_the_server_through_the_forwarder(page: Any, minimal: sample_servers.Running) -> None:
    bubble = send(page, "talkie-test:slow")
    bubble.locator(".body p").first.wait_for()
    page.click("#cancel-run")
    idle(page)
    assert bubble.locator(".run-end").inner_text() == "Cancelled; the run finished."
    assert len(bubble.locator(".body").inner_text().strip()) < len(SLOW_TEXT), "the server stopped early"
    assert _reached(minimal, "POST", r"/api/talkie/runs/[^/]+/cancel")[-1][2] == 200


def test_a_dropped_stream_is_recovered_from_the_thread_through_the_forwarder(page: Any) -> None:
    """The page closes its stream; the forwarder closes the server's; the run goes on there (§5) and the page
    reads the reply from the stored thread."""
    bubble = send(page, "talkie-test:slow")
    bubble.locator(".body p").first.wait_for()
    page.click("#drop-stream")
    bubble.locator(".run-end:has-text('Recovered from the stored thread')").wait_for()
    assert bubble.locator(".body").inner_text().strip() == SLOW_TEXT
    recovered = turn(page, "run: talkie-test:slow")
    assert "RUN-029" not in recovered.locator(".verdicts").inner_text()


def test_a_card_and_its_tool_label(page: Any) -> None:
    bubble = send(page, "talkie-test:card")
    idle(page)
    card = bubble.locator("section.card")
    card.wait_for()
    assert card.get_attribute("aria-label") == "Karta firmy Horizont Logistika s.r.o."
    assert card.locator("dl.fields").inner_text().split() == ["IČO", "27182818", "Obrat", "3,4", "mil.", "Kč"]
    assert bubble.locator(".tools li.tool.done").inner_text() == "Hledám firmu… — done"
    assert "no problem" in turn(page, "run: talkie-test:card").locator(".verdict").inner_text()


def test_a_decision_on_the_servers_action(page: Any, minimal: sample_servers.Running) -> None:
    bubble = send(page, "talkie-test:action")
    idle(page)
    action = bubble.locator("section.action")
    action.wait_for()
    assert action.get_attribute("data-status") == "pending"
    action_id = action.get_attribute("data-action-id")
    action.locator("button", has_text="Confirm").click()
    page.wait_for_selector(f"section.action[data-action-id='{action_id}'][data-status=done]")
    assert action.locator(".action-message").inner_text() == "The server says: done"
    assert action.locator(".action-results section.card").get_attribute("aria-label") == (
        "Karta firmy Nabídka odeslána"
    )
    decided = turn_starting(page, f"decision: confirm {action_id}")
    assert "no problem" in decided.locator(".verdict").inner_text()
    decision = rf"/api/talkie/actions/{action_id}/decision"
    assert _reached(minimal, "POST", decision) == [("POST", decision, 200)]


def test_a_thread_is_listed_and_deleted(page: Any, minimal: sample_servers.Running) -> None:
    page.click("#reload-threads")
    rows = page.locator("#threads li[data-thread-id]")
    rows.first.wait_for()
    assert rows.count() == 1, "every run of this module went on in the thread its first one made"
    assert rows.first.locator("button.link").inner_text() == "talkie-test:echo Dobrý den, **Vendulo**"
    thread = rows.first.get_attribute("data-thread-id")
    rows.first.locator("button", has_text="Delete").click()
    page.wait_for_selector("#threads li:text-is('No threads yet.')")
    assert page.locator("#messages > li").count() == 0, "the open thread's messages go with it"
    assert _reached(minimal, "DELETE", f"/api/talkie/threads/{thread}") == [
        ("DELETE", f"/api/talkie/threads/{thread}", 200)
    ]
    assert "no problem" in turn(page, f"delete thread {thread}").locator(".verdict").inner_text()


FETCH = """async ([url, headers]) => {
  const answer = await fetch(url, {headers});
  return {status: answer.status, body: await answer.text()};
}"""


def _barrier(page: Any, playground: served.Playground, minimal: sample_servers.Running, marker: str) -> None:
    """A request that does reach the minimal server, once logged: whatever the page tried before it and did
    not reach the server is then not on its way either."""
    got = page.evaluate(FETCH, [f"{FORWARD}/{marker}", {"X-Talkie-Mock-Key": playground.key}])
    assert got["status"] == 404
    _reached(minimal, "GET", f"/{marker}")


@pytest.mark.parametrize(
    "path",
    [
        "//127.0.0.1:{port}/steal",
        "/http://127.0.0.1:{port}/steal",
        "/%2F%2F127.0.0.1:{port}/steal",
        "/@127.0.0.1:{port}/steal",
        "/%5C127.0.0.1:{port}/steal",
    ],
)
def test_the_forwarder_reaches_no_other_server(
    page: Any,
    playground: served.Playground,
    minimal: sample_servers.Running,
    other: Elsewhere,
    path: str,
) -> None:
    """Whatever path the page sends, with the key, nothing reaches another loopback server."""
    headers = {"X-Talkie-Mock-Key": playground.key, "Authorization": f"Bearer {TOKEN}"}
    port = other.server_address[1]
    got = page.evaluate(FETCH, [FORWARD + path.format(port=port), headers])
    assert got["status"] == 400, got
    assert '"code":"invalid_request"' in got["body"].replace(" ", "")
    assert [p for p in other.seen if "steal" in p] == []


def test_the_forwarder_answers_nothing_without_the_key(
    page: Any, playground: served.Playground, minimal: sample_servers.Running
) -> None:
    before = len(minimal.requests())
    for headers in (
        {"Authorization": f"Bearer {TOKEN}"},
        {"Authorization": f"Bearer {TOKEN}", "X-Talkie-Mock-Key": "dk_guessed"},
        {"Authorization": f"Bearer {playground.key}"},
    ):
        got = page.evaluate(FETCH, [f"{FORWARD}/api/talkie/status", headers])
        assert got["status"] == 401, got
        assert "playground link" in got["body"]
    got = page.evaluate(FETCH, [f"{FORWARD}/api/talkie/status?key={playground.key}", {}])
    assert got["status"] == 401, got
    _barrier(page, playground, minimal, "after-keyless")
    assert [r[1] for r in minimal.requests()[before:]] == ["/after-keyless"]


CROSS = """async ([url, key, token]) => {
  const tried = {};
  for (const [name, target, init] of [
    ["keyed", url, {headers: {"X-Talkie-Mock-Key": key, "Authorization": "Bearer " + token}}],
    ["plain", url, {}],
    ["query", url + "?key=" + encodeURIComponent(key), {}],
    ["post", url, {method: "POST", body: "{}", headers: {"Content-Type": "text/plain"}}],
    ["no-cors", url + "?key=" + encodeURIComponent(key), {mode: "no-cors"}],
  ]) {
    try {
      const answer = await fetch(target, init);
      tried[name] = answer.type === "opaque" ? "opaque" : "status " + answer.status;
    } catch (error) {
      tried[name] = "failed";
    }
  }
  return tried;
}"""


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_a_page_of_another_loopback_origin_cannot_use_the_forwarder(
    browser: Any,
    page: Any,
    playground: served.Playground,
    minimal: sample_servers.Running,
    other: Elsewhere,
    host: str,
) -> None:
    """Another program's page on this machine, even one that knows the key, gets no answer it can read and
    reaches nothing: the browser says it is another origin, and the playground refuses it (403) before it
    looks for the key."""
    before = len(minimal.requests())
    context = browser.new_context()
    statuses: list[tuple[str, int]] = []
    try:
        elsewhere = context.new_page()
        elsewhere.set_default_timeout(WAIT)
        elsewhere.on(
            "response",
            lambda r: (
                statuses.append((r.request.method, r.status)) if r.url.startswith(playground.origin) else None
            ),
        )
        elsewhere.goto(_origin(other, host) + "/")
        paths = (
            f"{FORWARD}/api/talkie/status",
            f"{FORWARD}/.well-known/talkie.json",
            "/_mock/playground/config",
        )
        for path in paths:
            tried = elsewhere.evaluate(CROSS, [playground.origin + path, playground.key, TOKEN])
            failed = {"keyed": "failed", "plain": "failed", "query": "failed", "post": "failed"}
            assert tried == {**failed, "no-cors": "opaque"}, path
    finally:
        context.close()
    # the browser hides the status from the page; Playwright sees the opaque answers' (a CORS failure's
    # own answer it does not report): the same-site rule's 403, with the key in the query
    assert len(statuses) >= len(paths), statuses
    assert {status for _, status in statuses} == {403}, statuses
    _barrier(page, playground, minimal, f"after-{host}")
    assert [r[1] for r in minimal.requests()[before:]] == [f"/after-{host}"]
