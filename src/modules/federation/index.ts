export { FederationModule } from './federation.module';
export { FederationEventTypes } from './federation.events';
