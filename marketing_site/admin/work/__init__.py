"""Working the leads: the inbox's filters and cards, a lead's page, the chart, response times, booked demos, the
CSV export, a demo's outcome from its host's link, and erasure."""
