"""Copy of the information pages: about and contact (company), support and coming-soon pages, WhatsApp."""
