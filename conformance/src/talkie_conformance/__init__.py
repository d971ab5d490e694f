"""talkie-conformance: a black-box conformance suite and fuzzer for talkie/1 servers.

The suite talks HTTP only. It reads the server's manifest, runs one check per rule of `spec/rules.yaml`, and
reports a verdict per rule. Its own exceptions hang off one root:

    ConformanceError
    ├── DiscoveryError     the manifest could not be fetched or trusted (the run cannot start)
    └── RulesError         the rule catalogue is missing or malformed
"""

from talkie_conformance.errors import ConformanceError, DiscoveryError, RulesError
from talkie_conformance.findings import Evidence, Finding, Verdict

__all__ = [
    "ConformanceError",
    "DiscoveryError",
    "Evidence",
    "Finding",
    "RulesError",
    "Verdict",
]
__version__ = "0.1.0"
