"""The Kotlin client deployed as Maven Central takes it, and resolved by its coordinates from a fresh project.

`mvn deploy` writes to a file repository on this machine (`-DaltDeploymentRepository`): the same layout a
remote repository has. What must hold: the deployment carries the jar, the sources jar (the Kotlin sources)
and the javadoc jar (Dokka's pages), and a POM with what Central requires of every POM (name, description,
URL, licence, developers, SCM); a fresh Maven project that knows only the coordinates and that repository
resolves all three and compiles a class against the client. Its local repository is its own, with no copy of
the client in it beforehand, so the client can only come from the deployment.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from artifacts import cache_dir

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "clients" / "kotlin"
POM_NS = {"m": "http://maven.apache.org/POM/4.0.0"}
GROUP, ARTIFACT = "org.talkie-protocol", "talkie-client"
MAVEN_SECONDS = 1500

pytestmark = [pytest.mark.slow, pytest.mark.timeout(2 * MAVEN_SECONDS)]

CONSUMER_POM = """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>an-app</artifactId>
  <version>1.0</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <repositories>
    <repository><id>deployed</id><url>{repository}</url></repository>
  </repositories>
  <dependencies>
    <dependency><groupId>{group}</groupId><artifactId>{artifact}</artifactId><version>{version}</version></dependency>
    <dependency>
      <groupId>{group}</groupId><artifactId>{artifact}</artifactId><version>{version}</version>
      <classifier>sources</classifier>
    </dependency>
    <dependency>
      <groupId>{group}</groupId><artifactId>{artifact}</artifactId><version>{version}</version>
      <classifier>javadoc</classifier>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.14.1</version>
      </plugin>
    </plugins>
  </build>
</project>
"""

APP = """package com.example;

import org.talkieprotocol.client.ChunkException;

public final class App {
    public static String kind() {
        return new ChunkException("chunk_too_long", "installed by coordinates").getType();
    }
}
"""


def _mvn(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    mvn = shutil.which("mvn")
    if mvn is None:
        pytest.skip("Maven is not installed (apt-get install maven default-jdk-headless)")
    result = subprocess.run(
        [mvn, "-B", "-q", *args], cwd=cwd, capture_output=True, text=True, timeout=MAVEN_SECONDS, check=False
    )
    said = (result.stdout + result.stderr).splitlines()
    errors = [line for line in said if line.startswith(("[ERROR]", "e: ", "Caused by"))]  # before the traces
    assert result.returncode == 0, "\n".join(errors[:40]) + "\n" + "\n".join(said[-60:])
    return result


def _version() -> str:
    found = ET.parse(PACKAGE / "pom.xml").getroot().find("m:version", POM_NS)
    assert found is not None
    assert found.text
    return found.text


@pytest.fixture(scope="module")
def deployed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`mvn deploy` to a file repository, from a copy (the worktree's target/ is another test's)."""
    scratch = tmp_path_factory.mktemp("kotlin")
    copy = Path(shutil.copytree(PACKAGE, scratch / "kotlin", ignore=shutil.ignore_patterns("target")))
    repository = scratch / "repository"
    # in the build's own JVM: a Kotlin daemon shared with another build on the machine may drop the connection
    deploy = ["deploy", "-Dmaven.test.skip=true", "-Dkotlin.compiler.daemon=false"]
    _mvn([*deploy, f"-DaltDeploymentRepository=local::file:{repository}"], copy)
    return repository


def test_the_deployment_has_sources_javadoc_and_a_complete_pom(deployed: Path) -> None:
    version = _version()
    folder = deployed / GROUP.replace(".", "/") / ARTIFACT / version
    stem = f"{ARTIFACT}-{version}"
    with zipfile.ZipFile(folder / f"{stem}.jar") as jar:
        assert "org/talkieprotocol/client/TalkieClient.class" in jar.namelist()
    with zipfile.ZipFile(folder / f"{stem}-sources.jar") as sources:
        assert "org/talkieprotocol/client/TalkieClient.kt" in sources.namelist()
    with zipfile.ZipFile(folder / f"{stem}-javadoc.jar") as javadoc:
        names = javadoc.namelist()
        assert "index.html" in names
        assert "org/talkieprotocol/client/TalkieClient.html" in names  # a page of the API
    pom = ET.parse(folder / f"{stem}.pom").getroot()
    for path in (
        "m:name", "m:description", "m:url", "m:licenses/m:license/m:name", "m:licenses/m:license/m:url",
        "m:developers/m:developer/m:name", "m:scm/m:url", "m:scm/m:connection",
    ):  # fmt: skip
        assert (pom.findtext(path, namespaces=POM_NS) or "").strip(), path
    assert pom.findtext("m:licenses/m:license/m:name", namespaces=POM_NS) == "MIT License"
    package_json = json.loads((ROOT / "clients" / "typescript" / "package.json").read_text())
    assert pom.findtext("m:scm/m:url", namespaces=POM_NS).startswith(  # type: ignore[union-attr]
        package_json["repository"]["url"].removeprefix("git+").removesuffix(".git")
    )


def test_a_fresh_project_resolves_it_by_coordinates(deployed: Path, tmp_path: Path) -> None:
    version = _version()
    local = cache_dir() / "m2-consumer"  # third-party libraries are kept between runs; the client is not
    shutil.rmtree(local / GROUP.replace(".", "/"), ignore_errors=True)
    app = tmp_path / "app"
    source = app / "src" / "main" / "java" / "com" / "example" / "App.java"
    source.parent.mkdir(parents=True)
    source.write_text(APP)
    (app / "pom.xml").write_text(
        CONSUMER_POM.format(repository=deployed.as_uri(), group=GROUP, artifact=ARTIFACT, version=version)
    )
    _mvn([f"-Dmaven.repo.local={local}", "compile"], app)
    assert (app / "target" / "classes" / "com" / "example" / "App.class").is_file()
    resolved = local / GROUP.replace(".", "/") / ARTIFACT / version
    for suffix in ("", "-sources", "-javadoc"):
        assert (resolved / f"{ARTIFACT}-{version}{suffix}.jar").is_file(), suffix
