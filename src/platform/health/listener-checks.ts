import { Injectable } from '@nestjs/common';

// The connections a context keeps open beside the pool (a LISTEN for invalidations or wake-ups). Each
// owner registers how to tell whether it is connected now; /health/ready reports the ones that are not.
@Injectable()
export class ListenerChecks {
  private readonly probes = new Map<string, () => boolean>();

  register(name: string, connected: () => boolean): void {
    this.probes.set(name, connected);
  }

  disconnected(): string[] {
    return [...this.probes].filter(([, connected]) => !connected()).map(([name]) => name);
  }
}
