import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { normalizeAddress } from '../net/cidr';

const WILDCARDS = new Set(['0.0.0.0', '::']);

// http://host:port for an address the service listens on. A wildcard bind (0.0.0.0, ::) names no
// address, so the machine's host name stands for it.
export function serviceAddress(host: string, port: number): string {
  const address = normalizeAddress(host) ?? host;
  const name = WILDCARDS.has(address) ? hostname() : address;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

// The base of every URL that is stored or sent to a third party (the links of alert documents in
// webhooks and their templates, identity providers' ACS URL and audience): PUBLIC_BASE_URL, or when
// it is unset the address stored for the service, recorded when its HTTP server starts listening (the
// bound address and port). Never a request's Host or X-Forwarded-Host, which any caller chooses, and
// the same in a request and outside one (re-notifications, ends of maintenance windows and
// acknowledgements are sent by sweeps). Before the server listens (or in an instance that does not
// listen) the configured HOST and PORT stand for it.
@Injectable()
export class PublicBaseUrl {
  private readonly logger = new Logger(PublicBaseUrl.name);
  private listening: string | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get(): string {
    return this.config.publicBaseUrl ?? this.listening ?? serviceAddress(this.config.host, this.config.port);
  }

  recordListening(address: AddressInfo | string | null): void {
    if (address === null || typeof address === 'string') return;
    this.listening = serviceAddress(address.address, address.port);
    if (this.config.publicBaseUrl === undefined) {
      this.logger.log({
        msg: 'PUBLIC_BASE_URL is unset: stored and sent links use the listening address',
        baseUrl: this.listening,
      });
    }
  }
}
