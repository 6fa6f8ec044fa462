import { Injectable } from '@nestjs/common';
import { Clock } from '../../../platform/clock/clock';
import {
  OutboundHttpClient,
  type OutboundRequest,
  type OutboundResponse,
} from '../../../platform/net/outbound';
import { outcomeOfFailure, outcomeOfResponse } from './delivery-outcome';
import type { NotifyResult } from './notifier';

export type ResponseJudge = (response: OutboundResponse, now: Date) => NotifyResult;

// One attempt through the SSRF-guarded client, turned into a result; never throws.
@Injectable()
export class HttpDelivery {
  constructor(
    private readonly client: OutboundHttpClient,
    private readonly clock: Clock,
  ) {}

  async send(request: OutboundRequest, judge: ResponseJudge = outcomeOfResponse): Promise<NotifyResult> {
    try {
      return judge(await this.client.send(request), this.clock.now());
    } catch (error) {
      return outcomeOfFailure(error);
    }
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
