"""The embedded card pool and regulation, shipped inside the package (plain text, built by tools/)."""
