"""The suite's own exceptions (not findings about the server: those are `Finding`s)."""


class ConformanceError(Exception):
    """Root of everything the suite raises on its own behalf."""


class DiscoveryError(ConformanceError):
    """The manifest could not be fetched, parsed or trusted, so no check can run."""


class RulesError(ConformanceError):
    """The rule catalogue could not be found or does not have the expected shape."""
