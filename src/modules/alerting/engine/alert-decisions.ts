import { Injectable } from '@nestjs/common';
import { DeferredWork } from '../../../platform/events/deferred-work';
import type { NewAlert } from '../alerts/alert-details';
import { AlertsService, type NewRaise } from '../alerts/alerts.service';
import type { Decision } from './alert-evaluator';

// Applies the engine's decisions in the caller's transaction, whichever evaluation made them (a report,
// an automation event, the reconciliation of a configuration just written). Inside a batch of deferred
// work (an agent report's), the alerts to raise wait for its end and are raised together.
@Injectable()
export class AlertDecisions {
  constructor(
    private readonly alerts: AlertsService,
    private readonly deferred: DeferredWork,
  ) {}

  async apply(decision: Decision): Promise<void> {
    switch (decision.kind) {
      case 'open':
      case 'track':
        return this.raise(decision.kind, decision.alert);
      case 'promote':
        await this.alerts.promote(decision.alertId);
        return;
      case 'close':
        await this.alerts.close(decision.alertId);
        return;
      case 'cancel':
        await this.alerts.cancel(decision.alertId);
        return;
    }
  }

  // The slot may have been taken since it was read (an event raised twice, another instance's report, a
  // configuration reconciled at the same time); the alert stands as it is: raiseMany skips it before
  // writing anything, so the transaction goes on.
  private async raise(kind: 'open' | 'track', alert: NewAlert): Promise<void> {
    const raise: NewRaise = { alert, status: kind === 'open' ? 'OPEN' : 'TRACKING' };
    const raiseAll = (raises: NewRaise[]) => this.alerts.raiseMany(raises).then(() => undefined);
    if (!this.deferred.collect('alerting:raise', raise, raiseAll)) await raiseAll([raise]);
  }
}
