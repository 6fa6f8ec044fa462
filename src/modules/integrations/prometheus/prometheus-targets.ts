import { Injectable } from '@nestjs/common';

// Extension point: the hosts of a project's deployment, which only the automation context will know.
// Once it exists, it exports an implementation and IntegrationsModule binds this token to it
// (`{ provide: PrometheusTargetSource, useExisting: ... }`); the discovery then lists `<host>:<port>`.
export abstract class PrometheusTargetSource {
  abstract hostnamesOf(groupId: string): Promise<string[]>;
}

// Until then no host is known and the discovery answers with the configured listenAddress alone.
@Injectable()
export class NoKnownHosts extends PrometheusTargetSource {
  hostnamesOf(_groupId: string): Promise<string[]> {
    return Promise.resolve([]);
  }
}
