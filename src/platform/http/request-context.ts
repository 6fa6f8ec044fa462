import { Inject, Injectable } from '@nestjs/common';
import { CLS_ID, ClsService } from 'nestjs-cls';
import type { Principal } from '../auth/principal';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

// What the rest of the code may know about the current HTTP request, without touching the adapter.
export interface RequestInfo {
  requestId: string;
  method: string;
  // Absolute origin the caller used, e.g. http://localhost:8080 (or PUBLIC_BASE_URL).
  origin: string;
  // PUBLIC_BASE_URL, or the address and port the connection arrived on: never the Host header.
  persistentOrigin: string;
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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

  // For an answer to the caller only: with PUBLIC_BASE_URL unset it comes from the Host header.
  origin(): string {
    return this.request()?.origin ?? 'http://localhost';
  }

  // For what is stored or sent to third parties (an identity provider's ACS URL, the alert document a
  // webhook receives): never the Host header, which any caller chooses. PUBLIC_BASE_URL, or when it is
  // unset the local address the request arrived on (outside a request: localhost and PORT). Set
  // PUBLIC_BASE_URL in production: behind a proxy the local address is not what users reach.
  persistentOrigin(): string {
    return (
      this.request()?.persistentOrigin ?? this.config.publicBaseUrl ?? `http://localhost:${this.config.port}`
    );
  }
}

export const API_PREFIX = '/api/public/v1.0';
