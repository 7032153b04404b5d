// The WebActionKit module.
