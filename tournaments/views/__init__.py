"""Pages: thin views over the service modules, split by what they show."""
