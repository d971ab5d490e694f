"""Event models to their wire dicts, quickly for the plain ones.

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
from talkie_models.sse import encode_event

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


def frame(event: dict[str, Any]) -> bytes:
    """One run-stream frame as `talkie_models.sse.encode_event` writes it (`data: ` + compact UTF-8 JSON +
    blank line), encoded by orjson about ten times faster. The JSON is the same text except that a float
    with an exponent may be spelled differently (`1e-7` for `1e-07`), the same number. A value orjson
    refuses (an integer beyond 64 bits) takes the standard encoder."""
    try:
        return b"data: " + orjson.dumps(event) + b"\n\n"
    except orjson.JSONEncodeError:
        return encode_event(event)


def dumps(value: Any) -> str:
    """Compact JSON text with non-ASCII kept as is (what the store writes), by orjson when it can."""
    try:
        return orjson.dumps(value).decode("utf-8")
    except orjson.JSONEncodeError:
        return _ENCODER.encode(value)


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def _delta_keys() -> tuple[str, str, str, str]:
    """The wire names of a text delta's tag, message id and delta, and its tag value, read from a dump of
    its model once (the contract's, not typed here)."""
    sample = TextMessageContentEvent(type="TEXT_MESSAGE_CONTENT", message_id="m", delta="d").model_dump(
        mode="json"
    )
    by_value = {value: key for key, value in sample.items()}
    tag = next(key for key in sample if key not in (by_value["m"], by_value["d"]))
    return tag, by_value["m"], by_value["d"], sample[tag]


_TAG, _MESSAGE_ID, _DELTA, _CONTENT = _delta_keys()


def text_delta(message_id: str, delta: str) -> dict[str, Any]:
    """`wire` of a TextMessageContentEvent, without building the model: the event a slow run sends again and
    again."""
    return {_TAG: _CONTENT, _MESSAGE_ID: message_id, _DELTA: delta}
