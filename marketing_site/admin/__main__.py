"""``python -m marketing_site.admin create-user EMAIL --role sales|hr|admin``: the only way staff accounts appear
(also ``list-users``, and ``expire``, the retention rule for job applications, to run daily from cron).

The password is asked twice on the terminal (or read from standard input with --password-stdin), never
taken from the command line, where it would land in the shell history.
"""

from __future__ import annotations

import argparse
import getpass
import sys

from marketing_site.admin.erasure import applications_expire
from marketing_site.admin.users import StaffUserError, staff_user_create, staff_users
from marketing_site.settings import settings
from marketing_site.staff.models import Role


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m marketing_site.admin", description="Staff accounts of /admin")
    commands = parser.add_subparsers(dest="command", required=True)
    create = commands.add_parser("create-user", help="create a staff account")
    create.add_argument("email")
    create.add_argument("--role", required=True, choices=[role.value for role in Role])
    create.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    commands.add_parser("list-users", help="list staff accounts and their roles")
    commands.add_parser("expire", help="delete job applications older than APPLICATION_RETENTION_MONTHS (run daily)")
    args = parser.parse_args(argv)
    if args.command == "expire":
        print(f"Deleted {applications_expire(settings.application_retention_months)} expired job applications")
        return 0
    if args.command == "list-users":
        for user in staff_users():
            print(f"{user.email}\t{user.role}")
        return 0
    password = sys.stdin.readline().rstrip("\n") if args.password_stdin else _ask_password()
    try:
        user = staff_user_create(args.email, password, args.role)
    except StaffUserError as refused:
        print(f"Not created: {refused}", file=sys.stderr)
        return 1
    print(f"Created {user.email} ({user.role}); sign in at /admin")
    return 0


def _ask_password() -> str:
    first = getpass.getpass("Password: ")
    if first != getpass.getpass("Again: "):
        raise SystemExit("The two passwords differ; nothing was created.")
    return first


if __name__ == "__main__":
    sys.exit(main())
