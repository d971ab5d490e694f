"""api: the talkie/1 HTTP surface of the mock.

Rule of the layer: routes (`routing`), the endpoints (`manifest`, `runs`, `actions`, `threads`, `voice`,
`files`), the typed request readers (`requests`), authentication (`auth`), the SSE response (`streaming`),
the observation hooks (`hooks`) and the ONE §3 problem renderer (`problems`) that every error answer of the
mock goes through. It may import `engine/` and `talkie_models`, never `devtools/` (enforced by import-linter).
"""
