// Just enough MIME to read what nodemailer sends: header unfolding, multipart/alternative, and the
// quoted-printable and base64 transfer encodings.
export interface MimePart {
  headers: Record<string, string>;
  body: string;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const separator = raw.indexOf('\r\n\r\n');
  const head = separator < 0 ? raw : raw.slice(0, separator);
  const body = separator < 0 ? '' : raw.slice(separator + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

// The message's headers and its leaf parts, decoded.
export function parseMime(raw: string): { headers: Record<string, string>; parts: MimePart[] } {
  const { headers, body } = splitHead(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary)
    return { headers, parts: [{ headers, body: decode(body, headers['content-transfer-encoding']) }] };
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => parseMime(chunk.replace(/^\r\n/, '').replace(/\r\n$/, '')).parts);
  return { headers, parts };
}
