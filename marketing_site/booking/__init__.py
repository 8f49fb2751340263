"""Demo booking: staff availability, free slots, bookings that never overlap, invitations and reminders."""
