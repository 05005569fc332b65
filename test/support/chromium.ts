import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs when it is missing. */
const executablePath = '/usr/bin/chromium';

/**
 * Whether the browser tests run: CI installs Chromium and must run them (so under `CI` a missing browser
 * fails them rather than skipping); elsewhere they run when Chromium is there, and say in one line why
 * they skip when it is not, never passing silently.
 */
export function chromiumAvailable(what: string): boolean {
  const available = existsSync(executablePath) || Boolean(process.env.CI);
  if (!available) console.warn(`${what} in a real browser: skipped, no Chromium at ${executablePath}`);
  return available;
}

/** Chromium headless, with nothing of its own reaching the network (no sync, updates or QUIC probes). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
