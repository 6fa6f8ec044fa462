import { OnEvent } from '@nestjs/event-emitter';
import { domainEventChannel, type DomainEventName, type DomainEventOf } from './domain-event';

// @OnEvent on `domain.<name>` for a name of the event map: the compiler refuses a handler whose parameter
// does not accept that event (its mapped `raw` included), so a listener never casts `event.raw`.
export function OnDomainEvent<K extends DomainEventName>(
  eventTypeName: K,
  options?: Parameters<typeof OnEvent>[1],
) {
  return <T extends (event: DomainEventOf<K>) => unknown>(
    target: object,
    propertyKey: string | symbol,
    descriptor: TypedPropertyDescriptor<T>,
  ): void => {
    OnEvent(domainEventChannel(eventTypeName), options)(target, propertyKey, descriptor);
  };
}
