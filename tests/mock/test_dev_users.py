"""`talkie-mock serve --token A --token B`: each further dev token is a user of its own (N-110)."""

from __future__ import annotations

from collections.abc import Callable

from talkie_mock.testing import AUTH, Client, checked

OTHER = {"Authorization": "Bearer tk_test_token_other"}


def test_a_second_dev_token_is_another_user_who_sees_nothing_of_the_first(
    make_client: Callable[..., Client],
) -> None:
    client = make_client(other_tokens=("tk_test_token_other",))
    first = checked(client.http.get("/api/talkie/status", headers=AUTH), "Status")
    second = checked(client.http.get("/api/talkie/status", headers=OTHER), "Status")
    assert (first["user"]["id"], second["user"]["id"]) == ("u_dev", "u_dev2")
    assert first["user"]["name"] != second["user"]["name"]
    client.run("hello there", "r1", thread_id="t_first")
    assert checked(client.http.get("/api/talkie/threads", headers=OTHER), "ThreadList")["threads"] == []
    assert client.http.get("/api/talkie/threads/t_first", headers=OTHER).status_code == 404
    assert client.http.delete("/api/talkie/threads/t_first", headers=OTHER).status_code == 404
    assert client.http.get("/api/talkie/threads/t_first", headers=AUTH).status_code == 200


def test_without_further_tokens_another_token_is_refused(make_client: Callable[..., Client]) -> None:
    client = make_client()
    assert client.http.get("/api/talkie/status", headers=OTHER).status_code == 401
