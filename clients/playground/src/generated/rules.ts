// Generated from spec/rules.yaml and the site's spec pages by clients/playground/build.py; do not edit.

/** Every talkie/1 rule: level, side, statement and its block on the site. */
export const SITE_RULES: {
  readonly [id: string]: { level: string; side: string; statement: string; url: string };
} = {
 "MAN-001": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST accept the complete URL of a manifest as well as a bare host name, since the person adding a server is free to type either.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-001"
 },
 "MAN-002": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST serve its manifest to GET at /.well-known/talkie.json on its issuer origin.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-002"
 },
 "MAN-003": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST put exactly the string talkie/1 into the manifest's spec member.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-003"
 },
 "MAN-004": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST refuse a manifest whose spec declares a major version other than 1.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-004"
 },
 "MAN-005": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST ignore manifest members it does not know and carry on as though they were absent.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-005"
 },
 "MAN-006": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST serve the manifest from the very origin that its issuer member names.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-006"
 },
 "MAN-007": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give issuer as a bare origin (scheme, host and optional port) with no path, query or fragment.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-007"
 },
 "MAN-008": {
  "level": "MUST NOT",
  "side": "client",
  "statement": "A client MUST NOT follow a redirect that leads to a different origin while it loads a manifest; it stops instead.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-008"
 },
 "MAN-009": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST resolve endpoint templates against the issuer origin, never against the URL the manifest came from.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-009"
 },
 "MAN-010": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST list only endpoints that live on its issuer origin.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-010"
 },
 "MAN-011": {
  "level": "MUST NOT",
  "side": "client",
  "statement": "A client MUST NOT call an endpoint on a foreign origin unless it displayed that address while the server was being added and the person approved it.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-011"
 },
 "MAN-012": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST replace each {placeholder} of a template by a single percent-encoded path segment, so a value can never add or change path segments.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-012"
 },
 "MAN-013": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST keep its serverId unchanged for as long as the deployment exists.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-013"
 },
 "MAN-014": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST take from brand nothing but the logo and the accent colour, and ignore any other member of it like any unknown manifest member.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-014"
 },
 "MAN-015": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give the brand logo as a same-origin path or an https address of a PNG or JPEG image of at most 256 kB.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-015"
 },
 "MAN-016": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST write the brand accent as a hash sign followed by six hexadecimal digits.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-016"
 },
 "MAN-017": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST include the oauth sign-in method in auth, test-mode servers included.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-017"
 },
 "MAN-018": {
  "level": "MAY",
  "side": "server",
  "statement": "A server MAY leave out auth.token, the pasted-token sign-in that exists as a development aid.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-018"
 },
 "MAN-019": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST leave out of endpoints every endpoint it does not implement; without voice support, none of the voice endpoints appears.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-019"
 },
 "MAN-020": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST treat a feature whose endpoint is missing from the manifest as unsupported and not offer it.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-020"
 },
 "MAN-021": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST keep its manifest document within 64 kB.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-021"
 },
 "MAN-022": {
  "level": "SHOULD",
  "side": "client",
  "statement": "A client SHOULD keep a cached manifest, honouring Cache-Control and assuming one hour when the header is absent.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-022"
 },
 "MAN-023": {
  "level": "SHOULD",
  "side": "client",
  "statement": "A client SHOULD fetch the manifest again after an endpoint answers 401 or 404, before giving up.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-023"
 },
 "MAN-024": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST set testMode to true only when actions and decisions touch nothing but fixture data, so destructive conformance checks cause no harm.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-024"
 },
 "MAN-025": {
  "level": "MUST",
  "side": "both",
  "statement": "Both sides MUST use https for all talkie/1 traffic; plain http is acceptable only in development builds, and there only for localhost, 127.0.0.1 or private and link-local network addresses.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-025"
 },
 "MAN-026": {
  "level": "MUST",
  "side": "client",
  "statement": "A production build of a client MUST refuse plain-http servers, local addresses included.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-026"
 },
 "MAN-027": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST check that the issuer of a manifest is the origin it actually fetched the manifest from, and refuse the manifest otherwise, before resolving any endpoint against it.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-027"
 },
 "MAN-028": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST keep the tokens and settings of a server under its serverId, so they follow the deployment rather than the address that was typed in.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-028"
 },
 "MAN-029": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give its manifest the members the text of §1 names (spec, issuer, serverId, auth offering oauth, endpoints), each of the type the specification shows.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-029"
 },
 "MAN-030": {
  "level": "SHOULD",
  "side": "client",
  "statement": "A client SHOULD accept a manifest whose spec is a minor form of version 1 such as talkie/1.2, since the text has it refuse only other major versions.",
  "url": "https://talkie-protocol.org/spec/discovery/#MAN-030"
 },
 "AUTH-001": {
  "level": "MUST",
  "side": "server",
  "statement": "The authorization server named by auth.oauth.issuer MUST publish RFC 8414 metadata, under oauth-authorization-server or openid-configuration.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-001"
 },
 "AUTH-002": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST look for authorization server metadata at every location of N-01, in that order, before failing.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-002"
 },
 "AUTH-003": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST sign in as a public client without a secret, identified by the https address of its Client ID Metadata Document.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-003"
 },
 "AUTH-004": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST accept the app's client_id, either by retrieving and validating its metadata document or through a pre-registration of that exact client_id with its redirect URIs.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-004"
 },
 "AUTH-005": {
  "level": "MUST",
  "side": "server",
  "statement": "The authorization server MUST accept the app's private-use-scheme redirect URI registered for the Talkie client (RFC 8252).",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-005"
 },
 "AUTH-006": {
  "level": "MUST",
  "side": "server",
  "statement": "The authorization server MUST issue codes only with PKCE using the S256 method, and MUST turn down requests without a challenge or with the plain method.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-006"
 },
 "AUTH-007": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST run the authorization code flow with a fresh PKCE verifier and an S256 challenge on every sign-in.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-007"
 },
 "AUTH-008": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST put an unguessable state value into every authorization request.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-008"
 },
 "AUTH-009": {
  "level": "MUST",
  "side": "server",
  "statement": "The authorization server MUST hand the state value back unchanged in its redirect to the client.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-009"
 },
 "AUTH-010": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST tie each state value to the serverId and issuer that began the flow, and drop a callback whose state belongs to another server or to no flow.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-010"
 },
 "AUTH-011": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST continue after an authorization response that includes iss only if iss matches the issuer of the authorization server it started with.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-011"
 },
 "AUTH-012": {
  "level": "MUST",
  "side": "server",
  "statement": "The authorization server MUST set an iss it adds to the authorization response to the issuer of its metadata.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-012"
 },
 "AUTH-013": {
  "level": "MUST",
  "side": "server",
  "statement": "The authorization server MUST support the talkie scope for the Talkie endpoints and offline_access for a refresh token.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-013"
 },
 "AUTH-014": {
  "level": "SHOULD",
  "side": "server",
  "statement": "A server SHOULD answer each use of a refresh token with a new refresh token and retire the old one.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-014"
 },
 "AUTH-015": {
  "level": "SHOULD",
  "side": "server",
  "statement": "A server SHOULD invalidate every token descended from the same sign-in when a retired refresh token is presented a second time.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-015"
 },
 "AUTH-016": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST carry the access token in an Authorization Bearer header on each call to a Talkie endpoint.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-016"
 },
 "AUTH-017": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST serve nothing from a Talkie endpoint to a request that lacks a valid access token (the manifest itself stays public).",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-017"
 },
 "AUTH-018": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST answer a 401 with a single token refresh and, if that fails or the retry is refused again, ask the person to sign in anew instead of looping.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-018"
 },
 "AUTH-019": {
  "level": "MUST NOT",
  "side": "client",
  "statement": "A client MUST NOT let a bearer token leave the origin it was issued for, including when a response redirects elsewhere.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-019"
 },
 "AUTH-020": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST, on sign-out, revoke the tokens at the RFC 7009 endpoint when the metadata advertises one, and then erase them from the device.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-020"
 },
 "AUTH-021": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST stop accepting a token that was revoked through its advertised revocation endpoint.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-021"
 },
 "AUTH-022": {
  "level": "SHOULD",
  "side": "server",
  "statement": "A server SHOULD give people a list of the devices signed in to their account, with a way to revoke any one of them.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-022"
 },
 "AUTH-023": {
  "level": "MAY",
  "side": "client",
  "statement": "A client MAY let the person paste a bearer token instead of signing in through OAuth when the manifest offers auth.token.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-023"
 },
 "AUTH-024": {
  "level": "MUST",
  "side": "client",
  "statement": "A production build of a client MUST keep token pasting out of sight unless a developer switch is turned on.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-024"
 },
 "AUTH-025": {
  "level": "MUST",
  "side": "server",
  "statement": "The authorization server MUST turn down an authorization request whose redirect_uri is not one registered for that client_id, and never redirect to such an address.",
  "url": "https://talkie-protocol.org/spec/authentication/#AUTH-025"
 },
 "ERR-001": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give every response of a Talkie endpoint with a status outside 2xx a JSON body whose error object holds code, message and retryable.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-001"
 },
 "ERR-002": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST write error.message so a person can read it, in that person's language.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-002"
 },
 "ERR-003": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST send a listed error code only together with the HTTP status the error table pairs it with.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-003"
 },
 "ERR-004": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST cope with an error code it does not know by acting on the HTTP status alone.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-004"
 },
 "ERR-005": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer input that cannot be parsed or breaks the request shape with 400 invalid_request.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-005"
 },
 "ERR-006": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer a missing, invalid or expired access token with 401 unauthorized.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-006"
 },
 "ERR-007": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer an authenticated user asking for something beyond their permissions with 403 forbidden.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-007"
 },
 "ERR-008": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer an unknown thread, action or voice session id with 404 not_found.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-008"
 },
 "ERR-009": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST refuse a user message longer than limits.maxMessageChars with 413 too_large.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-009"
 },
 "ERR-010": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST set retryable to true for 429 rate_limited and to false for 429 quota_exceeded.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-010"
 },
 "ERR-011": {
  "level": "SHOULD",
  "side": "client",
  "statement": "A client SHOULD repeat a failed request by itself only when the error says retryable is true.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-011"
 },
 "ERR-012": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST report an unreachable model provider as 502 or 503 with code upstream_unavailable and retryable true.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-012"
 },
 "ERR-013": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST report any other failure as 500 internal and use no 5xx status besides 500, 502 and 503.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-013"
 },
 "ERR-014": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST keep the threads, messages, runs, actions and voice sessions of each user out of every other user's reach, answering a request to read, change, cancel or decide them with 403 forbidden or 404 not_found and leaving them out of that user's lists.",
  "url": "https://talkie-protocol.org/spec/errors/#ERR-014"
 },
 "STAT-001": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer GET status with an object containing user, chat, voice and usage.",
  "url": "https://talkie-protocol.org/spec/status/#STAT-001"
 },
 "STAT-002": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give the status user an id, a display name and an e-mail address, the three members of the specification's example.",
  "url": "https://talkie-protocol.org/spec/status/#STAT-002"
 },
 "STAT-003": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give chat and voice in the status as booleans saying whether this user can chat and talk right now.",
  "url": "https://talkie-protocol.org/spec/status/#STAT-003"
 },
 "STAT-004": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST name a label, the amount used, the limit and the unit on every usage line, used and limit as integers; the list may be empty.",
  "url": "https://talkie-protocol.org/spec/status/#STAT-004"
 },
 "RUN-001": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST take an AG-UI RunAgentInput JSON body on POST run and stream its answer as server-sent events.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-001"
 },
 "RUN-002": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST ask for the run stream with an Accept header of text/event-stream.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-002"
 },
 "RUN-003": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST put into a run request just the user messages the server has not seen yet, never the earlier history.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-003"
 },
 "RUN-004": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST ignore a repeated message: a run request carrying a message id it already holds stores nothing new.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-004"
 },
 "RUN-005": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST make up the threadId of a new thread itself.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-005"
 },
 "RUN-006": {
  "level": "MAY",
  "side": "server",
  "statement": "A server MAY put a new thread under a threadId of its own choosing instead of the client's.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-006"
 },
 "RUN-007": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST store the run and its messages under the threadId it announces in RUN_STARTED.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-007"
 },
 "RUN-008": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST switch to the threadId reported in RUN_STARTED when it differs from the one it sent.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-008"
 },
 "RUN-009": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST invent a fresh runId for each run and use that same id to cancel it.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-009"
 },
 "RUN-010": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer a run that starts streaming with 200 and content type text/event-stream, each event sent as one data line of AG-UI JSON followed by a blank line.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-010"
 },
 "RUN-011": {
  "level": "SHOULD",
  "side": "server",
  "statement": "A server SHOULD write a comment line such as \": ping\" at least every fifteen seconds during a run.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-011"
 },
 "RUN-012": {
  "level": "SHOULD",
  "side": "server",
  "statement": "A server SHOULD turn off buffering by proxies so that events reach the client as soon as they are produced.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-012"
 },
 "RUN-013": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer a failure detected before any event was sent with a non-2xx status and the §3 error body, not with a stream.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-013"
 },
 "RUN-014": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST open every stream with RUN_STARTED carrying the threadId and the runId of the request.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-014"
 },
 "RUN-015": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST send assistant text as TEXT_MESSAGE_START, any number of TEXT_MESSAGE_CONTENT and TEXT_MESSAGE_END sharing one messageId, in that order; a message without text may have no content event at all.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-015"
 },
 "RUN-016": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give TOOL_CALL_START a toolCallId and a toolCallName.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-016"
 },
 "RUN-017": {
  "level": "SHOULD",
  "side": "server",
  "statement": "A server SHOULD also give TOOL_CALL_START a metadata.label, a brief human-readable note of what the tool is doing.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-017"
 },
 "RUN-018": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST report on TOOL_CALL_END, sent when the tool has finished, whether it succeeded as the boolean metadata.ok, and may add a string metadata.error on failure.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-018"
 },
 "RUN-019": {
  "level": "MAY",
  "side": "server",
  "statement": "A server MAY send TOOL_CALL_RESULT events; nothing requires them.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-019"
 },
 "RUN-020": {
  "level": "MUST NOT",
  "side": "client",
  "statement": "A client MUST NOT show raw tool output to the person.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-020"
 },
 "RUN-021": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give a talkie.open event a value holding a url (same-origin path or https) and a label.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-021"
 },
 "RUN-022": {
  "level": "MUST NOT",
  "side": "client",
  "statement": "A client MUST NOT open a talkie.open link by itself; it shows the link, and only a tap of the person opens it.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-022"
 },
 "RUN-023": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give a talkie.usage event a value whose usage array has the same lines as the status usage.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-023"
 },
 "RUN-024": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST end a stream with exactly one terminal event, RUN_FINISHED after success or RUN_ERROR after failure, and send nothing after it.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-024"
 },
 "RUN-025": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give RUN_ERROR a message, a code taken from §3 and metadata.retryable.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-025"
 },
 "RUN-026": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST pass over events whose type it does not recognise and keep reading the stream.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-026"
 },
 "RUN-027": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST pass over CUSTOM events with a name it does not recognise.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-027"
 },
 "RUN-028": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST carry a run on to completion and store its result even when the client's connection drops.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-028"
 },
 "RUN-029": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST recover from a lost connection by loading the thread, without treating the drop as a cancellation.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-029"
 },
 "RUN-030": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer POST cancelRun with 200 and {\"ok\": true}, also for a run that has already ended.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-030"
 },
 "RUN-031": {
  "level": "SHOULD",
  "side": "server",
  "statement": "A server SHOULD end the open stream of a cancelled run by closing any open text message and sending RUN_FINISHED with a cancelled outcome.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-031"
 },
 "RUN-032": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST stop a run by calling cancelRun rather than only closing the connection.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-032"
 },
 "RUN-033": {
  "level": "SHOULD",
  "side": "client",
  "statement": "A client SHOULD send forwardedProps.talkie.channel with each run request, chat for a typed message, as the specification's run example does; a server reads a missing channel as chat.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-033"
 },
 "RUN-034": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST stop the work of a run when cancelRun is called for it.",
  "url": "https://talkie-protocol.org/spec/runs/#RUN-034"
 },
 "CARD-001": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give a talkie.card event a card object of the §6 shape as its value.",
  "url": "https://talkie-protocol.org/spec/cards/#CARD-001"
 },
 "CARD-002": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST build card blocks from the seven types heading, text, fields, list, link, file and badge with their defined members; a badge tone is neutral, positive, warning or negative.",
  "url": "https://talkie-protocol.org/spec/cards/#CARD-002"
 },
 "CARD-003": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give every card a fallbackText.",
  "url": "https://talkie-protocol.org/spec/cards/#CARD-003"
 },
 "CARD-004": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST show the fallbackText in place of the entire card when some block of the card cannot be rendered.",
  "url": "https://talkie-protocol.org/spec/cards/#CARD-004"
 },
 "CARD-005": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give every url in a card as a same-origin path or an https address.",
  "url": "https://talkie-protocol.org/spec/cards/#CARD-005"
 },
 "CARD-006": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST download a file block whose url is on the server's own origin with the bearer token attached.",
  "url": "https://talkie-protocol.org/spec/cards/#CARD-006"
 },
 "CARD-007": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST open every card url except a same-origin file download in the system browser, and send it no token; same-origin links and other blocks' urls included.",
  "url": "https://talkie-protocol.org/spec/cards/#CARD-007"
 },
 "CARD-008": {
  "level": "MUST NOT",
  "side": "client",
  "statement": "A client MUST NOT interpret HTML found in cards or text; markup is shown as plain characters or dropped.",
  "url": "https://talkie-protocol.org/spec/cards/#CARD-008"
 },
 "TEXT-001": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST restrict assistant text to paragraphs, bold, italic, inline code, bulleted and numbered lists, and links.",
  "url": "https://talkie-protocol.org/spec/text-format/#TEXT-001"
 },
 "TEXT-002": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST point links in assistant text to an https address or a same-origin path.",
  "url": "https://talkie-protocol.org/spec/text-format/#TEXT-002"
 },
 "TEXT-003": {
  "level": "MUST NOT",
  "side": "server",
  "statement": "A server MUST NOT put HTML or images into assistant text, apart from the echo test of §11.",
  "url": "https://talkie-protocol.org/spec/text-format/#TEXT-003"
 },
 "TEXT-004": {
  "level": "MUST NOT",
  "side": "client",
  "statement": "A client MUST NOT render Markdown beyond the subset (it shows such text as plain characters) and MUST NOT load any image it references.",
  "url": "https://talkie-protocol.org/spec/text-format/#TEXT-004"
 },
 "ACT-001": {
  "level": "MUST NOT",
  "side": "server",
  "statement": "A server MUST NOT let the agent carry out a risky operation such as sending, deleting or paying on its own; the agent proposes an action that a person decides on.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-001"
 },
 "ACT-002": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give a talkie.action event an action object with the members of §8 as its value; riskLevel is an open string (low, medium and high are the known values).",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-002"
 },
 "ACT-003": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST move an action only from pending to running, done, failed, cancelled or expired, and from running to done, failed or (by a cancel inside its undo window) cancelled.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-003"
 },
 "ACT-004": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST return on GET action the action as it stands now.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-004"
 },
 "ACT-005": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST trust GET action where a copy of the action from an event disagrees with it.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-005"
 },
 "ACT-006": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST accept decision (confirm or cancel), paramsHash and method on POST decision and answer with the updated action plus a list of AG-UI events.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-006"
 },
 "ACT-007": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST include in a decision the paramsHash of the action version the person saw.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-007"
 },
 "ACT-008": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer a decision equal to the one already recorded with 200 and the current action.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-008"
 },
 "ACT-009": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST refuse the reverse of an already recorded decision with 409 conflict, except a cancel within the undo window.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-009"
 },
 "ACT-010": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST refuse a decision whose paramsHash differs from the action's current one with 409 stale.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-010"
 },
 "ACT-011": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST refuse a decision on an action past its expiresAt with 410 expired.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-011"
 },
 "ACT-012": {
  "level": "MUST NOT",
  "side": "server",
  "statement": "A server MUST NOT let a new proposal quietly override an earlier action that is still pending.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-012"
 },
 "ACT-013": {
  "level": "MUST NOT",
  "side": "server",
  "statement": "A server MUST NOT give the agent any path to the decision endpoint, whether as one of its tools or through calls the server makes for it.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-013"
 },
 "ACT-014": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST send a decision solely in response to a person's tap or spoken answer, never on its own initiative.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-014"
 },
 "ACT-015": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST offer only the decision methods that the action's confirm.methods lists.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-015"
 },
 "ACT-016": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST record the decision method for auditing only and not base the outcome on it.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-016"
 },
 "ACT-017": {
  "level": "SHOULD",
  "side": "server",
  "statement": "A server SHOULD hold back outbound operations that cannot be undone, like e-mail or text messages, for a short grace period during which a cancel still works.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-017"
 },
 "ACT-018": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST show an action in such a grace period as status running with an undoUntil time, and let a cancel before that time succeed.",
  "url": "https://talkie-protocol.org/spec/actions/#ACT-018"
 },
 "THR-001": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer GET threads with an object whose threads array holds summaries with id, title, channel (chat or voice), createdAt and updatedAt.",
  "url": "https://talkie-protocol.org/spec/threads/#THR-001"
 },
 "THR-002": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST list threads newest first, by creation or by last update, and return no more than 50 entries.",
  "url": "https://talkie-protocol.org/spec/threads/#THR-002"
 },
 "THR-003": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer GET thread with the thread, its messages (id, role user or assistant, content, createdAt, cards as a list that may be empty, and optionally channel) and its actions.",
  "url": "https://talkie-protocol.org/spec/threads/#THR-003"
 },
 "THR-004": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST list the messages of a thread oldest first.",
  "url": "https://talkie-protocol.org/spec/threads/#THR-004"
 },
 "THR-005": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer DELETE thread with {\"ok\": true}.",
  "url": "https://talkie-protocol.org/spec/threads/#THR-005"
 },
 "THR-006": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST cancel every action of a deleted thread that was still pending.",
  "url": "https://talkie-protocol.org/spec/threads/#THR-006"
 },
 "THR-007": {
  "level": "SHOULD",
  "side": "server",
  "statement": "A server SHOULD list threads by updatedAt, so that the thread the user just continued comes first.",
  "url": "https://talkie-protocol.org/spec/threads/#THR-007"
 },
 "VOICE-001": {
  "level": "MUST",
  "side": "server",
  "statement": "A server without voice support MUST omit capabilities.voice along with the voice endpoints.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-001"
 },
 "VOICE-002": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST take an optional threadId and locale on POST voiceSessions and return a voice session with every member of the §10.1 example; only consent may be left out.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-002"
 },
 "VOICE-003": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST post its SDP offer to signaling.url with the clientSecret as bearer credential and content type application/sdp, and use the SDP it gets back.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-003"
 },
 "VOICE-004": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give signaling.url the https scheme.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-004"
 },
 "VOICE-005": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST give signaling.url a host that appears in capabilities.voice.signalingHosts.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-005"
 },
 "VOICE-006": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST refuse a voice session whose signalling address is not https or whose host is missing from signalingHosts.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-006"
 },
 "VOICE-007": {
  "level": "MUST NOT",
  "side": "client",
  "statement": "A client MUST NOT send the clientSecret to any destination other than signaling.url.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-007"
 },
 "VOICE-008": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST issue a clientSecret that is short-lived and serves only to open the connection.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-008"
 },
 "VOICE-009": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST lock the provider session's model, instructions, tools and limits so the client has no way to alter them.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-009"
 },
 "VOICE-010": {
  "level": "MUST NOT",
  "side": "client",
  "statement": "A client MUST NOT send a session.update that touches anything other than turn detection.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-010"
 },
 "VOICE-011": {
  "level": "MAY",
  "side": "server",
  "statement": "A server MAY include consent in a voice session: extra confirm and refuse words for the client.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-011"
 },
 "VOICE-012": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST let consent words from the session extend its own confirm and refuse vocabularies rather than replace them.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-012"
 },
 "VOICE-013": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST forward a function call the provider requests to voiceTool instead of running anything locally.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-013"
 },
 "VOICE-014": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST take callId and a JSON-encoded arguments string on POST voiceTool and answer with ok, output and events, all three always present (events may be an empty list).",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-014"
 },
 "VOICE-015": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST accept a voice tool call only for an open session that belongs to the calling user.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-015"
 },
 "VOICE-016": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST refuse a callId already used in the session with 409.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-016"
 },
 "VOICE-017": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST hand the tool output back to the model untouched, as the function_call_output.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-017"
 },
 "VOICE-018": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST store an utterance posted to voiceTranscript with role, text and itemId in the session's thread and answer 201.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-018"
 },
 "VOICE-019": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST report the user and assistant transcript items of a voice session to voiceTranscript.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-019"
 },
 "VOICE-020": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer POST voiceUsage with seconds and final by ok and the remaining seconds.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-020"
 },
 "VOICE-021": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST send a usage report every thirty seconds of a session and a last one marked final when it ends.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-021"
 },
 "VOICE-022": {
  "level": "SHOULD",
  "side": "server",
  "statement": "A server SHOULD close a session once its final usage report has arrived and answer later usage, tool and transcript calls with 410 expired.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-022"
 },
 "VOICE-023": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST attempt spoken confirmation solely for actions whose confirm.methods contains voice.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-023"
 },
 "VOICE-024": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST switch off automatic responses (create_response false in turn detection) once a tool result brings a pending action, and let the model present the proposal.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-024"
 },
 "VOICE-025": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST open the consent window no earlier than the output_audio_buffer.stopped event that ends the spoken proposal.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-025"
 },
 "VOICE-026": {
  "level": "MUST NOT",
  "side": "client",
  "statement": "A client MUST NOT take an utterance that began before the consent window opened as an answer.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-026"
 },
 "VOICE-027": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST derive a confirm only from the next final user transcript of at most six words that has a confirm word, the keyword when one is set, and no negation, question or hesitation.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-027"
 },
 "VOICE-028": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST turn a clear spoken refusal inside the window into a cancel decision.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-028"
 },
 "VOICE-029": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST treat any other utterance as ordinary conversation and, after the second of them, shut the window and leave the action to the button.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-029"
 },
 "VOICE-030": {
  "level": "MUST",
  "side": "client",
  "statement": "A client MUST shut the consent window before it sends the decision, so that a repeated transcript cannot produce a second decision.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-030"
 },
 "VOICE-031": {
  "level": "MUST NOT",
  "side": "both",
  "statement": "A client or a server MUST NOT treat a spoken confirmation as proof of who spoke; it is a convenience the server's policy permits.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-031"
 },
 "VOICE-032": {
  "level": "SHOULD",
  "side": "client",
  "statement": "A client SHOULD send method voice with a decision taken from the person's spoken answer in the consent window, and method button with one taken by a tap.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-032"
 },
 "VOICE-033": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST execute the tools of a voice session itself; the client only relays the provider's function calls to voiceTool.",
  "url": "https://talkie-protocol.org/spec/voice/#VOICE-033"
 },
 "TEST-001": {
  "level": "MUST",
  "side": "server",
  "statement": "A server with testMode true MUST answer each listed test message the same way every time and without involving a model.",
  "url": "https://talkie-protocol.org/spec/test-mode/#TEST-001"
 },
 "TEST-002": {
  "level": "MUST NOT",
  "side": "server",
  "statement": "A production deployment MUST NOT turn test mode on.",
  "url": "https://talkie-protocol.org/spec/test-mode/#TEST-002"
 },
 "TEST-003": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST place the events answering a test message between RUN_STARTED and the terminal event.",
  "url": "https://talkie-protocol.org/spec/test-mode/#TEST-003"
 },
 "TEST-004": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer talkie-test:echo followed by a text with a single text message whose content equals that text exactly.",
  "url": "https://talkie-protocol.org/spec/test-mode/#TEST-004"
 },
 "TEST-005": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer talkie-test:card with a tool call start and end carrying metadata.ok true, one talkie.card containing a fields block, and a brief text.",
  "url": "https://talkie-protocol.org/spec/test-mode/#TEST-005"
 },
 "TEST-006": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST answer talkie-test:action with one pending talkie.action of low risk, with confirm methods button and voice and at least sixty seconds to expiry, and a brief text.",
  "url": "https://talkie-protocol.org/spec/test-mode/#TEST-006"
 },
 "TEST-007": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST bring the action produced by talkie-test:action to status done when it is confirmed.",
  "url": "https://talkie-protocol.org/spec/test-mode/#TEST-007"
 },
 "TEST-008": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST end talkie-test:error with RUN_ERROR whose code is upstream_unavailable and whose metadata.retryable is true.",
  "url": "https://talkie-protocol.org/spec/test-mode/#TEST-008"
 },
 "TEST-009": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST spread the text deltas of talkie-test:slow over about five seconds.",
  "url": "https://talkie-protocol.org/spec/test-mode/#TEST-009"
 },
 "SEC-001": {
  "level": "MUST",
  "side": "server",
  "statement": "A server MUST handle whatever the agent produces as data, never as instructions or markup to execute.",
  "url": "https://talkie-protocol.org/spec/security/#SEC-001"
 },
 "SEC-002": {
  "level": "MUST NOT",
  "side": "client",
  "statement": "A client MUST NOT open a link coming from the agent, wherever it appears, without a tap of the person.",
  "url": "https://talkie-protocol.org/spec/security/#SEC-002"
 },
 "SEC-003": {
  "level": "SHOULD",
  "side": "server",
  "statement": "A server SHOULD cap how many runs and how many voice minutes a user can consume.",
  "url": "https://talkie-protocol.org/spec/security/#SEC-003"
 },
 "SEC-004": {
  "level": "SHOULD",
  "side": "server",
  "statement": "A server SHOULD inform users that the audio of a voice session is processed by the speech provider.",
  "url": "https://talkie-protocol.org/spec/security/#SEC-004"
 }
};
