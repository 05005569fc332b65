import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockProfile } from '../../mock/profile.ts';
import { startMock } from '../../mock/server.ts';
import type { Report } from '../../src/report/report.ts';
import { chromiumAvailable, launchChromium } from '../support/chromium.ts';
import { runCli } from './run-cli.ts';

const available = chromiumAvailable('history.html');

const dir = mkdtempSync(join(tmpdir(), 'fds-history-browser-'));
const fault = 'institutions-total-count-string';

/** One run of two groups, against the embedded mock or a mock with a fault: its report.json. */
async function run(name: string, profile?: string): Promise<Report> {
  const out = join(dir, 'runs', name);
  const result = await runCli([
    '--only',
    'token,institutions',
    '--out',
    out,
    ...(profile ? ['--profile', profile] : []),
  ]);
  expect(result.code, result.stderr).toBe(profile ? 1 : 0);
  return JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
}

/**
 * Five nights from two real runs: the clean one and the faulted one, each night a copy with its own
 * start time (a night's report is the command's input, however it came to be). The fault begins on the
 * second night, goes, and comes back on the fourth to stay.
 */
const plan = ['clean', 'faulted', 'clean', 'faulted', 'faulted'] as const;

describe.runIf(available)('history.html over five nights, in a real browser', { timeout: 120_000 }, () => {
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  let failing: string;

  beforeAll(async () => {
    const mock = await startMock({ faults: [fault] });
    const profilePath = join(dir, 'faulted-profile.json');
    writeFileSync(profilePath, JSON.stringify(mockProfile(mock)));
    const [clean, faulted] = await Promise.all([run('clean'), run('faulted', profilePath)]).finally(() =>
      mock.close(),
    );
    failing = faulted.requirements.find((r) => r.status === 'failed')?.id ?? '';
    expect(clean.requirements.find((r) => r.id === failing)?.status).toBe('passed');
    const folders = plan.map((kind, index) => {
      const folder = join(dir, 'reports', `night-${index + 1}`);
      mkdirSync(folder, { recursive: true });
      const report = {
        ...(kind === 'clean' ? clean : faulted),
        startedAt: `2026-11-0${index + 1}T02:00:00.000Z`,
      };
      writeFileSync(join(folder, 'report.json'), JSON.stringify(report));
      return folder;
    });
    // Given newest first: the page orders them by time.
    const result = await runCli(['history', ...folders.reverse(), '--out', join(dir, 'reports')]);
    expect(result).toMatchObject({ code: 0, stderr: '' });

    browser = await launchChromium();
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Any request but the page itself would be the network: the page must need none.
    page.on('request', (request) => {
      if (!request.url().endsWith('/history.html')) errors.push(`requested ${request.url()}`);
    });
    await page.goto(pathToFileURL(join(dir, 'reports', 'history.html')).href);
  });
  afterAll(() => browser?.close());

  it('draws a bar per night, stacked by status', async () => {
    const chart = page.locator('svg#chart');
    const box = await chart.boundingBox();
    expect(box?.width).toBeGreaterThan(100);
    expect(box?.height).toBeGreaterThan(100);
    expect(await chart.locator('g.night').count()).toBe(5);
    // The faulted nights' bars carry a failed part of some height; the clean nights' none.
    const failedHeights = await chart
      .locator('g.night rect.failed')
      .evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))));
    expect(failedHeights.map((h) => h > 0)).toEqual(plan.map((kind) => kind === 'faulted'));
  });

  it('marks the night the current failure began, in its row of the grid', async () => {
    const row = page.locator(`table#troubled tr#${failing}`);
    await expect(row.isVisible()).resolves.toBe(true);
    expect(await row.locator('td.since-column').textContent()).toBe('2026-11-04 02:00');
    const cells = await row.locator('td[title]').evaluateAll((tds) => tds.map((td) => td.className));
    expect(cells).toEqual(['passed', 'failed', 'passed', 'failed since', 'failed']);
  });

  it('opens the requirements that never failed from the keyboard', async () => {
    const steady = page.locator('#requirements details');
    await expect(steady.evaluate((d) => d.hasAttribute('open'))).resolves.toBe(false);
    await steady.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(steady.evaluate((d) => d.hasAttribute('open'))).resolves.toBe(true);
    await expect(page.locator('table#steady').isVisible()).resolves.toBe(true);
  });

  it('shows requests and latency per night, and raised no console error', async () => {
    const requests = await page.locator('#latency-table tr.requests td').allTextContents();
    expect(requests).toHaveLength(5);
    expect(requests.every((count) => Number(count) > 0)).toBe(true);
    const token = await page
      .locator('#latency-table tr', { hasText: 'POST /token' })
      .locator('td')
      .allTextContents();
    expect(token.every((cell) => /^\d+ \/ \d+$/.test(cell))).toBe(true);
    expect(errors).toEqual([]);
  });
});
