"""The mock as the realtime speech provider behind `signaling.url` (§10): WebRTC, `openai-realtime/1`.

`peer` answers the app's SDP offer on one address; `session` is the locked conversation state machine;
`audio` and `speech` make the assistant audible; `brain` decides what the "model" says or calls; `events`
builds the provider's server events; `provider` owns the connections of one mock and plays scripts
(`voice-script.schema.json`), checked by `script`; `stack` tells whether the `voice` extra is installed,
and only a WebRTC connection imports aiortc. Pure asyncio and aiortc: nothing here knows HTTP.
"""
