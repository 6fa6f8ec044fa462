export type XmlMediaType = 'application/xml' | 'text/xml';

// application/xml first: it is what the product answers and what its example request asks for.
const OFFERED: XmlMediaType[] = ['application/xml', 'text/xml'];

interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function parseRanges(accept: string): MediaRange[] {
  return accept.split(',').flatMap((part) => {
    const [range, ...params] = part.trim().split(';');
    const [type, subtype] = range.trim().toLowerCase().split('/');
    if (!type || !subtype) return [];
    const qParam = params.map((p) => p.trim().split('=')).find(([key]) => key.toLowerCase() === 'q');
    const q = qParam === undefined ? 1 : Number(qParam[1]);
    return [{ type, subtype, q: Number.isFinite(q) ? q : 0 }];
  });
}

// The quality the most specific matching range gives `offered` (RFC 9110 12.5.1), 0 when none matches.
function qualityOf(offered: XmlMediaType, ranges: MediaRange[]): number {
  const [type, subtype] = offered.split('/');
  const specificity = (range: MediaRange): number => {
    if (range.type === type && range.subtype === subtype) return 3;
    if (range.type === type && range.subtype === '*') return 2;
    if (range.type === '*' && range.subtype === '*') return 1;
    return 0;
  };
  const best = ranges
    .filter((range) => specificity(range) > 0)
    .sort((a, b) => specificity(b) - specificity(a))[0];
  return best?.q ?? 0;
}

// The XML media type to answer with, or undefined when the Accept header allows neither (406).
// No Accept header at all means anything is acceptable.
export function negotiateXml(accept: string | undefined): XmlMediaType | undefined {
  if (accept === undefined || accept.trim() === '') return OFFERED[0];
  const ranges = parseRanges(accept);
  let chosen: XmlMediaType | undefined;
  let chosenQ = 0;
  for (const offered of OFFERED) {
    const q = qualityOf(offered, ranges);
    if (q > chosenQ) {
      chosen = offered;
      chosenQ = q;
    }
  }
  return chosen;
}
