import { Injectable } from '@nestjs/common';
import { DuplicateActiveAlertError, type NewAlert } from '../alerts/alert-details';
import { AlertsService } from '../alerts/alerts.service';
import type { Decision } from './alert-evaluator';

// Applies the engine's decisions in the caller's transaction, whichever evaluation made them (a report,
// an automation event, the reconciliation of a configuration just written).
@Injectable()
export class AlertDecisions {
  constructor(private readonly alerts: AlertsService) {}

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
  // configuration reconciled at the same time); the alert stands as it is. AlertsService refuses before
  // writing anything, so the transaction goes on.
  private async raise(kind: 'open' | 'track', alert: NewAlert): Promise<void> {
    try {
      if (kind === 'open') await this.alerts.open(alert);
      else await this.alerts.track(alert);
    } catch (error) {
      if (!(error instanceof DuplicateActiveAlertError)) throw error;
    }
  }
}
