# Uploads invoice.pdf as the file part `document` with Python's requests, as a Python service does.
# Usage: python3 send-with-requests.py URL (run from this folder)
import sys

import requests

with open("invoice.pdf", "rb") as invoice:
    response = requests.put(sys.argv[1], files={"document": ("invoice.pdf", invoice, "application/pdf")}, timeout=30)
response.raise_for_status()
