"""talkie-mock: a stateful test-mode talkie/1 server.

The public face is small: build a :class:`MockConfig`, hand it to :func:`create_app`, run the result with any
ASGI server (the ``talkie-mock serve`` command does exactly that with uvicorn).
"""

from talkie_mock.app import create_app
from talkie_mock.config import MockConfig

__all__ = ["MockConfig", "create_app"]
