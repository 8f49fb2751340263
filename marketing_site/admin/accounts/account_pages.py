"""A member's own account page (sessions, sign-in methods, password) and the admins' account list (invite,
role, disable, reset sign-in methods, end sessions, set-password link). Thin handlers over accounts.py
and factors.py. Changing one's own sign-in methods asks for the password again first (ASVS 7.5.1).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from marketing_site.admin.accounts import accounts
from marketing_site.admin.accounts.signin_pages import json_object
from marketing_site.admin.accounts.users import StaffUserError
from marketing_site.admin.frame.rendering import NO_STORE, render
from marketing_site.admin.roles import may_manage_staff
from marketing_site.admin.signin import auth, factors, passkeys, sessions, totp
from marketing_site.admin.signin.guard import BASE, Guarded, checked_form, staff_only
from marketing_site.admin.signin.sessions import Signed
from marketing_site.staff.models import Role, StaffUser

ACCOUNT = f"{BASE}/account"
STAFF = f"{BASE}/users"


async def _signed(request: Request) -> Signed:
    signed = await auth.signed_in(request)
    assert signed is not None  # staff_only let the request through
    return signed


async def _account_page(request: Request, status: int = 200, error: str = "") -> Response:
    signed = await _signed(request)
    owned = await run_in_threadpool(factors.factors_of, signed.user.id or 0)
    live = await run_in_threadpool(sessions.sessions_of, signed.user.id or 0)
    return render(
        request,
        "account.html",
        signed.user,
        status,
        error=error,
        factors=owned,
        sessions=live,
        this_session=signed.session.id,
        confirmed=signed.recently_confirmed,
        notice=request.query_params.get("done", ""),
    )


@staff_only
async def account(request: Request, _user: StaffUser) -> Response:
    return await _account_page(request)


@staff_only
async def confirm(request: Request, _user: StaffUser) -> Response:
    signed = await _signed(request)
    form = await checked_form(request)
    if not await run_in_threadpool(accounts.password_confirm, signed, str(form.get("password", ""))[:1024]):
        return await _account_page(request, 401, "Wrong password.")
    return RedirectResponse(ACCOUNT, status_code=303)


def _confirmed_change(change: Callable[[Request, Signed], Awaitable[Response]]) -> Guarded:
    """A change of one's own sign-in methods: only within CONFIRMED_MINUTES of re-entering the password."""

    @staff_only
    async def act(request: Request, _user: StaffUser) -> Response:
        signed = await _signed(request)
        if not signed.recently_confirmed:
            return await _account_page(request, 403, "Enter your password again to change how you sign in.")
        try:
            return await change(request, signed)
        except (factors.FactorRefused, StaffUserError) as refused:
            return await _account_page(request, 400, str(refused))

    return act


async def _authenticator_form(request: Request, signed: Signed) -> Response:
    secret = await run_in_threadpool(factors.enrolment_secret, signed)
    return render(
        request,
        "enrol.html",
        signed.user,
        secret=secret,
        qr=totp.qr_svg(totp.setup_link(secret, signed.user.email)),
        action=f"{ACCOUNT}/authenticator/confirm",
        next=ACCOUNT,
    )


async def _authenticator_confirm(request: Request, signed: Signed) -> Response:
    form = await checked_form(request)
    if await run_in_threadpool(factors.totp_enrol, signed, str(form.get("code", ""))[:50]) is None:
        return await _account_page(request, 400, "That code does not match; start again.")
    return RedirectResponse(f"{ACCOUNT}?done=authenticator", status_code=303)


async def _authenticator_remove(_request: Request, signed: Signed) -> Response:
    await run_in_threadpool(factors.totp_remove, signed)
    return RedirectResponse(f"{ACCOUNT}?done=removed", status_code=303)


async def _codes(request: Request, signed: Signed) -> Response:
    codes = await run_in_threadpool(factors.codes_new, signed)
    return render(request, "recovery_codes.html", signed.user, codes=codes, next=ACCOUNT)


async def _passkey_options(request: Request, signed: Signed) -> Response:
    owner = sessions.token_hash(request.cookies[auth.session_cookie()])
    options = await run_in_threadpool(passkeys.registration_options, signed.user, owner)
    return Response(options, media_type="application/json", headers=NO_STORE)


async def _passkey_add(request: Request, signed: Signed) -> Response:
    sent = await json_object(request)
    if sent is None or not isinstance(sent.get("credential"), dict):
        return JSONResponse({"error": "Send {credential, name} as JSON"}, status_code=400)
    owner = sessions.token_hash(request.cookies[auth.session_cookie()])
    try:
        await run_in_threadpool(factors.passkey_add, signed, owner, sent["credential"], str(sent.get("name", "")))
    except passkeys.PasskeyRefused as refused:
        return JSONResponse({"error": str(refused)}, status_code=400)
    return JSONResponse({"next": f"{ACCOUNT}?done=passkey"}, headers=NO_STORE)


async def _passkey_remove(request: Request, signed: Signed) -> Response:
    await run_in_threadpool(factors.passkey_remove, signed, request.path_params["passkey_id"])
    return RedirectResponse(f"{ACCOUNT}?done=removed", status_code=303)


@staff_only
async def password(request: Request, _user: StaffUser) -> Response:
    signed = await _signed(request)
    form = await checked_form(request)
    try:
        await run_in_threadpool(
            accounts.password_change,
            signed,
            *(str(form.get(name, ""))[:1025] for name in ("current", "password", "again")),
        )
    except StaffUserError as refused:
        return await _account_page(request, 400, str(refused))
    return RedirectResponse(f"{ACCOUNT}?done=password", status_code=303)


@staff_only
async def session_end(request: Request, _user: StaffUser) -> Response:
    signed = await _signed(request)
    ending_another = request.path_params["session_id"] != signed.session.id
    if ending_another and not signed.recently_confirmed:  # ASVS 7.5.2: signing out here needs no password
        return await _account_page(request, 403, "Enter your password again to end another session.")
    try:
        await run_in_threadpool(accounts.own_session_end, signed, request.path_params["session_id"])
    except StaffUserError as refused:
        return PlainTextResponse(str(refused), status_code=404)
    if not ending_another:
        auth.clear_cookie(request, auth.session_cookie())
        return RedirectResponse(f"{BASE}/signin", status_code=303)
    return RedirectResponse(f"{ACCOUNT}?done=session", status_code=303)


async def _staff_page(request: Request, user: StaffUser, status: int = 200, error: str = "") -> Response:
    rows = await run_in_threadpool(accounts.account_rows)
    history = await run_in_threadpool(accounts.account_history)
    return render(
        request,
        "users.html",
        user,
        status,
        error=error,
        rows=rows,
        history=history,
        emails={row.user.id: row.user.email for row in rows},
        all_roles=[role.value for role in Role],
        notice=request.query_params.get("done", ""),
    )


@staff_only(allowed=may_manage_staff)
async def staff_list(request: Request, user: StaffUser) -> Response:
    return await _staff_page(request, user)


def _staff_change(change: Callable[[StaffUser, int, dict[str, str]], object], done: str) -> Guarded:
    @staff_only(allowed=may_manage_staff)
    async def act(request: Request, user: StaffUser) -> Response:
        form = {key: str(value) for key, value in (await checked_form(request)).items()}
        try:
            await run_in_threadpool(change, user, request.path_params.get("staff_id", 0), form)
        except StaffUserError as refused:
            return await _staff_page(request, user, 400, str(refused))
        return RedirectResponse(f"{STAFF}?done={done}", status_code=303)

    return act


ROUTES = [
    Route("/account", account, methods=["GET"]),
    Route("/account/confirm", confirm, methods=["POST"]),
    Route("/account/password", password, methods=["POST"]),
    Route("/account/sessions/{session_id:int}/end", session_end, methods=["POST"]),
    Route("/account/authenticator", _confirmed_change(_authenticator_form), methods=["POST"]),
    Route("/account/authenticator/confirm", _confirmed_change(_authenticator_confirm), methods=["POST"]),
    Route("/account/authenticator/remove", _confirmed_change(_authenticator_remove), methods=["POST"]),
    Route("/account/recovery-codes", _confirmed_change(_codes), methods=["POST"]),
    Route("/account/passkeys/options", _confirmed_change(_passkey_options), methods=["POST"]),
    Route("/account/passkeys", _confirmed_change(_passkey_add), methods=["POST"]),
    Route("/account/passkeys/{passkey_id:int}/remove", _confirmed_change(_passkey_remove), methods=["POST"]),
    Route("/users", staff_list, methods=["GET"]),
    Route(
        "/users",
        _staff_change(
            lambda actor, _id, form: accounts.account_invite(actor, form.get("email", ""), form.get("role", "")),
            "invited",
        ),
        methods=["POST"],
    ),
    Route(
        "/users/{staff_id:int}/role",
        _staff_change(
            lambda actor, staff_id, form: accounts.role_change(actor, staff_id, form.get("role", "")), "role"
        ),
        methods=["POST"],
    ),
    Route(
        "/users/{staff_id:int}/disable",
        _staff_change(lambda actor, staff_id, _form: accounts.active_set(actor, staff_id, False), "disabled"),
        methods=["POST"],
    ),
    Route(
        "/users/{staff_id:int}/enable",
        _staff_change(lambda actor, staff_id, _form: accounts.active_set(actor, staff_id, True), "enabled"),
        methods=["POST"],
    ),
    Route(
        "/users/{staff_id:int}/reset-factors",
        _staff_change(lambda actor, staff_id, _form: accounts.factors_reset(actor, staff_id), "reset"),
        methods=["POST"],
    ),
    Route(
        "/users/{staff_id:int}/end-sessions",
        _staff_change(lambda actor, staff_id, _form: accounts.sessions_end_for(actor, staff_id), "ended"),
        methods=["POST"],
    ),
    Route(
        "/users/{staff_id:int}/link",
        _staff_change(lambda actor, staff_id, _form: accounts.link_send(actor, staff_id), "link"),
        methods=["POST"],
    ),
]
