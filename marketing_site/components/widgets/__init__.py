"""Content widgets: tabs, read more, counters, carousels and their swipes, the video and native dialogs."""
