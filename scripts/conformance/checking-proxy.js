'use strict';
// A reverse proxy in front of the service: every client of the suite (curl, Python requests, the npm
// Atlas client, Chromium) talks to it, so every response they see is recorded and checked against the
// served OpenAPI document. It forwards method, raw path, headers and body unchanged (Digest's `uri`
// and the Host header stay as the client sent them).
const http = require('node:http');

// Paths the document does not describe on purpose: Swagger UI and the document itself.
const UNCHECKED = /^\/docs(\/|-json|-yaml|$)/;

function startCheckingProxy(target, check) {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const proxy = {
    exchanges: [],
    server: null,
    origin: '',
    take() {
      const taken = this.exchanges;
      this.exchanges = [];
      return taken;
    },
  };
  proxy.server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const requestBody = Buffer.concat(chunks);
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
          agent,
        },
        (answer) => {
          const parts = [];
          answer.on('data', (chunk) => parts.push(chunk));
          answer.on('end', () => {
            const body = Buffer.concat(parts);
            const exchange = {
              method: req.method,
              path: req.url,
              status: answer.statusCode,
              contentType: answer.headers['content-type'],
              body,
              problems: [],
            };
            if (!UNCHECKED.test(req.url) && req.method !== 'HEAD') {
              try {
                exchange.problems = check(exchange);
              } catch (error) {
                exchange.problems = [`checker failed: ${error.message}`];
              }
            }
            proxy.exchanges.push(exchange);
            res.writeHead(answer.statusCode, answer.rawHeaders);
            res.end(body);
          });
        },
      );
      forward.on('error', (error) => {
        proxy.exchanges.push({
          method: req.method,
          path: req.url,
          status: 502,
          body: Buffer.alloc(0),
          problems: [`upstream error: ${error.message}`],
        });
        res.writeHead(502);
        res.end();
      });
      forward.end(requestBody);
    });
  });
  return new Promise((done) => {
    proxy.server.listen(0, '127.0.0.1', () => {
      proxy.origin = `http://127.0.0.1:${proxy.server.address().port}`;
      proxy.close = () =>
        new Promise((closed) => {
          agent.destroy();
          proxy.server.closeAllConnections();
          proxy.server.close(() => closed());
        });
      done(proxy);
    });
  });
}

module.exports = { startCheckingProxy };
