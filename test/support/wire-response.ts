export interface WireResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

// One HTTP/1.1 answer read from the bytes received so far, or undefined until it is whole. Content-Length
// bodies only: what the service sends. No imports, so a worker thread can load it alone.
export function parseWireResponse(buffered: Buffer): WireResponse | undefined {
  const end = buffered.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = buffered.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string | string[] | undefined> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const known = headers[name];
    headers[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  const length = Number(headers['content-length'] ?? 0);
  if (buffered.length < end + 4 + length) return undefined;
  const text = buffered.subarray(end + 4, end + 4 + length).toString('utf8');
  return { status: Number(statusLine.split(' ')[1]), headers, text };
}

// The raw request head: the request line, Host, then the given header lines as they are.
export function wireRequestHead(method: string, path: string, host: string, headerLines: string[]): string {
  return `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\n${headerLines.join('\r\n')}${headerLines.length > 0 ? '\r\n' : ''}\r\n`;
}
