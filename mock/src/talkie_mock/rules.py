"""The rule catalogue the mock names broken rules from: `talkie_models.rules`, read from talkie-models' data.

Kept as the mock's own import point so the inspector, the report and their tests say `talkie_mock.rules`
while the catalogue itself has a single reader and a single packaged copy.
"""

from __future__ import annotations

from talkie_models.rules import Rule, catalogue, rule

__all__ = ["Rule", "catalogue", "rule"]
