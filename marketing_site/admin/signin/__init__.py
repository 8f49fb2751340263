"""Signing in to the staff area: passwords, second factors (authenticator, passkeys, recovery codes), sessions and
their cookies, known devices, the throttle, and the guard in front of every staff route."""
