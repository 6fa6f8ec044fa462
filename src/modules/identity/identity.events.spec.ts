import { Injectable } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { Test } from '@nestjs/testing';
import type { DomainEvent, DomainEventOf } from '../../platform/events/domain-event';
import { EventPublisher } from '../../platform/events/event-publisher';
import { OnDomainEvent } from '../../platform/events/on-domain-event';
import { IdentityEventTypes } from './identity.events';

@Injectable()
class GroupDeletedProbe {
  readonly received: Array<DomainEventOf<'GROUP_DELETED'>> = [];

  @OnDomainEvent(IdentityEventTypes.GROUP_DELETED, { suppressErrors: false })
  onGroupDeleted(event: DomainEventOf<'GROUP_DELETED'>): void {
    this.received.push(event);
  }
}

// Never called: tsc (and ts-jest) fail if an expected error disappears, so the event map keeps both
// sides checked.
export function typeChecks(publisher: EventPublisher): void {
  // @ts-expect-error GROUP_DELETED requires its raw (GroupDeletedRaw).
  void publisher.publish({ eventTypeName: IdentityEventTypes.GROUP_DELETED, groupId: 'g' });
  // @ts-expect-error the raw of USER_DELETED is { targetUserId }.
  void publisher.publish({ eventTypeName: IdentityEventTypes.USER_DELETED, raw: { userId: 'u' } });

  class WrongListener {
    // @ts-expect-error a GROUP_DELETED handler cannot take USER_CREATED events.
    @OnDomainEvent(IdentityEventTypes.GROUP_DELETED)
    onGroupDeleted(event: DomainEventOf<'USER_CREATED'>): string {
      return event.raw.username;
    }
  }
  void WrongListener;
}

describe('OnDomainEvent', () => {
  it('should hand the published event with its typed raw to the listener of its name when published', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [EventEmitterModule.forRoot({ wildcard: true, delimiter: '.', ignoreErrors: false })],
      providers: [GroupDeletedProbe, EventPublisher],
    }).compile();
    await moduleRef.init();
    const probe = moduleRef.get(GroupDeletedProbe);
    const publisher = moduleRef.get(EventPublisher);

    await publisher.publish({
      eventTypeName: IdentityEventTypes.USER_DELETED,
      raw: { targetUserId: 'u1' },
    });
    await publisher.publish({
      eventTypeName: IdentityEventTypes.GROUP_DELETED,
      groupId: 'g1',
      raw: { groupId: 'g1', orgId: 'o1', name: 'Project' },
    });

    // A typed event is still a DomainEvent, for code that takes any event.
    const received: DomainEvent[] = probe.received;
    expect(received).toHaveLength(1);
    expect(probe.received[0].raw).toEqual({ groupId: 'g1', orgId: 'o1', name: 'Project' });
    await moduleRef.close();
  });
});
