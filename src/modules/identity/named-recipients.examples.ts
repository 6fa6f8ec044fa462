import { IdentityErrors } from './identity.errors';

// The refusals answered while an alert configuration's notification names the team or user (the alerting
// context checks them in the change's transaction), for the OpenAPI examples.
const CONFIG_PATH = '5e8cc670a16506712e0b1e95/alertConfigs/5e8cc670a16506712e0b1e97';

export const USER_NAMED_REFUSAL = IdentityErrors.USER_NOTIFICATIONS_PRESENT(
  'jane.doe@example.com',
  1,
  CONFIG_PATH,
);
export const TEAM_NAMED_REFUSAL = IdentityErrors.TEAM_NOTIFICATIONS_PRESENT(
  '6b610e1087d9d66b272f0c86',
  1,
  CONFIG_PATH,
);
