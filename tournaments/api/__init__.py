"""The tournaments API, one module per resource: organisers write, the public reads
what is visible. Permission checks go through ``tournaments.permissions``."""
