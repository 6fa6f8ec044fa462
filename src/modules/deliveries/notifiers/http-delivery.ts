import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../platform/clock/clock';
import {
  OutboundHttpClient,
  OutboundRequestError,
  type OutboundRequest,
  type OutboundResponse,
} from '../../../platform/net/outbound';
import { outcomeOfFailure, outcomeOfResponse } from './delivery-outcome';
import type { NotifyResult } from './notifier';

export type ResponseJudge = (response: OutboundResponse, now: Date) => NotifyResult;

// One attempt through the SSRF-guarded client, turned into a result; never throws.
@Injectable()
export class HttpDelivery {
  private readonly logger = new Logger(HttpDelivery.name);

  constructor(
    private readonly client: OutboundHttpClient,
    private readonly clock: Clock,
  ) {}

  async send(request: OutboundRequest, judge: ResponseJudge = outcomeOfResponse): Promise<NotifyResult> {
    try {
      return judge(await this.client.send(request), this.clock.now());
    } catch (error) {
      this.logFailure(request, error);
      return outcomeOfFailure(error);
    }
  }

  // The cause the result does not show, for the operator; the host and port only, since webhook URLs
  // carry tokens in their paths.
  private logFailure(request: OutboundRequest, error: unknown): void {
    if (!(error instanceof OutboundRequestError) || error.failure === 'REFUSED') return;
    let destination = 'an invalid URL';
    try {
      destination = new URL(request.url).host;
    } catch {
      // keep the placeholder
    }
    this.logger.warn({
      msg: 'outbound request failed',
      destination,
      failure: error.failure,
      cause: error.message,
    });
  }
}

export function jsonPost(
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): OutboundRequest {
  return {
    method: 'POST',
    url,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  };
}
