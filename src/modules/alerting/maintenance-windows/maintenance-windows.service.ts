import { LookupMemo, remembered } from '../../../platform/collections/lookup-memo';
import { assertReadOnlyUnchanged } from '../../../platform/http/read-only-fields';
import { Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ArrayContains, In, IsNull, LessThanOrEqual, MoreThan, type FindOptionsWhere } from 'typeorm';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { Clock } from '../../../platform/clock/clock';
import type { EventDiff } from '../../../platform/events/domain-event';
import { EventPublisher } from '../../../platform/events/event-publisher';
import type { ListEnvelope } from '../../../platform/http/pagination/list-envelope';
import { PageLinks } from '../../../platform/http/pagination/page-links';
import type { PageQuery } from '../../../platform/http/pagination/page.query';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import { isObjectId, newObjectId } from '../../../platform/ids/object-id';
import { DeploymentReader, type HostSnapshot } from '../../automation';
import { AlertConfigEntity } from '../alert-configs/alert-config.entity';
import type { Matcher } from '../alert-configs/alert-config.types';
import { AlertingErrors } from '../alerting.errors';
import type { CreateMaintenanceWindowRequest } from './dto/create-maintenance-window.request';
import type { MaintenanceWindowResponse } from './dto/maintenance-window.response';
import type { UpdateMaintenanceWindowRequest } from './dto/update-maintenance-window.request';
import { MaintenanceWindowEventTypes } from '../alerting.events';
import {
  checkAlertConfigIds,
  inForce,
  maintenanceTypeOf,
  silences,
  windowForCreate,
  windowForUpdate,
  type WindowFields,
} from './maintenance-window-rules';
import { MaintenanceWindowEntity } from './maintenance-window.entity';
import { maintenanceWindowPath, toMaintenanceWindowResponse } from './maintenance-window.mapper';
import type { Recurrence } from './window-recurrence';
import { subjectFieldReader, type SilencedAlert } from './window-subject';

// What the alert engine needs to know about a window silencing an alert.
export interface ActiveMaintenanceWindow {
  id: string;
  startDate: Date;
  endDate: Date | null;
  alertTypeNames: string[];
  matchers: Matcher[];
  recurrence: Recurrence | null;
  alertConfigIds: string[];
}

// Windows that have not ended: a recurring window without an end date never does.
function notEnded(now: Date): Array<Pick<FindOptionsWhere<MaintenanceWindowEntity>, 'endDate'>> {
  return [{ endDate: MoreThan(now) }, { endDate: IsNull() }];
}

// Windows that silence alert types of a project. Only windows ending in the future can be read,
// changed or deleted; an ended one answers MAINTENANCE_WINDOW_NOT_FOUND.
@Injectable()
export class MaintenanceWindowsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly events: EventPublisher,
    private readonly links: PageLinks,
    private readonly clock: Clock,
    private readonly deployment: DeploymentReader,
  ) {}

  // Soonest first: the windows that will silence alerts next lead the list.
  async list(groupId: string, page: PageQuery): Promise<ListEnvelope<MaintenanceWindowResponse>> {
    await this.scope.orgOf(groupId);
    const [rows, total] = await this.repository().findAndCount({
      where: notEnded(this.clock.now()).map((ending) => ({ groupId, ...ending })),
      order: { startDate: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.itemsPerPage,
    });
    return this.links.list(
      page,
      rows.map((row) => this.toResponse(row)),
      total,
    );
  }

  async get(groupId: string, windowId: string): Promise<MaintenanceWindowResponse> {
    await this.scope.orgOf(groupId);
    return this.toResponse(await this.findCurrent(groupId, windowId, false));
  }

  @Transactional()
  async create(groupId: string, request: CreateMaintenanceWindowRequest): Promise<MaintenanceWindowResponse> {
    const orgId = await this.scope.orgOf(groupId);
    const now = this.clock.now();
    const fields = windowForCreate(request, now);
    await this.checkConfigs(groupId, fields);
    const window: MaintenanceWindowEntity = {
      id: newObjectId(now),
      groupId,
      ...fields,
      created: now,
      updated: now,
    };
    await this.repository().insert(window);
    await this.publish(MaintenanceWindowEventTypes.MAINTENANCE_WINDOW_ADDED, window, orgId, now);
    return this.toResponse(window);
  }

  @Transactional()
  async update(
    groupId: string,
    windowId: string,
    request: UpdateMaintenanceWindowRequest,
  ): Promise<MaintenanceWindowResponse> {
    const orgId = await this.scope.orgOf(groupId);
    const window = await this.findCurrent(groupId, windowId, true);
    assertReadOnlyUnchanged(request, this.toResponse(window));
    const now = this.clock.now();
    const before: WindowFields = { ...window };
    const after = windowForUpdate(before, request, now);
    if (request.alertConfigIds !== undefined || request.alertTypeNames !== undefined) {
      await this.checkConfigs(groupId, after);
    }
    Object.assign(window, after, { updated: now });
    await this.repository().save(window);
    await this.publish(
      MaintenanceWindowEventTypes.MAINTENANCE_WINDOW_CHANGED,
      window,
      orgId,
      now,
      diffOf(before, after),
    );
    return this.toResponse(window);
  }

  // Removing a window turns back on the notifications it muted (as the product does).
  @Transactional()
  async delete(groupId: string, windowId: string): Promise<void> {
    const orgId = await this.scope.orgOf(groupId);
    const window = await this.findCurrent(groupId, windowId, true);
    await this.repository().delete({ id: window.id });
    await this.publish(
      MaintenanceWindowEventTypes.MAINTENANCE_WINDOW_DELETED,
      window,
      orgId,
      this.clock.now(),
    );
  }

  // The windows silencing `alertTypeName` (HOST, REPLICA_SET, ...) of a project at `at`, scoped or not:
  // start inclusive, end exclusive, and a recurring one only during an occurrence (same rule as `silences`
  // in maintenance-window-rules).
  async activeFor(groupId: string, alertTypeName: string, at: Date): Promise<ActiveMaintenanceWindow[]> {
    const rows = await this.repository().find({
      where: notEnded(at).map((ending) => ({
        groupId,
        startDate: LessThanOrEqual(at),
        alertTypeNames: ArrayContains([alertTypeName]),
        ...ending,
      })),
      order: { startDate: 'ASC', id: 'ASC' },
    });
    return rows
      .filter((row) => inForce(row, at))
      .map(({ id, startDate, endDate, alertTypeNames, matchers, recurrence, alertConfigIds }) => ({
        id,
        startDate,
        endDate,
        alertTypeNames,
        matchers,
        recurrence,
        alertConfigIds,
      }));
  }

  // For the notification policy: the windows that silence this alert at `at`: those of its alert type
  // (the category of its event type) in force then, naming its configuration if they name any, whose
  // matchers, if any, all match its host or replica set.
  // `memo`: the alerts of one batch, silenced at one time, share the reads of their project and host.
  async silencing(alert: SilencedAlert, at: Date, memo?: LookupMemo): Promise<ActiveMaintenanceWindow[]> {
    const alertType = maintenanceTypeOf(alert.eventTypeName);
    if (alertType === undefined) return [];
    const windows = await remembered(memo, `windows:${alert.groupId}:${alertType}:${at.getTime()}`, () =>
      this.activeFor(alert.groupId, alertType, at),
    );
    const needsHost = windows.some((window) => window.matchers.length > 0);
    const hostId = alert.hostId;
    const host =
      !needsHost || hostId === undefined
        ? null
        : memo === undefined
          ? await this.deployment.host(alert.groupId, hostId)
          : ((await memo.get(`hosts:${alert.groupId}`, () => this.hostsById(alert.groupId))).get(hostId) ??
            null);
    return silencingOf(alert, alertType, windows, host, at);
  }

  // `silencing` for many alerts at once (a notification group's flush), answered in their order: the
  // windows are read once per project and alert type, and the hosts, when a window has matchers, once
  // per project.
  async silencingAll(alerts: readonly SilencedAlert[], at: Date): Promise<ActiveMaintenanceWindow[][]> {
    const memo = new LookupMemo();
    const answers: ActiveMaintenanceWindow[][] = [];
    for (const alert of alerts) answers.push(await this.silencing(alert, at, memo));
    return answers;
  }

  private async hostsById(groupId: string): Promise<Map<string, HostSnapshot>> {
    const hosts = await this.deployment.hosts(groupId);
    return new Map(hosts.map((host) => [host.id, host]));
  }

  // The configurations a window names are the project's and raise alerts of its alert types.
  private async checkConfigs(groupId: string, fields: WindowFields): Promise<void> {
    if (fields.alertConfigIds.length === 0) return;
    const configs = await this.txHost.tx.getRepository(AlertConfigEntity).find({
      select: { id: true, eventTypeName: true },
      where: { groupId, id: In(fields.alertConfigIds) },
    });
    const eventTypes = new Map(configs.map((config) => [config.id, config.eventTypeName]));
    checkAlertConfigIds(fields, (id) => eventTypes.get(id));
  }

  private async findCurrent(
    groupId: string,
    windowId: string,
    forUpdate: boolean,
  ): Promise<MaintenanceWindowEntity> {
    if (!isObjectId(windowId)) throw AlertingErrors.INVALID_WINDOW_ID(windowId);
    const window = await this.repository().findOne({
      where: notEnded(this.clock.now()).map((ending) => ({ id: windowId, groupId, ...ending })),
      ...(forUpdate ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!window) throw AlertingErrors.MAINTENANCE_WINDOW_NOT_FOUND(windowId, groupId);
    return window;
  }

  private async publish(
    eventTypeName: string,
    window: MaintenanceWindowEntity,
    orgId: string,
    at: Date,
    diffs?: EventDiff[],
  ): Promise<void> {
    await this.events.publish({
      eventTypeName,
      orgId,
      groupId: window.groupId,
      subject: { maintenanceWindowId: window.id },
      diffs,
      occurredAt: at,
    });
  }

  private toResponse(window: MaintenanceWindowEntity): MaintenanceWindowResponse {
    return toMaintenanceWindowResponse(
      window,
      this.links.self(maintenanceWindowPath(window.groupId, window.id)),
    );
  }

  private repository() {
    return this.txHost.tx.getRepository(MaintenanceWindowEntity);
  }
}

// The changed fields, in the Event record's `diffs` shape.
function diffOf(before: WindowFields, after: WindowFields): EventDiff[] {
  const fields = [
    'alertTypeNames',
    'startDate',
    'endDate',
    'description',
    'matchers',
    'recurrence',
    'alertConfigIds',
  ] as const;
  const params = fields
    .filter((field) => JSON.stringify(shown(before, field)) !== JSON.stringify(shown(after, field)))
    .map((field) => ({ param: field, old: shown(before, field), new: shown(after, field) }));
  return [{ type: 'MAINTENANCE_WINDOW', status: 'MODIFIED', params }];
}

// A field as the response shows it. Objects read back from jsonb come with their keys in Postgres's order,
// so they are rebuilt in the response's order: an unchanged value never reads as a change.
function shown(window: WindowFields, field: keyof WindowFields): unknown {
  switch (field) {
    case 'startDate':
      return toIsoSeconds(window.startDate);
    case 'endDate':
      return window.endDate === null ? undefined : toIsoSeconds(window.endDate);
    case 'matchers':
      return window.matchers.map(({ fieldName, operator, value }) => ({ fieldName, operator, value }));
    case 'recurrence': {
      if (window.recurrence === null) return undefined;
      const { daysOfWeek, startTime, endTime, timeZone } = window.recurrence;
      return { daysOfWeek, startTime, endTime, timeZone };
    }
    case 'description':
      return window.description ?? undefined;
    case 'alertTypeNames':
    case 'alertConfigIds':
      return window[field];
  }
}

// The windows among `windows` (in force, of the alert's type) that silence this alert.
function silencingOf(
  alert: SilencedAlert,
  alertType: string,
  windows: ActiveMaintenanceWindow[],
  host: HostSnapshot | null,
  at: Date,
): ActiveMaintenanceWindow[] {
  const valueOf = subjectFieldReader(alert, host && { ...host, hostId: host.id });
  return windows.filter((window) => silences(window, alertType, at, valueOf, alert.alertConfigId));
}
