// Domain names as identity providers and allow lists hold them: lowercase host names with a dot.
export const DOMAIN_PATTERN =
  /^(?=.{1,253}$)(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;

// Lowercased, first occurrence kept: the lists are sets, shown in the order given.
export function normalizeDomains(domains: readonly string[]): string[] {
  return [...new Set(domains.map((domain) => domain.toLowerCase()))];
}

export function emailDomain(address: string): string | undefined {
  const at = address.lastIndexOf('@');
  return at > 0 && at < address.length - 1 ? address.slice(at + 1).toLowerCase() : undefined;
}
