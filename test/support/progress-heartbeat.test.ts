import { describe, expect, it, vi } from 'vitest';
import type { TestModule, TestSpecification } from 'vitest/node';
import ProgressHeartbeat from './progress-heartbeat.ts';

const moduleOf = (file: string) => ({ moduleId: `${process.cwd()}/${file}` }) as TestModule;
const specifications = (count: number) => Array.from({ length: count }, () => ({}) as TestSpecification);

describe('the heartbeat in a log that is not a terminal', () => {
  it('says nothing while files end often, and a line once the log has been quiet for 14 s', () => {
    const lines: string[] = [];
    const heartbeat = new ProgressHeartbeat((line) => lines.push(line));
    heartbeat.onTestRunStart(specifications(5));
    const start = Date.now();
    heartbeat.onTestModuleStart(moduleOf('test/a.test.ts'));
    heartbeat.onTestModuleStart(moduleOf('test/b.test.ts'));
    heartbeat.tick(start + 13_000);
    expect(lines).toEqual([]);
    heartbeat.tick(start + 14_000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^ {2}… 14 s: 0 of 5 test files done; running test\/a\.test\.ts, test\/b\.test\.ts$/,
    );
    heartbeat.onTestRunEnd();
  });

  it('counts from the last file that ended, and from its own last line', () => {
    const lines: string[] = [];
    const heartbeat = new ProgressHeartbeat((line) => lines.push(line));
    heartbeat.onTestRunStart(specifications(3));
    heartbeat.onTestModuleStart(moduleOf('test/a.test.ts'));
    heartbeat.onTestModuleEnd(moduleOf('test/a.test.ts'));
    const ended = Date.now();
    heartbeat.tick(ended + 10_000);
    expect(lines).toEqual([]);
    heartbeat.tick(ended + 14_000);
    heartbeat.tick(ended + 20_000);
    expect(lines).toEqual([expect.stringMatching(/: 1 of 3 test files done$/)]);
    heartbeat.tick(ended + 28_000);
    expect(lines).toHaveLength(2);
    heartbeat.onTestRunEnd();
  });

  it('names three running files and counts the rest', () => {
    const lines: string[] = [];
    const heartbeat = new ProgressHeartbeat((line) => lines.push(line));
    heartbeat.onTestRunStart(specifications(9));
    for (const name of ['a', 'b', 'c', 'd', 'e'])
      heartbeat.onTestModuleStart(moduleOf(`test/${name}.test.ts`));
    heartbeat.tick(Date.now() + 15_000);
    expect(lines[0]).toMatch(/running test\/a\.test\.ts, test\/b\.test\.ts, test\/c\.test\.ts and 2 more$/);
    heartbeat.onTestRunEnd();
  });

  it('writes to stdout when vitest makes it from its path and passes its options (.ci/run)', () => {
    const written = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const heartbeat = new ProgressHeartbeat({});
      heartbeat.onTestRunStart(specifications(1));
      heartbeat.tick(Date.now() + 15_000);
      heartbeat.onTestRunEnd();
      expect(written).toHaveBeenCalledWith(expect.stringMatching(/^ {2}… 15 s: 0 of 1 test files done\n$/));
    } finally {
      written.mockRestore();
    }
  });
});
