export { AutomationModule } from './automation.module';
