"""The web page's routes: ``/`` (the page), ``/static/*`` (its files, in the package, no build step) and the
rules endpoints (:mod:`.rulesapi`). ``create_app(routes=page.routes())`` serves them beside the rooms."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from . import rulesapi

STATIC = Path(__file__).resolve().parent / "static"
#: What every answer of the page says to the browser: no framing by other sites, no sniffing of types.
HEADERS = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"}


async def index(_: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={**HEADERS, "Cache-Control": "no-cache"})


def routes() -> list[BaseRoute]:
    """The page and its endpoints."""
    return [Route("/", index), *rulesapi.routes, Mount("/static", StaticFiles(directory=STATIC), name="static")]
