// The product's redaction of secrets in responses: keys and tokens partially (six asterisks and the last
// four characters), URLs partially (scheme and host kept), the rest fully.
export const REDACTION_MASK = '******';
const VISIBLE_TAIL = 4;
// Shorter values would give away too large a share of the secret: they are masked completely.
const MIN_LENGTH_FOR_TAIL = 8;

export function redactPartially(secret: string): string {
  return secret.length >= MIN_LENGTH_FOR_TAIL
    ? `${REDACTION_MASK}${secret.slice(-VISIBLE_TAIL)}`
    : REDACTION_MASK;
}

export function redactFully(_secret: string): string {
  return REDACTION_MASK;
}

// `https://hooks.example.com/services/T000/B000/XXXXabcd` -> `https://hooks.example.com/******abcd`:
// scheme and host (with port) stay readable; credentials, path and query are masked like a key.
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return redactPartially(url);
  }
  const rest = `${parsed.pathname}${parsed.search}${parsed.hash}`.replace(/^\//, '');
  return `${parsed.protocol}//${parsed.host}/${rest === '' ? '' : redactPartially(rest)}`;
}
