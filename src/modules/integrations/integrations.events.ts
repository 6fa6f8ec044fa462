// Audit events of this context (Atlas names): POST and PUT -> CONFIGURED, DELETE -> REMOVED.
// `raw` carries only the integration type, never a setting: settings hold secrets.
export const IntegrationEventTypes = {
  INTEGRATION_CONFIGURED: 'INTEGRATION_CONFIGURED',
  INTEGRATION_REMOVED: 'INTEGRATION_REMOVED',
} as const;

export interface IntegrationEventRaw {
  integrationType: string;
}

declare module '../../platform/events/domain-event' {
  interface DomainEventRawMap {
    INTEGRATION_CONFIGURED: IntegrationEventRaw;
    INTEGRATION_REMOVED: IntegrationEventRaw;
  }
}
