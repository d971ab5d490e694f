"""The error codes of talkie/1 §3 as named constants, and ``CATALOGUE``: what the protocol says of each.

Generated from the ``x-talkie-catalogue`` of ``schemas/error-code.json``. The set is open: a server may send a
code missing here, and a receiver then goes by the HTTP status.
"""

from __future__ import annotations

from talkie_models._error_info import ErrorCodeInfo
from talkie_models._generated.catalogue import *  # noqa: F403
from talkie_models._generated.catalogue import __all__ as _catalogue_names

__all__ = ["ErrorCodeInfo", *_catalogue_names]
