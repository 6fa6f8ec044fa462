import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, type FindOptionsWhere } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { DeferredWork } from '../../../platform/events/deferred-work';
import type { DomainEventOf } from '../../../platform/events/domain-event';
import { OnDomainEvent } from '../../../platform/events/on-domain-event';
import {
  AutomationEventTypes,
  DeploymentReader,
  REPORT_INGESTED,
  type HostSnapshot,
  type ReportIngestedEvent,
} from '../../automation';
import type { AlertConfigDefinition } from '../alert-configs/alert-config.types';
import { AlertEntity } from '../alerts/alert.entity';
import { AlertStore } from '../alerts/alert.store';
import { AlertSettingsReadModelStore } from '../alerts/alert-settings-read-model.store';
import { AlertsService } from '../alerts/alerts.service';
import {
  decide,
  endingOf,
  evaluateMetricAlerts,
  METRIC_EVENT_TYPE,
  type ActiveAlert,
  type Decision,
} from './alert-evaluator';
import { AlertDecisions } from './alert-decisions';
import { agentAlertOf, hostAlertOf } from './alert-subjects';
import { EnabledConfigsCache } from './enabled-configs.cache';
import { agentTargetKey, isAlertRecord, ruleClosedBy, ruleOpenedBy } from './event-rules';
import { matchesAll, warmMatchers } from './host-matchers';

const SWEEP_BATCH = 100;

// A host-down-like event waiting for the end of its report: the host and the configurations it may open.
interface HostOpening {
  groupId: string;
  hostId: string;
  eventTypeName: string;
  configs: AlertConfigDefinition[];
  now: Date;
}

// Raises and resolves alerts from live data, always in the transaction of the data that caused it (a
// report, an automation event), so a failure rolls both back. AlertsService serializes raising per
// (configuration, target), so two instances never open the same alert twice.
@Injectable()
export class AlertEngine {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly alerts: AlertsService,
    private readonly configs: EnabledConfigsCache,
    private readonly deployment: DeploymentReader,
    private readonly clock: Clock,
    private readonly alertStore: AlertStore,
    private readonly alertSettings: AlertSettingsReadModelStore,
    private readonly decisions: AlertDecisions,
    private readonly deferred: DeferredWork,
  ) {}

  // Metric thresholds against a report's data points: one read of the configurations (cached) and one of
  // the active alerts, whatever the size of the report.
  @OnEvent(REPORT_INGESTED, { suppressErrors: false })
  async onReport(event: ReportIngestedEvent): Promise<void> {
    const configs = (await this.configs.of(event.groupId)).filter(
      (config) => config.eventTypeName === METRIC_EVENT_TYPE,
    );
    if (configs.length === 0 || event.hosts.length === 0) return;
    await warmMatchers(configs, event.hosts);
    const active = await this.alertStore.activeOf(
      event.groupId,
      configs.map((config) => config.id),
      event.hosts.map((host) => host.hostId),
    );
    const decisions = evaluateMetricAlerts(event.groupId, configs, event.hosts, active, this.clock.now());
    for (const decision of decisions) await this.apply(decision);
  }

  @OnDomainEvent(AutomationEventTypes.HOST_DOWN, { suppressErrors: false })
  @OnDomainEvent(AutomationEventTypes.AUTOMATION_AGENT_DOWN, { suppressErrors: false })
  @OnDomainEvent(AutomationEventTypes.MONITORING_AGENT_DOWN, { suppressErrors: false })
  @OnDomainEvent(AutomationEventTypes.BACKUP_AGENT_DOWN, { suppressErrors: false })
  @OnDomainEvent(AutomationEventTypes.MONITORING_AGENT_VERSION_BEHIND, { suppressErrors: false })
  @OnDomainEvent(AutomationEventTypes.BACKUP_AGENT_VERSION_BEHIND, { suppressErrors: false })
  async onOpeningEvent(
    event: DomainEventOf<
      | 'HOST_DOWN'
      | 'AUTOMATION_AGENT_DOWN'
      | 'MONITORING_AGENT_DOWN'
      | 'BACKUP_AGENT_DOWN'
      | 'MONITORING_AGENT_VERSION_BEHIND'
      | 'BACKUP_AGENT_VERSION_BEHIND'
    >,
  ): Promise<void> {
    const rule = ruleOpenedBy(event.eventTypeName);
    const groupId = event.groupId;
    if (!rule || groupId === undefined || isAlertRecord(event)) return;
    const configs = (await this.configs.of(groupId)).filter(
      (config) => config.eventTypeName === rule.opening,
    );
    if (configs.length === 0) return;
    const now = this.clock.now();
    if (rule.target === 'HOST') {
      const hostId = event.subject?.hostId;
      if (hostId === undefined) return;
      // In a report, the hosts it marked down are read together at its end (one read for a storm's
      // thousand), then their alerts raised together.
      const opening: HostOpening = { groupId, hostId, eventTypeName: rule.opening, configs, now };
      const openAll = (openings: HostOpening[]) => this.openOnHosts(openings);
      if (!this.deferred.collect('alerting:host-openings', opening, openAll)) await openAll([opening]);
      return;
    }
    const hostname = event.subject?.hostname;
    if (hostname === undefined) return;
    for (const config of configs) {
      const decision = decide('OUTSIDE', undefined, config, now, () =>
        agentAlertOf({ groupId, alertConfigId: config.id, eventTypeName: rule.opening }, hostname),
      );
      if (decision) await this.apply(decision);
    }
  }

  @OnDomainEvent(AutomationEventTypes.HOST_UP, { suppressErrors: false })
  @OnDomainEvent(AutomationEventTypes.AUTOMATION_AGENT_UP, { suppressErrors: false })
  @OnDomainEvent(AutomationEventTypes.MONITORING_AGENT_UP, { suppressErrors: false })
  @OnDomainEvent(AutomationEventTypes.BACKUP_AGENT_UP, { suppressErrors: false })
  @OnDomainEvent(AutomationEventTypes.MONITORING_AGENT_VERSION_CURRENT, { suppressErrors: false })
  @OnDomainEvent(AutomationEventTypes.BACKUP_AGENT_VERSION_CURRENT, { suppressErrors: false })
  async onClosingEvent(
    event: DomainEventOf<
      | 'HOST_UP'
      | 'AUTOMATION_AGENT_UP'
      | 'MONITORING_AGENT_UP'
      | 'BACKUP_AGENT_UP'
      | 'MONITORING_AGENT_VERSION_CURRENT'
      | 'BACKUP_AGENT_VERSION_CURRENT'
    >,
  ): Promise<void> {
    const rule = ruleClosedBy(event.eventTypeName);
    if (!rule || event.groupId === undefined || isAlertRecord(event)) return;
    const targetKey =
      rule.target === 'HOST'
        ? event.subject?.hostId
        : event.subject?.hostname === undefined
          ? undefined
          : agentTargetKey(event.subject.hostname);
    if (targetKey === undefined) return;
    const active = await this.activeAlerts({
      groupId: event.groupId,
      eventTypeName: rule.opening,
      targetKey,
    });
    for (const alert of active) await this.apply(endingOf(alert));
  }

  // A host no longer monitored: whatever its alerts were about is gone.
  @OnDomainEvent(AutomationEventTypes.DELETE_HOST_AUDIT, { suppressErrors: false })
  async onHostRemoved(event: DomainEventOf<'DELETE_HOST_AUDIT'>): Promise<void> {
    const hostId = event.subject?.hostId;
    if (event.groupId === undefined || hostId === undefined) return;
    const active = await this.activeAlerts({ groupId: event.groupId, hostId });
    for (const alert of active) await this.alerts.cancel(alert.id);
  }

  private async openOnHosts(openings: readonly HostOpening[]): Promise<void> {
    const hosts = new Map<string, HostSnapshot>();
    for (const groupId of new Set(openings.map((opening) => opening.groupId))) {
      const ids = openings.filter((opening) => opening.groupId === groupId).map((opening) => opening.hostId);
      for (const host of await this.deployment.hostsById(groupId, ids))
        hosts.set(`${groupId}:${host.id}`, host);
    }
    for (const { groupId, hostId, eventTypeName, configs, now } of openings) {
      const host = hosts.get(`${groupId}:${hostId}`);
      if (!host) continue;
      const facts = { ...host, hostId: host.id };
      for (const config of configs) {
        const condition = host.alertsEnabled && matchesAll(config.matchers, facts) ? 'OUTSIDE' : 'UNKNOWN';
        const decision = decide(condition, undefined, config, now, () =>
          hostAlertOf({ groupId, alertConfigId: config.id, eventTypeName }, facts),
        );
        if (decision) await this.apply(decision);
      }
    }
  }

  // Promotes TRACKING alerts whose condition has lasted their configuration's delay; returns how many.
  // Rows are claimed with SKIP LOCKED, so instances sweeping at once share the work.
  async runSweep(): Promise<number> {
    let promoted = 0;
    for (;;) {
      const batch = await this.sweepBatch();
      promoted += batch;
      if (batch < SWEEP_BATCH) return promoted;
    }
  }

  @Transactional()
  private async sweepBatch(): Promise<number> {
    const due = await this.alertSettings.claimDueTracking(this.clock.now(), SWEEP_BATCH);
    for (const id of due) await this.alerts.promote(id);
    return due.length;
  }

  // For the other evaluators of the engine (deployment conditions): one decision, applied in the caller's
  // transaction.
  apply(decision: Decision): Promise<void> {
    return this.decisions.apply(decision);
  }

  async activeAlerts(where: FindOptionsWhere<AlertEntity>): Promise<ActiveAlert[]> {
    const rows = await this.txHost.tx.getRepository(AlertEntity).find({
      select: { id: true, alertConfigId: true, targetKey: true, status: true, created: true },
      where: { ...where, status: In(['TRACKING', 'OPEN']) },
      order: { created: 'ASC', id: 'ASC' },
    });
    return rows.map((row) => ({
      id: row.id,
      alertConfigId: row.alertConfigId,
      targetKey: row.targetKey,
      status: row.status as ActiveAlert['status'],
      created: row.created,
    }));
  }
}
