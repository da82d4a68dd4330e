"""The read-only rules endpoints of the page (no state): the rulesets, one ruleset, the rules form, a check of
YAML (``gouji validate``'s located diagnostics, the fingerprint and the rule card) and the semantic diff.

``GET /api/v1/rulesets``, ``GET /api/v1/rulesets/{ref}``, ``GET /api/v1/form``, ``POST /api/v1/check``
``{"yaml": TEXT, "name": FILE}``, ``POST /api/v1/diff`` ``{"a": SIDE, "b": SIDE}`` where a side is
``{"ref": ID}`` or ``{"yaml": TEXT, "name": FILE}``, and ``POST /api/v1/replay`` ``{"record": RECORD, "seat":
N or null, "lang": "zh"|"en"}`` (a game record re-played and checked, in steps of words as ``gouji replay
--show`` prints them, as one seat saw it or with all hands). Errors are ``{"error": TEXT, "diagnostics": [...]}``
with status 400 (a malformed request), 404 (no such ruleset) or 413 (too large). Compiling runs off the
event loop.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..ruleset.errors import GoujiError, RulesetError
from ..ruleset.model import Ruleset
from ..ruleset.uploaded import compile_text
from . import rulesdata
from .protocol import ProtocolError, json_object, read_body
from .rulesdata import Json

#: The largest request body read: a ruleset may hold 256 KiB, two of them for a diff, and the JSON around them.
MAX_BODY = 1024 * 1024


class BadRequest(Exception):
    """A request the endpoints refuse: its status and why."""

    def __init__(self, status: int, message: str, diagnostics: list[Json] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.diagnostics = diagnostics or []


def _refused(error: BadRequest) -> JSONResponse:
    return JSONResponse({"error": str(error), "diagnostics": error.diagnostics}, status_code=error.status)


def _answering(handler: Callable[[Request], Awaitable[Json]]) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        try:
            return JSONResponse(await handler(request))
        except BadRequest as error:
            return _refused(error)
    return endpoint


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to :data:`MAX_BODY` bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise BadRequest(413, f"the request is larger than {MAX_BODY // 1024} KiB")
    try:
        return json_object(await read_body(request.stream(), MAX_BODY), "the request")
    except ProtocolError as error:
        raise BadRequest(413 if error.code == "too-large" else 400, error.message) from None


def _text(data: dict[str, Any], key: str, required: bool = True) -> str:
    value = data.get(key, None if required else "")
    if not isinstance(value, str):
        raise BadRequest(400, f"'{key}' must be a string")
    return value


def _compiled(side: dict[str, Any]) -> Ruleset:
    """The ruleset a request names: ``{"ref": ...}`` from the catalogue or ``{"yaml": ..., "name": ...}``."""
    try:
        if "yaml" in side:
            return compile_text(_text(side, "yaml"), _text(side, "name", False) or "house-rules.yaml",
                                rulesdata.catalog())
        return rulesdata.catalogued(_text(side, "ref"))
    except RulesetError as error:
        raise BadRequest(422, "the ruleset does not compile",
                         [rulesdata.diagnostic_json(d) for d in error.diagnostics]) from None


async def list_rulesets(_: Request) -> Json:
    return {"rulesets": await run_in_threadpool(rulesdata.listing)}


async def one_ruleset(request: Request) -> Json:
    ref = request.path_params["ref"]
    try:
        return await run_in_threadpool(rulesdata.details, ref)
    except RulesetError as error:
        raise BadRequest(404, f"no ruleset {ref!r}", [rulesdata.diagnostic_json(d) for d in error.diagnostics]) \
            from None


async def form(_: Request) -> Json:
    return await run_in_threadpool(rulesdata.form)


async def check(request: Request) -> Json:
    """``gouji validate`` of a YAML text: ``ok``, every diagnostic, and when it compiles all of
    :func:`rulesdata.compiled` (fingerprint, card, rules, sentences)."""
    data = await _body(request)
    _text(data, "yaml")

    def work() -> Json:
        try:
            ruleset = _compiled(data)
        except BadRequest as error:
            return {"ok": False, "diagnostics": error.diagnostics}
        return {"ok": True, "diagnostics": [rulesdata.diagnostic_json(d) for d in ruleset.warnings],
                **rulesdata.compiled(ruleset)}
    return await run_in_threadpool(work)


async def diff(request: Request) -> Json:
    """The semantic diff from ``a`` (what I usually play) to ``b``."""
    data = await _body(request)
    sides = [data.get("a"), data.get("b")]
    if not all(isinstance(side, dict) for side in sides):
        raise BadRequest(400, "'a' and 'b' must each be {\"ref\": ID} or {\"yaml\": TEXT}")

    def work() -> Json:
        a, b = (_compiled(side) for side in sides)  # type: ignore[arg-type]
        return rulesdata.diff_json(a, b)
    return await run_in_threadpool(work)


async def replay(request: Request) -> Json:
    """A game record stepped through in words (``gouji replay --show``): ``{"steps": [{number, lines}]}``."""
    data = await _body(request)
    record, seat, lang = data.get("record"), data.get("seat"), data.get("lang", "en")
    if not isinstance(record, dict) or lang not in ("zh", "en") \
            or not (seat is None or (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 6)):
        raise BadRequest(400, "give 'record' (a game record), 'seat' (0-5 or null) and 'lang' (zh or en)")
    try:
        return await run_in_threadpool(rulesdata.replay_steps, record, seat, lang)
    except GoujiError as error:
        raise BadRequest(422, f"the record cannot be replayed: {error}") from None


routes: list[BaseRoute] = [
    Route("/api/v1/rulesets", _answering(list_rulesets), methods=["GET"]),
    Route("/api/v1/rulesets/{ref}", _answering(one_ruleset), methods=["GET"]),
    Route("/api/v1/form", _answering(form), methods=["GET"]),
    Route("/api/v1/check", _answering(check), methods=["POST"]),
    Route("/api/v1/diff", _answering(diff), methods=["POST"]),
    Route("/api/v1/replay", _answering(replay), methods=["POST"]),
]
