import { call } from '../../support/digest-client';
import { startTestApp } from '../../support/test-app';
describe('GET /docs-json', () => {
  it('should print', async () => {
    const t = await startTestApp();
    const doc = await call('GET', `${t.baseUrl}/docs-json`);
    const paths = Object.entries(doc.body.paths).filter(([p]) => p.includes('events'));
    process.stdout.write(JSON.stringify(paths, null, 1).slice(0, 5000) + '\n');
    const SwaggerParser = require('@apidevtools/swagger-parser');
    await SwaggerParser.validate(JSON.parse(JSON.stringify(doc.body)));
    process.stdout.write('VALID\n');
    await t.close();
  });
});
