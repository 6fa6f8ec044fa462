import type { LoggerService, LogLevel as NestLogLevel } from '@nestjs/common';
import { ClsServiceManager } from 'nestjs-cls';
import pino, { type DestinationStream, type Level, type Logger as PinoLogger } from 'pino';
import { redactSecrets, redactText } from './redact';
import { stdoutDestination } from './stdout-destination';

const PINO_LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
// Nest's names for the levels pino calls info and trace.
const NEST_ALIASES: Record<string, Level> = { log: 'info', verbose: 'trace' };

export function toPinoLevel(name: string): Level | 'silent' {
  const lower = name.trim().toLowerCase();
  if (PINO_LEVELS.includes(lower)) return lower as Level | 'silent';
  return NEST_ALIASES[lower] ?? 'info';
}

function currentRequestId(): string | undefined {
  try {
    const cls = ClsServiceManager.getClsService();
    return cls.isActive() ? cls.getId() : undefined;
  } catch {
    return undefined;
  }
}

export function createPinoLogger(level: string, destination?: DestinationStream): PinoLogger {
  return pino(
    {
      level: toPinoLevel(level),
      base: { service: 'deployment-management-service', pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Errors are already serialized (and redacted) by redactSecrets.
      serializers: { err: (value: unknown) => value },
      // Every line written while a request is being handled carries its id (the X-Request-Id).
      mixin: () => {
        const requestId = currentRequestId();
        return requestId === undefined ? {} : { requestId };
      },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

export interface RequestLine {
  requestId: string | undefined;
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  aborted: true | undefined;
}

const STACK_FORMAT = /^.+\n\s+at .+:\d+:\d+/s;

interface Entry {
  fields: Record<string, unknown>;
  msg: string | undefined;
}

function entryOf(message: unknown): Entry {
  if (message instanceof Error)
    return { fields: { err: redactSecrets(message) }, msg: redactText(message.message) };
  if (typeof message === 'object' && message !== null && !Array.isArray(message)) {
    const fields = redactSecrets(message) as Record<string, unknown>;
    const text = fields.msg ?? fields.message;
    delete fields.msg;
    delete fields.message;
    return { fields, msg: typeof text === 'string' || text === undefined ? text : JSON.stringify(text) };
  }
  return {
    fields: {},
    msg: typeof message === 'string' ? redactText(message) : JSON.stringify(redactSecrets(message)),
  };
}

// Nest's LoggerService backed by pino: JSON lines on stdout, secrets masked before anything is written.
// Nest calls log(message, ...extra, context) and error(message, stack?, context?).
export class AppLogger implements LoggerService {
  constructor(private readonly pino: PinoLogger) {}

  // JSON lines on stdout, or human-readable lines when stdout is a terminal (stdout-destination.ts).
  static async create(level: string): Promise<AppLogger> {
    return new AppLogger(createPinoLogger(level, await stdoutDestination()));
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params, true);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params, true);
  }

  // The request line (request-logging.ts): fixed fields, of which only the path is the caller's text. Same
  // output as log/error with context 'HttpRequest' (error from status 500 on).
  requestCompleted(entry: RequestLine): void {
    const level: Level = entry.status >= 500 ? 'error' : 'info';
    if (!this.pino.isLevelEnabled(level)) return;
    this.pino[level](
      {
        requestId: entry.requestId,
        method: entry.method,
        path: redactText(entry.path),
        status: entry.status,
        latencyMs: entry.latencyMs,
        aborted: entry.aborted,
        context: 'HttpRequest',
      },
      'request completed',
    );
  }

  setLogLevels(levels: NestLogLevel[]): void {
    const order: Level[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];
    const enabled = levels
      .map((level) => toPinoLevel(level))
      .filter((level): level is Level => level !== 'silent');
    const lowest = order.find((level) => enabled.includes(level));
    this.pino.level = lowest ?? 'silent';
  }

  private write(level: Level, message: unknown, params: unknown[], mayHaveStack = false): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const rest = [...params];
    let context: string | undefined;
    let stack: string | undefined;
    if (mayHaveStack && rest.length === 1 && typeof rest[0] === 'string' && STACK_FORMAT.test(rest[0])) {
      stack = rest.pop() as string;
    } else if (rest.length > 0 && typeof rest[rest.length - 1] === 'string') {
      context = rest.pop() as string;
    }
    if (
      mayHaveStack &&
      rest.length > 0 &&
      (typeof rest[rest.length - 1] === 'string' || rest[rest.length - 1] === undefined)
    ) {
      stack = (rest.pop() as string | undefined) ?? stack;
    }
    const { fields, msg } = entryOf(message);
    if (context !== undefined) fields.context = context;
    if (stack !== undefined) fields.stack = redactText(stack);
    if (rest.length > 0) fields.extra = redactSecrets(rest);
    this.pino[level](fields, msg);
  }
}
