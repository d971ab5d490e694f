"""Suite-wide pytest configuration.

`pytest_plugins` may only be declared here, at the top of the test tree: the conformance tests drive the
`talkie-conformance` pytest plugin through `pytester`.
"""

pytest_plugins = ["pytester"]
