"""clientsuite: the client conformance suite, the mock judging an app by its client rules.

Rule of the layer: it sits above `app` and `serving` and below the CLI; it serves its own two loopback
origins (a scenario origin and a decoy) and never changes the mock's protocol surface.

The situations scenarios answer with (`situations`), the scenario registry and the checks' judges
(`scenarios`), what a client did in one scenario (`observe`), the two listeners (`servers`), the client's
command run under a deadline (`command`), a run of the suite (`runner`), its verdicts (`verdicts`), its
reports (`reports`) and which client rule a scenario judges or why none can (`catalogue`).
"""
