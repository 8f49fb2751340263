"""The pages the backend renders itself, outside Reflex: the visitor's booking pages, and the one template
environment they share with the staff area."""
