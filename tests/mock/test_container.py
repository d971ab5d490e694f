"""The container recipe (`Containerfile`): its entry point script serves the mock with its state on the
volume, and the recipe puts that script, the volume and a non-root user where the script expects them.

Here the entry point script runs directly, as the image would, with a temporary folder as the volume; the
image itself is built and run by podman in tests/release/test_image.py.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import httpx
import pytest
from served import executable, launch, stop, wait_ready
from talkie_mock.testing import run_input

ROOT = Path(__file__).resolve().parents[2]
CONTAINERFILE = ROOT / "Containerfile"
ENTRYPOINT = ROOT / "mock" / "container" / "entrypoint.sh"
TOKEN = "tk_container_token"


def _serve(volume: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[subprocess.Popen[str], str]:
    """The entry point on loopback (arguments win over its defaults, as after `podman run IMAGE …`)."""
    monkeypatch.setenv("TALKIE_MOCK_STATE_DIR", str(volume))
    bin_dir = str(Path(executable()).parent)  # where `talkie-mock` is, as the image's PATH has it
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    argv = ["sh", str(ENTRYPOINT), "--host", "127.0.0.1", "--port", "0", "--quiet", "--token", TOKEN]
    process, banner = launch(argv)
    wait_ready(banner.origin)
    assert f"state:     {volume / 'talkie-mock.sqlite'}" in banner.text
    return process, banner.origin


def test_the_entrypoint_keeps_the_state_on_the_volume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    volume = tmp_path / "data"  # the script makes it, as a fresh named volume starts empty
    auth = {"Authorization": f"Bearer {TOKEN}", "Accept": "text/event-stream"}
    process, origin = _serve(volume, monkeypatch)
    try:
        manifest = httpx.get(f"{origin}/.well-known/talkie.json", timeout=10).json()
        assert manifest["spec"] == "talkie/1"
        run = run_input("talkie-test:echo kept", "r_kept", thread_id="t_kept")
        assert httpx.post(f"{origin}/api/talkie/run", json=run, headers=auth, timeout=30).status_code == 200
    finally:
        stop(process)
    assert (volume / "talkie-mock.sqlite").is_file()
    process, origin = _serve(volume, monkeypatch)  # a new container on the same volume
    try:
        threads = httpx.get(f"{origin}/api/talkie/threads", headers=auth, timeout=10).json()["threads"]
        assert "t_kept" in [t["id"] for t in threads]
    finally:
        stop(process)


def _instructions() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in CONTAINERFILE.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([A-Z]+)\s+(.*)$", line)
        if match:
            found.setdefault(match.group(1), []).append(match.group(2))
    return found


def test_the_recipe_matches_its_entrypoint() -> None:
    steps = _instructions()
    script = ENTRYPOINT.read_text(encoding="utf-8")
    assert os.access(ENTRYPOINT, os.X_OK)
    assert '"${TALKIE_MOCK_STATE_DIR:-/data}"' in script
    assert "--host 0.0.0.0 --port 8765" in script  # every interface of the container, the exposed port
    assert steps["VOLUME"] == ['["/data"]']
    assert "TALKIE_MOCK_STATE_DIR=/data" in steps["ENV"]
    assert "PATH=/opt/talkie/bin:$PATH" in steps["ENV"]  # where the venv puts `talkie-mock`
    assert steps["EXPOSE"] == ["8765"]
    (user,) = steps["USER"]
    assert user not in ("root", "0")
    (entry,) = steps["ENTRYPOINT"]
    installed = re.search(r'\["(?P<path>[^"]+)"\]', entry)
    assert installed is not None
    assert f"mock/container/entrypoint.sh {installed.group('path')}" in CONTAINERFILE.read_text(
        encoding="utf-8"
    )


def test_the_documented_commands_are_the_recipes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for command in (
        "podman build -f Containerfile -t talkie-mock .",
        "docker run --rm -p 8765:8765 -v talkie-state:/data talkie-mock",
    ):
        assert command in readme
