import { call } from '../../support/digest-client';
import { startTestApp } from '../../support/test-app';
describe('GET /docs-json', () => {
  it('should validate', async () => {
    const t = await startTestApp();
    const doc = await call('GET', `${t.baseUrl}/docs-json`);
    const SwaggerParser = require('@apidevtools/swagger-parser');
    await SwaggerParser.validate(JSON.parse(JSON.stringify(doc.body)));
    process.stdout.write('VALID ' + Object.keys(doc.body.paths).filter((p) => p.includes('events')).join(',') + '\n');
    await t.close();
  });
});
