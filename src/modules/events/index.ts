export { EventsModule } from './events.module';
