"""Staff accounts: invitations, roles, one's own account and time zone, and the sign-in pages that open them
(the sign-in machinery itself is ``admin/signin``)."""
