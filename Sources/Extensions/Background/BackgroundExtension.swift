// The Background extension.
