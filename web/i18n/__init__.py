"""Every word the page shows, in English and Dutch."""
