"""Event models to their wire dicts, quickly for the plain ones (their frames are `talkie_models.sse`'s).

`model_dump(mode="json")` of a talkie model goes through a Python wrap serializer (it omits absent fields)
and costs several microseconds per event, while most events a run publishes (`RUN_STARTED`, the text message
events…) only set string fields. For such a model the wire form is its set fields under their wire names, in
declaration order. The wire names are learnt from real dumps (a field is used this way only once a dump of
its class has shown its name), and anything else — a nested model, a number, a field never seen — goes
through `model_dump` as before.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from talkie_models import TalkieModel, TextMessageContentEvent

_KEYS: dict[type[TalkieModel], tuple[tuple[str, ...], dict[str, str]]] = {}
"""Per class: its field names in declaration order (read once: `model_fields` is a descriptor that costs a
call each time) and the wire names learnt so far."""


def wire(model: TalkieModel) -> dict[str, Any]:
    """The event as it goes on the wire: equal to `model.model_dump(mode="json")`."""
    cls = type(model)
    learnt = _KEYS.get(cls)
    if learnt is not None:
        order, keys = learnt
        # the set fields and the values as pydantic keeps them (the public properties cost a call each)
        fields_set = model.__pydantic_fields_set__
        values = model.__dict__
        out: dict[str, Any] = {}
        for name in order:
            if name in fields_set:
                key = keys.get(name)
                value = values.get(name)
                if key is None or type(value) is not str:
                    break
                out[key] = value
        else:
            return out
    dumped: dict[str, Any] = model.model_dump(mode="json")
    _learn(cls, model, dumped)
    return dumped


def _learn(cls: type[TalkieModel], model: TalkieModel, dumped: dict[str, Any]) -> None:
    """Remember the wire names a dump of only string fields shows (its keys follow declaration order)."""
    order = tuple(cls.model_fields)
    names = [name for name in order if name in model.model_fields_set]
    if len(names) != len(dumped) or any(type(getattr(model, name)) is not str for name in names):
        return
    learned = dict(zip(names, dumped, strict=True))
    if all(dumped[key] == getattr(model, name) for name, key in learned.items()):
        _KEYS.setdefault(cls, (order, {}))[1].update(learned)


def dumps(value: Any) -> str:
    """Compact JSON text with non-ASCII kept as is (what the store writes), by orjson when it can."""
    try:
        return orjson.dumps(value).decode("utf-8")
    except orjson.JSONEncodeError:
        return _ENCODER.encode(value)


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


class Plain:
    """`wire` of one plain event class, without building its model: the events a run sends most (its start
    and end, a text message's start, deltas and end) as dicts.

    The wire names, the order and the members that never change (the tag, `role`, `protocolVersion`) are
    read from one dump of a sample model, so they stay the contract's: nothing about the wire is typed
    here. `varying` names the sample's fields that each call sets, in the order the call gives them.
    """

    __slots__ = ("_layout",)

    def __init__(self, sample: TalkieModel, *varying: str) -> None:
        dumped = sample.model_dump(mode="json")
        slot_of = {getattr(sample, name): index for index, name in enumerate(varying)}
        if len(slot_of) != len(varying) or sum(value in slot_of for value in dumped.values()) != len(varying):
            raise ValueError("each varying field of the sample needs a value of its own")
        self._layout = tuple((key, slot_of.get(value, -1), value) for key, value in dumped.items())

    def __call__(self, *values: str) -> dict[str, Any]:
        return {key: values[slot] if slot >= 0 else value for key, slot, value in self._layout}


_CONTENT = Plain(
    TextMessageContentEvent(type="TEXT_MESSAGE_CONTENT", message_id="\x00m", delta="\x00d"),
    "message_id",
    "delta",
)


def text_delta(message_id: str, delta: str) -> dict[str, Any]:
    """`wire` of a TextMessageContentEvent, without building the model: the event a slow run sends again and
    again."""
    return _CONTENT(message_id, delta)
