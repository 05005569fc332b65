import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportHtml } from '../../src/report/html.ts';
import { sample } from './fixture-report.ts';

const executablePath = '/usr/bin/chromium';
// CI installs Debian's chromium (.ci/run) and must run this test; elsewhere it runs when chromium is there.
const available = existsSync(executablePath) || Boolean(process.env.CI);

describe.runIf(available)('report.html in a real browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await chromium.launch({
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
    page = await browser.newPage();
    const file = join(mkdtempSync(join(tmpdir(), 'fds-html-')), 'report.html');
    writeFileSync(file, reportHtml(sample.report));
    await page.goto(pathToFileURL(file).href);
  });
  afterAll(() => browser?.close());

  it('renders the requirement matrix grouped by endpoint group', async () => {
    expect(await page.locator('tr.requirement').count()).toBe(sample.report.requirements.length);
    expect(await page.locator('section.group h2').first().textContent()).toMatch(/^token/);
  });

  it('filters the matrix by status', async () => {
    await page.getByRole('button', { name: 'failed' }).click();
    const visible = page.locator('tr.requirement:visible');
    expect(await visible.count()).toBe(1);
    expect(await visible.locator('td.id').textContent()).toBe('TOKEN-04');
    await page.getByRole('button', { name: 'all' }).click();
    expect(await page.locator('tr.requirement:visible').count()).toBe(sample.report.requirements.length);
  });

  it('opens with the failed and flaky requirements, each with its reason, before the matrix', async () => {
    const headline = page.locator('#headline li');
    expect(await headline.allTextContents()).toEqual([
      expect.stringMatching(/^failed TOKEN-04 MUST: .*expected exactly "Bearer"/s),
      expect.stringMatching(
        /^flaky INST-02 MUST: .*attempt 1 failed, a later one passed: GET \/institutions/s,
      ),
    ]);
    await page.getByRole('button', { name: 'flaky' }).click();
    expect(await page.locator('tr.requirement:visible td.id').allTextContents()).toEqual(['INST-02']);
    await page.getByRole('button', { name: 'all' }).click();
  });

  it('expands a failure to its request, response, curl line and seed', async () => {
    const row = page.locator('tr.requirement', { hasText: 'TOKEN-04' });
    await expect(row.locator('pre.exchange').isVisible()).resolves.toBe(false);
    await row.locator('summary').click();
    expect(await row.locator('pre.exchange').textContent()).toContain('HTTP 200');
    expect(await row.locator('pre.curl').textContent()).toContain('$FDS_API_KEY');
    expect(await row.textContent()).toContain('--seed 42');
  });
});
