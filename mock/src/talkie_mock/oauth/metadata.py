"""RFC 8414 authorization server metadata of the mock, and the two addresses it is published at.

Notes N-01: the specification appends the well-known suffix to the issuer (`/oauth/.well-known/...`), RFC 8414
inserts it before the issuer path (`/.well-known/.../oauth`); the mock serves both. It does not serve
`openid-configuration`: the mock is no OpenID Provider (no ID tokens, no JWKS), and a client that follows N-01
finds one of the two RFC 8414 forms first.
"""

from __future__ import annotations

from typing import Any

from talkie_models.protocol import SCOPES

from talkie_mock.config import Fault, OAuthSettings

ISSUER_PATH = "/oauth"

WELL_KNOWN = "/.well-known/oauth-authorization-server"
APPENDED_PATH = ISSUER_PATH + WELL_KNOWN
INSERTED_PATH = WELL_KNOWN + ISSUER_PATH
AUTHORIZE_PATH = ISSUER_PATH + "/authorize"
TOKEN_PATH = ISSUER_PATH + "/token"
REVOKE_PATH = ISSUER_PATH + "/revoke"
DEVICES_PATH = ISSUER_PATH + "/devices"
ACCOUNT_PATH = ISSUER_PATH + "/account"


def metadata(origin: str, settings: OAuthSettings) -> dict[str, Any]:
    """The metadata document; with the `no-s256` fault it advertises only `plain`."""
    origin = origin.rstrip("/")
    methods = ["plain"] if settings.has(Fault.NO_S256) else ["S256"]
    return {
        "issuer": origin + ISSUER_PATH,
        "authorization_endpoint": origin + AUTHORIZE_PATH,
        "token_endpoint": origin + TOKEN_PATH,
        "revocation_endpoint": origin + REVOKE_PATH,
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "code_challenge_methods_supported": methods,
        "token_endpoint_auth_methods_supported": ["none"],
        "revocation_endpoint_auth_methods_supported": ["none"],
        "scopes_supported": list(SCOPES),
        "authorization_response_iss_parameter_supported": True,
        "client_id_metadata_document_supported": True,
    }
