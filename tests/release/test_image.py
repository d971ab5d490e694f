"""The mock's container image (`Containerfile`), built and run by a real engine: podman as root.

No container registry is reachable from these machines, so the base image is a Debian bookworm root file
system made with `debootstrap` (Debian's python3 is 3.11) and brought in with `podman import`; the
Containerfile takes it as its `BASE` build argument. The build context is what `dev.py wheels --deps` makes
(the toolkit's wheels and every dependency's) plus the entry point script, and the build runs without a
network, so the image is made from those files alone.

What must hold: the image builds; a container serves its manifest through a port published on 127.0.0.1;
a run's thread and the development token the mock made on first start are on the volume, so a new container
on the same volume answers with the same token and lists the same thread.

podman runs here with `--runtime runc` (crun refuses this machine's hybrid cgroup layout) and explicit
`--ulimit`s (the defaults are refused). Without podman or debootstrap the test says which is missing and
skips; `.ci/run` installs both.
"""

from __future__ import annotations

import contextlib
import re
import resource
import shutil
import socket
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from artifacts import ROOT, build_dists, cached, dependency_wheels, digest, require
from talkie_mock.testing import run_input
from waiting import until

pytestmark = [pytest.mark.slow, pytest.mark.timeout(2400)]

BASE_TAG = "localhost/talkie-test-base:bookworm"
DEBIAN_MIRROR = "http://deb.debian.org/debian"
BASE_PACKAGES = ("python3", "python3-venv")
CONTAINER_PORT = 8765
TOKEN_IN_BANNER = re.compile(r"^  token: +(\S+)$", re.M)


NPROC = 4096
"""Processes a container may start: plenty for the mock; a value near this machine's own limit is refused."""


def _limits() -> list[str]:
    """Explicit `--ulimit`s: the engine's defaults are refused on this machine kind. Open files as this
    process may have them (a container may not raise its limit above the engine's own)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    files = min(x for x in (soft, hard, 65536) if x != resource.RLIM_INFINITY)
    return ["--ulimit", f"nofile={files}:{files}", "--ulimit", f"nproc={NPROC}:{NPROC}"]


class Podman:
    """podman with the flags this machine kind needs; every call bounded in time."""

    def __init__(self, executable: str) -> None:
        self.base = [executable, "--runtime", "runc"]

    def __call__(
        self, *args: str, timeout: float = 120, check: bool = True
    ) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            [*self.base, *args], capture_output=True, text=True, timeout=timeout, check=False
        )
        if check:
            assert result.returncode == 0, f"podman {' '.join(args[:2])}: {result.stderr[-4000:]}"
        return result


@pytest.fixture(scope="module")
def podman() -> Podman:
    engine = Podman(require("podman", "apt-get install podman runc (`.ci/run` does)"))
    info = engine("info", check=False)
    if info.returncode != 0:
        pytest.skip(f"podman is installed but no engine runs here: {info.stderr.strip()[-300:]}")
    return engine


def _rootfs_tarball() -> Path:
    """A bookworm root file system with Python, as a tar file (cached: debootstrap takes minutes)."""
    debootstrap = require("debootstrap", "apt-get install debootstrap (`.ci/run` does)")
    key = digest(DEBIAN_MIRROR.encode(), " ".join(BASE_PACKAGES).encode())

    def make(scratch: Path) -> None:
        tree = scratch / "tree"
        command = [debootstrap, "--variant=minbase", f"--include={','.join(BASE_PACKAGES)}", "bookworm"]
        made = subprocess.run(
            [*command, str(tree), DEBIAN_MIRROR], capture_output=True, text=True, timeout=1800, check=False
        )
        assert made.returncode == 0, made.stdout[-3000:] + made.stderr[-3000:]
        for package in (tree / "var" / "cache" / "apt" / "archives").glob("*.deb"):
            package.unlink()  # what debootstrap unpacked from: a third of the tree
        tar = ["tar", "--numeric-owner", "-C", str(tree), "-cf", str(scratch / "rootfs.tar"), "."]
        subprocess.run(tar, check=True, timeout=600)
        shutil.rmtree(tree)

    return cached(f"bookworm-rootfs-{key}", make) / "rootfs.tar"


@pytest.fixture(scope="module")
def base_image(podman: Podman) -> str:
    """The Debian base in podman's store, imported once from the cached root file system."""
    tarball = _rootfs_tarball()
    tag = f"{BASE_TAG}-{digest(str(tarball.stat().st_size).encode(), tarball.parent.name.encode())}"
    if podman("image", "exists", tag, check=False).returncode != 0:
        podman("import", str(tarball), tag, timeout=600)
    return tag


@pytest.fixture(scope="module")
def image(podman: Podman, base_image: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The image built from a context of wheels and the entry point, offline; removed afterwards."""
    context = tmp_path_factory.mktemp("context")
    wheels = context / "dist"
    wheels.mkdir()
    build_dists(wheels)
    for wheel in dependency_wheels():
        shutil.copy2(wheel, wheels / wheel.name)
    script = context / "mock" / "container" / "entrypoint.sh"
    script.parent.mkdir(parents=True)
    shutil.copy2(ROOT / "mock" / "container" / "entrypoint.sh", script)
    tag = f"localhost/talkie-mock-test:{uuid.uuid4().hex[:12]}"
    podman(
        "build",
        *_limits(),
        "--network",
        "none",
        "--build-arg",
        f"BASE={base_image}",
        "-f",
        str(ROOT / "Containerfile"),
        "-t",
        tag,
        str(context),
        timeout=1800,
    )
    try:
        yield tag
    finally:
        podman("rmi", "-f", tag, check=False)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def _container(podman: Podman, image: str, volume: str) -> Iterator[tuple[str, str]]:
    """One container of `image` on `volume`, its port published on loopback; yields (origin, token)."""
    name = f"talkie-mock-test-{uuid.uuid4().hex[:12]}"
    port = _free_port()
    podman(
        "run", "-d", "--name", name, *_limits(),
        "-p", f"127.0.0.1:{port}:{CONTAINER_PORT}", "-v", f"{volume}:/data", image,
    )  # fmt: skip
    try:
        origin = f"http://127.0.0.1:{port}"

        def banner_token() -> str | None:
            logs = podman("logs", name, check=False)
            found = TOKEN_IN_BANNER.search(logs.stdout + logs.stderr)
            return found.group(1) if found else None

        token = until(banner_token, "the mock's banner in the container's log", seconds=180)
        until(lambda: _answers(origin), f"the container's manifest at {origin}", seconds=180)
        yield origin, token
    finally:
        podman("rm", "-f", "-t", "10", name, check=False, timeout=60)


def _answers(origin: str) -> bool:
    try:
        return httpx.get(f"{origin}/.well-known/talkie.json", timeout=5).status_code == 200
    except httpx.HTTPError:
        return False


def test_the_image_serves_and_keeps_its_state_on_the_volume(podman: Podman, image: str) -> None:
    volume = f"talkie-test-state-{uuid.uuid4().hex[:12]}"
    podman("volume", "create", volume)
    try:
        with _container(podman, image, volume) as (origin, token):
            manifest = httpx.get(f"{origin}/.well-known/talkie.json", timeout=10).json()
            assert manifest["spec"] == "talkie/1"
            auth = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
            run = run_input("talkie-test:echo kept in the volume", "r_image", thread_id="t_image")
            answer = httpx.post(f"{origin}/api/talkie/run", json=run, headers=auth, timeout=60)
            assert answer.status_code == 200, answer.text[:500]
            assert "kept in the volume" in answer.text
        with _container(podman, image, volume) as (origin, again):
            assert again == token  # the token the first container made, read back from the volume
            threads = httpx.get(f"{origin}/api/talkie/threads", headers=auth, timeout=10).json()["threads"]
            assert "t_image" in [thread["id"] for thread in threads]
    finally:
        podman("volume", "rm", "-f", volume, check=False)
