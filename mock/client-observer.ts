import type { IncomingMessage } from 'node:http';
import { Secrets } from '../src/client/secrets.ts';
import { judgeClientRequest } from '../src/clients/judge.ts';
import { belowBase } from '../src/observation/below-base.ts';
import { ObservationRecorder } from '../src/observation/recorder.ts';
import type { Finding, ObservationReport } from '../src/observation/types.ts';
import { clientRequirements } from '../src/requirements/catalogue.ts';

/**
 * The mock judges its clients (README, "Is my client conformant?"): every request it receives is checked
 * against the client requirements (src/clients/), while the mock still answers it as the spec says. A
 * departure the service would refuse is refused as before; what it would let pass is let pass, and either
 * way the departure is recorded with the request (credentials masked) and the requirement it breaks.
 */
export class ClientObserver {
  private readonly secrets = new Secrets();
  private readonly recorder = new ObservationRecorder(clientRequirements, 'client', this.secrets);

  constructor(private readonly basePath: string) {}

  /**
   * One request, its path relative to the base path and its body as read; a body the mock did not read
   * (it refused the request first) is undefined, and no rule of the body is judged. A judge that throws
   * loses its judgement of this request, never the answer the client gets.
   */
  observe(req: IncomingMessage, body: Buffer | undefined): void {
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
      this.recorder.record(judgeClientRequest(request), request);
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

  reset(): void {
    this.recorder.reset();
  }
}
