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

// How a secret field is shown after creation (secrets are never returned in usable form).
export type Redaction = 'PARTIAL' | 'URL' | 'FULL';

export function redact(value: string, redaction: Redaction): string {
  switch (redaction) {
    case 'PARTIAL':
      return redactPartially(value);
    case 'URL':
      return redactUrl(value);
    case 'FULL':
      return redactFully(value);
  }
}

const MASK = REDACTION_MASK.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PARTIAL_FORM = new RegExp(`^${MASK}[^*]{0,4}$`);
const URL_FORM = new RegExp(`^[a-z][a-z0-9+.-]*://[^/]*/(${MASK}[^*]{0,4})?$`, 'i');

// Whether a value sent by a client has the shape `redact` gives, so that it can only be a secret read
// back from a response (clients round-trip GET bodies) and never a new secret.
export function looksRedacted(value: string, redaction: Redaction): boolean {
  switch (redaction) {
    case 'FULL':
      return value === REDACTION_MASK;
    case 'PARTIAL':
      return PARTIAL_FORM.test(value);
    case 'URL':
      return URL_FORM.test(value) && value.includes(REDACTION_MASK);
  }
}
