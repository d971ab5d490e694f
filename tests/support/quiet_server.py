"""`http.server` for the tests' own little servers (a web page, a client document, the site, the fake server),
without the traceback it prints when a client hangs up before reading the answer.

A browser that navigates on, or a check that gives up on a slow answer, closes its connection; the server's
write then fails with `BrokenPipeError` or `ConnectionResetError`. That is the client's right and no failure
of the test, so it is not printed; every other error still is.
"""

from __future__ import annotations

import sys
from http.server import ThreadingHTTPServer
from typing import Any

HUNG_UP = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)


class QuietHTTPServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], HUNG_UP):
            return
        super().handle_error(request, client_address)
