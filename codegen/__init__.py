"""Generators of every derived artefact of the contract (models, OpenAPI variants, bundled package data).

Each generator module exposes ``outputs() -> dict[pathlib.Path, bytes]``: the files it owns and their exact
content. ``python -m codegen`` writes them; ``python -m codegen --check`` compares them with the working tree
and fails with a diff when anything is stale (the drift check the test suite runs), and fails too when a
listed generator's module is missing. ``rule_pages`` is no generator: which site page shows each rule, read by
the site's hooks and the playground build alike.
"""
