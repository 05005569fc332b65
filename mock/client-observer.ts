import type { IncomingMessage } from 'node:http';
import { Secrets } from '../src/http/secrets.ts';
import { ClientJudge, type ClientConfiguration } from '../src/observe/clients/judge.ts';
import { belowBase } from '../src/observe/below-base.ts';
import { ObservationRecorder } from '../src/observe/recorder.ts';
import type { Finding, ObservationReport } from '../src/observe/types.ts';
import { clientRequirements } from '../src/requirements/catalogue.ts';
import type { MockReply } from './router.ts';

/**
 * The mock judges its clients (docs/proxy.md#is-your-client-conformant): every request it receives is checked
 * against the client requirements (src/observe/clients/), while the mock still answers it as the spec says. A
 * departure the service would refuse is refused as before; what it would let pass is let pass, and either
 * way the departure is recorded with the request (credentials masked) and the requirement it breaks. The
 * client is held to what the mock told it: the version header the mock was started with, and the
 * expires_in of each token it issued.
 */
export class ClientObserver {
  private readonly secrets = new Secrets();
  private readonly recorder = new ObservationRecorder(clientRequirements, 'client', this.secrets);
  private readonly judge: ClientJudge;

  /** `now` is the clock the times of requests and token answers are read from; tests give their own. */
  constructor(
    private readonly basePath: string,
    configuration: ClientConfiguration,
    readonly now: () => number = Date.now,
  ) {
    this.judge = new ClientJudge(configuration);
  }

  /**
   * One request, its path relative to the base path and its body as read; a body the mock did not read
   * (it refused the request first) is undefined, and no rule of the body is judged. `receivedAt` is when
   * it arrived (`now()` then), `reply` what the mock answered, sent by now; none when the handler failed.
   * A judge that throws loses its judgement of this request, never the answer the client gets.
   */
  observe(req: IncomingMessage, body: Buffer | undefined, receivedAt: number, reply?: MockReply): void {
    const target = req.url ?? '/';
    const path = belowBase(this.basePath, target) ?? target;
    const request = {
      method: req.method ?? 'GET',
      path: path || '/',
      headers: req.headers,
      ...(body ? { body } : {}),
    };
    try {
      this.secrets.learnExchange(request.headers, request.body);
      const answer = reply && { status: reply.status, at: this.now(), json: () => reply.body };
      this.recorder.record(this.judge.judge({ request, receivedAt, ...(answer ? { answer } : {}) }), request);
    } catch {
      // A defect of a rule must not reach the client's answer, which is already sent.
    }
  }

  findings(): Finding[] {
    return this.recorder.findings();
  }

  report(baseUrl: string): ObservationReport {
    return this.recorder.report({ baseUrl });
  }

  /**
   * Forgets the judgements so far, not the tokens issued: a client that keeps a token from one test into
   * the next past its expires_in is still found there.
   */
  reset(): void {
    this.recorder.reset();
  }
}
