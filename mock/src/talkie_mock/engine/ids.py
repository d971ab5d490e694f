"""The ids the mock stores and looks up: one pattern for thread, action, session, file and tool ids."""

from __future__ import annotations

import re

SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:~@-]{0,127}$")
"""An id the mock keeps as given (printable, one path segment, at most 128 characters)."""
