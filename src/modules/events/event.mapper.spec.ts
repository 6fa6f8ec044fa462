import { toEventEntity, toEventResponse } from './event.mapper';

const links = [{ href: 'http://localhost/api/public/v1.0/orgs/o/events/e', rel: 'self' }];

describe('event mapper', () => {
  it('should keep only the key actor when an actor names both a key and a user', () => {
    const entity = toEventEntity(
      { eventTypeName: 'X', orgId: '5980cfc70b6d97029d82e3f6' },
      { apiKeyId: '65a50a2e9f1c2b3d4e5f6a01', publicKey: 'abcdefgh', userId: 'u', username: 'n' },
      {},
    );
    expect(entity).toMatchObject({
      apiKeyId: '65a50a2e9f1c2b3d4e5f6a01',
      publicKey: 'abcdefgh',
      userId: null,
      username: null,
    });
    const response = toEventResponse(entity, links, false);
    expect(response).toMatchObject({ apiKeyId: '65a50a2e9f1c2b3d4e5f6a01', publicKey: 'abcdefgh' });
    expect(response).not.toHaveProperty('userId');
    expect(response).not.toHaveProperty('username');
  });

  it('should move alert, alert config and maintenance window ids out of the subject when they are given', () => {
    const entity = toEventEntity(
      {
        eventTypeName: 'X',
        subject: { alertId: 'a'.repeat(24), maintenanceWindowId: 'b'.repeat(24), hostname: 'db.example.com' },
      },
      {},
      {},
    );
    expect(entity).toMatchObject({
      alertId: 'a'.repeat(24),
      maintenanceWindowId: 'b'.repeat(24),
      alertConfigId: null,
    });
    expect(entity.subject).toEqual({ hostname: 'db.example.com' });
  });

  it('should omit absent fields and raw when includeRaw is false', () => {
    const entity = toEventEntity(
      { eventTypeName: 'X', occurredAt: new Date('2024-01-15T10:30:00.999Z') },
      {},
      { a: 1 },
    );
    expect(toEventResponse(entity, links, false)).toEqual({
      id: entity.id,
      eventTypeName: 'X',
      created: '2024-01-15T10:30:00Z',
      isGlobalAdmin: false,
      links,
    });
    expect(toEventResponse(entity, links, true).raw).toEqual({ a: 1 });
  });

  it('should leave out subject keys that are not Event fields when they were stored', () => {
    const entity = toEventEntity({ eventTypeName: 'X', subject: { hostname: 'h' } }, {}, {});
    const response = toEventResponse(
      { ...entity, subject: { hostname: 'h', internalNote: 'x' } },
      links,
      false,
    );
    expect(response).toMatchObject({ hostname: 'h' });
    expect(response).not.toHaveProperty('internalNote');
  });
});
