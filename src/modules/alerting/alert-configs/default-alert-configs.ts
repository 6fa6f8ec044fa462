import type { AlertConfigInput } from './alert-config.types';

// The configurations Ops Manager creates for every new project ("Manage Alert Configurations", OM 4.2+:
// "Host's SSL certificate will expire within 30 days" and "Monitoring is down"; the Backup ones are only
// added once Backup is enabled, which this service does not offer). The product does not document their
// notification; ours e-mails the project owners, at once and then hourly.
const PROJECT_OWNERS_BY_EMAIL = {
  typeName: 'GROUP',
  emailEnabled: true,
  smsEnabled: false,
  roles: ['GROUP_OWNER'],
  delayMin: 0,
  intervalMin: 60,
};

export const DEFAULT_ALERT_CONFIGS: readonly AlertConfigInput[] = [
  { eventTypeName: 'HOST_SSL_CERTIFICATE_STALE', enabled: true, notifications: [PROJECT_OWNERS_BY_EMAIL] },
  { eventTypeName: 'MONITORING_AGENT_DOWN', enabled: true, notifications: [PROJECT_OWNERS_BY_EMAIL] },
];
