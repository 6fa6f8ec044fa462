import { Injectable } from '@nestjs/common';
import { ProjectDirectory } from '../../../platform/auth/principal';
import { ApiError } from '../../../platform/http/api-error';
import { IntegrationsService } from '../configurations/integrations.service';
import { parseBasicAuthorization } from './basic-credentials';
import { dummyPasswordHash, sameText, verifyPassword } from './prometheus-password';
import { PrometheusTargetSource } from './prometheus-targets';

// Prometheus HTTP service discovery (https://prometheus.io/docs/prometheus/latest/http_sd/).
export interface PrometheusTargetGroup {
  targets: string[];
  labels: Record<string, string>;
}

// The same answer whether the project, its PROMETHEUS integration or the credentials are wrong, so the
// endpoint tells nothing about which projects exist.
function basicChallenge(): ApiError {
  return new ApiError(401, undefined, 'You are not authorized for this resource.', [], {
    'WWW-Authenticate': 'Basic realm="Prometheus discovery", charset="UTF-8"',
  });
}

@Injectable()
export class PrometheusDiscoveryService {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly projects: ProjectDirectory,
    private readonly hosts: PrometheusTargetSource,
  ) {}

  // The product's GET /prometheus/v1.0/groups/{groupId}/discovery, behind the integration's username and
  // password (HTTP Basic): they are the only credentials Prometheus can send.
  async discover(groupId: string, authorization: string | undefined): Promise<PrometheusTargetGroup[]> {
    const credentials = parseBasicAuthorization(authorization);
    const settings = await this.integrations.configuredFor(groupId, 'PROMETHEUS');
    // Always one scrypt check, also for an unknown project, so timing does not reveal which exist.
    const passwordOk = await verifyPassword(
      credentials?.password ?? '',
      settings?.passwordHash ?? (await dummyPasswordHash()),
    );
    const userOk = sameText(credentials?.username ?? '', settings?.username ?? '');
    if (credentials === null || settings === null || !passwordOk || !userOk) throw basicChallenge();
    if (!settings.enabled) return [];
    const orgId = (await this.projects.orgOf(groupId)) ?? '';
    const port = settings.listenAddress.slice(settings.listenAddress.lastIndexOf(':') + 1);
    const hostnames = await this.hosts.hostnamesOf(groupId);
    const targets =
      hostnames.length > 0 ? hostnames.map((host) => `${host}:${port}`) : [settings.listenAddress];
    return [{ targets, labels: { group_id: groupId, org_id: orgId } }];
  }
}
