"""The browser side: DOM, canvas, inputs, dialogs, and the controllers that wire the model and services to them."""
