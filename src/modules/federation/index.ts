export { FederationModule } from './federation.module';
