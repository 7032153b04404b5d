// The PageInfo extension.
