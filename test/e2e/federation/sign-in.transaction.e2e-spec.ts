import { Client } from 'pg';
import {
  expectUnexpectedError,
  installEventWriteFailure,
  whileEventWriteFails,
} from '../../support/event-write-failure';
import { sql } from './federation.fixture';
import {
  craftResponse,
  issuedRequestId,
  person,
  postToAcs,
  rolesOf,
  startSignInWorld,
  type SignInWorld,
} from './saml-idp.fixture';

// A sign-in is one transaction: the user, its roles, their events, FEDERATED_SIGN_IN and the session
// are written together or not at all.
describe('POST /sso/saml2/{identityProviderId} (transaction)', () => {
  let s: SignInWorld;
  let db: Client;

  beforeAll(async () => {
    s = await startSignInWorld(person());
    db = new Client({ connectionString: s.t.databaseUrl });
    await db.connect();
    await installEventWriteFailure(db);
  });

  afterAll(async () => {
    await db.end();
    await s.idp.close();
    await s.t.close();
  });

  for (const eventTypeName of ['USER_CREATED', 'JOINED_GROUP', 'FEDERATED_SIGN_IN']) {
    it(`should leave no user, role or session behind when ${eventTypeName} cannot be written`, async () => {
      const ada = person();
      const xml = await craftResponse(s.idp, { inResponseTo: await issuedRequestId(s.t, ada.email) }, ada);
      const response = await whileEventWriteFails(db, eventTypeName, () =>
        postToAcs(s.t.baseUrl, s.provider.oktaIdpId, xml),
      );
      expectUnexpectedError(response);
      expect(await sql(s.t, 'SELECT 1 FROM users WHERE username = $1', [ada.email])).toEqual([]);
      expect(await rolesOf(s.t, ada.email)).toEqual([]);
      expect(await sql(s.t, 'SELECT 1 FROM browser_sessions WHERE username = $1', [ada.email])).toEqual([]);
    });
  }
});
