import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../platform/config/app-config';
import { APP_CONFIG } from '../../platform/config/config.module';
import { AgentLivenessService } from './agents/agent-liveness.service';
import { MeasurementPartitions } from './measurements/measurement-partitions';

// Background jobs of the context: the liveness sweep every AGENT_SWEEP_INTERVAL_SECONDS, and every few
// minutes the measurement partitions: the next one made ahead of time, the expired ones dropped. AGENT_SWEEP_INTERVAL_SECONDS=0 runs neither (tests call them directly).
// Both are safe to run on several instances at once.
@Injectable()
export class AutomationScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AutomationScheduler.name);
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly liveness: AgentLivenessService,
    private readonly partitions: MeasurementPartitions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.agentSweepIntervalSeconds === 0) return;
    this.every(this.config.agentSweepIntervalSeconds * 1000, 'liveness sweep', () => this.liveness.sweep());
    // Apart: a drop waiting for long reads to end must not hold up the making of the next partition.
    this.every(this.partitions.upkeepIntervalMs(), 'measurement partitions ahead', () =>
      this.partitions.ensureAhead(),
    );
    this.every(this.partitions.upkeepIntervalMs(), 'measurement retention', () => this.partitions.prune());
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
  }

  private every(ms: number, name: string, job: () => Promise<unknown>): void {
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
