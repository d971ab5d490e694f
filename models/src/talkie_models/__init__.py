"""Typed pydantic v2 models of every talkie/1 wire type, generated from the protocol's JSON Schemas.

Every schema title is a name here (``Manifest``, ``RunStartedEvent``, ``Card``, ``Event``, …). Submodules:
``talkie_models.sse`` (read and write run streams), ``talkie_models.validation`` (JSON Schema checks against
the bundled schemas; needs the ``validation`` or ``fast`` extra), ``talkie_models.errors`` (§3 codes) and
``talkie_models.rules`` (the rule catalogue of ``spec/rules.yaml``: ``catalogue()``, ``rule("RUN-004")``),
``talkie_models.protocol`` (the specification's constants: well-known path, the app's ``client_id``, scopes,
…) and ``talkie_models.findings`` (``Finding``: the one judgement type of the suite and the mock's inspector).

Exceptions raised by this package (wire errors are data: ``ErrorResponse``, ``talkie_models.errors``)::

    TalkieModelsError                 root of everything raised on purpose
    ├── EventParseError (ValueError)  a run-stream event that is not JSON, has no type, or breaks its schema
    ├── RuleCatalogueError (ValueError)
    │                                 ``rules.load`` / ``rules.parse`` read a malformed rule catalogue
    └── SchemaValidationError (ValueError)
                                      ``validation.validate`` found an instance that breaks its schema

Two profiles (notes N-30): ``parse_event`` and ``sse.iter_events`` are *tolerant* by default (what a client
must accept: unknown members dropped, an unknown card block or outcome kept as ``UnknownBlock`` /
``UnknownOutcome``, chunk events expanded); ``profile="strict"`` applies the closed schemas (what a conforming
server sends).

pydantic's own ``ValidationError`` still comes from constructing or validating a model directly.
"""

from __future__ import annotations

from pydantic import BaseModel

from talkie_models import _generated, _opaque, _unknown
from talkie_models._base import TalkieModel
from talkie_models._events import PROFILES, parse_event, parse_model
from talkie_models._events import known_tags as _known_tags
from talkie_models._exceptions import (
    EventParseError,
    RuleCatalogueError,
    SchemaValidationError,
    TalkieModelsError,
)
from talkie_models._generated import *  # noqa: F403
from talkie_models._generated import UnknownEvent
from talkie_models._opaque import Profile, UnknownBlock, UnknownOutcome

# The tolerated classes reject known tags; they learn them here, once, from the generated unions.
_unknown.register_known_tags(*_known_tags())
_opaque.register_known("block", _generated.CardBlock)
_opaque.register_known("outcome", _generated.RunFinishedOutcome)


def _complete_models() -> None:
    """Finish, now, the models pydantic left incomplete when their class was made (references to models of
    modules imported later). Left alone, each is built inside its first validation: about 30 ms that the
    first run request of a server, or the first event a client reads, would wait for."""
    for name in _generated.__all__:
        model = getattr(_generated, name)
        if isinstance(model, type) and issubclass(model, BaseModel) and not model.__pydantic_complete__:
            model.model_rebuild()


_complete_models()

__version__ = "0.1.0"

__all__ = [
    "PROFILES",
    "EventParseError",
    "Profile",
    "RuleCatalogueError",
    "SchemaValidationError",
    "TalkieModel",
    "TalkieModelsError",
    "UnknownBlock",
    "UnknownEvent",
    "UnknownOutcome",
    "parse_event",
    "parse_model",
]
__all__ += [name for name in _generated.__all__ if name not in __all__]
