// The WebActionHost module.
