"""Who takes a lead and by when: the routing rules and their changes, working calendars, the answer-by
timers and reminders, and the mails an owner gets."""
