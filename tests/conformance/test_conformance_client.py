"""Client pieces: manifest discovery, redirects, endpoint resolution, stream lifecycle analysis."""

from __future__ import annotations

import json

import httpx
import pytest
from talkie_conformance.client import (
    TalkieClient,
    discover,
    is_development_host,
    manifest_url_for,
    origin_of,
)
from talkie_conformance.errors import DiscoveryError
from talkie_conformance.lifecycle import analyze
from talkie_conformance.urls import is_link_target

MANIFEST = {
    "spec": "talkie/1",
    "issuer": "https://crm.horizont.example",
    "serverId": "crm.horizont.example",
    "name": "Horizont CRM",
    "auth": {"oauth": {"issuer": "https://crm.horizont.example/oauth", "scopes": ["talkie"]}},
    "endpoints": {
        "thread": "/api/talkie/threads/{threadId}",
        "run": "/api/talkie/run",
        "voiceTool": "/v/{voiceSessionId}/tools/{name}",
    },
}


def _transport(routes: dict[str, httpx.Response]) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        return routes.get(str(request.url), httpx.Response(404))

    return httpx.MockTransport(handler)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("crm.horizont.example", "https://crm.horizont.example/.well-known/talkie.json"),
        ("http://127.0.0.1:8765", "http://127.0.0.1:8765/.well-known/talkie.json"),
        ("https://crm.horizont.example/", "https://crm.horizont.example/.well-known/talkie.json"),
        (
            "https://crm.horizont.example/talkie/manifest.json",
            "https://crm.horizont.example/talkie/manifest.json",
        ),
    ],
)
def test_manifest_url_for(typed: str, expected: str) -> None:
    assert manifest_url_for(typed) == expected


def test_origins_and_dev_hosts() -> None:
    assert origin_of("HTTPS://Crm.Example:443/x") == "https://crm.example"
    assert origin_of("http://127.0.0.1:8080/a") == "http://127.0.0.1:8080"
    assert is_development_host("127.0.0.1")
    assert is_development_host("192.168.1.20")
    assert not is_development_host("crm.horizont.example")


def test_discovery_refuses_a_redirect_to_another_origin() -> None:
    transport = _transport(
        {
            "https://crm.horizont.example/.well-known/talkie.json": httpx.Response(
                302, headers={"Location": "https://evil.example/.well-known/talkie.json"}
            ),
        }
    )
    with pytest.raises(DiscoveryError, match="another origin"):
        discover("crm.horizont.example", transport=transport)


def test_discovery_follows_a_same_origin_redirect() -> None:
    transport = _transport(
        {
            "https://crm.horizont.example/.well-known/talkie.json": httpx.Response(
                301, headers={"Location": "/talkie/manifest.json"}
            ),
            "https://crm.horizont.example/talkie/manifest.json": httpx.Response(200, json=MANIFEST),
        }
    )
    discovery = discover("crm.horizont.example", transport=transport)
    assert discovery.redirects == ["https://crm.horizont.example/talkie/manifest.json"]
    assert discovery.manifest["serverId"] == "crm.horizont.example"


def test_endpoints_resolve_against_the_issuer_with_encoded_segments() -> None:
    transport = _transport(
        {
            "https://crm.horizont.example/talkie/manifest.json": httpx.Response(200, json=MANIFEST),
        }
    )
    discovery = discover("https://crm.horizont.example/talkie/manifest.json", transport=transport)
    client = TalkieClient(discovery, "secret", transport=transport)
    assert (
        client.url("thread", threadId="a/b c?")
        == "https://crm.horizont.example/api/talkie/threads/a%2Fb%20c%3F"
    )
    assert client.url("voiceTool", voiceSessionId="v 1", name="hledat") == (
        "https://crm.horizont.example/v/v%201/tools/hledat"
    )


def test_token_is_never_sent_to_another_origin() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if request.url.path == "/.well-known/talkie.json":
            return httpx.Response(200, json={**MANIFEST, "endpoints": {"run": "https://other.example/run"}})
        return httpx.Response(200, json={})

    transport = httpx.MockTransport(handler)
    discovery = discover("crm.horizont.example", transport=transport)
    client = TalkieClient(discovery, "secret", transport=transport)
    assert not client.usable("run")
    client.send("GET", "https://other.example/x")
    assert "authorization" not in seen[-1].headers
    client.send("GET", "https://crm.horizont.example/x")
    assert seen[-1].headers["authorization"] == "Bearer secret"


def _events(*types: str) -> list[dict[str, object]]:
    return [{"type": t, "messageId": "m1", "toolCallId": "c1"} for t in types]


def test_lifecycle_accepts_a_well_formed_stream() -> None:
    events = _events(
        "RUN_STARTED",
        "TEXT_MESSAGE_START",
        "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END",
        "TOOL_CALL_START",
        "TOOL_CALL_END",
        "RUN_FINISHED",
    )
    assert analyze(events) == []


@pytest.mark.parametrize(
    ("types", "kind"),
    [
        (("TEXT_MESSAGE_START", "RUN_STARTED", "RUN_FINISHED"), "first"),
        (("RUN_STARTED", "TEXT_MESSAGE_START"), "terminal"),
        (("RUN_STARTED", "RUN_FINISHED", "RUN_ERROR"), "terminal"),
        (("RUN_STARTED", "RUN_FINISHED", "CUSTOM"), "after_terminal"),
        (("RUN_STARTED", "TEXT_MESSAGE_CONTENT", "RUN_FINISHED"), "text"),
        (("RUN_STARTED", "TEXT_MESSAGE_START", "RUN_FINISHED"), "text"),
        (("RUN_STARTED", "TOOL_CALL_END", "RUN_FINISHED"), "tool"),
    ],
)
def test_lifecycle_names_the_problem(types: tuple[str, ...], kind: str) -> None:
    assert kind in {problem.kind for problem in analyze(_events(*types))}


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        ("/crm/x", True),
        ("https://horizont.example/a", True),
        ("//evil.example/x", False),
        ("http://horizont.example", False),
        ("javascript:alert(1)", False),
        (json.dumps("x"), False),
    ],
)
def test_link_targets(url: str, ok: bool) -> None:
    assert is_link_target(url) is ok
