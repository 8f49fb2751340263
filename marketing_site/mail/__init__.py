"""Lead notifications: an outbox filled in the lead's own transaction, and a sender that drains it over SMTP."""
