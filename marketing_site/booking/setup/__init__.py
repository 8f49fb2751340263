"""What staff set for booking: each host's record, weekly hours and days off, and the company's booking rules;
written in the caller's session with their audit entries (the staff area's pages read the forms)."""
