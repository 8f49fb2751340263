"""Real-user performance (spec section 7): web-vitals beacons from visitors' browsers, stored
without personal data, summarised as the 75th percentile per route."""
