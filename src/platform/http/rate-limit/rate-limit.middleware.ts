import type { NextFunction, Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import type { Principal } from '../../auth/principal';
import type { AppConfig } from '../../config/app-config';
import type { ApiError } from '../api-error';
import { PROBE_PATHS } from '../../health/probe-paths';
import { CommonErrors } from '../error-codes';
import { TokenBuckets, type BucketRequest, type BucketState } from './token-buckets.store';

// Load balancers probe /health and /health/ready; they never count.
const EXEMPT_PATHS = PROBE_PATHS;

const PROJECT_PATH = /^\/api\/public\/v1\.0\/groups\/([0-9a-f]{24})(?:\/|$)/;

export function rateLimitEnabled(config: AppConfig): boolean {
  return config.rateLimitPerMinute > 0 || config.rateLimitPerAddressPerMinute > 0;
}

function bucketsFor(
  config: AppConfig,
  path: string,
  principal: Principal | undefined,
  address: string,
): BucketRequest[] {
  const buckets: BucketRequest[] = [];
  if (config.rateLimitPerMinute > 0 && principal) {
    // The product limits per project: a credential's calls on one project share one bucket.
    const project = PROJECT_PATH.exec(path)?.[1];
    buckets.push({
      key: `credential:${principal.name}${project ? `:group:${project}` : ''}`,
      perMinute: config.rateLimitPerMinute,
    });
  }
  if (config.rateLimitPerAddressPerMinute > 0 && address !== '') {
    buckets.push({ key: `address:${address}`, perMinute: config.rateLimitPerAddressPerMinute });
  }
  return buckets;
}

function retryAfterSeconds(state: BucketState): number {
  return Math.max(1, Math.ceil(((1 - state.tokens) * 60) / state.perMinute));
}

// Runs after authentication (the Digest challenge round trip is not counted): one SQL statement per
// request, and only when a limit is configured. Headers describe the tightest bucket.
export function rateLimitMiddleware(
  config: AppConfig,
  dataSource: DataSource,
  pathOf: (req: Request) => string,
  refuse: (req: Request, res: Response, error: ApiError) => void,
) {
  const buckets = new TokenBuckets(dataSource);
  return (req: Request & { principal?: Principal }, res: Response, next: NextFunction): void => {
    const path = pathOf(req);
    const wanted = EXEMPT_PATHS.has(path)
      ? []
      : bucketsFor(config, path, req.principal, req.ip ?? req.socket.remoteAddress ?? '');
    if (wanted.length === 0) return next();
    buckets
      .take(wanted)
      .then((states) => {
        const refused = states.filter((s) => !s.allowed);
        const tightest = [...states].sort((a, b) => a.tokens - b.tokens)[0];
        res.setHeader('RateLimit-Limit', String(tightest.perMinute));
        res.setHeader('RateLimit-Remaining', String(Math.max(0, Math.floor(tightest.tokens))));
        if (refused.length === 0) return next();
        const worst = refused.sort((a, b) => retryAfterSeconds(b) - retryAfterSeconds(a))[0];
        res.setHeader('RateLimit-Limit', String(worst.perMinute));
        res.setHeader('RateLimit-Remaining', '0');
        res.setHeader('Retry-After', String(retryAfterSeconds(worst)));
        refuse(req, res, CommonErrors.RATE_LIMITED(path, worst.perMinute, 1));
      })
      .catch((error: unknown) => next(error));
  };
}
