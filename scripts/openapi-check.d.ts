// Types for scripts/openapi-check.js, which the e2e helpers (test/support/openapi-response-check.ts) share
// with the conformance suite.
export interface Exchange {
  method: string;
  // Path and query string as sent, without the origin.
  path: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

export interface CheckerOptions {
  outsideDocument?: { statuses: number[]; schema: string };
}

export type Checker = (exchange: Exchange) => string[];

export function createChecker(document: unknown, options?: CheckerOptions): Checker;
export function toJsonSchema(node: unknown): unknown;
