import { EventsSchema1795300000000 } from './1795300000000-events';
import { IdentitySchema1795300001000 } from './1795300001000-identity';
import { AccessListsSchema1795300002000 } from './1795300002000-access-lists';
import { AuthSchema1795300003000 } from './1795300003000-auth';
import { AlertConfigsSchema1795300004000 } from './1795300004000-alert-configs';
import { AlertsSchema1795300005000 } from './1795300005000-alerts';
import { IntegrationsSchema1795300006000 } from './1795300006000-integrations';
import { DeliveriesSchema1795300007000 } from './1795300007000-deliveries';
import { AutomationSchema1795300008000 } from './1795300008000-automation';
import { FederationSchema1795300009000 } from './1795300009000-federation';
import { RateLimitsSchema1795300010000 } from './1795300010000-rate-limits';
import { EventCountsSchema1795300011000 } from './1795300011000-event-counts';
import { EventCountsAtCommit1795300012000 } from './1795300012000-event-counts-at-commit';
import { SealedCredentials1795300200000 } from './1795300200000-sealed-credentials';
import { AuthFailures1795300201000 } from './1795300201000-auth-failures';
import { TeamsAndMembership1795301500000 } from './1795301500000-teams-and-membership';
import { HostFacts1795301600000 } from './1795301600000-host-facts';
import { InformSchedules1795301601000 } from './1795301601000-inform-schedules';
import { ScopedMaintenanceWindows1795301700000 } from './1795301700000-scoped-maintenance-windows';
import { ProjectTags1795302100000 } from './1795302100000-project-tags';
import { DeletedProjectEvents1795302101000 } from './1795302101000-deleted-project-events';
import { SuppressedDeliveries1795302300000 } from './1795302300000-suppressed-deliveries';
import { LatestMeasurementsFillfactor1795302400000 } from './1795302400000-latest-measurements-fillfactor';
import { ApiKeyOwner1795302500000 } from './1795302500000-api-key-owner';
import { DeliveryOrg1795302560000 } from './1795302560000-delivery-org';
import { ReportedHostAndUserFields1795302600000 } from './1795302600000-reported-host-and-user-fields';
import { Invitations1795302700000 } from './1795302700000-invitations';
import { RecurringMaintenanceWindows1795302740000 } from './1795302740000-recurring-maintenance-windows';
import { FederatedSignIn1795302800000 } from './1795302800000-federated-sign-in';
import { GlobalAlertConfigs1795302760000 } from './1795302760000-global-alert-configs';
import { NotificationGrouping1795302900000 } from './1795302900000-notification-grouping';
import { GlobalAccessList1795303800000 } from './1795303800000-global-access-list';
import { WideMeasurements1795303900000 } from './1795303900000-wide-measurements';
import { HostsSetMembers1795304000000 } from './1795304000000-hosts-set-members';

// Listed explicitly (not globbed) so the app, the CLI and the test harness load the same classes
// whether running from TypeScript or from dist/. Append new migrations in timestamp order.
export const MIGRATIONS = [
  EventsSchema1795300000000,
  IdentitySchema1795300001000,
  AccessListsSchema1795300002000,
  AuthSchema1795300003000,
  AlertConfigsSchema1795300004000,
  AlertsSchema1795300005000,
  IntegrationsSchema1795300006000,
  DeliveriesSchema1795300007000,
  AutomationSchema1795300008000,
  FederationSchema1795300009000,
  RateLimitsSchema1795300010000,
  EventCountsSchema1795300011000,
  EventCountsAtCommit1795300012000,
  SealedCredentials1795300200000,
  AuthFailures1795300201000,
  TeamsAndMembership1795301500000,
  HostFacts1795301600000,
  InformSchedules1795301601000,
  ScopedMaintenanceWindows1795301700000,
  ProjectTags1795302100000,
  DeletedProjectEvents1795302101000,
  SuppressedDeliveries1795302300000,
  LatestMeasurementsFillfactor1795302400000,
  ApiKeyOwner1795302500000,
  DeliveryOrg1795302560000,
  ReportedHostAndUserFields1795302600000,
  Invitations1795302700000,
  RecurringMaintenanceWindows1795302740000,
  GlobalAlertConfigs1795302760000,
  FederatedSignIn1795302800000,
  NotificationGrouping1795302900000,
  GlobalAccessList1795303800000,
  WideMeasurements1795303900000,
  HostsSetMembers1795304000000,
];
