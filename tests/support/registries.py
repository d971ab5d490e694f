"""Package registries on loopback for the release tests, of the same kind a user installs from.

- `simple_index`: a PEP 503 "simple" index over a folder of wheels and sdists, served read-only by
  `http.server` (what pip reads from PyPI: one page of projects, one page of files per project).
- `npm_registry`: the part of the npm registry protocol `npm publish` and `npm install` use: `PUT /<name>`
  stores a package document and its tarball, `GET /<name>` answers the document, `GET /<name>/-/<file>`
  the tarball. Unscoped names only; one publisher, whose token the test writes into its own `.npmrc`.

Both bind 127.0.0.1 on a free port and stop when their block ends.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import html
import json
import re
import shutil
import threading
from collections.abc import Iterator
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote

MAX_UPLOAD = 64 * 1024 * 1024
"""The largest `npm publish` body the registry reads (the package is well under 1 MB)."""


def project_name(file_name: str) -> str:
    """The PEP 503 normalised project name of a wheel or sdist file (`talkie_mock-0.1.0-…`: talkie-mock)."""
    return re.sub(r"[-_.]+", "-", file_name.split("-", 1)[0]).lower()


def _lay_out_index(files: list[Path], root: Path) -> None:
    projects: dict[str, list[Path]] = {}
    for file in files:
        projects.setdefault(project_name(file.name), []).append(file)
    (root / "files").mkdir(parents=True)
    links = []
    for name, found in sorted(projects.items()):
        rows = []
        for file in sorted(found):
            shutil.copy2(file, root / "files" / file.name)
            digest = hashlib.sha256(file.read_bytes()).hexdigest()
            rows.append(f'<a href="../../files/{html.escape(file.name)}#sha256={digest}">{file.name}</a><br>')
        page = root / "simple" / name / "index.html"
        page.parent.mkdir(parents=True)
        page.write_text("<!DOCTYPE html><html><body>\n" + "\n".join(rows) + "\n</body></html>\n")
        links.append(f'<a href="{name}/">{name}</a><br>')
    (root / "simple" / "index.html").write_text(
        "<!DOCTYPE html><html><body>\n" + "\n".join(links) + "\n</body></html>\n"
    )


class _QuietFiles(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Silent: pip's requests would only fill the test's output."""


@contextlib.contextmanager
def _serving(server: ThreadingHTTPServer) -> Iterator[str]:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, port = server.server_address[:2]
        yield f"http://{host!s}:{port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


@contextlib.contextmanager
def simple_index(files: list[Path], root: Path) -> Iterator[str]:
    """Serve `files` as a PEP 503 index laid out under `root`; yields the index URL (`…/simple/`)."""
    _lay_out_index(files, root)

    def handler(*args: Any) -> _QuietFiles:
        return _QuietFiles(*args, directory=str(root))

    with _serving(ThreadingHTTPServer(("127.0.0.1", 0), handler)) as origin:
        yield f"{origin}/simple/"


class NpmRegistry:
    """The packages published to one `npm_registry`: package documents and tarballs by name."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.documents: dict[str, dict[str, Any]] = {}
        self.tarballs: dict[str, bytes] = {}
        self.lock = threading.Lock()


def _npm_handler(registry: NpmRegistry) -> type[SimpleHTTPRequestHandler]:
    class Handler(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            """Silent: npm's requests would only fill the test's output."""

        def _answer(self, status: HTTPStatus, body: bytes, kind: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def _error(self, status: HTTPStatus, text: str) -> None:
            self._answer(status, json.dumps({"error": text}).encode())

        def do_GET(self) -> None:
            path = unquote(self.path.split("?", 1)[0]).strip("/")
            with registry.lock:
                if "/-/" in path:
                    tarball = registry.tarballs.get(path.rsplit("/-/", 1)[1])
                    if tarball is None:
                        return self._error(HTTPStatus.NOT_FOUND, "not_found")
                    return self._answer(HTTPStatus.OK, tarball, "application/octet-stream")
                document = registry.documents.get(path)
            if document is None:
                return self._error(HTTPStatus.NOT_FOUND, "not_found")
            return self._answer(HTTPStatus.OK, json.dumps(document).encode())

        def do_PUT(self) -> None:
            if self.headers.get("Authorization") != f"Bearer {registry.token}":
                return self._error(HTTPStatus.UNAUTHORIZED, "unauthorized")
            length = int(self.headers.get("Content-Length") or 0)
            if not 0 < length <= MAX_UPLOAD:
                return self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "body size")
            body = json.loads(self.rfile.read(length))
            name = unquote(self.path.split("?", 1)[0]).strip("/")
            if body.get("name") != name:
                return self._error(HTTPStatus.BAD_REQUEST, "name differs from the path")
            attachments = body.pop("_attachments", {})
            with registry.lock:
                document = registry.documents.setdefault(
                    name, {"name": name, "versions": {}, "dist-tags": {}}
                )
                if set(body.get("versions", {})) & set(document["versions"]):
                    return self._error(HTTPStatus.FORBIDDEN, "cannot publish over a published version")
                for file_name, attachment in attachments.items():
                    registry.tarballs[file_name] = base64.b64decode(attachment["data"])
                document["versions"].update(body.get("versions", {}))
                document["dist-tags"].update(body.get("dist-tags", {}))
            return self._answer(HTTPStatus.CREATED, b'{"ok": true}')

    return Handler


@contextlib.contextmanager
def npm_registry(token: str) -> Iterator[tuple[str, NpmRegistry]]:
    """A registry that takes `npm publish` with `token` and serves `npm install`; yields its URL and state."""
    registry = NpmRegistry(token)
    with _serving(ThreadingHTTPServer(("127.0.0.1", 0), _npm_handler(registry))) as origin:
        yield f"{origin}/", registry
