"""engine: the simulation behind the API — what a run says and what it changes.

Rule of the layer: no Starlette and nothing of `api/`, `oauth/` or `devtools/` (the layers contract), so the
engine can be driven without HTTP; it refuses with domain errors (`refusals`), never with an HTTP answer.

`chat` submits a run (the rules of `POST run`); the agent (`agent`) and scenario files (`scenarios`) describe
runs as plans (`plans`), which the run engine (`runs`) performs; `actions` owns the §8 state machine.
`database` is the transaction core of the SQLite state and `store` its tables (a repository per group),
`statefile` checks, locks and opens the file, `checkpoints` keeps its log short; `clock` is the mock's time,
`ids` the ids it keeps, `usage` the daily meters, `wire` the fast wire dicts, `variations` the `--vary`
choices. The invented data: `crm`, `content` (cards and texts), `formats` (numbers, money, dates) and `files`.
`realtime` is the speech provider behind `signaling.url`.
"""
