"""The page's state and how it is shown, in plain Python: never imports pyscript."""
