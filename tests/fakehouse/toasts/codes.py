"""The toasts module's event codes."""

EV_TOAST = "toast"
EV_TOAST_OF_PARIS = "toast-of-paris"
