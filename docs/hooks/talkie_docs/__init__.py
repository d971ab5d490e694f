"""Build-time generation of the talkie/1 site from the contract (schemas/, spec/, conformance registry, mock).

The package is loaded by the `docs/hooks/talkie_site.py` MkDocs hook; its modules have one job each:
`contract` reads the source files, `schema_pages`, `rules`, `error_codes`, `openapi` and `control_api` turn
them into Markdown pages, `checks` and `inspector` read how the conformance suite and the mock's inspector
catch each rule, `assets` vendors the JavaScript the site needs, and `events` wires them to MkDocs events.
"""
