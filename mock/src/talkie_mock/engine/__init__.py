"""engine: the simulation behind the API — what a run says and what it changes.

Rule of the layer: no Starlette and nothing of `api/` or `devtools/` (enforced by import-linter), so the
engine can be driven without HTTP. The agent and scenario files describe runs as plans (`plans`); the run
engine (`runs`) performs them as background tasks; `actions` owns the §8 state machine, `store` the SQLite
state (one connection factory for every table of the mock), `clock` the mock's time, `content` and `files`
the invented data, `usage` the daily meters, `wire` the fast event encoding.
"""
