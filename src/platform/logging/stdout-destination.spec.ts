import { PassThrough } from 'node:stream';
import { AppLogger, createPinoLogger } from './app-logger';
import { stdoutDestination } from './stdout-destination';

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

async function written(isTerminal: boolean, log: (logger: AppLogger) => void): Promise<string> {
  const output = new PassThrough();
  const chunks: string[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  log(new AppLogger(createPinoLogger('info', await stdoutDestination(isTerminal, output))));
  await new Promise((resolve) => setImmediate(resolve));
  return chunks.join('').replace(ANSI, '');
}

describe('stdoutDestination', () => {
  it('should write one JSON object per line when stdout is not a terminal', async () => {
    const text = await written(false, (logger) =>
      logger.log({ msg: 'request completed', status: 200 }, 'Http'),
    );
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 'info',
      msg: 'request completed',
      context: 'Http',
      status: 200,
    });
  });

  it('should write a readable line with level, context and message when stdout is a terminal', async () => {
    const text = await written(true, (logger) => logger.warn({ msg: 'slow query', latencyMs: 812 }, 'Db'));
    const [first, ...rest] = text.trimEnd().split('\n');
    expect(first).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] WARN: \[Db\] slow query$/);
    expect(rest.join('\n')).toContain('latencyMs: 812');
    expect(() => JSON.parse(first)).toThrow();
  });

  it('should still mask secrets when stdout is a terminal', async () => {
    const text = await written(true, (logger) =>
      logger.error(
        { msg: 'call failed', privateKey: 'pk-123', url: 'postgres://u:hunter2@db/x' },
        undefined,
        'X',
      ),
    );
    expect(text).toContain('call failed');
    expect(text).not.toContain('pk-123');
    expect(text).not.toContain('hunter2');
  });
});
