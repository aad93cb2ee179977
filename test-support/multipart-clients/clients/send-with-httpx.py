# Uploads invoice.pdf as the file part `document` with Python's httpx, as a Python service does.
# Usage: python3 send-with-httpx.py URL (run from this folder)
import sys

import httpx

with open("invoice.pdf", "rb") as invoice:
    response = httpx.put(sys.argv[1], files={"document": ("invoice.pdf", invoice, "application/pdf")}, timeout=30)
response.raise_for_status()
