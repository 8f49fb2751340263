"""The channel report's tallies: per quarter hour and per UTC day, kind, touch and channel, how many leads arrived,
booked a demo, had it held and were won, kept by the writes that change them (docs/marketing.md)."""
