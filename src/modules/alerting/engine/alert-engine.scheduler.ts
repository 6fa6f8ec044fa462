import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { GlobalAlertConfigsService } from '../global-alert-configs/global-alert-configs.service';
import { AlertConfigReconciler } from './alert-config-reconciler';
import { AlertEngine } from './alert-engine.service';
import { StaleMetricAlerts } from './stale-metric-alerts';

// The engine's sweep every ALERT_ENGINE_SWEEP_MS, then the second look at the configurations (project and
// global) written lately, then the cancellation of stale metric alerts; 0 disables the timer (tests call each with a
// manual clock). Safe on several instances at once.
@Injectable()
export class AlertEngineScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AlertEngineScheduler.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly engine: AlertEngine,
    private readonly stale: StaleMetricAlerts,
    private readonly reconciler: AlertConfigReconciler,
    private readonly globalConfigs: GlobalAlertConfigsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const ms = this.config.alertEngineSweepMs;
    if (ms === 0) return;
    let running = false;
    this.timer = setInterval(() => {
      if (running) return;
      running = true;
      this.engine
        .runSweep()
        .then(() => this.reconciler.reconcileRecentWrites())
        .then(() => this.globalConfigs.reconcileRecentWrites())
        .then(() => this.stale.runSweep())
        .catch((error: unknown) => this.logger.error({ msg: 'alert engine sweep failed', err: error }))
        .finally(() => {
          running = false;
        });
    }, ms);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
