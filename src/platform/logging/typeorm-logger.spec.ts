import { Logger } from '@nestjs/common';
import { AppLogger, createPinoLogger } from './app-logger';
import { TypeOrmLogger } from './typeorm-logger';

describe('TypeOrmLogger', () => {
  it('should log a failed query without its parameters when a statement fails', () => {
    const lines: string[] = [];
    Logger.overrideLogger(
      new AppLogger(createPinoLogger('debug', { write: (line: string) => void lines.push(line) })),
    );
    try {
      new TypeOrmLogger().logQueryError(
        new Error('duplicate key value violates unique constraint "api_keys_public_key_key"'),
        'INSERT INTO "api_keys"("public_key", "ha1_md5") VALUES ($1, $2)',
      );
    } finally {
      Logger.overrideLogger(false);
    }
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 'debug',
      context: 'TypeORM',
      msg: 'query failed',
      query: 'INSERT INTO "api_keys"("public_key", "ha1_md5") VALUES ($1, $2)',
      err: { message: 'duplicate key value violates unique constraint "api_keys_public_key_key"' },
    });
  });
});
