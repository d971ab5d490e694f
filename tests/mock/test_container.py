"""The container recipe (`Containerfile`): its entry point script serves the mock with its state on the
volume, and the recipe puts that script, the volume and a non-root user where the script expects them.

These machines run no container engine (neither podman nor docker), so the image itself is built only where
one is installed (`test_the_image_builds`, skipped otherwise); everything else runs the entry point script
directly, as the image would, with a temporary folder as the volume.
"""

from __future__ import annotations

import os
import re
import shutil
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
    assert steps["ENV"] == ["TALKIE_MOCK_STATE_DIR=/data"]
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


@pytest.mark.slow
def test_the_image_builds() -> None:
    engines = [e for e in (shutil.which("podman"), shutil.which("docker")) if e is not None]
    running = [
        e for e in engines if subprocess.run([e, "info"], capture_output=True, check=False).returncode == 0
    ]
    if not running:  # a docker CLI without its daemon is no engine either
        pytest.skip(
            "no container engine runs on this machine (podman or docker): the entry point is tested above"
        )
    engine = running[0]
    result = subprocess.run(
        [engine, "build", "-f", str(CONTAINERFILE), "-t", "talkie-mock-test", str(ROOT)],
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-4000:]
