// The path and query of a request, read from the raw URL (Express's own parsing turns repeated keys
// into arrays and decodes `+` differently from URLSearchParams).
export function queryPairs(originalUrl: string): Array<[string, string]> {
  const index = originalUrl.indexOf('?');
  if (index < 0) return [];
  return [...new URLSearchParams(originalUrl.slice(index + 1)).entries()];
}

export function pathOf(originalUrl: string): string {
  const index = originalUrl.indexOf('?');
  return index < 0 ? originalUrl : originalUrl.slice(0, index);
}
