// The DOMBindings module.
