"""``python -m marketing_site.admin``: staff accounts from the server's command line, where there is no admin yet.

- ``create-user EMAIL --role sales|hr|admin`` invites: it mails the one-time set-password link (valid 24 h)
  and prints it, for a first admin without mail yet. ``--password-stdin`` sets the password from standard
  input instead (scripts, tests); never from an argument, where it would land in the shell history.
  Either way the second factor is set up at the first sign-in.
- ``reset-factors EMAIL`` removes an account's sign-in methods and ends its sessions (the last admin lost
  their phone); ``list-users``; ``expire``, the retention rule for job applications, to run daily from cron.
"""

from __future__ import annotations

import argparse
import sys

from marketing_site.admin.accounts import accounts
from marketing_site.admin.accounts.users import StaffUserError, normalised_email, staff_user_create, staff_users
from marketing_site.admin.work.erasure import applications_expire
from marketing_site.booking import models as booking_tables  # noqa: F401 (outbox_mail's key names demo_booking)
from marketing_site.settings import settings
from marketing_site.staff.models import Role


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m marketing_site.admin", description="Staff accounts of /admin")
    commands = parser.add_subparsers(dest="command", required=True)
    create = commands.add_parser("create-user", help="invite a staff member (or set their password from stdin)")
    create.add_argument("email")
    create.add_argument("--role", required=True, choices=[role.value for role in Role])
    create.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    reset = commands.add_parser("reset-factors", help="remove an account's sign-in methods and end its sessions")
    reset.add_argument("email")
    commands.add_parser("list-users", help="list staff accounts, their roles and states")
    commands.add_parser("expire", help="delete job applications older than APPLICATION_RETENTION_MONTHS (run daily)")
    args = parser.parse_args(argv)
    if args.command == "expire":
        print(f"Deleted {applications_expire(settings.application_retention_months)} expired job applications")
        return 0
    if args.command == "list-users":
        for user in staff_users():
            state = "disabled" if not user.active else ("invited" if not user.password_hash else "active")
            print(f"{user.email}\t{user.role}\t{state}")
        return 0
    try:
        if args.command == "reset-factors":
            accounts.factors_reset(None, accounts.account_by_email(args.email).id or 0)
            print(f"Sign-in methods of {normalised_email(args.email)} removed; set up again at the next sign-in")
        elif args.password_stdin:
            user = staff_user_create(args.email, sys.stdin.readline().rstrip("\n"), args.role)
            print(f"Created {user.email} ({user.role}); sign in at {settings.staff_url} and set up the second factor")
        else:
            user, token = accounts.account_invite(None, args.email, args.role)
            print(f"Invited {user.email} ({user.role}); the mail holds this link, valid 24 hours:")
            print(f"{settings.staff_url}/invitation/{token}")
    except StaffUserError as refused:
        print(f"Not done: {refused}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
