import { Injectable } from '@nestjs/common';
import { parseBasicCredentials } from '../../../platform/auth/basic-credentials';
import { AuthFailureThrottle } from '../../../platform/auth/failure-throttle/auth-failure-throttle';
import { ProjectDirectory } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { ApiError } from '../../../platform/http/api-error';
import { RequestContext } from '../../../platform/http/request-context';
import { DeploymentReader } from '../../automation';
import { ProjectNames } from '../../identity';
import { IntegrationsService } from '../configurations/integrations.service';
import { dummyPasswordHash, sameText, verifyPassword } from './prometheus-password';
import { scrapeTargets, type PrometheusTargetGroup } from './prometheus-targets';

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
    private readonly deployment: DeploymentReader,
    private readonly projectNames: ProjectNames,
    private readonly throttle: AuthFailureThrottle,
    private readonly request: RequestContext,
    private readonly clock: Clock,
  ) {}

  // The product's GET /prometheus/v1.0/groups/{groupId}/discovery, behind the integration's username and
  // password (HTTP Basic): they are the only credentials Prometheus can send. One target group labelled with
  // the project (group_id, group_name, org_id, as the product), or none when nothing is monitored.
  // Failed checks are throttled like Digest's (per project user name and address, and per address); a
  // blocked caller's password is not even hashed, which also spares the scrypt work.
  async discover(groupId: string, authorization: string | undefined): Promise<PrometheusTargetGroup[]> {
    const credentials = parseBasicCredentials(authorization);
    const now = this.clock.now().getTime();
    const request = this.request.request();
    const subject = {
      scope: `prometheus:${groupId}`,
      name: credentials?.username ?? '',
      address: request?.remoteAddress ?? '',
    };
    const path = request?.path ?? `/prometheus/v1.0/groups/${groupId}/discovery`;
    // A request without credentials is Prometheus asking what to send, not a guess: it reserves no check.
    // The others reserve theirs before the (awaited) scrypt check, so answers sent together cannot all be
    // checked against a count none of them has reached yet.
    const wait = credentials === undefined ? 0 : this.throttle.reserve(subject, now);
    if (wait > 0) throw this.throttle.refusal(path, wait);
    const { settings, passwordOk } = await this.verify(groupId, credentials).catch((error: unknown) => {
      if (credentials !== undefined) this.throttle.release(subject);
      throw error;
    });
    const userOk = sameText(credentials?.username ?? '', settings?.username ?? '');
    if (credentials === undefined) throw basicChallenge();
    if (settings === null || !passwordOk || !userOk) {
      const blockedFor = await this.throttle.recordFailure(subject, now);
      throw blockedFor > 0 ? this.throttle.refusal(path, blockedFor) : basicChallenge();
    }
    this.throttle.release(subject);
    await this.throttle.recordSuccess(subject);
    if (!settings.enabled) return [];
    // The project's monitored processes, as the automation context knows them from agents and the API.
    const hosts = await this.deployment.hosts(groupId);
    const targets = scrapeTargets(
      hosts.map((host) => host.hostname),
      settings.listenAddress,
    );
    if (targets.length === 0) return [];
    const orgId = (await this.projects.orgOf(groupId)) ?? '';
    const groupName = (await this.projectNames.nameOf(groupId)) ?? '';
    return [{ targets, labels: { group_id: groupId, group_name: groupName, org_id: orgId } }];
  }

  // Always one scrypt check, also for an unknown project, so timing does not reveal which exist.
  private async verify(groupId: string, credentials: ReturnType<typeof parseBasicCredentials>) {
    const settings = await this.integrations.configuredFor(groupId, 'PROMETHEUS');
    const passwordOk = await verifyPassword(
      credentials?.password ?? '',
      settings?.passwordHash ?? (await dummyPasswordHash()),
    );
    return { settings, passwordOk };
  }
}
