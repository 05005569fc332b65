/**
 * The project's tests on a busy machine: `tsx scripts/tests-under-load.ts [--times N]` keeps every core
 * busy with a spinning process and runs `npm test` N times (default 10) in a row, printing each run's
 * outcome and time. A test that depends on the machine's speed shows here as a run that is red by chance.
 * Exit 1 when any run failed.
 */
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { times: { type: 'string', default: '10' } } });
const times = Number(values.times);
if (!Number.isInteger(times) || times < 1) {
  console.error('--times must be a positive whole number');
  process.exit(2);
}

const busy = cpus().map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
let failed = 0;
try {
  for (let run = 1; run <= times; run++) {
    const started = performance.now();
    const { code, summary, failures } = await new Promise<{
      code: number;
      summary: string;
      failures: string[];
    }>((resolve) => {
      const child = spawn('npm', ['test', '--silent'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (exitCode) => {
        // vitest's own summary line, without its colours.
        const plain = output.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
        resolve({
          code: exitCode ?? 1,
          summary: /^\s*Tests\s+(.*)$/m.exec(plain)?.[1]?.trim() ?? '',
          // vitest's FAIL lines name each failed test, and the line after its first assertion's message.
          failures: plain.match(/^ FAIL .*\n.*$/gm) ?? [],
        });
      });
    });
    if (code !== 0) failed++;
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(`run ${run}: ${code === 0 ? 'green' : 'RED'} in ${seconds} s · ${summary}`);
    for (const failure of failures) console.log(`  ${failure.replace('\n', '\n    ')}`);
  }
} finally {
  for (const child of busy) child.kill();
}
console.log(`${times - failed} of ${times} runs green with every core busy`);
process.exitCode = failed > 0 ? 1 : 0;
