"""The language server (``duepa-check lsp``): the CLI's checks where a decklist is written.

``server`` is the only module that imports pygls (and lsprotocol, which it brings); the others are
plain functions over text, findings and settings, tested without a server. Only ``cli`` imports
this package, inside the ``lsp`` command: a check never pays for the protocol's import.
"""
