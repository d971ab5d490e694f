# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/client-metadata.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel
from typing_extensions import TypeAliasType


class ClientMetadata(TalkieModel):
    """
    The OAuth Client ID Metadata Document the Talkie app (or a fork of it) publishes. The app is a public client: its `client_id` is the https URL of this very document, it has no secret, and it signs in with the authorization code grant plus PKCE. Field names follow RFC 7591 client metadata; an authorization server ignores members it does not understand, so the object stays open.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    client_id: Annotated[
        str,
        Field(
            alias="client_id",
            pattern="^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?/[^\\s#?]*$",
        ),
    ]
    """
    Must equal the URL the document is served from: https with a path, no fragment.
    """
    client_name: Annotated[str, Field(alias="client_name", min_length=1)]
    """
    Name the authorization server shows on its consent screen.
    """
    redirect_uris: Annotated[list[RedirectUri], Field(alias="redirect_uris", min_length=1)]
    """
    Where the authorization response may go. For the app this is the private-use scheme URI `cz.firemnicrm.talkie:/oauth/callback` (RFC 8252 §7.1: reverse domain name, one slash); https and loopback redirects are also accepted for forks.
    """
    grant_types: Annotated[list[GrantType] | None, Field(alias="grant_types")] = None
    """
    Must include `authorization_code`; `refresh_token` enables offline access.
    """
    response_types: Annotated[list[ResponseType] | None, Field(alias="response_types")] = None
    """
    Must include `code`.
    """
    token_endpoint_auth_method: Annotated[Literal["none"], Field(alias="token_endpoint_auth_method")] = "none"
    """
    A public client authenticates with nothing but PKCE.
    """
    scope: Annotated[
        str | None,
        Field(pattern="^[\\x21\\x23-\\x5B\\x5D-\\x7E]+(?: [\\x21\\x23-\\x5B\\x5D-\\x7E]+)*$"),
    ] = None
    """
    Space-separated scopes the client may ask for.
    """
    client_uri: Annotated[
        str | None,
        Field(
            alias="client_uri",
            pattern="^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$",
        ),
    ] = None
    """
    Home page of the client.
    """
    logo_uri: Annotated[
        str | None,
        Field(
            alias="logo_uri",
            pattern="^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$",
        ),
    ] = None
    """
    Logo shown on the consent screen.
    """
    policy_uri: Annotated[
        str | None,
        Field(
            alias="policy_uri",
            pattern="^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$",
        ),
    ] = None
    """
    Privacy policy.
    """
    tos_uri: Annotated[
        str | None,
        Field(
            alias="tos_uri",
            pattern="^https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?$",
        ),
    ] = None
    """
    Terms of service.
    """


GrantType = TypeAliasType("GrantType", Annotated[str, Field(min_length=1)])


RedirectUri = TypeAliasType(
    "RedirectUri",
    Annotated[
        str,
        Field(
            pattern="^(?:[a-z][a-z0-9+-]*(?:\\.[a-z0-9+-]+)+:/(?:[^/\\s][^\\s#]*)?|https://(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:/[^\\s#]*)?|http://(?:127\\.0\\.0\\.1|\\[::1\\])(?::[0-9]{1,5})?(?:/[^\\s#]*)?)$"
        ),
    ],
)


ResponseType = TypeAliasType("ResponseType", Annotated[str, Field(min_length=1)])
