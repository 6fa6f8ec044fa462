export { DeliveriesModule } from './deliveries.module';
