import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Secrets } from '../../http/secrets.ts';
import { Output } from '../../output.ts';
import { ObservationRecorder } from '../recorder.ts';
import type {
  ClientExchange,
  Judgement,
  ObservationReport,
  ObservedRequest,
  ObservedResponse,
} from '../types.ts';
import { writeObservationReports } from '../write.ts';
import { catalogue, type Requirement } from '../../requirements/catalogue.ts';
import type { AnyRequirementId, ClientRequirementId } from '../../requirements/requirement-ids.generated.ts';
import { decodedBody } from './body.ts';
import { startForwarding, type ForwardedExchange } from './forward.ts';
import { HarLog } from './har.ts';
import { OutsideExchanges } from './outside.ts';
import { ServerJudge } from './server-judge.ts';
import { belowBase } from '../below-base.ts';

/**
 * `startProxy`: the validating proxy as a library (the `proxy` command is its CLI). A platform team puts it
 * in front of a shared staging service; it forwards every request unchanged and judges each exchange on both
 * sides: the server's answer (server-judge.ts) and the client's request (the injected client judge).
 */

export interface ProxyOptions {
  /** The service's base URL; it may carry a path, which the proxy's own URL carries too. */
  target: string;
  /** Port to listen on; default 0, any free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /**
   * Judges the client's side of each exchange against what the spec asks of a client, and what the
   * service told it (src/observe/clients/judge.ts, ClientJudge: the version header's name, each token's
   * expires_in); called once per exchange, in the order the exchanges end. Default: nothing judged.
   */
  clientJudge?: (exchange: ClientExchange) => Judgement<ClientRequirementId>[];
  /**
   * The version header's name the service was configured with, which a token request must carry to count
   * toward TOKEN-01 (preconditions.ts); default `service-version`.
   */
  versionHeader?: string;
  /** The requirements `clientJudge` names, listed in the client report. */
  clientRequirements?: readonly Requirement<ClientRequirementId>[];
  /** Time limit in ms for the target's headers, and between two chunks of its body; default 30,000. */
  timeoutMs?: number;
  /** Bytes of each body kept for judging; a larger body passes whole but is not judged. Default 8 MiB. */
  maxBodyBytes?: number;
  /** Stop after this many exchanges: `stopped` then resolves. */
  requests?: number;
  /** One line for a person (stderr in the CLI): a target failure as it happens. */
  log?: (line: string) => void;
}

/** An exchange the target did not answer, or not whole: the client got a 502 or what came. */
export interface ForwardingFailure {
  at: string;
  method: string;
  path: string;
  reason: string;
}

export interface ProxyReport {
  /** Each side's report, with the exchanges outside the interface in a section of their own. */
  server: ObservationReport;
  client: ObservationReport;
  /** The exchanges the target did not answer whole (the first 100; `forwardingFailures` counts them all). */
  failures: ForwardingFailure[];
  forwardingFailures: number;
}

export interface RunningProxy {
  /** The proxy's address, with the target's base path: give it to the client in place of the target's. */
  url: string;
  /** Exchanges judged so far. */
  exchanges(): number;
  /** Resolves once `requests` exchanges have been judged (never, without `requests`). */
  stopped: Promise<void>;
  report(): ProxyReport;
  /** The HAR 1.2 document of the exchanges, secrets masked. */
  har(): unknown;
  /** Writes `<out>/server/`, `<out>/client/` (report.json, .md, .html), `exchanges.har` and `proxy.json`. */
  writeReports(out: string): void;
  /** Stops listening; exchanges in flight finish and are judged. */
  close(): Promise<void>;
}

export const defaultProxyTimeoutMs = 30_000;
export const defaultMaxBodyBytes = 8 * 1024 * 1024;
const failuresKept = 100;

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = new URL(options.target);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new RangeError(`the target must be an http or https URL, got ${target.protocol}`);
  const basePath = target.pathname.replace(/\/+$/, '');
  const baseUrl = `${target.origin}${basePath}`;
  // One set of secrets, learnt once an exchange, masks the HAR and both reports where they are handed
  // out (report(), har()), and all the proxy writes (writeReports), as every writer does (src/output.ts).
  const secrets = new Secrets();
  const output = new Output(secrets);
  const server = new ObservationRecorder(catalogue.requirements, 'proxy', secrets);
  const client = new ObservationRecorder(options.clientRequirements ?? [], 'proxy', secrets);
  const serverJudge = new ServerJudge(options.versionHeader);
  const har = new HarLog();
  const outside = new OutsideExchanges();
  const failures: ForwardingFailure[] = [];
  let failureCount = 0;
  let exchanges = 0;
  let judgeFailed = false;
  let reachLimit: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (reachLimit = resolve));
  const log = options.log ?? (() => undefined);

  /** A judge's own bug must not stop the proxy: it is said once, and that exchange goes unjudged. */
  function safely<Id extends AnyRequirementId>(judge: () => Judgement<Id>[]): Judgement<Id>[] {
    try {
      return judge();
    } catch (error) {
      if (!judgeFailed)
        log(`fds-conformance proxy: a judge failed (${(error as Error).message}); exchange not judged`);
      judgeFailed = true;
      return [];
    }
  }

  function onExchange(exchange: ForwardedExchange): void {
    const relative = belowBase(basePath, exchange.url);
    const request: ObservedRequest = {
      method: exchange.method,
      path: relative ?? exchange.url,
      headers: exchange.requestHeaders,
      ...(exchange.requestBody && exchange.requestBodyComplete ? { body: exchange.requestBody } : {}),
    };
    const raw = exchange.response;
    const decoded = raw ? decodedBody(raw.headers, raw.body) : undefined;
    const response: ObservedResponse | undefined = raw
      ? { status: raw.status, headers: raw.headers, body: decoded ?? raw.body }
      : undefined;
    secrets.learnExchange(request.headers, request.body, response?.body);
    exchanges += 1;
    // The status the client got: the target's, or the proxy's 502 where the target gave none.
    outside.record(exchange.method, relative, exchange.url, raw?.status ?? 502);
    // Outside the base path is not the service; a broken or oversized answer proves nothing of it.
    const judged = relative !== undefined;
    const serverJudgements =
      judged && response && exchange.failure === undefined
        ? safely(() =>
            serverJudge.judge({
              request,
              response,
              bodyComplete: raw?.bodyComplete === true && decoded !== undefined,
              baseUrl,
            }),
          )
        : [];
    const clientJudgements =
      judged && options.clientJudge
        ? safely(() => options.clientJudge?.(clientExchange(exchange, request, response)) ?? [])
        : [];
    server.record(serverJudgements, request, response);
    client.record(clientJudgements, request, response);
    if (exchange.failure !== undefined) {
      failureCount += 1;
      const failure = {
        at: exchange.startedDateTime,
        method: exchange.method,
        path: secrets.redactWire(exchange.url),
        reason: secrets.redactWire(exchange.failure),
      };
      if (failures.length < failuresKept) failures.push(failure);
      log(`fds-conformance proxy: ${failure.method} ${failure.path}: ${failure.reason}`);
    }
    har.add({
      startedDateTime: exchange.startedDateTime,
      method: exchange.method,
      url: `${target.origin}${exchange.url}`,
      requestHeaders: exchange.requestHeaders,
      requestBody: exchange.requestBody,
      requestBodySize: exchange.requestBodySize,
      ...(raw && response
        ? {
            response: {
              status: raw.status,
              headers: raw.headers,
              body: response.body,
              bodySize: raw.bodySize,
              truncated: !raw.bodyComplete,
              rewritten: raw.rewritten,
            },
          }
        : {}),
      ...(exchange.failure !== undefined ? { failure: exchange.failure } : {}),
      timings: exchange.timings,
    });
    if (options.requests !== undefined && exchanges >= options.requests) reachLimit();
  }

  const forwarding = await startForwarding({
    target,
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    timeoutMs: options.timeoutMs ?? defaultProxyTimeoutMs,
    keptBytes: options.maxBodyBytes ?? defaultMaxBodyBytes,
    onExchange,
  });

  const report = (): ProxyReport => {
    const where = { baseUrl: secrets.redactWire(`${target.protocol}//${target.host}${basePath}`) };
    const outsideInterface = outside.report(secrets);
    return {
      server: { ...server.report(where), outsideInterface },
      client: { ...client.report(where), outsideInterface },
      failures: [...failures],
      forwardingFailures: failureCount,
    };
  };

  return {
    url: forwarding.url,
    exchanges: () => exchanges,
    stopped,
    report,
    har: () => har.document(secrets),
    writeReports(out) {
      const { server: serverReport, client: clientReport, failures: kept, forwardingFailures } = report();
      writeObservationReports(join(out, 'server'), serverReport, output);
      writeObservationReports(join(out, 'client'), clientReport, output);
      mkdirSync(out, { recursive: true });
      output.file(join(out, 'exchanges.har'), `${JSON.stringify(har.document(secrets), null, 2)}\n`);
      const summary = {
        target: serverReport.target,
        proxy: forwarding.url,
        startedAt: serverReport.startedAt,
        durationMs: serverReport.durationMs,
        exchanges,
        forwardingFailures,
        failures: kept,
        outsideInterface: serverReport.outsideInterface,
        reports: { server: 'server/report.json', client: 'client/report.json', har: 'exchanges.har' },
      };
      output.file(join(out, 'proxy.json'), `${JSON.stringify(summary, null, 2)}\n`);
    },
    close: () => forwarding.close(),
  };
}

/**
 * The exchange as the client judge reads it: the request when the proxy received it, the answer when the
 * proxy had it whole (the same clock: the request's start and the forwarding's timings). An answer cut
 * short has no body to read.
 */
function clientExchange(
  exchange: ForwardedExchange,
  request: ObservedRequest,
  response: ObservedResponse | undefined,
): ClientExchange {
  const receivedAt = Date.parse(exchange.startedDateTime);
  if (!response) return { request, receivedAt };
  const whole = exchange.response?.bodyComplete === true && exchange.failure === undefined;
  const json = (): unknown => {
    if (!whole) return undefined;
    try {
      return JSON.parse(response.body.toString('utf8')) as unknown;
    } catch {
      return undefined;
    }
  };
  return {
    request,
    receivedAt,
    answer: {
      status: response.status,
      at: receivedAt + exchange.timings.wait + exchange.timings.receive,
      json,
    },
  };
}
