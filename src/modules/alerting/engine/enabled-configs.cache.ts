import { Inject, Injectable } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { DomainEventOf } from '../../../platform/events/domain-event';
import { OnDomainEvent } from '../../../platform/events/on-domain-event';
import { AlertConfigEventTypes } from '../alerting.events';
import { AlertConfigsService } from '../alert-configs/alert-configs.service';
import type { AlertConfigDefinition } from '../alert-configs/alert-config.types';
import { GlobalAlertConfigDefinitions } from '../global-alert-configs/global-alert-config-definitions';

interface Entry {
  loadedAt: number;
  configs: AlertConfigDefinition[];
}

// A project's enabled configurations (its own and the global ones that apply to it), read once per report and kept for ALERT_ENGINE_CONFIG_CACHE_MS.
// A change made on this instance drops the entry at once; another instance's change is seen when the
// entry expires (real time, not the injectable clock: it bounds staleness between instances).
@Injectable()
export class EnabledConfigsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly alertConfigs: AlertConfigsService,
    private readonly globalConfigs: GlobalAlertConfigDefinitions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async of(groupId: string): Promise<AlertConfigDefinition[]> {
    const entry = this.entries.get(groupId);
    const now = performance.now();
    if (entry && now - entry.loadedAt < this.config.alertEngineConfigCacheMs) return entry.configs;
    // The project's own configurations, then the global ones that apply to it.
    const configs = [
      ...(await this.alertConfigs.enabledConfigsOf(groupId)),
      ...(await this.globalConfigs.enabledFor(groupId)),
    ];
    if (this.config.alertEngineConfigCacheMs > 0) this.entries.set(groupId, { loadedAt: now, configs });
    return configs;
  }

  invalidate(groupId: string): void {
    this.entries.delete(groupId);
  }

  @OnDomainEvent(AlertConfigEventTypes.ALERT_CONFIG_ADDED_AUDIT)
  @OnDomainEvent(AlertConfigEventTypes.ALERT_CONFIG_CHANGED_AUDIT)
  @OnDomainEvent(AlertConfigEventTypes.ALERT_CONFIG_DELETED_AUDIT)
  @OnDomainEvent(AlertConfigEventTypes.ALERT_CONFIG_ENABLED_AUDIT)
  @OnDomainEvent(AlertConfigEventTypes.ALERT_CONFIG_DISABLED_AUDIT)
  onConfigChanged(
    event: DomainEventOf<
      | 'ALERT_CONFIG_ADDED_AUDIT'
      | 'ALERT_CONFIG_CHANGED_AUDIT'
      | 'ALERT_CONFIG_DELETED_AUDIT'
      | 'ALERT_CONFIG_ENABLED_AUDIT'
      | 'ALERT_CONFIG_DISABLED_AUDIT'
    >,
  ): void {
    // A global configuration's event names no project: it may apply to any.
    if (event.groupId !== undefined) this.invalidate(event.groupId);
    else this.entries.clear();
  }
}
