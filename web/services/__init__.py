"""What the page keeps, shares and sends (saves, links, the embed's and the
worker's messages), in plain Python: never imports pyscript."""
