import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MockExchange, MockOptions } from '../../mock/options.ts';
import { mockProfile } from '../../mock/profile.ts';
import { startMock, type RunningMock } from '../../mock/server.ts';
import { runCli, type CliResult } from '../cli/run-cli.ts';

export interface RecordedRun {
  mock: RunningMock;
  /** Every request the mock handled during the run, with the answer it gave, in the order answered. */
  exchanges: MockExchange[];
  /** The CLI's own result: a clean mock's run exits 0. */
  result: CliResult;
  close(): Promise<void>;
}

/**
 * Runs the whole suite, every group, through the real CLI against a mock started here, and records what the
 * mock answered: the material for tests about everything the mock hands out in one full run. The mock stays
 * up until `close`, so a test can follow what it recorded.
 */
export async function recordFullRun(overrides: Partial<MockOptions> = {}): Promise<RecordedRun> {
  const exchanges: MockExchange[] = [];
  const mock = await startMock({ ...overrides, onResponse: (exchange) => exchanges.push(exchange) });
  const dir = mkdtempSync(join(tmpdir(), 'fds-recorded-'));
  const profile = join(dir, 'profile.json');
  writeFileSync(profile, JSON.stringify(mockProfile(mock)));
  const result = await runCli(['run', '--profile', profile, '--out', join(dir, 'out')]);
  return {
    mock,
    exchanges,
    result,
    close: async () => {
      await mock.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
