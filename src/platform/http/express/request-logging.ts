import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppLogger, type RequestLine } from '../../logging/app-logger';

// One line per request once the response is done: id, method, path, status, latency. Deliberately no
// headers, no query string and no body: that is where credentials and private keys travel.
// Installed before the rest of the pipeline so that requests refused by authentication are logged too.
// One 'close' listener (a response emits it after 'finish', and alone when the connection is lost). The
// line goes to whatever logger Nest's Logger currently writes to; when that is the application's
// AppLogger, through its request path: the same fields, without Nest's argument juggling and the deep
// copy every other line gets for redaction.
export function installRequestLogging(nestApp: INestApplication): void {
  const logger = new Logger('HttpRequest');
  const write = (line: RequestLine): void => {
    const target = logger.localInstance;
    if (target instanceof AppLogger) return target.requestCompleted(line);
    const entry = { msg: 'request completed', ...line };
    if (line.status >= 500) logger.error(entry);
    else logger.log(entry);
  };
  nestApp.use((req: Request & { requestId?: string }, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('close', () => {
      const header = res.getHeader('x-request-id');
      write({
        requestId: req.requestId ?? (typeof header === 'string' ? header : undefined),
        method: req.method,
        path: req.originalUrl.split('?', 1)[0],
        status: res.statusCode,
        latencyMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        aborted: res.writableFinished ? undefined : true,
      });
    });
    next();
  });
}
