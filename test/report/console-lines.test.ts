import { describe, expect, it } from 'vitest';
import { checksLine, failureLines } from '../../src/report/console-lines.ts';
import { oneLine } from '../../src/report/markdown.ts';
import type { RequirementResult } from '../../src/report/model.ts';
import { sample } from './fixture-report.ts';
import type { Report } from '../../src/report/report.ts';

/** A run on the embedded mock: the only reproduction line is the rerun, which needs no target. */
const onTheMock: Report = { ...sample.report, target: { ...sample.report.target, embeddedMock: true } };
const rerunLine = `      rerun:   npx fds-conformance --only INST-05 --seed ${sample.report.seed}`;

function failed(message: string): RequirementResult {
  return {
    id: 'INST-05',
    level: 'MUST',
    group: 'institutions',
    title: 'ne filters',
    specRef: 'Endpoints',
    status: 'failed',
    checks: ['filter=stage.ne answers the others'],
    failures: [{ check: 'filter=stage.ne answers the others', message }],
  };
}

// A long query and a long counter-example come first; the words that decide come last.
const longRequest = `GET /institutions?filter=${'stage.ne%28%27liv%27%29,'.repeat(20)}`;
const decisive = 'expected status 200, got 503 {"type":"error"}';

describe('console lines of a failure', () => {
  it('keeps the deciding words of a long finding, under the requirement and its check', () => {
    const lines = failureLines('FAILED', failed(`${longRequest}: ${decisive}`), onTheMock);
    expect(lines[0]).toBe('  FAILED INST-05 filter=stage.ne answers the others');
    expect(lines[1]).toMatch(/^ {6}GET \/institutions\?filter=stage/);
    expect(lines[1]).toContain('…');
    expect(lines[1]?.endsWith(`: ${decisive}`)).toBe(true);
    expect(lines.slice(2)).toEqual([rerunLine]);
  });

  it("shows each of a property failure's lines, its last (the finding) whole", () => {
    const message = `property failed for ${JSON.stringify('x'.repeat(400))} (seed 7, path "3:1"):\n${longRequest}: ${decisive}`;
    const lines = failureLines('FLAKY', failed(message), onTheMock, ' (not counted without --fail-on-flaky)');
    expect(lines[0]).toMatch(/^ {2}FLAKY INST-05 .*\(not counted without --fail-on-flaky\)$/);
    expect(lines[1]).toMatch(/^ {6}property failed for "x+…x+" \(seed 7, path "3:1"\):$/);
    expect(lines[2]?.endsWith(decisive)).toBe(true);
  });

  it('shows the first lines of a long list of violations and says where the rest are', () => {
    const violations = Array.from({ length: 9 }, (_, i) => `institution /data/${i}/id: expected a string`);
    const lines = failureLines(
      'FAILED',
      failed(['GET /institutions: not a valid list:', ...violations].join('\n')),
      onTheMock,
    );
    expect(lines).toHaveLength(6);
    expect(lines[4]).toBe('      … 7 more lines in report.html');
    expect(lines[5]).toBe(rerunLine);
  });

  it('cuts a one-line reason in its middle, never its end', () => {
    const line = oneLine(`${longRequest}: ${decisive}`);
    // At most 200, and short of it only by what keeps the cut between words.
    expect(line.length).toBeLessThanOrEqual(200);
    expect(line.length).toBeGreaterThan(150);
    expect(line.endsWith(decisive)).toBe(true);
  });

  it('cuts a long finding between path segments, never inside an id', () => {
    const user = '01M98ZQ7X3KD5TB0W2RYV8E4NH';
    const connection = 'conn-7f3c2a91-5d4e-4b8a-9c61-2e0f4a7b3d00';
    const message = `GET /users/${user}/connections/${connection}?${'q=1&'.repeat(30)}: expected a refusal with status 400 or 403 or 404, got 200 {"type":"connection","id":"${connection}"}`;
    const line = failureLines('FAILED', failed(message), onTheMock)[1] ?? '';
    expect(line).toContain('…');
    for (const id of [user, connection])
      for (const part of line.split(/[^A-Za-z0-9_.~%-]+/))
        if (part.length > 0 && id.includes(part) && part !== id) expect.fail(`${part} is a piece of ${id}`);
  });

  it('says which ids of a finding are resources the run created', () => {
    const user = '01M98ZQ7X3KD5TB0W2RYV8E4NH';
    const report: Report = {
      ...onTheMock,
      created: [
        { type: 'user', id: user, request: 'POST /users', status: 201, check: 'creates a user' },
        { type: 'user', id: 'someone-else', request: 'POST /users', status: 201, check: 'creates a user' },
      ],
    };
    const lines = failureLines('FAILED', failed(`GET /users/${user}/connections/c1: got 200`), report);
    expect(lines).toContain(`      created: ${user} is a user this run created (POST /users, 201)`);
    expect(lines.join('\n')).not.toContain('someone-else');
  });

  it('counts checks, and says so', () => {
    const check = { file: 'f', requirements: [], durationMs: 0 };
    expect(
      checksLine([
        { ...check, name: 'a', state: 'passed' },
        { ...check, name: 'b', state: 'flaky' },
        { ...check, name: 'c', state: 'not-exercised' },
        { ...check, name: 'd', state: 'partly-exercised' },
      ]),
    ).toBe('4 checks: 1 passed, 1 partly exercised, 0 failed, 1 flaky, 1 not exercised');
  });
});
