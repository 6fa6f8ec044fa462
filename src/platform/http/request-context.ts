import { Injectable } from '@nestjs/common';
import { CLS_ID, ClsService } from 'nestjs-cls';
import type { Principal } from '../auth/principal';
import { PublicBaseUrl } from './public-base-url';

// What the rest of the code may know about the current HTTP request, without touching the adapter.
export interface RequestInfo {
  requestId: string;
  method: string;
  // Absolute origin the caller used, e.g. http://localhost:8080 (or PUBLIC_BASE_URL).
  origin: string;
  // Path without query string, as received.
  path: string;
  // Query parameters in arrival order (repeated keys kept).
  query: Array<[string, string]>;
  remoteAddress: string;
}

const REQUEST_KEY = 'request';
const PRINCIPAL_KEY = 'principal';

// The context a request starts with: its id (what ClsService.getId and the log lines read) and its
// information, as setRequest would record them.
export function requestStore(info: RequestInfo): { [CLS_ID]: string; [REQUEST_KEY]: RequestInfo } {
  return { [CLS_ID]: info.requestId, [REQUEST_KEY]: info };
}

@Injectable()
export class RequestContext {
  constructor(
    private readonly cls: ClsService,
    private readonly publicBaseUrl: PublicBaseUrl,
  ) {}

  setRequest(info: RequestInfo): void {
    this.cls.set(REQUEST_KEY, info);
  }

  request(): RequestInfo | undefined {
    return this.cls.isActive() ? this.cls.get<RequestInfo>(REQUEST_KEY) : undefined;
  }

  setPrincipal(principal: Principal): void {
    this.cls.set(PRINCIPAL_KEY, principal);
  }

  principal(): Principal | undefined {
    return this.cls.isActive() ? this.cls.get<Principal>(PRINCIPAL_KEY) : undefined;
  }

  // For an answer to the caller only: with PUBLIC_BASE_URL unset it comes from the Host header. What is
  // stored or sent to third parties uses PublicBaseUrl instead; outside a request there is no caller.
  origin(): string {
    return this.request()?.origin ?? this.publicBaseUrl.get();
  }
}

export const API_PREFIX = '/api/public/v1.0';
