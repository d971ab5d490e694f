"""clientsuite: the client conformance suite, the mock judging an app by its client rules.

Rule of the layer: a sibling of `app` and `serving` under the CLI (it imports neither, nor the mock's
protocol surface but for the OAuth layer's metadata and PKCE, which its sign-in scenarios share); it serves
its own loopback listeners — a scenario origin, a decoy origin and a tripwire for links — and builds every
known shape it sends through talkie_models (a voice provider's events through the engine's realtime event
builders).

What a scenario and a check are (`base`), the scenarios of discovery and the bearer token (`discovery`), of
signing in and out, with their authorization server and judges (`signin`), of the run stream (`streams`), of
the manifest's use (`manifests`), of the person's gestures (`gestures`) and of voice (`voice`, with their
speech provider `talk` and judges `hearing`), their registry (`scenarios`), the checks' judges (`judges`),
the situations the scenarios answer with (`situations`), what a client did in one scenario (`observe`), the
listeners (`servers`), the client's command run under a deadline (`command`), a run of the suite (`runner`),
its verdicts (`verdicts`), its reports (`reports`), which client rule a scenario judges or why none can
(`catalogue`), app mode — the scenarios on a running mock's origin for an app driven by hand or by its UI
tests (`appmode`) — and each client rule scored from what the app did there (`scores`).
"""
