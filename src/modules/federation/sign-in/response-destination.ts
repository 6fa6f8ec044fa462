import { DOMParser } from '@xmldom/xmldom';

// The Destination the identity provider wrote on the Response (the root element), or undefined when it
// wrote none. Read, not verified: node-saml verifies the signatures; this only reads one attribute of the
// root so that a response addressed to another service provider's endpoint is refused even when only its
// assertion is signed. An XML document that does not parse is left to node-saml to refuse.
export function responseDestination(samlResponse: string): string | undefined {
  let destination: string | null | undefined;
  try {
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const parser = new DOMParser({ errorHandler: () => undefined });
    destination = parser.parseFromString(xml, 'text/xml').documentElement?.getAttribute('Destination');
  } catch {
    return undefined;
  }
  return destination === null || destination === undefined || destination === '' ? undefined : destination;
}
