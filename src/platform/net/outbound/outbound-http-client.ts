import * as http from 'node:http';
import * as https from 'node:https';
import { performance } from 'node:perf_hooks';
import { blockedRangeOf } from './blocked-ranges';
import { guardedLookup, systemResolver, type HostResolver } from './guarded-lookup';
import { effectiveTimeout } from './outbound-deadline';
import { OutboundRequestError } from './outbound-request-error';
import { flattenHeaders, keepWithin, planOutboundRequest, type OutboundPlan } from './outbound-request-plan';
import type { OutboundPolicy } from './outbound-policy';

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface OutboundResponse {
  status: number;
  // Lowercase names; repeated headers joined with ", ".
  headers: Record<string, string>;
  // UTF-8 text of at most maxResponseBytes.
  body: string;
  bodyTruncated: boolean;
  latencyMs: number;
  // The answer came from an address that is not public (loopback, private ...: reached through the
  // allow list). Its body must not be shown to whoever configured the URL: it may be an internal
  // service's data.
  privateTarget: boolean;
}

export interface OutboundClientOptions {
  timeoutMs: number;
  maxResponseBytes?: number;
  resolver?: HostResolver;
}

// A receiver's answer is kept for the delivery log and test notifications, not processed further.
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

// One HTTP attempt to a third party: SSRF-guarded at connect time (outbound-policy.ts), redirects not
// followed (a 3xx is returned as the answer, so a receiver cannot bounce us into the private network),
// one timeout over the whole attempt, the answer's body capped. Never throws anything but
// OutboundRequestError.
export class OutboundHttpClient {
  private readonly resolver: HostResolver;
  private readonly maxResponseBytes: number;

  constructor(
    private readonly policy: OutboundPolicy,
    private readonly options: OutboundClientOptions,
  ) {
    this.resolver = options.resolver ?? systemResolver;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  async send(request: OutboundRequest): Promise<OutboundResponse> {
    const started = performance.now();
    try {
      return await this.attempt(request, started);
    } catch (error) {
      const failure =
        error instanceof OutboundRequestError ? error : new OutboundRequestError('NETWORK', describe(error));
      // A refusal is decided before anything is sent: reporting 0 keeps its answer free of timing.
      failure.latencyMs = failure.failure === 'REFUSED' ? 0 : elapsed(started);
      throw failure;
    }
  }

  private attempt(request: OutboundRequest, started: number): Promise<OutboundResponse> {
    const plan = planOutboundRequest(request.url, request.headers, request.body);
    if (plan.addressLiteral !== undefined) {
      const refusal = this.policy.refusal(plan.url.hostname, plan.addressLiteral, plan.port);
      if (refusal) throw new OutboundRequestError('REFUSED', refusal);
    }
    return this.exchange(request.method, plan, effectiveTimeout(this.options.timeoutMs), started);
  }

  // Sends the planned request and settles once: with the answer, its first error or the timeout.
  private exchange(
    method: OutboundRequest['method'],
    plan: OutboundPlan,
    timeoutMs: number,
    started: number,
  ): Promise<OutboundResponse> {
    const transport = plan.url.protocol === 'https:' ? https : http;
    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      const settle = (action: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        action();
      };
      let outgoing: http.ClientRequest;
      const timer = setTimeout(() => {
        settle(() =>
          reject(new OutboundRequestError('TIMEOUT', `no complete answer within ${timeoutMs} ms`)),
        );
        outgoing?.destroy();
      }, timeoutMs);

      try {
        // agent: false: a fresh connection per attempt, so every attempt goes through the guarded lookup.
        outgoing = transport.request(
          plan.url,
          {
            method,
            headers: plan.headers,
            agent: false,
            lookup: guardedLookup(this.policy, this.resolver, plan.port),
          },
          (incoming) =>
            this.collect(
              incoming,
              started,
              (response) => settle(() => resolve(response)),
              (error) => settle(() => reject(error)),
            ),
        );
      } catch (error) {
        // node refuses invalid header names or values before anything is sent.
        settle(() => reject(new OutboundRequestError('INVALID_REQUEST', describe(error))));
        return;
      }
      outgoing.on('error', (error) => settle(() => reject(error)));
      outgoing.end(plan.body);
    });
  }

  // Reads the answer's body up to maxResponseBytes; a longer body is cut and its connection closed.
  private collect(
    incoming: http.IncomingMessage,
    started: number,
    answer: (response: OutboundResponse) => void,
    fail: (error: Error) => void,
  ): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    const done = (): void =>
      answer({
        status: incoming.statusCode ?? 0,
        headers: flattenHeaders(incoming.headers),
        body: Buffer.concat(chunks).toString('utf8'),
        bodyTruncated: truncated,
        latencyMs: elapsed(started),
        privateTarget: isPrivate(incoming.socket?.remoteAddress),
      });
    incoming.on('data', (chunk: Buffer) => {
      const { kept, overflow } = keepWithin(chunk, size, this.maxResponseBytes);
      chunks.push(kept);
      size += kept.length;
      if (overflow) {
        truncated = true;
        done();
        incoming.destroy();
      }
    });
    incoming.on('end', done);
    incoming.on('error', fail);
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}

// An unknown peer is treated as private: the body is then withheld, never shown by mistake.
function isPrivate(remoteAddress: string | undefined): boolean {
  return remoteAddress === undefined || blockedRangeOf(remoteAddress) !== undefined;
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
