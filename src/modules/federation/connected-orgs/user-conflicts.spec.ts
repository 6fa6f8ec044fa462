import { userConflicts } from './user-conflicts';

const FEDERATION = '5e8cc670a16506712e0b1e95';
const user = (id: string, username: string, emailAddress: string | null = null) => ({
  id,
  username,
  firstName: 'Jane',
  lastName: 'Doe',
  emailAddress,
});

describe('userConflicts', () => {
  it('should list the users whose e-mail domain is not allowed when some are outside the list', () => {
    const users = [user('u1', 'jane@example.com'), user('u2', 'bob@other.org', 'bob@other.org')];
    expect(userConflicts(users, ['example.com'], FEDERATION)).toEqual([
      {
        emailAddress: 'bob@other.org',
        federationSettingsId: FEDERATION,
        firstName: 'Jane',
        lastName: 'Doe',
        userId: 'u2',
      },
    ]);
  });

  it('should compare domains without case and require an exact domain when subdomains are used', () => {
    const users = [user('u1', 'Jane@EXAMPLE.com'), user('u2', 'ann@eu.example.com')];
    expect(userConflicts(users, ['Example.COM'], FEDERATION).map((c) => c.userId)).toEqual(['u2']);
  });

  it('should fall back to emailAddress when the username is not an e-mail, and flag a user with neither', () => {
    const users = [user('u1', 'jane', 'jane@example.com'), user('u2', 'bob')];
    expect(userConflicts(users, ['example.com'], FEDERATION)).toEqual([
      {
        emailAddress: 'bob',
        federationSettingsId: FEDERATION,
        firstName: 'Jane',
        lastName: 'Doe',
        userId: 'u2',
      },
    ]);
  });

  it('should flag every user when the allow list is empty', () => {
    expect(userConflicts([user('u1', 'jane@example.com')], [], FEDERATION)).toHaveLength(1);
  });
});
