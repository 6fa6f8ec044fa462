import { Inject, Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { EventPublisher } from '../../../platform/events/event-publisher';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import { isObjectId, newObjectId } from '../../../platform/ids/object-id';
import { AutomationErrors } from '../automation.errors';
import { DisksStore } from '../disks/disks.store';
import { MeasurementStore } from '../measurements/measurement.store';
import { AutomationEventTypes } from '../automation.events';
import { lockDeployment } from '../automation.locks';
import { ProjectScope } from '../../../platform/auth/project-scope';
import type { AddHostRequest } from './dto/add-host.request';
import type { HostResponse } from './dto/host.response';
import type { ListHostsQuery } from './dto/list-hosts.query';
import { checkHostGrowth } from './host-caps';
import { hostAndPort, parseHostAndPort } from './host-keys';
import { UNREPORTED_FACTS } from './host-facts';
import { UNREPORTED_TYPE_NAME } from './host-types';
import { HostEntity } from './host.entity';
import { hostEventSubject, hostPath, toHostResponse } from './host.mapper';

// Hosts of a project: created by agents' reports (or added here to start monitoring), read, and removed
// from monitoring. A removed host keeps its row (and id) with `monitored` false; reports about it are
// ignored until it is added again.
@Injectable()
export class HostsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly disks: DisksStore,
    private readonly measurements: MeasurementStore,
  ) {}

  async list(groupId: string, query: ListHostsQuery): Promise<ListEnvelope<HostResponse>> {
    await this.scope.orgOf(groupId);
    const [hosts, total] = await this.repository().findAndCount({
      where: {
        groupId,
        monitored: true,
        ...(query.clusterId === undefined ? {} : { clusterId: query.clusterId }),
      },
      order: { hostname: 'ASC', port: 'ASC' },
      skip: query.offset,
      take: query.itemsPerPage,
    });
    return this.links.list(
      query,
      hosts.map((host) => this.toResponse(host)),
      total,
    );
  }

  async get(groupId: string, hostId: string): Promise<HostResponse> {
    await this.scope.orgOf(groupId);
    return this.toResponse(await this.find(groupId, hostId));
  }

  async getByName(groupId: string, hostnameAndPort: string): Promise<HostResponse> {
    await this.scope.orgOf(groupId);
    const key = parseHostAndPort(hostnameAndPort);
    const host = key
      ? await this.repository().findOneBy({
          groupId,
          hostname: key.hostname,
          port: key.port,
          monitored: true,
        })
      : null;
    if (!host) throw AutomationErrors.HOSTNAME_AND_PORT_NOT_FOUND(hostnameAndPort, groupId);
    return this.toResponse(host);
  }

  // The host is up until its agents say otherwise or stay silent for AGENT_DOWN_AFTER_SECONDS.
  @Transactional()
  async add(groupId: string, request: AddHostRequest): Promise<HostResponse> {
    const orgId = await this.scope.orgOf(groupId);
    await lockDeployment(this.txHost.tx, groupId);
    const now = this.clock.now();
    const previous = await this.repository().findOneBy({
      groupId,
      hostname: request.hostname,
      port: request.port,
    });
    if (previous?.monitored) {
      throw AutomationErrors.HOST_ALREADY_EXISTS(hostAndPort(request.hostname, request.port), groupId);
    }
    if (!previous) {
      const caps = {
        newPerReport: this.config.maxNewHostsPerReport,
        perProject: this.config.maxHostsPerProject,
      };
      checkHostGrowth(1, await this.repository().countBy({ groupId }), caps, false);
    }
    const host: HostEntity = {
      ...(previous ?? {
        id: newObjectId(now),
        groupId,
        hostname: request.hostname,
        port: request.port,
        typeName: UNREPORTED_TYPE_NAME,
        replicaSetName: null,
        clusterName: null,
        clusterId: null,
        created: now,
        lastPing: null,
        ...UNREPORTED_FACTS,
      }),
      up: true,
      monitored: true,
      alertsEnabled: request.alertsEnabled ?? true,
      logsEnabled: request.logsEnabled ?? false,
      profilerEnabled: request.profilerEnabled ?? false,
      sslEnabled: request.sslEnabled ?? false,
      username: request.username ?? null,
      authMechanismName: request.authMechanismName ?? null,
      lastReported: now,
    };
    await this.repository().save(host);
    await this.events.publish({
      eventTypeName: AutomationEventTypes.ADD_HOST_AUDIT,
      orgId,
      groupId,
      subject: hostEventSubject(host),
      occurredAt: now,
    });
    return this.toResponse(host);
  }

  @Transactional()
  async remove(groupId: string, hostId: string): Promise<void> {
    const orgId = await this.scope.orgOf(groupId);
    await lockDeployment(this.txHost.tx, groupId);
    const host = await this.find(groupId, hostId);
    await this.repository().update({ id: host.id }, { monitored: false });
    // The row (and its id, should it report again) stays; what its reports left goes.
    await this.disks.removeOfHost(host.id);
    await this.measurements.removeLatestOfHost(host.id);
    await this.events.publish({
      eventTypeName: AutomationEventTypes.DELETE_HOST_AUDIT,
      orgId,
      groupId,
      subject: hostEventSubject(host),
      occurredAt: this.clock.now(),
    });
  }

  // A monitored host of the project, or the product's HOST_NOT_FOUND (also for a malformed id).
  async find(groupId: string, hostId: string): Promise<HostEntity> {
    const host = isObjectId(hostId)
      ? await this.repository().findOneBy({ id: hostId, groupId, monitored: true })
      : null;
    if (!host) throw AutomationErrors.HOST_NOT_FOUND(hostId, groupId);
    return host;
  }

  private toResponse(host: HostEntity): HostResponse {
    return toHostResponse(host, this.links.self(hostPath(host.groupId, host.id)));
  }

  private repository() {
    return this.txHost.tx.getRepository(HostEntity);
  }
}
