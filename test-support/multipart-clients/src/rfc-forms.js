import { INVOICE } from './clients.js';

/**
 * @typedef {object} RfcForm an upload of the invoice written in a form the RFCs allow, whatever client writes it
 * @property {string} id
 * @property {string} allowedBy what allows it
 * @property {string} contentType
 * @property {Buffer} body
 * @property {import('./clients.js').SentPart} sends the part `document` a server should read from it
 */

const CRLF = '\r\n';
const PDF = { fileName: 'invoice.pdf', contentType: 'application/pdf', size: INVOICE.length };

/**
 * A body of header blocks and contents, the delimiters written between them.
 * @param {string} boundary
 * @param {{ headers: string[], content: string | Buffer }[]} parts
 * @param {{ preamble?: string, epilogue?: string }} [around]
 */
function body(boundary, parts, { preamble = '', epilogue = CRLF } = {}) {
  const written = parts.flatMap(({ headers, content }) => [
    Buffer.from(`--${boundary}${CRLF}${headers.map((header) => `${header}${CRLF}`).join('')}${CRLF}`),
    Buffer.from(content),
    Buffer.from(CRLF),
  ]);
  return Buffer.concat([Buffer.from(preamble), ...written, Buffer.from(`--${boundary}--${epilogue}`)]);
}

/** The invoice as `document`, its Content-Disposition as given. */
const invoice = (/** @type {string} */ disposition, extra = ['Content-Type: application/pdf']) => ({
  headers: [`Content-Disposition: ${disposition}`, ...extra],
  content: INVOICE,
});
const QUOTED = 'form-data; name="document"; filename="invoice.pdf"';

/**
 * Uploads of the invoice in each form RFC 7578, RFC 2046 and RFC 2183 allow that a client may write, one form each;
 * every one is a valid request to attach a document.
 * @type {RfcForm[]}
 */
export const RFC_FORMS = [
  {
    id: 'token parameter values',
    allowedBy: 'RFC 2183 section 2 and RFC 7578 section 4.2: a parameter value is a token or a quoted string',
    contentType: 'multipart/form-data; boundary=b1',
    body: body('b1', [invoice('form-data; name=document; filename=invoice.pdf')]),
    sends: PDF,
  },
  {
    id: 'a quoted boundary',
    allowedBy: 'RFC 2046 section 5.1.1: a boundary with a space, a colon or a question mark must be quoted',
    contentType: 'multipart/form-data; boundary="gc0p4Jq0M:2Yt08j?34c0p ab"',
    body: body('gc0p4Jq0M:2Yt08j?34c0p ab', [invoice(QUOTED)]),
    sends: PDF,
  },
  {
    id: 'a charset parameter before the boundary, the type in capitals',
    allowedBy: 'RFC 9110 section 8.3.1: parameters in any order, type and subtype case-insensitive',
    contentType: 'Multipart/Form-Data; charset=UTF-8; boundary=b2',
    body: body('b2', [invoice(QUOTED)]),
    sends: PDF,
  },
  {
    id: 'a preamble and an epilogue',
    allowedBy: 'RFC 2046 section 5.1.1: text before the first delimiter and after the close delimiter is ignored',
    contentType: 'multipart/form-data; boundary=b3',
    body: body('b3', [invoice(QUOTED)], {
      preamble: `This is a message with multiple parts in MIME format.${CRLF}`,
      epilogue: `${CRLF}This is the epilogue. It is also to be ignored.${CRLF}`,
    }),
    sends: PDF,
  },
  {
    id: 'no line break after the close delimiter',
    allowedBy: 'RFC 2046 section 5.1.1: the close delimiter ends the body; the CRLF after it belongs to an epilogue',
    contentType: 'multipart/form-data; boundary=b4',
    body: body('b4', [invoice(QUOTED)], { epilogue: '' }),
    sends: PDF,
  },
  {
    id: 'a Content-Length on the part',
    allowedBy: 'RFC 7578 section 4.8: other header fields on a part are allowed, and ignored',
    contentType: 'multipart/form-data; boundary=b5',
    body: body('b5', [invoice(QUOTED, ['Content-Type: application/pdf', `Content-Length: ${INVOICE.length}`])]),
    sends: PDF,
  },
  {
    id: 'header names in any case, no optional whitespace',
    allowedBy: 'RFC 2045 and RFC 5322: header field names are case-insensitive, whitespace around ";" optional',
    contentType: 'multipart/form-data; boundary=b6',
    body: body('b6', [
      {
        headers: [
          'content-disposition:form-data;name="document";filename="invoice.pdf"',
          'CONTENT-TYPE:application/pdf',
        ],
        content: INVOICE,
      },
    ]),
    sends: PDF,
  },
  {
    id: 'parameters on the part type, and the disposition type in capitals',
    allowedBy:
      'RFC 2183 section 2: the disposition type is case-insensitive; RFC 7578 section 4.4: a type may have parameters',
    contentType: 'multipart/form-data; boundary=b7',
    body: body('b7', [
      invoice('Form-Data; name="document"; filename="invoice.pdf"', [
        'Content-Type: application/pdf; name=invoice.pdf',
      ]),
    ]),
    sends: PDF,
  },
  {
    id: 'the file part after other parts',
    allowedBy: 'RFC 7578 section 5.2: parts come in any order',
    contentType: 'multipart/form-data; boundary=b8',
    body: body('b8', [
      { headers: ['Content-Disposition: form-data; name="note"'], content: 'the March invoice' },
      { headers: ['Content-Disposition: form-data; name="reference"'], content: 'INV-2031' },
      invoice(QUOTED),
    ]),
    sends: PDF,
  },
  {
    id: 'a file part without a Content-Type',
    allowedBy: 'RFC 7578 section 4.4: a part without Content-Type is text/plain',
    contentType: 'multipart/form-data; boundary=b9',
    body: body('b9', [invoice(QUOTED, [])]),
    sends: { ...PDF, contentType: 'text/plain' },
  },
];
