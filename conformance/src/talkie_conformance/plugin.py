"""pytest plugin: `pytest --talkie-url URL --talkie-token T` (or `--talkie-oauth`) runs every check as a test.

Loaded through the `pytest11` entry point; it stays silent unless `--talkie-url` is given. One test per check:
a violated MUST of the specification fails it, a SHOULD or a rule one of our notes adds only warns, a check
that cannot run is skipped, and a check that crashed is an
error of the suite (`TalkieSuiteError`), never a failure.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from talkie_models.protocol import TALKIE_CLIENT_ID, TALKIE_REDIRECT_URI

from talkie_conformance.checking import CheckSpec, Options
from talkie_conformance.client import Discovery, TalkieClient, discover
from talkie_conformance.errors import ConformanceError
from talkie_conformance.findings import Finding, Verdict, finding_lines
from talkie_conformance.oauth import OAuthConfig, sign_in_to
from talkie_conformance.rules import RuleCatalogue, load_rules
from talkie_conformance.runner import execute, second_sign_in, select


class TalkieRuleWarning(ConformanceError, UserWarning):  # noqa: N818 - a warning category
    """A SHOULD rule of talkie/1 is not followed."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("talkie", "talkie/1 conformance")
    group.addoption("--talkie-url", help="Server (host, origin or manifest URL) to check.")
    group.addoption(
        "--talkie-token",
        action="append",
        default=[],
        help="Bearer token for the server; give it twice (two users) for the checks that one user cannot "
        "reach what another owns.",
    )
    group.addoption(
        "--talkie-oauth",
        action="store_true",
        default=False,
        help="Sign in through the server's OAuth authorization server instead of a token (it must approve "
        "at once, like talkie-mock serve --auto-approve); adds the AUTH checks of a sign-in.",
    )
    group.addoption("--talkie-oauth-client-id", default=TALKIE_CLIENT_ID, help="client_id to sign in as.")
    group.addoption(
        "--talkie-oauth-redirect-uri", default=TALKIE_REDIRECT_URI, help="Redirect URI of that client."
    )
    group.addoption("--talkie-only", action="append", default=[], help="Section or rule ID (repeatable).")
    group.addoption("--talkie-clock-url", help="Test hook that moves the server's clock (expiry checks).")
    group.addoption("--talkie-rules", help="Rule catalogue instead of the bundled spec/rules.yaml.")


class _Target:
    """The server under test, discovered once per session."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self._client: TalkieClient | None = None
        self.rules: RuleCatalogue = load_rules(config.getoption("--talkie-rules"))
        tokens: list[str] = config.getoption("--talkie-token")
        if len(tokens) > 2:
            raise pytest.UsageError(f"--talkie-token: give one, or two for two users ({len(tokens)} given)")
        self.token = tokens[0] if tokens else None
        self.options = Options(
            clock_url=config.getoption("--talkie-clock-url"),
            other_token=tokens[1] if len(tokens) > 1 else None,
        )

    def client(self) -> TalkieClient:
        if self._client is None:
            discovery: Discovery = discover(str(self.config.getoption("--talkie-url")))
            token = self.token
            refresher = None
            if self.config.getoption("--talkie-oauth"):
                oauth = OAuthConfig(
                    client_id=self.config.getoption("--talkie-oauth-client-id"),
                    redirect_uri=self.config.getoption("--talkie-oauth-redirect-uri"),
                )
                session = sign_in_to(discovery.manifest, oauth)
                self.options.oauth = session
                token, refresher = session.access_token, session.refresh
                if self.options.other_token is None:
                    self.options.other_token = second_sign_in(session)
            self._client = TalkieClient(discovery, token, refresher=refresher)
        return self._client

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
        if self.options.oauth is not None:
            self.options.oauth.close()


class TalkieCheckItem(pytest.Item):
    """One conformance check run as a test."""

    def __init__(
        self, *, spec: CheckSpec, target: _Target, rule_filter: set[str] | None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.spec = spec
        self.target = target
        self.rule_filter = rule_filter
        for rule_id in spec.rules:
            self.add_marker(pytest.mark.talkie_rule(rule_id))

    def runtest(self) -> None:
        findings = execute(self.spec, self.target.client(), self.target.rules, self.target.options)
        if self.rule_filter is not None:
            findings = [f for f in findings if f.rule_id in self.rule_filter]
        self.user_properties.extend((str(f.rule_id), f.outcome.value) for f in findings)
        crashed = [f for f in findings if f.outcome is Verdict.ERROR]
        if crashed:
            raise TalkieSuiteError("\n".join(_line(f) for f in crashed[:1]))
        failed = [f for f in findings if f.outcome is Verdict.FAIL]
        for finding in findings:
            if finding.outcome is Verdict.WARN:
                warnings.warn(TalkieRuleWarning(_line(finding)), stacklevel=1)
        if failed:
            raise TalkieCheckFailedError("\n".join(_line(f) for f in failed))
        if findings and all(f.outcome is Verdict.SKIP for f in findings):
            pytest.skip(findings[0].message)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, TalkieCheckFailedError | TalkieSuiteError):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[str, int | None, str]:
        return f"talkie:{self.spec.section}", None, f"{self.spec.name} [{' '.join(self.spec.rules)}]"


class TalkieCheckFailedError(ConformanceError, AssertionError):
    """A MUST rule of the specification is violated; the message lists rule, basis, request and message."""


class TalkieSuiteError(ConformanceError):
    """The check itself crashed: an error of the suite, not a verdict on the server."""


def _line(finding: Finding) -> str:
    text = "\n  ".join(finding_lines(finding))
    if finding.evidence.response:
        text += f"\n  response: {finding.evidence.response.splitlines()[0]}"
    return text


class TalkieCollector(pytest.Collector):
    """Collects one item per selected check."""

    def __init__(self, *, target: _Target, only: list[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.target = target
        self.only = only

    def collect(self) -> Iterator[pytest.Item]:
        checks, rule_filter = select(self.only)
        for spec in checks:
            yield TalkieCheckItem.from_parent(
                self,
                name=f"{spec.section}::{spec.name}",
                spec=spec,
                target=self.target,
                rule_filter=rule_filter,
            )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "talkie_rule(rule_id): the talkie/1 rule a conformance test proves")


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    if not config.getoption("--talkie-url"):
        return
    target = _Target(config)
    config.stash[_TARGET] = target
    collector = TalkieCollector.from_parent(
        session, name="talkie-conformance", target=target, only=list(config.getoption("--talkie-only"))
    )
    items.extend(collector.collect())


def pytest_unconfigure(config: pytest.Config) -> None:
    target = config.stash.get(_TARGET, None)
    if target is not None:
        target.close()


_TARGET = pytest.StashKey[_Target]()
