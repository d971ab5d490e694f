"""Generators of every derived artefact of the contract (models, OpenAPI variants, bundled package data).

Each generator module exposes ``outputs() -> dict[pathlib.Path, bytes]``: the files it owns and their exact
content. ``python -m codegen`` writes them; ``python -m codegen --check`` compares them with the working tree
and fails with a diff when anything is stale (the drift check the test suite runs).
"""
