"""The applications: the command line (cli), the HTTP service and its page (service), batches (batch), each
answering through pyrules.api."""
