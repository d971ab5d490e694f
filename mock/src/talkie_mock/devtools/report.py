"""`talkie-mock report`: the rule findings a mock recorded about its clients' requests, as text or JSON,
and the client rules' scores of its app mode (`fetch_clients`, which the client suite renders).

It asks a running mock (`GET /_mock/api/violations`, the default) or reads a state file directly (`--state`,
read-only; works while the mock is stopped). Both come from the same SQLite table, so the report survives a
restart of the mock; a reset through the control API empties it.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from talkie_models.rules import catalogue

from talkie_mock.devtools import runtime
from talkie_mock.devtools.redact import Redactor
from talkie_mock.devtools.violations import read_state_file, summary
from talkie_mock.errors import MockError


class ReportError(MockError):
    """The mock or the state file could not be read."""


HOW_TO_KEY = (
    "pass the key of the mock's inspector link (the part after `#key=`) with --key or TALKIE_MOCK_KEY"
)


CLIENTS_PATH = "/_mock/api/clients"
"""Where a running mock answers the client rules' scores of its app mode (clientsuite.appmode)."""
DEFAULT_URL = "http://127.0.0.1:8765"
"""Where `report` looks when no runtime file names a running mock (serve's default port)."""


def running() -> str:
    """The URL of the one running mock of this user (its runtime file), else :data:`DEFAULT_URL`;
    :class:`ReportError` when several run (which one is meant?)."""
    origins = runtime.running()
    if len(origins) > 1:
        raise ReportError(f"{len(origins)} mocks are running ({', '.join(origins)}): name one with --url")
    return origins[0] if origins else DEFAULT_URL


def _get(url: str, path: str, key: str | None, timeout: float, missing_ok: bool = False) -> Any:
    """The JSON a running mock's control API answers at `path`; None for a 404 when `missing_ok`."""
    target = url.rstrip("/") + path
    port = urllib.parse.urlsplit(url).port
    found_key = key or (runtime.find_key(port) if port is not None else None)
    headers = {"Authorization": f"Bearer {found_key}"} if found_key else {}
    try:
        with urllib.request.urlopen(
            urllib.request.Request(target, headers=headers), timeout=timeout
        ) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:
        if exc.code == 404 and missing_ok:
            return None
        if exc.code == 401 and found_key is None:
            raise ReportError(f"{url} asks for its developer secret: {HOW_TO_KEY}") from None
        if exc.code == 401:
            raise ReportError(
                f"{url} refused the developer secret (wrong, or expired: the mock printed a new inspector "
                f"link); {HOW_TO_KEY}"
            ) from None
        raise ReportError(f"cannot read {target}: {exc}") from exc
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise ReportError(f"cannot read {target}: {exc}") from exc


def fetch(url: str, key: str | None = None, timeout: float = 10.0) -> list[dict[str, Any]]:
    """Violations from a running mock's control API. `key`: its developer secret; without one, the secret
    of this user's mock on that port is read from its runtime file (devtools.runtime)."""
    data = _get(url, "/_mock/api/violations", key, timeout)
    violations: list[dict[str, Any]] = data["violations"]
    return violations


def fetch_clients(url: str, key: str | None = None, timeout: float = 10.0) -> dict[str, Any] | None:
    """The client rules' scores of a running mock's app mode (`GET /_mock/api/clients`), as JSON; None
    when the mock serves no scenarios."""
    data = _get(url, CLIENTS_PATH, key, timeout, missing_ok=True)
    return data if isinstance(data, dict) else None


def load(path: Path) -> list[dict[str, Any]]:
    """Violations from a state file (secrets in them cut, as on every developer surface)."""
    try:
        found: list[dict[str, Any]] = Redactor().redact(read_state_file(path))
        return found
    except (OSError, FileNotFoundError) as exc:
        raise ReportError(f"cannot read the state file {path}: {exc}") from exc
    except Exception as exc:  # sqlite3.Error and friends: not a state file
        raise ReportError(f"{path} is not a talkie-mock state file: {exc}") from exc


def as_json(violations: list[dict[str, Any]], clients: dict[str, Any] | None = None) -> str:
    """The findings and, when the mock serves the client suite's scenarios, the client rules' scores."""
    data: dict[str, Any] = {"violations": violations, "summary": summary(violations)}
    if clients is not None:
        data["clients"] = clients
    return json.dumps(data, ensure_ascii=False, indent=2)


def as_text(violations: list[dict[str, Any]]) -> str:
    if not violations:
        return "No rule findings about the clients' requests."
    rules = catalogue()
    lines = [
        f"{len(violations)} rule finding(s) about the clients' requests "
        "(each rule's side of talkie/1 in brackets):",
        "",
    ]
    for line in summary(violations):
        rule_id = line["rule"] or "-"
        entry = rules.get(line["rule"] or "")
        side = f"[{entry.side}]" if entry else "[-]"
        last = line["last"]
        # a server's rule broken by the client's request (RUN-001: a body a server cannot take) is told in the
        # client's words, the finding's own; the server's duty would read as a charge against the server
        clients = entry is not None and entry.side != "server"
        statement = entry.statement if entry is not None and clients else last["message"]
        lines.append(f"{line['level'].upper():8} {rule_id:10} {side:8} {line['count']:>4}x  {statement}")
        said = "" if statement == last["message"] else f": {last['message']}"
        lines.append(f"{'':20}last: {last['method']} {last['path']} at {last['at']}{said}")
    return "\n".join(lines)
