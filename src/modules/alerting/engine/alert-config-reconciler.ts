import { Inject, Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { MoreThanOrEqual } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { DeploymentReader } from '../../automation';
import { AlertConfigEntity } from '../alert-configs/alert-config.entity';
import { AlertConfigStore } from '../alert-configs/alert-config.store';
import { lockDeploymentConditions } from '../alerting.locks';
import { AlertStore } from '../alerts/alert.store';
import type { AlertEntity } from '../alerts/alert.entity';
import { alertSourceOf, type AlertSource } from '../catalog/alert-sources';
import { AlertDecisions } from './alert-decisions';
import {
  reconcileConfig,
  type HeldAlert,
  type ProjectFacts,
  type ReconciledConfig,
} from './config-reconciliation';

const MINUTE_MS = 60_000;
const NO_FACTS: ProjectFacts = { hosts: [], agents: [], latest: [] };

// After every write of a configuration (create, replace, enable or disable), in its transaction: its
// alerts against what is known of the project now (config-reconciliation.ts). The project's reports
// wait meanwhile; raising goes through AlertsService, serialized per (configuration, target) with every
// other evaluation on any instance, so an alert raised here and elsewhere at the same time exists once.
@Injectable()
export class AlertConfigReconciler {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly deployment: DeploymentReader,
    private readonly alertStore: AlertStore,
    private readonly configStore: AlertConfigStore,
    private readonly decisions: AlertDecisions,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async reconcile(config: ReconciledConfig): Promise<void> {
    const source = alertSourceOf(config.eventTypeName);
    // No report of the project runs meanwhile: the state read below is the latest until this commits, and
    // a report's evaluation and this one never each hold an alert (or its raising lock) the other wants.
    if (config.enabled) await this.deployment.holdReports(config.groupId);
    // As a report's evaluation of these conditions: the members are read after any such evaluation
    // running now has committed. Taken before the alerts' rows, as that evaluation does.
    if (config.enabled && (source === 'REPLICA_SET_STATE' || source === 'CLUSTER_STATE')) {
      await lockDeploymentConditions(this.txHost.tx, config.groupId);
    }
    // Locked, so an alert another evaluation is ending right now (a liveness sweep's HOST_UP, a removed
    // host) is decided after it.
    const held = (await this.alertStore.activeOfConfigForUpdate(config.groupId, config.id)).map(toHeld);
    const facts = config.enabled ? await this.factsFor(config, source) : NO_FACTS;
    const now = this.clock.now();
    const freshSince = new Date(now.getTime() - this.config.alertStaleAfterMinutes * MINUTE_MS);
    for (const decision of reconcileConfig(config, facts, held, now, freshSince)) {
      await this.decisions.apply(decision);
    }
  }

  // One global configuration in several projects, in one transaction: the reports of every project are
  // held first, in project order (two writes meet on the first project they share), then each project's
  // alerts are reconciled as a project configuration's are.
  async reconcileAcross(configs: readonly ReconciledConfig[]): Promise<void> {
    const ordered = [...configs].sort((a, b) => a.groupId.localeCompare(b.groupId));
    for (const config of ordered) if (config.enabled) await this.deployment.holdReports(config.groupId);
    for (const config of ordered) await this.reconcile(config);
  }

  // The engine sweep's second look at the configurations written lately. A report evaluated by an
  // instance whose cache (ALERT_ENGINE_CONFIG_CACHE_MS) still held the configuration as it was, or
  // committed its state while the write was reconciling, decided without the write; once every cache
  // has expired, the configuration is reconciled again. Twice a sweep interval on top of the cache's
  // lifetime, so each write is looked at by at least one sweep after that. Returns how many were.
  async reconcileRecentWrites(): Promise<number> {
    const windowMs = this.config.alertEngineConfigCacheMs + 2 * this.config.alertEngineSweepMs;
    const since = new Date(this.clock.now().getTime() - windowMs);
    const written = await this.txHost.tx.getRepository(AlertConfigEntity).find({
      select: { id: true, groupId: true },
      where: { updated: MoreThanOrEqual(since) },
      order: { updated: 'ASC', id: 'ASC' },
    });
    for (const config of written) await this.reconcileWritten(config.groupId, config.id);
    return written.length;
  }

  // Locked as a write locks it: a PUT or another instance's sweep of the same configuration waits.
  @Transactional()
  private async reconcileWritten(groupId: string, alertConfigId: string): Promise<void> {
    const entity = await this.configStore.find(groupId, alertConfigId, true);
    if (entity) await this.reconcile(entity);
  }

  // Only what the configuration's kind of condition reads.
  private async factsFor(config: ReconciledConfig, source: AlertSource | undefined): Promise<ProjectFacts> {
    const groupId = config.groupId;
    switch (source) {
      case 'METRIC': {
        const metricName = config.metricThreshold?.metricName;
        if (metricName === undefined) return NO_FACTS;
        const hosts = await this.deployment.hosts(groupId);
        const latest = await this.deployment.latestMeasurements(groupId, { metricNames: [metricName] });
        return { hosts, agents: [], latest };
      }
      case 'AGENT_EVENT':
        return { hosts: [], agents: await this.deployment.agents(groupId), latest: [] };
      case 'HOST_EVENT':
      case 'HOST_STATE':
      case 'REPLICA_SET_STATE':
      case 'CLUSTER_STATE':
        return { hosts: await this.deployment.hosts(groupId), agents: [], latest: [] };
      case 'INFORM':
      case undefined:
        return NO_FACTS;
    }
  }
}

function toHeld(alert: AlertEntity): HeldAlert {
  return {
    id: alert.id,
    alertConfigId: alert.alertConfigId,
    targetKey: alert.targetKey,
    status: alert.status as HeldAlert['status'],
    created: alert.created,
    eventTypeName: alert.eventTypeName,
    metricName: alert.metricName,
  };
}
