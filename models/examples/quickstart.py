from talkie_models import CardEvent, RunStartedEvent, TextMessageContentEvent, UnknownEvent, parse_event
from talkie_models.sse import encode_event, iter_events
from talkie_models.validation import validate

# Read a run stream (bytes as they come from the server, split anywhere).
stream = (
    b": ping\n\n"
    b'data: {"type":"RUN_STARTED","threadId":"thr_7","runId":"run_7"}\n\n'
    b'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"Dobr\xc3\xbd den, Marku"}\n\n'
    b'data: {"type":"STEP_STARTED","stepName":"plan"}\n\n'
)
for event in iter_events([stream[:50], stream[50:]]):
    if isinstance(event, TextMessageContentEvent):
        print("text:", event.delta)
    elif isinstance(event, UnknownEvent):
        print("ignored:", event.type)
    else:
        print("event:", event.type)

# Build an event in Python (snake_case) and send it (camelCase JSON, absent fields left out).
started = RunStartedEvent(thread_id="thr_8", run_id="run_8")
print(encode_event(started))

# Check a payload against the bundled JSON Schema (needs the "validation" extra).
card_event = parse_event(
    {
        "type": "CUSTOM",
        "name": "talkie.card",
        "value": {
            "id": "card_1",
            "version": 1,
            "title": "Horizont Logistika s.r.o.",
            "subtitle": "Odběratel · Brno",
            "url": "/?record=hl-1",
            "blocks": [{"type": "badge", "text": "Aktivní", "tone": "positive"}],
            "fallbackText": "Horizont Logistika s.r.o. - aktivní odběratel",
            "a11yLabel": "Karta odběratele Horizont Logistika s.r.o.",
        },
    }
)
assert isinstance(card_event, CardEvent)
validate(card_event.model_dump(), "CardEvent")
print("valid card:", card_event.value.title)
