"""How the company is set up, as admins and hosts change it: availability, booking rules, lead routing and
webhook endpoints, each a page over its domain's writer."""
