import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.ts';
import { runCli } from '../cli/run-cli.ts';
import { send } from './session.ts';

const bin = fileURLToPath(new URL('../../bin/fds-conformance.js', import.meta.url));

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ basePath: '/api' });
});
afterAll(() => mock.close());

describe('fds-conformance proxy', () => {
  it('--help names every flag; a bad flag exits 2 with one line naming it', async () => {
    const help = await runCli(['proxy', '--help']);
    expect(help.code).toBe(0);
    for (const flag of [
      '--target URL',
      '--port N',
      '--out DIR',
      '--duration S',
      '--requests N',
      '--version-header NAME',
    ])
      expect(help.stdout).toContain(flag);
    const header = await runCli(['proxy', '--target', mock.url, '--version-header', 'basiq version']);
    expect(header.code).toBe(2);
    expect(header.stderr).toBe(
      'fds-conformance: --version-header must be a header name, got "basiq version"\n',
    );
    const bad = await runCli(['proxy', '--target', mock.url, '--requests', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'fds-conformance: --requests must be a positive integer (at most 1000000000), got "many"\n',
    );
    const missing = await runCli(['proxy']);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toContain('--target');
  });

  it('--requests 3: prints its URL first, stops after 3 exchanges and writes the reports', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'fds-proxy-cli-')), 'report');
    const child = spawn(
      process.execPath,
      [
        bin,
        'proxy',
        '--target',
        mock.url,
        '--requests',
        '3',
        '--out',
        out,
        '--version-header',
        'basiq-version',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const firstLine = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0] as string);
      });
      child.once('exit', () => reject(new Error(`exited before printing its URL: ${stderr}`)));
    });
    expect(firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    const auth = { authorization: 'Bearer not-a-token-of-this-mock' };
    const answers = [
      await send(firstLine, 'GET', '/institutions', auth),
      await send(firstLine, 'GET', '/jobs/nothing', auth),
      await send(
        firstLine,
        'POST',
        '/token',
        {
          authorization: 'Basic mock-api-key',
          'content-type': 'application/x-www-form-urlencoded',
          // The name --version-header gave the client side (the mock serves any).
          'basiq-version': '2.0',
        },
        'scope=SERVER_ACCESS',
      ),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 200]);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, stderr).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([firstLine]);
    expect(stderr).toMatch(
      /proxy stopped \(after 3 exchanges\): server \d+ requirements: \d+ observed to hold, 0 observed broken/,
    );
    for (const file of [
      'server/report.json',
      'server/report.md',
      'server/report.html',
      'client/report.json',
      'exchanges.har',
      'proxy.json',
    ])
      expect(existsSync(join(out, file)), file).toBe(true);
    const server = JSON.parse(readFileSync(join(out, 'server/report.json'), 'utf8')) as {
      observer: string;
      exchanges: number;
    };
    expect(server).toMatchObject({ observer: 'proxy', exchanges: 3 });
    const client = JSON.parse(readFileSync(join(out, 'client/report.json'), 'utf8')) as {
      requirements: { id: string; status: string }[];
    };
    expect(client.requirements.find((r) => r.id === 'CLIENT-03')?.status).toBe('passed');
    const har = readFileSync(join(out, 'exchanges.har'), 'utf8');
    expect(har).not.toContain('mock-api-key');
    expect(har).not.toContain('not-a-token-of-this-mock');
  });
});
