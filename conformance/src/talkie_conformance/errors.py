"""The suite's own exceptions (not findings about the server: those are `Finding`s), under one root.

    ConformanceError                      everything talkie_conformance raises
    ├── DiscoveryError                    no usable manifest, so no check can run
    │   └── ManifestTooLargeError         (client) over the 64 kB of talkie/1 §1: MAN-021 fails
    ├── RulesError                        the rule catalogue is missing or malformed
    ├── BaselineError                     (baseline) the accepted-failures file is malformed
    ├── SelectionError                    (runner, also a ValueError) `--only` names nothing known
    ├── EndpointUnavailableError          (client, also a LookupError) the manifest lacks an endpoint
    ├── ServerLimitError                  (limits, also an httpx.TransportError) the server made the
    │                                     suite hit a deadline or a cap: a finding, never a crash
    ├── SignInError                       (oauth) a sign-in broke, with the stage it broke at
    ├── ServerStoppedError                (statemachine) the server made a fuzz step impossible
    ├── SkipCheck, AbortCheck             (checking) a check's own control flow
    ├── SetupError                        (checking) a test hook the person gave failed: exit 2
    ├── FuzzViolationError                (fuzz_checks, also an AssertionError) a fuzzed answer broke a rule
    ├── TalkieCheckFailedError            (plugin, also an AssertionError) a MUST failed under pytest
    ├── TalkieSuiteError                  (plugin) a check crashed under pytest
    └── TalkieRuleWarning                 (plugin, also a UserWarning) a SHOULD not followed, under pytest

A class that is also a standard or library exception keeps that base too, so code that expects one (pytest
and Schemathesis an AssertionError, httpx handlers a TransportError, `warnings` a Warning) still handles it.
"""


class ConformanceError(Exception):
    """Root of everything the suite raises on its own behalf."""


class DiscoveryError(ConformanceError):
    """The manifest could not be fetched, parsed or trusted, so no check can run."""


class RulesError(ConformanceError):
    """The rule catalogue could not be found or does not have the expected shape."""
