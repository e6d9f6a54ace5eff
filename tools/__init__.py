"""Build, serve and run helpers for Militakiri in the browser (not shipped)."""
