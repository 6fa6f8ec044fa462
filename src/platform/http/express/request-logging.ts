import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

// One line per request once the response is done: id, method, path, status, latency. Deliberately no
// headers, no query string and no body: that is where credentials and private keys travel.
// Installed before the rest of the pipeline so that requests refused by authentication are logged too.
export function installRequestLogging(nestApp: INestApplication): void {
  const logger = new Logger('HttpRequest');
  nestApp.use((req: Request & { requestId?: string }, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    let logged = false;
    const done = (): void => {
      if (logged) return;
      logged = true;
      const header = res.getHeader('x-request-id');
      const entry = {
        msg: 'request completed',
        requestId: req.requestId ?? (typeof header === 'string' ? header : undefined),
        method: req.method,
        path: req.originalUrl.split('?', 1)[0],
        status: res.statusCode,
        latencyMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        aborted: res.writableFinished ? undefined : true,
      };
      if (res.statusCode >= 500) logger.error(entry);
      else logger.log(entry);
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  });
}
