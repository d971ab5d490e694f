"""api: the talkie/1 HTTP surface of the mock.

Rule of the layer: it parses, authenticates and renders; what a request does is the engine's. It may import
`engine/`, `errors`, `config` and `talkie_models`, never `oauth/` or `devtools/` (the layers contract).

The route table (`routing`) and the endpoints (`manifest`, `runs`, `actions`, `threads`, `voice`, `files`);
the typed request readers (`requests`), authentication (`auth`), the SSE response (`streaming`), the JSON
response (`responses`), the observation hooks (`hooks`) and the ONE §3 renderer (`problems`) every error
answer goes through. The front door: the Host check, the same-site test and CSRF tokens (`origin`), the body
cap and read deadline (`limits`), the issuer of each answer (`issuer`), CORS (`cors`) and which path is
talkie/1 and which the developer's (`surfaces`). `fixed` answers a plain manifest GET from its rendered bytes,
and a plain status or thread-list GET from the answers `reads` keeps while the state stands; `context` holds
the shared parts of one mock (`Mock`) and its application (`MockApp`), whose one error layer
(`error_layer`) answers what an endpoint raised.
"""
