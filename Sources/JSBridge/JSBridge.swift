// The JSBridge module.
