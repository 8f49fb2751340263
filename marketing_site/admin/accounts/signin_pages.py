"""Signing in and out: the password, then the second factor (authenticator code, recovery code or passkey),
or a passkey alone; enrolling the first factor; choosing a password through an invitation link.

A password-only session reaches the pages here and nothing else (guard.halfway); each step that makes a
session stronger hands out a new token. Failures of every step count in signin_throttle.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from marketing_site.admin.accounts import accounts, users
from marketing_site.admin.frame.rendering import NO_STORE, render
from marketing_site.admin.signin import auth, devices, factors, passkeys, sessions, signin_throttle, totp
from marketing_site.admin.signin.guard import (
    BASE,
    SECOND_FACTOR,
    after_signin,
    checked_form,
    halfway,
    public_post_checks,
)
from marketing_site.admin.signin.passwords import MAX_PASSWORD_CHARS
from marketing_site.admin.signin.sessions import Signed
from marketing_site.core.columns import max_length
from marketing_site.staff.models import StaffUser
from marketing_site.web.answers import client_address

SCRIPT = Path(__file__).with_name("passkeys.js")
MAX_CREDENTIAL_BYTES = 64 * 1024


def _who(request: Request) -> tuple[str, str, str]:
    """(address, user agent, device cookie) of the browser."""
    return (
        client_address(request),
        request.headers.get("user-agent", "")[:300],
        request.cookies.get(auth.device_cookie(), ""),
    )


def _device(request: Request) -> str:
    """The browser's device token, made (and kept 400 days) the first time it completes a sign-in."""
    token = request.cookies.get(auth.device_cookie(), "")
    if len(token) < 32:
        token = secrets.token_urlsafe(32)
    auth.set_cookie(request, auth.device_cookie(), token, max_age=auth.DEVICE_DAYS * 86400)
    return token


async def _refused(request: Request, email: str) -> signin_throttle.Refusal | None:
    address, _, device = _who(request)
    usual = await run_in_threadpool(devices.usual_source, email, device, address)
    return await run_in_threadpool(signin_throttle.signin_refusal, email, address, usual)


async def _complete(request: Request, user: StaffUser, session_id: int | None, how: str) -> None:
    address, agent, _ = _who(request)
    token = await run_in_threadpool(factors.signin_complete, user, session_id, _device(request), address, agent, how)
    await auth.begin(request, token)


async def signin_form(request: Request) -> Response:
    await auth.signed_in(request)
    return render(request, "signin.html", None, email="", next=after_signin(request.query_params.get("next")))


async def signin(request: Request) -> Response:
    if (refused := await public_post_checks(request)) is not None:
        return refused
    form = await checked_form(request)
    email = str(form.get("email", ""))[: max_length(StaffUser, "email")]
    password = str(form.get("password", ""))[:MAX_PASSWORD_CHARS]
    wanted = after_signin(form.get("next"))
    if throttled := await _refused(request, email):
        return render(
            request,
            "signin.html",
            None,
            429,
            email=email,
            next=wanted,
            error=throttled.reason,
            headers={"Retry-After": str(throttled.retry_after)},
        )
    user = await run_in_threadpool(users.authenticate, email, password)
    if user is None or user.id is None:
        await run_in_threadpool(signin_throttle.signin_failed, email, client_address(request))
        return render(request, "signin.html", None, 401, email=email, next=wanted, error="Wrong email or password.")
    address, agent, _ = _who(request)
    if request.cookies.get(auth.session_cookie()):
        await run_in_threadpool(auth.end_session, request)  # whoever was signed in here before
    await auth.begin(request, await run_in_threadpool(sessions.session_start, user.id, address, agent))
    return RedirectResponse(f"{SECOND_FACTOR}?{urlencode({'next': wanted})}", status_code=303)


@halfway
async def second_factor_form(request: Request, signed: Signed) -> Response:
    owned = await run_in_threadpool(factors.factors_of, signed.user.id or 0)
    if not owned.any:
        wanted = after_signin(request.query_params.get("next"))
        return RedirectResponse(f"{BASE}/enrol?{urlencode({'next': wanted})}", status_code=303)
    return _second_factor_page(request, signed, owned)


def _second_factor_page(
    request: Request, signed: Signed, owned: factors.Factors, status: int = 200, error: str = ""
) -> Response:
    return render(
        request,
        "second_factor.html",
        None,
        status,
        factors=owned,
        email=signed.user.email,
        next=after_signin(request.query_params.get("next")),
        error=error,
    )


@halfway
async def second_factor(request: Request, signed: Signed) -> Response:
    form = await checked_form(request)
    code, recovery = str(form.get("code", ""))[:50], str(form.get("recovery_code", ""))[:100]
    wanted = after_signin(form.get("next"))
    owned = await run_in_threadpool(factors.factors_of, signed.user.id or 0)
    if throttled := await _refused(request, signed.user.email):
        return _second_factor_page(request, signed, owned, 429, throttled.reason)
    if code and owned.has_totp and await run_in_threadpool(totp.totp_check, signed.user.id or 0, code):
        how = "an authenticator app code"
    elif recovery != "" and await run_in_threadpool(
        factors.recovery_signin, signed.user, recovery, client_address(request)
    ):
        how = "a recovery code"
    else:
        await run_in_threadpool(signin_throttle.signin_failed, signed.user.email, client_address(request))
        return _second_factor_page(request, signed, owned, 401, "That code is wrong or was already used.")
    await _complete(request, signed.user, signed.session.id, how)
    return RedirectResponse(wanted, status_code=303)


@halfway
async def enrol_form(request: Request, signed: Signed) -> Response:
    owned = await run_in_threadpool(factors.factors_of, signed.user.id or 0)
    if owned.any:
        return RedirectResponse(SECOND_FACTOR, status_code=303)
    return await _enrol_page(request, signed)


async def _enrol_page(request: Request, signed: Signed, status: int = 200, error: str = "") -> Response:
    secret = await run_in_threadpool(factors.enrolment_secret, signed)
    link = totp.setup_link(secret, signed.user.email)
    return render(
        request,
        "enrol.html",
        None,
        status,
        secret=secret,
        qr=totp.qr_svg(link),
        action=f"{BASE}/enrol",
        next=after_signin(request.query_params.get("next")),
        error=error,
    )


@halfway
async def enrol(request: Request, signed: Signed) -> Response:
    form = await checked_form(request)
    if throttled := await _refused(request, signed.user.email):
        return await _enrol_page(request, signed, 429, throttled.reason)
    codes = await run_in_threadpool(factors.totp_enrol, signed, str(form.get("code", ""))[:50])
    if codes is None:
        await run_in_threadpool(signin_throttle.signin_failed, signed.user.email, client_address(request))
        return await _enrol_page(
            request, signed, 400, "That code does not match; check the phone's clock and try again."
        )
    await _complete(request, signed.user, signed.session.id, "a new authenticator app")
    return render(request, "recovery_codes.html", signed.user, codes=codes, next=after_signin(form.get("next")))


async def json_object(request: Request) -> dict[str, Any] | None:
    body = await request.body()
    if len(body) > MAX_CREDENTIAL_BYTES:
        return None
    try:
        credential = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None
    return credential if isinstance(credential, dict) else None


def _ceremony_owner(request: Request, signed: Signed | None) -> str:
    """What a passkey challenge is bound to: this browser's half session, or its pre-sign-in cookie."""
    return sessions.token_hash(request.cookies[auth.session_cookie()]) if signed else auth.presession_owner(request)


async def passkey_options(request: Request) -> Response:
    """Options for a passkey sign-in: alone (no session), or as the second factor of this session's account."""
    if (refused := await public_post_checks(request)) is not None:
        return refused
    signed = await auth.signed_in(request)
    if signed is not None and signed.complete:
        return JSONResponse({"error": "Already signed in"}, status_code=409)
    owner = _ceremony_owner(request, signed)
    options = await run_in_threadpool(passkeys.signin_options, owner, signed.user.id if signed else None)
    return Response(options, media_type="application/json", headers=NO_STORE)


async def passkey_signin(request: Request) -> Response:
    if (refused := await public_post_checks(request)) is not None:
        return refused
    signed = await auth.signed_in(request)
    if signed is not None and signed.complete:
        return JSONResponse({"error": "Already signed in"}, status_code=409)
    credential = await json_object(request)
    if credential is None:
        return JSONResponse({"error": "Send the passkey's answer as a JSON object"}, status_code=400)
    address = client_address(request)
    if throttled := await run_in_threadpool(signin_throttle.signin_refusal, "", address, True):
        return JSONResponse(
            {"error": throttled.reason}, status_code=429, headers={"Retry-After": str(throttled.retry_after)}
        )
    owner = _ceremony_owner(request, signed)
    try:
        user = await run_in_threadpool(factors.passkey_signin, owner, credential, signed.user.id if signed else None)
    except passkeys.PasskeyRefused as refused_key:
        await run_in_threadpool(signin_throttle.signin_failed, signed.user.email if signed else "", address)
        return JSONResponse({"error": str(refused_key)}, status_code=401)
    await _complete(request, user, signed.session.id if signed else None, "a passkey")
    wanted = after_signin(request.query_params.get("next"))
    return JSONResponse({"next": wanted}, headers=NO_STORE)


async def signout(request: Request) -> Response:
    if (refused := await public_post_checks(request)) is not None:
        return refused
    if await auth.signed_in(request) is None:
        return PlainTextResponse("Sign in first", status_code=401)
    await run_in_threadpool(auth.end_session, request)
    return RedirectResponse(f"{BASE}/signin", status_code=303)


async def invitation_form(request: Request) -> Response:
    await auth.signed_in(request)
    user = await run_in_threadpool(accounts.invited_account, request.path_params["token"])
    if user is None:
        return render(request, "invitation.html", None, 404, invited=None)
    return render(request, "invitation.html", None, invited=user)


async def invitation(request: Request) -> Response:
    if (refused := await public_post_checks(request)) is not None:
        return refused
    form = await checked_form(request)
    token = request.path_params["token"]
    try:
        user = await run_in_threadpool(
            accounts.invitation_accept,
            token,
            str(form.get("password", ""))[: MAX_PASSWORD_CHARS + 1],
            str(form.get("again", ""))[: MAX_PASSWORD_CHARS + 1],
        )
    except users.StaffUserError as refused_password:
        invited = await run_in_threadpool(accounts.invited_account, token)
        return render(
            request, "invitation.html", None, 400 if invited else 404, invited=invited, error=str(refused_password)
        )
    address, agent, _ = _who(request)
    await auth.begin(request, await run_in_threadpool(sessions.session_start, user.id or 0, address, agent))
    return RedirectResponse(SECOND_FACTOR, status_code=303)


async def script(_request: Request) -> Response:
    return FileResponse(SCRIPT, media_type="text/javascript; charset=utf-8", headers={"Cache-Control": "no-cache"})


ROUTES = [
    Route("/signin", signin_form, methods=["GET"]),
    Route("/signin", signin, methods=["POST"]),
    Route("/second-factor", second_factor_form, methods=["GET"]),
    Route("/second-factor", second_factor, methods=["POST"]),
    Route("/enrol", enrol_form, methods=["GET"]),
    Route("/enrol", enrol, methods=["POST"]),
    Route("/passkey/options", passkey_options, methods=["POST"]),
    Route("/passkey/signin", passkey_signin, methods=["POST"]),
    Route("/signout", signout, methods=["POST"]),
    Route("/invitation/{token}", invitation_form, methods=["GET"]),
    Route("/invitation/{token}", invitation, methods=["POST"]),
    Route("/passkeys.js", script, methods=["GET"]),
]
# Answer without a complete session (every other route refuses one: tests/admin/test_second_factor.py).
PUBLIC = {"/signin", "/passkey/options", "/passkey/signin", "/signout", "/invitation/{token}", "/passkeys.js"}
HALFWAY = {"/second-factor", "/enrol"}
