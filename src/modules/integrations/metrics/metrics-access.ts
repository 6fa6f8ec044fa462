import { createHash, timingSafeEqual } from 'node:crypto';
import type { MetricsAccess } from '../../../platform/config/app-config';
import { normalizeAddress } from '../../../platform/net/cidr';
import { IntegrationsErrors } from '../integrations.errors';

export interface MetricsCaller {
  // The client address (the forwarded one behind a trusted proxy, TRUST_PROXY).
  remoteAddress: string;
  authorization: string | undefined;
}

function isLoopback(address: string): boolean {
  const normalized = normalizeAddress(address);
  return normalized !== null && (normalized === '::1' || normalized.startsWith('127.'));
}

// Digests of equal length, so the comparison time says nothing about the token.
function sameToken(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

// METRICS_ACCESS: `loopback` serves callers on the machine itself (a local Prometheus or agent),
// `token` those presenting `Authorization: Bearer <METRICS_TOKEN>`, `open` anyone.
export function checkMetricsAccess(
  access: MetricsAccess,
  token: string | undefined,
  caller: MetricsCaller,
): void {
  if (access === 'open') return;
  if (access === 'loopback') {
    if (!isLoopback(caller.remoteAddress)) throw IntegrationsErrors.METRICS_NOT_EXPOSED();
    return;
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(caller.authorization ?? '');
  if (!match || token === undefined || !sameToken(match[1], token)) {
    throw IntegrationsErrors.METRICS_TOKEN_REQUIRED();
  }
}
