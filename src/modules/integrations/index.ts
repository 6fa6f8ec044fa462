export { IntegrationsModule } from './integrations.module';
