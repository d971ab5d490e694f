"""devtools: everything under `/_mock/` and every deliberate misbehaviour of the mock.

Rule of the layer: the developer's tools — the control API and inspector page (`control`), faults (`faults`),
rule breaks (`breaks`), the inspector's traffic log, verdicts, client violations and report (`traffic`,
`verdicts`, `violations`, `report`, `static/`) and the LAN QR code (`lan`). They plug into the API only
through its hooks and middleware; `api/` and `engine/` never import this package, so
`create_app(config, devtools=False)` serves the bare protocol.
"""

from __future__ import annotations

from starlette.applications import Starlette

from talkie_mock.api.fixed import Fixed
from talkie_mock.devtools import breaks, control


def install(app: Starlette, rules: tuple[str, ...] = (), fixed: Fixed | None = None) -> control.DevTools:
    """Mount the control API and inspector, apply the configured faults, then the `--break` rules (last, so
    they see what faults produced). `fixed`: the requests the recorder may answer itself (api.fixed)."""
    tools = control.install(app, fixed)
    breaks.install(app, rules)
    return tools
