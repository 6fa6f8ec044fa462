import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleDestroy,
} from '@nestjs/common';
import type { AppConfig } from '../../platform/config/app-config';
import { APP_CONFIG } from '../../platform/config/config.module';
import { NotificationPolicy } from './policy/notification-policy';
import { DeliveryWorker } from './queue/delivery-worker';

// The delivery worker every DELIVERY_POLL_MS and the notification sweep every NOTIFICATION_SWEEP_MS;
// 0 disables a timer (tests call runDue / runSweep). Both are safe on several instances at once.
// On shutdown (SIGTERM) the worker stops claiming before the HTTP server drains, and the calls already
// made are recorded while the database is still open: what is queued stays queued, unleased, for the next
// instance, instead of being claimed by a process about to close its pool (which would leave the rows
// leased until DELIVERY_LEASE_MS lapses).
const IN_FLIGHT_WAIT_MS = 5000;

@Injectable()
export class DeliveriesScheduler implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger(DeliveriesScheduler.name);
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly worker: DeliveryWorker,
    private readonly policy: NotificationPolicy,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.every(this.config.notificationSweepMs, 'notification sweep', () => this.policy.runSweep());
    // fill() returns once the claim is made, not when the calls end: a poll never waits behind a slow
    // receiver, so deliveries that become due are claimed into free slots on the next tick.
    this.every(this.config.deliveryPollMs, 'delivery worker', () => this.worker.fill());
  }

  // Nest runs destroy hooks before it closes the HTTP server and the database (shutdown hooks).
  // Bounded below main.ts's shutdown timeout: a receiver that hangs past it leaves its row leased, and
  // the lease lapsing repeats that one call (at-least-once).
  async onModuleDestroy(): Promise<void> {
    this.clearTimers();
    this.worker.stop();
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise((done) => {
      timer = setTimeout(done, IN_FLIGHT_WAIT_MS);
    });
    await Promise.race([Promise.all([Promise.allSettled([...this.inFlight]), this.worker.idle()]), bound]);
    clearTimeout(timer);
  }

  onApplicationShutdown(): void {
    this.clearTimers();
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
  }

  private every(ms: number, name: string, job: () => Promise<unknown>): void {
    if (ms === 0) return;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      const run = job()
        .catch((error: unknown) => this.logger.error({ msg: `${name} failed`, err: error }))
        .finally(() => {
          running = false;
          this.inFlight.delete(run);
        });
      this.inFlight.add(run);
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }
}
