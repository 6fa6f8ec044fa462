export { IntegrationsModule } from './integrations.module';
// For the delivery side: IntegrationsService.configuredFor(groupId, type) gives one configuration with
// its secrets in clear (internal use only; never return it over HTTP).
export { IntegrationsService } from './configurations/integrations.service';
export type { IntegrationSettings } from './configurations/integration-settings';
export {
  INTEGRATION_TYPES,
  isIntegrationType,
  type IntegrationType,
} from './configurations/integration-types';
export { IntegrationEventTypes } from './integrations.events';
