// Uploads invoice.pdf as the file part `document` with Node's fetch and FormData (undici), as a Node service does.
// Usage: node send-with-undici.js URL (run from this folder)
import { readFileSync } from 'node:fs';

const form = new FormData();
form.append('document', new Blob([readFileSync('invoice.pdf')], { type: 'application/pdf' }), 'invoice.pdf');
const response = await fetch(/** @type {string} */ (process.argv[2]), { method: 'PUT', body: form });
if (!response.ok) throw new Error(`answered ${response.status}`);
