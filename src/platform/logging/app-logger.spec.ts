import { Logger } from '@nestjs/common';
import { AppLogger, createPinoLogger, toPinoLevel } from './app-logger';

function capture(level = 'info'): { logger: AppLogger; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const logger = new AppLogger(
    createPinoLogger(level, { write: (chunk: string) => void chunks.push(chunk) }),
  );
  return { logger, lines: () => chunks.map((chunk) => JSON.parse(chunk) as Record<string, unknown>) };
}

describe('AppLogger', () => {
  it('should write one JSON line with level, context and fields when Nest logs an object', () => {
    const { logger, lines } = capture();
    logger.log({ msg: 'request completed', status: 200, method: 'GET' }, 'HttpRequest');
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'request completed',
        context: 'HttpRequest',
        status: 200,
        method: 'GET',
      }),
    ]);
    expect(typeof lines()[0].time).toBe('string');
  });

  it('should write the request line exactly as a Nest Logger call with its context would', () => {
    for (const status of [200, 503]) {
      const line = {
        requestId: 'r-1',
        method: 'GET',
        path: '/x/postgres://u:pw@h/db',
        status,
        latencyMs: 1.25,
        aborted: undefined,
      };
      const viaNest = capture();
      const direct = capture();
      const nest = new Logger('HttpRequest');
      Logger.overrideLogger(viaNest.logger);
      if (status >= 500) nest.error({ msg: 'request completed', ...line });
      else nest.log({ msg: 'request completed', ...line });
      direct.logger.requestCompleted(line);
      const withoutTime = (entries: Array<Record<string, unknown>>) =>
        entries.map(({ time: _time, ...rest }) => JSON.stringify(rest));
      expect(withoutTime(direct.lines())).toEqual(withoutTime(viaNest.lines()));
      expect(JSON.stringify(direct.lines())).not.toContain('pw@');
    }
  });

  it('should never write a secret when a message carries credentials', () => {
    const { logger, lines } = capture();
    logger.warn(
      { msg: 'oops', request: { headers: { authorization: 'Digest response="abc"' } }, privateKey: 'pk-123' },
      'X',
    );
    logger.error('failed to reach postgres://postgres:hunter2@db:5432/dms', undefined, 'Db');
    const text = JSON.stringify(lines());
    expect(text).not.toContain('pk-123');
    expect(text).not.toContain('response="abc"');
    expect(text).not.toContain('hunter2');
  });

  it('should keep the stack when Nest logs an error with a stack and a context', () => {
    const { logger, lines } = capture();
    const error = new Error('boom');
    logger.error('unexpected', error.stack, 'Filter');
    expect(lines()[0]).toMatchObject({ level: 'error', msg: 'unexpected', context: 'Filter' });
    expect(String(lines()[0].stack)).toContain('Error: boom');
  });

  it('should serialize an error passed as the err field when the filter logs a 500', () => {
    const { logger, lines } = capture();
    logger.error(
      { msg: 'unexpected error', reference: 'r-1', err: new TypeError('bad') },
      undefined,
      'ApiErrorFilter',
    );
    expect(lines()[0]).toMatchObject({
      msg: 'unexpected error',
      reference: 'r-1',
      context: 'ApiErrorFilter',
      err: { type: 'TypeError', message: 'bad' },
    });
  });

  it('should drop messages below the configured level when LOG_LEVEL is warn', () => {
    const { logger, lines } = capture('warn');
    logger.log('hidden');
    logger.debug('hidden');
    logger.warn('shown');
    expect(lines().map((line) => line.msg)).toEqual(['shown']);
  });

  it('should route the static Nest Logger through pino when installed as the app logger', () => {
    const { logger, lines } = capture();
    Logger.overrideLogger(logger);
    try {
      new Logger('Bootstrap').log('listening');
    } finally {
      Logger.overrideLogger(false);
    }
    expect(lines()[0]).toMatchObject({ msg: 'listening', context: 'Bootstrap' });
  });

  it('should map Nest level names to pino levels when reading LOG_LEVEL', () => {
    expect([
      toPinoLevel('log'),
      toPinoLevel('verbose'),
      toPinoLevel('WARN'),
      toPinoLevel('nonsense'),
    ]).toEqual(['info', 'trace', 'warn', 'info']);
  });
});
