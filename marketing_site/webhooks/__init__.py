"""Signed webhooks (Standard Webhooks): deliveries written as rows in the transaction of the change they tell
about, and sent to the vendor's endpoints by the background loops, retried until the endpoint answers."""
