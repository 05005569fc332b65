import { ClientJudge } from '../src/observe/clients/judge.ts';
import type { Output } from '../src/output.ts';
import { profileDefaults } from '../src/profile/profile.ts';
import { clientRequirements } from '../src/requirements/catalogue.ts';
import { observationLine } from '../src/observe/views.ts';
import { defaultProxyTimeoutMs, startProxy, type RunningProxy } from '../src/observe/proxy/proxy.ts';
import { onStopTrigger } from './stop-triggers.ts';
import { UsageError } from '../src/usage-error.ts';
import { exitCodes } from './exit-codes.ts';
import { parseOptions, wholeNumber, type OptionTable } from './options.ts';

/** The flags of `proxy`, as its parser reads them and its help lists them. */
export const proxyOptions = {
  target: {
    type: 'string',
    value: 'URL',
    description: "the service's base URL (required); may carry a path, which the proxy's URL carries too",
  },
  port: { type: 'string', value: 'N', description: 'the port to listen on (default 0: any free port)' },
  out: {
    type: 'string',
    value: 'DIR',
    description: 'report folder: server/, client/, exchanges.har, proxy.json (default proxy-report)',
  },
  duration: { type: 'string', value: 'S', description: 'stop after S seconds' },
  requests: { type: 'string', value: 'N', description: 'stop after N exchanges' },
  'version-header': {
    type: 'string',
    value: 'NAME',
    description: `the version header of POST /token the clients were given, as the target's profile names it (default ${profileDefaults.versionHeader})`,
  },
  'timeout-ms': {
    type: 'string',
    value: 'N',
    description: `time limit for the target's headers, and between chunks of its body (default ${defaultProxyTimeoutMs})`,
  },
} as const satisfies OptionTable;

export interface ProxySettings {
  target: string;
  port: number;
  out: string;
  durationS?: number;
  requests?: number;
  timeoutMs: number;
  /** The version header's name the client side is judged by (CLIENT-03). */
  versionHeader: string;
}

/** Reads the flags; every mistake is a UsageError naming the flag. */
export function proxySettingsFromArgs(args: string[]): ProxySettings {
  const { values } = parseOptions('proxy', proxyOptions, args);
  const target = values.target;
  if (target === undefined)
    throw new UsageError('--target URL is required (see fds-conformance proxy --help)');
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new UsageError(`--target must be an http or https URL, got "${target}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--target must be an http or https URL, got "${target}"`);
  const versionHeader = values['version-header'] ?? profileDefaults.versionHeader;
  if (!/^[A-Za-z0-9-]+$/.test(versionHeader))
    throw new UsageError(`--version-header must be a header name, got "${versionHeader}"`);
  const durationS = wholeNumber('duration', values.duration, 1, 31 * 86_400);
  const requests = wholeNumber('requests', values.requests, 1, 1_000_000_000);
  return {
    target,
    port: wholeNumber('port', values.port, 0, 65535) ?? 0,
    out: values.out ?? 'proxy-report',
    timeoutMs: wholeNumber('timeout-ms', values['timeout-ms'], 1, 3_600_000) ?? defaultProxyTimeoutMs,
    versionHeader,
    ...(durationS !== undefined ? { durationS } : {}),
    ...(requests !== undefined ? { requests } : {}),
  };
}

/**
 * Waits for the first of the stop triggers (cli/stop-triggers.ts), the duration's end or the proxy's last
 * exchange, and says which; the other triggers are then taken down, so nothing keeps the process alive.
 */
async function untilStop(proxy: RunningProxy, settings: ProxySettings): Promise<string> {
  let cleanup = () => undefined as void;
  const why = await new Promise<string>((resolve) => {
    const takeDown = onStopTrigger(resolve);
    const timer =
      settings.durationS !== undefined
        ? setTimeout(() => resolve(`after ${settings.durationS} s`), settings.durationS * 1000)
        : undefined;
    // One trigger among several, each of which only resolves; `stopped` never rejects.
    void proxy.stopped.then(() => resolve(`after ${settings.requests} exchanges`));
    cleanup = () => {
      takeDown();
      if (timer) clearTimeout(timer);
    };
  });
  cleanup();
  return why;
}

/**
 * `proxy`: stdout's first line is the proxy's URL, for a script to hand to its client; everything else a
 * person reads goes to stderr. On stop it writes the reports and says the counts and where they are.
 */
export async function proxyCommand(args: string[], output: Output): Promise<number> {
  const settings = proxySettingsFromArgs(args);
  let proxy: RunningProxy;
  // One judge for the whole session: it remembers each token answer it sees pass, to judge its later uses.
  const clientJudge = new ClientJudge({ versionHeader: settings.versionHeader });
  try {
    proxy = await startProxy({
      target: settings.target,
      port: settings.port,
      timeoutMs: settings.timeoutMs,
      clientJudge: (exchange) => clientJudge.judge(exchange),
      clientRequirements,
      versionHeader: settings.versionHeader,
      ...(settings.requests !== undefined ? { requests: settings.requests } : {}),
      log: (line) => output.stderr(line),
    });
  } catch (error) {
    throw new UsageError(`cannot start the proxy on 127.0.0.1:${settings.port}: ${(error as Error).message}`);
  }
  output.stdout(proxy.url);
  output.stderr(
    `proxy listening on ${proxy.url}, forwarding to ${settings.target}; Ctrl-C stops it and writes the reports`,
  );
  const why = await untilStop(proxy, settings);
  await proxy.close();
  proxy.writeReports(settings.out);
  const { server, client, forwardingFailures } = proxy.report();
  const failed =
    forwardingFailures > 0 ? `; ${forwardingFailures} exchange(s) the target did not answer whole` : '';
  const outside = server.outsideInterface?.exchanges ?? 0;
  const beyond = outside > 0 ? `; ${outside} exchange(s) outside the interface` : '';
  output.stderr(
    `proxy stopped (${why}): server ${observationLine(server)}; client ${observationLine(client)}${failed}${beyond}; ` +
      `reports in ${settings.out}/ (server/, client/, exchanges.har, proxy.json)`,
  );
  return exitCodes.ok;
}
