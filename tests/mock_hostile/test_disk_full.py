"""A full disk under the state file: a §3 500 that names the cause, one log line, no traceback.

Simulated with SQLite's own limit: `PRAGMA max_page_count` at the file's current size makes the next write
that needs a page fail with SQLITE_FULL ("database or disk is full"), as a full disk does.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from talkie_mock import create_app
from talkie_mock.engine import statefile
from talkie_mock.testing import AUTH, make_config, run_input

STREAM = {**AUTH, "Accept": "text/event-stream"}


def test_a_full_disk_answers_a_clear_500_logged_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    statefile._DISK_FULL_TOLD.clear()
    app = create_app(make_config(state=str(tmp_path / "state.db")))
    with TestClient(app, raise_server_exceptions=False) as http:
        assert http.post("/api/talkie/run", json=run_input("talkie-test:echo ahoj", "r_0"), headers=STREAM)
        db = app.state.mock.store.db.connection  # the store's own connection: the limit is the file's
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        caplog.clear()
        answers = []
        with caplog.at_level(logging.INFO):
            for i in range(1, 40):
                body = run_input("talkie-test:echo " + "x" * 3900, f"r_{i}")
                answers.append(http.post("/api/talkie/run", json=body, headers=STREAM))
        full = [a for a in answers if a.status_code == 500]
        assert full, [a.status_code for a in answers]
        for answer in full:
            error = answer.json()["error"]
            assert error["code"] == "internal"
            assert "disk" in error["message"]
            assert "full" in error["message"]
        told = [r for r in caplog.records if "full" in r.getMessage()]
        assert len(told) == 1, [r.getMessage() for r in caplog.records]
        assert all(r.exc_info is None for r in caplog.records)
        assert http.get("/api/talkie/status", headers=AUTH).status_code == 200  # reads still work
