"""The playground's OAuth callback is opened from another site, as a page only (notes N-98).

An authorization server elsewhere sends the person back to `/_mock/playground/callback` by a redirect the
browser follows as a top-level navigation from that server's site. The callback takes exactly that; a
fetch, a frame or a form post from another site, and any other developer page opened from another site,
stay refused with 403 — on the mock and on `talkie-mock playground URL`'s own server alike.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.devtools import forward
from talkie_mock.devtools.guard import DevKey
from talkie_mock.devtools.playground import CALLBACK_PATH, create_playground_app
from talkie_mock.testing import make_config

CALLBACK = CALLBACK_PATH + "?code=tkc_x&state=s&iss=https%3A%2F%2Fauth.example.com"
NAVIGATION = {"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}


def _mock() -> Starlette:
    return create_app(make_config(open_devtools=False))


def _playground() -> Starlette:
    return create_playground_app(forward.parse_target("https://talkie.example.com"), DevKey())


@pytest.fixture(params=[_mock, _playground], ids=["mock", "playground"])
def http(request: pytest.FixtureRequest) -> Iterator[TestClient]:
    with TestClient(request.param(), base_url="http://127.0.0.1:8766") as client:
        yield client


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_the_callback_opens_as_a_page_sent_from_another_site(http: TestClient, site: str) -> None:
    answer = http.get(CALLBACK, headers={"Sec-Fetch-Site": site, **NAVIGATION})
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    assert "<title>Talkie playground</title>" in answer.text


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"},
        {"Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "empty"},
        {"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"},
        {"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "embed"},
        {"Sec-Fetch-Dest": "document"},
        {},
    ],
)
def test_the_callback_refuses_anything_else_from_another_site(
    http: TestClient, headers: dict[str, str]
) -> None:
    answer = http.get(CALLBACK, headers={"Sec-Fetch-Site": "cross-site", **headers})
    assert answer.status_code == 403, answer.text
    assert answer.json()["error"]["code"] == "forbidden"


def test_a_form_posted_to_the_callback_from_another_site_is_refused(http: TestClient) -> None:
    answer = http.post(CALLBACK, headers={"Sec-Fetch-Site": "cross-site", **NAVIGATION}, data={"code": "x"})
    assert answer.status_code == 403, answer.text


def test_without_fetch_metadata_another_origin_is_still_refused(http: TestClient) -> None:
    """A browser that sends no `Sec-Fetch-*` is judged by `Origin`, as before: the landing needs the marks."""
    answer = http.get(CALLBACK, headers={"Origin": "https://auth.example.com"})
    assert answer.status_code == 403, answer.text


@pytest.mark.parametrize(
    "path", ["/_mock/playground/", "/_mock/playground/config", "/_mock/playground/client.json", "/_mock/"]
)
def test_no_other_developer_page_opens_from_another_site(http: TestClient, path: str) -> None:
    answer = http.get(path, headers={"Sec-Fetch-Site": "cross-site", **NAVIGATION})
    assert answer.status_code == 403, answer.text
    assert answer.json()["error"]["code"] == "forbidden"
