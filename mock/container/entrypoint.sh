#!/bin/sh
# The container's entry point: `talkie-mock serve` on every interface of the container, its state (threads,
# actions, the dev token, the developer secret) in one SQLite file on the volume, so a restarted container
# keeps what the app saw. Arguments are passed on to `talkie-mock serve` and win over these defaults
# (click keeps the last value of an option), e.g. `--public-url https://mock.example.test` or `--locale cs`.
set -eu
state_dir="${TALKIE_MOCK_STATE_DIR:-/data}"
mkdir -p "$state_dir"
exec talkie-mock serve --host 0.0.0.0 --port 8765 --state "$state_dir/talkie-mock.sqlite" "$@"
