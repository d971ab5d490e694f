"""GET of the files cards link to (`file` blocks): rendered on demand by the engine, never stored."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from talkie_mock.api.context import mock_of
from talkie_mock.engine import files
from talkie_mock.errors import ApiError


async def download(request: Request) -> Response:
    mock = mock_of(request)
    mock.auth.require(request)
    identifier = request.path_params["fileId"]
    rendered = files.render(identifier)
    if rendered is None:
        raise ApiError("not_found", "file_not_found", id=identifier[:80])
    data, mime = rendered
    return Response(
        data,
        media_type=mime,
        headers={"Content-Disposition": f'inline; filename="{identifier}"', "Cache-Control": "private"},
    )
