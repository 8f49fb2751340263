"""The staff area at /admin on the backend: sign-in, the lead inbox, work on a lead, exports, erasure."""
