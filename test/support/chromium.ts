import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

const run = promisify(execFile);

// As the conformance suite launches it (scripts/conformance/scenarios.js): no sandbox, no background
// networking, nothing that phones home.
const QUIET_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-domain-reliability',
  '--disable-sync',
  '--no-pings',
];

// CHROMIUM_PATH, else the distribution's Chromium, else the headless shell packed inside
// @sparticuz/chromium (unpacked once into the temporary directory): the tests need no system package.
async function chromiumExecutable(): Promise<string> {
  const installed = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(installed)) return installed;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH ${installed} does not exist`);
  // An ESM-only package, which Jest's module loader cannot import: a child Node process unpacks it and
  // prints the path (no WebGL needed: setGraphicsMode false skips unpacking SwiftShader).
  const script =
    "import('@sparticuz/chromium').then(async ({ default: packed }) => {" +
    ' packed.setGraphicsMode = false; process.stdout.write(await packed.executablePath()); })';
  const { stdout } = await run(process.execPath, ['-e', script], { encoding: 'utf8' });
  return stdout.trim();
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumExecutable(),
    headless: true,
    args: QUIET_CHROMIUM_ARGS,
  });
}
