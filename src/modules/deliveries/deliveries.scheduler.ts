import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../platform/config/app-config';
import { APP_CONFIG } from '../../platform/config/config.module';
import { ChannelListener } from '../../platform/database/channel-listener';
import { ListenerChecks } from '../../platform/health/listener-checks';
import { GroupFlusher } from './grouping/group-flusher';
import { NotificationPolicy } from './policy/notification-policy';
import { DELIVERY_DUE_CHANNEL } from './queue/delivery-due-signal.store';
import { DeliveryWorker } from './queue/delivery-worker';

// The delivery worker every DELIVERY_POLL_MS, the notification sweep every NOTIFICATION_SWEEP_MS and the
// notification groups' flush every NOTIFICATION_GROUP_FLUSH_MS;
// 0 disables a timer (tests call runDue / runSweep). Both are safe on several instances at once.
// While the worker's timer runs, a committed delivery also wakes it at once (LISTEN on
// DELIVERY_DUE_CHANNEL, DELIVERY_WAKE_ON_COMMIT): the poll is the fallback for retries that fall due later
// and for wake-ups lost with the listening connection (which is replaced, and then triggers one run).
// A wake-up during a run makes the run go round once more, so nothing committed meanwhile waits for the poll.
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
  private listener: ChannelListener | undefined;

  constructor(
    private readonly worker: DeliveryWorker,
    private readonly policy: NotificationPolicy,
    private readonly groups: GroupFlusher,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly listenerChecks: ListenerChecks,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.every(this.config.notificationSweepMs, 'notification sweep', () => this.policy.runSweep());
    this.every(this.config.notificationGroupFlushMs, 'notification groups', () => this.groups.runDue());
    // fill() returns once the claim is made, not when the calls end: a poll never waits behind a slow
    // receiver, so deliveries that become due are claimed into free slots on the next tick or wake-up.
    const kick = this.every(this.config.deliveryPollMs, 'delivery worker', () => this.worker.fill());
    if (kick === undefined || !this.config.deliveryWakeOnCommit) return;
    this.listener = new ChannelListener(this.dataSource, DELIVERY_DUE_CHANNEL, 'dms-delivery-wakeup', {
      onNotify: kick,
      onListening: kick,
    });
    this.listenerChecks.register('deliveries', () => this.wakesOnCommit);
    await this.listener.start();
  }

  // Whether committed deliveries wake the worker right now (for health checks and tests).
  get wakesOnCommit(): boolean {
    return this.listener?.listening ?? false;
  }

  // Nest runs destroy hooks before it closes the HTTP server and the database (shutdown hooks).
  // Bounded below main.ts's shutdown timeout: a receiver that hangs past it leaves its row leased, and
  // the lease lapsing repeats that one call (at-least-once).
  async onModuleDestroy(): Promise<void> {
    this.clearTimers();
    await this.listener?.stop();
    this.worker.stop();
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise((done) => {
      timer = setTimeout(done, IN_FLIGHT_WAIT_MS);
    });
    await Promise.race([Promise.all([Promise.allSettled([...this.inFlight]), this.worker.idle()]), bound]);
    clearTimeout(timer);
  }

  async onApplicationShutdown(): Promise<void> {
    this.clearTimers();
    await this.listener?.stop();
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
  }

  // Runs `job` every `ms`, one run at a time; returns a kick that runs it now (or once more right after
  // the run in progress). undefined when the timer is off.
  private every(ms: number, name: string, job: () => Promise<unknown>): (() => void) | undefined {
    if (ms === 0) return undefined;
    let running = false;
    let again = false;
    const run = (): void => {
      if (this.timers.length === 0) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      again = false;
      const work = job()
        .catch((error: unknown) => this.logger.error({ msg: `${name} failed`, err: error }))
        .finally(() => {
          running = false;
          this.inFlight.delete(work);
          if (again) run();
        });
      this.inFlight.add(work);
    };
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.push(timer);
    return run;
  }
}
