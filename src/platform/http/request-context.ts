import { Injectable } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';
import type { Principal } from '../auth/principal';

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

@Injectable()
export class RequestContext {
  constructor(private readonly cls: ClsService) {}

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

  origin(): string {
    return this.request()?.origin ?? 'http://localhost';
  }
}

export const API_PREFIX = '/api/public/v1.0';
