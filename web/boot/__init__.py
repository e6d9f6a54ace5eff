"""The start: what runs before the game's Python (JavaScript, the service worker glue) and the standard library finder main.py installs first."""
