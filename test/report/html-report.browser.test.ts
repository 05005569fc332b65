import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import { reportHtml } from '../../src/report/html.ts';
import type { Report } from '../../src/report/report.ts';
import { runCli } from '../cli/run-cli.ts';
import { chromiumAvailable, launchChromium } from '../support/chromium.ts';
import { sample } from './fixture-report.ts';

const available = chromiumAvailable('report.html');

const dir = mkdtempSync(join(tmpdir(), 'fds-html-'));

/** A page that records what would betray a broken or networked report: console errors, script errors, requests. */
async function openPage(browser: Browser, file: string) {
  const page = await browser.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) requests.push(request.url());
  });
  await page.goto(pathToFileURL(file).href);
  return { page, errors, requests };
}

function visibleIds(page: Page): Promise<string[]> {
  return page.locator('tr.requirement:visible td.id').allTextContents();
}

describe.runIf(available)('report.html of the fixture report in a real browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    const file = join(dir, 'fixture.html');
    writeFileSync(file, reportHtml(sample.report));
    ({ page } = await openPage(browser, file));
  });
  afterAll(() => browser?.close());

  it('renders the requirement matrix grouped by endpoint group', async () => {
    expect(await page.locator('tr.requirement').count()).toBe(sample.report.requirements.length);
    expect(await page.locator('section.group h2').first().textContent()).toMatch(/^token/);
  });

  it('filters the matrix by status', async () => {
    await page.getByRole('radio', { name: /^failed/ }).check();
    expect(await visibleIds(page)).toEqual(['TOKEN-04']);
    await page.getByRole('radio', { name: /^all/ }).check();
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
    await page.getByRole('radio', { name: /^flaky/ }).check();
    expect(await visibleIds(page)).toEqual(['INST-02']);
    await page.getByRole('radio', { name: /^all/ }).check();
  });

  it('expands a failure to its request, response, curl line and the commands that run it again', async () => {
    const row = page.locator('tr.requirement', { hasText: 'TOKEN-04' });
    await expect(row.locator('pre.exchange').isVisible()).resolves.toBe(false);
    await row.locator('summary').click();
    expect(await row.locator('pre.exchange').textContent()).toContain('HTTP 200');
    expect(await row.locator('pre.curl').textContent()).toContain('$FDS_API_KEY');
    expect(await row.locator('pre.rerun').textContent()).toBe(
      "npx fds-conformance --only TOKEN-04 --seed 42 --base-url 'http://127.0.0.1:1'",
    );
    expect(await row.locator('pre.replay').textContent()).toBe(
      "npx fds-conformance --only TOKEN-04 --seed 42 --path '0:1' --base-url 'http://127.0.0.1:1'",
    );
  });
});

describe.runIf(available)(
  'report.html of a full run against the mock with a fault, in a real browser',
  () => {
    let mock: RunningMock;
    let browser: Browser;
    let page: Page;
    let errors: string[];
    let requests: string[];
    let report: Report;
    const out = join(dir, 'faulted');

    beforeAll(async () => {
      mock = await startMock({ faults: ['institutions-total-count-string'] });
      const { apiKey, ...profile } = mockProfile(mock);
      const profilePath = join(dir, 'faulted.json');
      writeFileSync(profilePath, JSON.stringify(profile));
      const run = await runCli(['--profile', profilePath, '--out', out], { FDS_API_KEY: apiKey });
      expect(run.code, run.stderr).toBe(1);
      report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
      browser = await launchChromium();
      ({ page, errors, requests } = await openPage(browser, join(out, 'report.html')));
    });
    afterAll(async () => {
      await browser?.close();
      await mock?.close();
    });

    const shown = () => page.locator('#shown').textContent();
    const idsWhere = (keep: (r: Report['requirements'][number]) => boolean) =>
      report.requirements.filter(keep).map((r) => r.id);

    it('is one file under 1 MB that asks the network for nothing', () => {
      expect(statSync(join(out, 'report.html')).size).toBeLessThan(1024 * 1024);
      expect(requests).toEqual([]);
    });

    it('draws the chart: a bar per group, its segments as long as their counts, failures in red', async () => {
      const groups = [...new Set(report.requirements.map((r) => r.group))];
      expect(await page.locator('#chart a').count()).toBe(groups.length);
      const passed = page.locator('#chart a[href="#group-affordability"] rect.bar.passed');
      expect((await passed.boundingBox())?.width).toBeGreaterThan(0);
      const failed = page.locator('#chart a[href="#group-institutions"] rect.bar.failed');
      expect((await failed.boundingBox())?.width).toBeGreaterThan(0);
      expect(await page.locator('#chart a[href="#group-institutions"]').getAttribute('aria-label')).toMatch(
        /^institutions: \d+ requirements, 2 failed, \d+ passed/,
      );
    });

    it('filters by status, group and level, and says how many are shown', async () => {
      const total = report.requirements.length;
      expect(await shown()).toBe(`${total} of ${total} shown`);
      await page.getByRole('radio', { name: /^failed/ }).check();
      const failed = idsWhere((r) => r.status === 'failed');
      expect(failed).toEqual(['INST-02', 'INST-21']);
      expect(await visibleIds(page)).toEqual(failed);
      expect(await shown()).toBe(`2 of ${total} shown`);
      await page.getByRole('radio', { name: /^all/ }).check();

      await page.getByLabel('Group', { exact: true }).selectOption('token');
      expect(await visibleIds(page)).toEqual(idsWhere((r) => r.group === 'token'));
      expect(await page.locator('section.group:visible').count()).toBe(1);
      await page.getByLabel('Level', { exact: true }).selectOption('SHOULD');
      const tokenShould = idsWhere((r) => r.group === 'token' && r.level === 'SHOULD');
      expect(tokenShould.length).toBeGreaterThan(0);
      expect(await visibleIds(page)).toEqual(tokenShould);
      await page.getByLabel('Group', { exact: true }).selectOption('all');
      expect(await visibleIds(page)).toEqual(idsWhere((r) => r.level === 'SHOULD'));
      await page.getByLabel('Level', { exact: true }).selectOption('all');
      expect(await shown()).toBe(`${total} of ${total} shown`);
    });

    it('finds the failed requirement by its id, and others by words of their title', async () => {
      const search = page.getByRole('searchbox', { name: 'Search' });
      await search.fill('inst-02');
      expect(await visibleIds(page)).toEqual(['INST-02']);
      await search.fill('totalCount empty');
      const words = await visibleIds(page);
      expect(words).toContain('INST-21');
      expect(words.length).toBeLessThan(report.requirements.length);
      await search.fill('');
      expect(await page.locator('tr.requirement:visible').count()).toBe(report.requirements.length);
    });

    it('folds a failure open from the keyboard to its spec quote, evidence, curl line and rerun command', async () => {
      const row = page.locator('tr#INST-02');
      await expect(row.locator('blockquote.quote').isVisible()).resolves.toBe(false);
      await row.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(row.locator('blockquote.quote').isVisible()).resolves.toBe(true);
      expect(await row.locator('pre.message').first().textContent()).toContain('totalCount');
      expect(await row.locator('pre.curl').first().textContent()).toMatch(/^curl .*\/institutions/);
      expect(await row.locator('pre.rerun').textContent()).toBe(
        `npx fds-conformance --only INST-02 --seed ${report.seed} --base-url '${mock.url}' --profile '${join(dir, 'faulted.json')}'`,
      );
      await row.locator('summary').press('Enter');
    });

    it('shows a requirement the filters hid when its headline link is followed', async () => {
      await page.getByRole('radio', { name: /^passed/ }).check();
      await expect(page.locator('tr#INST-21').isVisible()).resolves.toBe(false);
      await page.locator('#headline a[href="#INST-21"]').click();
      // The page reveals the row on hashchange, an event that follows the click rather than ends it.
      await page.locator('tr#INST-21').waitFor({ state: 'visible', timeout: 30_000 });
      expect(await page.locator('tr#INST-21 details').getAttribute('open')).toBe('');
      expect(await page.getByRole('radio', { name: /^all/ }).isChecked()).toBe(true);
      // The same link again, the hash unchanged: no hashchange, and the row is shown all the same.
      await page.getByRole('radio', { name: /^passed/ }).check();
      await expect(page.locator('tr#INST-21').isVisible()).resolves.toBe(false);
      await page.locator('#headline a[href="#INST-21"]').click();
      await page.locator('tr#INST-21').waitFor({ state: 'visible', timeout: 30_000 });
    });

    it('prints without the filters and with every fold open', async () => {
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('#filters').isVisible()).resolves.toBe(false);
      await expect(page.locator('tr#TOKEN-01 details p.spec').isVisible()).resolves.toBe(true);
      await page.emulateMedia({ media: 'screen' });
      await expect(page.locator('tr#TOKEN-01 details p.spec').isVisible()).resolves.toBe(false);
    });

    it('logs no error to the console', () => {
      expect(errors).toEqual([]);
    });
  },
);
