import { describe, expect, it } from 'vitest';
import { Secrets } from '../../src/http/secrets.ts';
import { harBodyBudgetBytes, harBodyChars, HarLog } from '../../src/observe/proxy/har.ts';

/** The HAR log holds bounded bodies: a long night through the proxy must not hold every page it saw. */
describe('exchanges.har', () => {
  it('keeps each body to what the file shows, and bodies in all to its budget; sizes stay those of the whole', () => {
    const page = Buffer.alloc(1024 * 1024, 'a');
    const log = new HarLog();
    const exchanges = Math.ceil(harBodyBudgetBytes / (harBodyChars * 4)) + 20;
    for (let i = 0; i < exchanges; i++)
      log.add({
        startedDateTime: new Date(0).toISOString(),
        method: 'GET',
        url: `http://service.test/api/page/${i}`,
        requestHeaders: {},
        requestBody: undefined,
        requestBodySize: 0,
        response: {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: page,
          bodySize: page.length,
          truncated: false,
          rewritten: false,
        },
        timings: { wait: 1, receive: 1 },
      });
    const { log: har } = log.document(new Secrets()) as {
      log: { entries: { response: { content: { size: number; text?: string } }; comment?: string }[] };
    };
    const [first] = har.entries;
    const last = har.entries.at(-1);
    expect(first?.response.content.text).toHaveLength(harBodyChars);
    expect(first?.comment).toContain(`response body cut to ${harBodyChars} characters`);
    expect(first?.response.content.size).toBe(page.length);
    expect(last?.response.content.text ?? '').toBe('');
    expect(last?.comment).toContain('bodies left out');
    expect(last?.response.content.size).toBe(page.length);
  });
});
