'use strict';
/* global fetch */
// `npm run conformance`: the black-box conformance suite. Starts the BUILT service (run `npm run build`
// first; nothing is built here) on free ports against a fresh database, puts a proxy in front of it that
// checks every response against the served OpenAPI document (/docs-json), runs the scenarios of
// scripts/conformance/scenarios.js with third-party clients, prints one line per scenario and a summary
// table. Exit code 0 only when every scenario passed with no OpenAPI violation.
//   --report FILE   also write the results as JSON (the jest wrapper reads it)
//   --list          print the scenarios as JSON ({name, skipped}) and exit
// A scenario whose client is missing on this machine (skipReason) still builds the state later ones need,
// but is reported as SKIP with the reason, never as PASS.
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname, resolve } = require('node:path');
const { createChecker } = require('./openapi-check');
const { startCheckingProxy } = require('./conformance/checking-proxy');
const { splitKnown } = require('./conformance/known-deviations');
const { scenarios } = require('./conformance/scenarios');
const { startService } = require('./conformance/service');

const root = resolve(__dirname, '..');

function outcome(result) {
  if (!result.passed) return 'FAIL';
  return result.skipped ? 'SKIP' : 'PASS';
}

function table(rows) {
  const headers = ['#', 'scenario', 'client', 'result', 'requests', 'ms'];
  const cells = rows.map((r, i) => [
    String(i + 1),
    r.name,
    r.client,
    outcome(r),
    String(r.requests),
    String(r.ms),
  ]);
  const widths = headers.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c].length)));
  const line = (values) => `| ${values.map((v, c) => v.padEnd(widths[c])).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join(
    '\n',
  );
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--list')) {
    const listed = scenarios.map((s) => ({ name: s.name, skipped: s.skipReason ? s.skipReason() : null }));
    process.stdout.write(`${JSON.stringify(listed)}\n`);
    return 0;
  }
  const reportIndex = args.indexOf('--report');
  const reportPath = reportIndex >= 0 ? resolve(args[reportIndex + 1]) : null;
  const log = (line) => process.stdout.write(`${line}\n`);
  const started = Date.now();
  const service = await startService(root, log);
  const results = [];
  let proxy;
  try {
    const document = await (await fetch(`${service.origin}/docs-json`)).json();
    proxy = await startCheckingProxy(service.origin, createChecker(document));
    const ctx = {
      root,
      origin: proxy.origin,
      api: `${proxy.origin}/api/public/v1.0`,
      state: {},
      detail: () => undefined,
    };
    for (const [index, scenario] of scenarios.entries()) {
      const t0 = Date.now();
      let detail = '';
      ctx.detail = (text) => (detail = text);
      let error = null;
      const skipped = scenario.skipReason ? scenario.skipReason() : null;
      if (index > 0 && !ctx.state.publicKey) error = 'skipped work: the README scenario gave no credentials';
      else {
        try {
          await scenario.run(ctx);
        } catch (failure) {
          error = failure instanceof Error ? failure.message : String(failure);
        }
      }
      const exchanges = proxy.take();
      const { known, unknown: violations } = splitKnown([...new Set(exchanges.flatMap((e) => e.problems))]);
      const passed = error === null && violations.length === 0;
      const ms = Date.now() - t0;
      results.push({
        name: scenario.name,
        client: scenario.client,
        passed,
        skipped,
        error,
        violations,
        known,
        requests: exchanges.length,
        ms,
        detail,
      });
      log(
        `${outcome(results[results.length - 1])} [${index + 1}/${scenarios.length}] ${scenario.name} (${scenario.client}, ${exchanges.length} requests, ${ms} ms)${detail ? ` - ${detail}` : ''}`,
      );
      if (skipped) log(`     skipped: ${skipped}`);
      if (error) log(`     error: ${error.split('\n').join('\n            ')}`);
      for (const violation of violations.slice(0, 20)) log(`     OpenAPI: ${violation}`);
      for (const deviation of known.slice(0, 3))
        log(`     KNOWN (scripts/conformance/known-deviations.js): ${deviation}`);
    }
  } finally {
    if (proxy) await proxy.close();
    await service.stop();
  }
  const passed = results.filter((r) => r.passed && !r.skipped).length;
  const skipped = results.filter((r) => r.passed && r.skipped).length;
  log('');
  log(table(results));
  log(
    `\n${passed}/${results.length} scenarios passed${skipped ? `, ${skipped} skipped` : ''}, ${results.reduce((n, r) => n + r.requests, 0)} responses checked against /docs-json, ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (reportPath) {
    mkdirSync(dirname(reportPath), { recursive: true });
    writeFileSync(reportPath, JSON.stringify(results, null, 2));
  }
  return results.every((r) => r.passed) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`conformance: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(2);
  },
);
