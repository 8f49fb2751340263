"""Staff accounts, the roles they hold and the audit log of their work: read by the staff area, the
booking (hosts are accounts) and the lead domain (owners), so they sit below all three."""
