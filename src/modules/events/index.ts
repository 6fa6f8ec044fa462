export { EventsModule } from './events.module';
export { EventResponse, EventListResponse } from './dto/event.response';
