import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../platform/config/app-config';
import { APP_CONFIG } from '../../platform/config/config.module';
import { NotificationPolicy } from './policy/notification-policy';
import { DeliveryWorker } from './queue/delivery-worker';

// The delivery worker every DELIVERY_POLL_MS and the notification sweep every NOTIFICATION_SWEEP_MS;
// 0 disables a timer (tests call runDue / runSweep). Both are safe on several instances at once.
@Injectable()
export class DeliveriesScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DeliveriesScheduler.name);
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly worker: DeliveryWorker,
    private readonly policy: NotificationPolicy,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.every(this.config.notificationSweepMs, 'notification sweep', () => this.policy.runSweep());
    this.every(this.config.deliveryPollMs, 'delivery worker', () => this.worker.runDue());
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
  }

  private every(ms: number, name: string, job: () => Promise<unknown>): void {
    if (ms === 0) return;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      job()
        .catch((error: unknown) => this.logger.error({ msg: `${name} failed`, err: error }))
        .finally(() => {
          running = false;
        });
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }
}
