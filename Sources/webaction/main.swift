print("webaction")
