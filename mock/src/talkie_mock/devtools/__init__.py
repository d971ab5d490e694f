"""devtools: everything under `/_mock/` and every deliberate misbehaviour of the mock.

Rule of the layer: the developer's tools sit above `api/` and `oauth/` and build on them (the hooks, the
middleware slots, the renderer, the readers); nothing below imports this package (the layers contract), so
`create_app(config, devtools=False)` serves the bare protocol.

The control API and inspector page (`control`, `static/`), faults (`faults`), rule breaks (`breaks`), the
inspector's traffic log and its HAR export (`traffic`, `har`), verdicts, client violations and report
(`verdicts`, `violations`, `report`), the voice desk and the client's §10 rules (`voice`, `voice_rules`),
the findings about a run request's text and ids (`run_findings`), the playground's page, OAuth client
document and config on the mock and on its own server (`playground`, `static/playground/`) and that
server's forwarder to its one target (`forward`), the guard of the developer surfaces (`guard`) and the
private runtime file `talkie-mock report` reads its key from (`runtime`), the one secret scrubber
(`redact`), the one escaping function for what reaches a terminal (`terminal`), the terminal log (`log`)
and the LAN QR code (`lan`).
"""

from __future__ import annotations

from starlette.applications import Starlette

from talkie_mock.api.fixed import Fixed
from talkie_mock.devtools import breaks, control, playground


def install(app: Starlette, rules: tuple[str, ...] = (), fixed: Fixed | None = None) -> control.DevTools:
    """Mount the control API, inspector and playground, apply the configured faults, then the `--break`
    rules (last, so they see what faults produced). `fixed`: the requests the recorder may answer itself
    (api.fixed)."""
    tools = control.install(app, fixed)
    playground.install(app)
    breaks.install(app, rules)
    return tools
