import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeletedProjectEntity } from './deleted-project.entity';
import { EventEntity } from './event.entity';
import { EventStore } from './event.store';
import { EventsGroupDeletedListener } from './group-deleted.listener';
import { EventRecorder } from './event-recorder.listener';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

// The audit backbone: records every domain event in its publisher's transaction and serves the
// project and organization event lists (an organization's includes its deleted projects' events).
// Other contexts publish through EventPublisher only.
@Module({
  imports: [TypeOrmModule.forFeature([EventEntity, DeletedProjectEntity])],
  controllers: [EventsController],
  providers: [EventRecorder, EventsService, EventStore, EventsGroupDeletedListener],
})
export class EventsModule {}
