import type { Secrets } from '../http/secrets.ts';
import type { Requirement } from '../requirements/catalogue.ts';
import type { AnyRequirementId } from '../requirements/requirement-ids.generated.ts';
import { packageVersion } from '../package-root.ts';
import type {
  Finding,
  Judgement,
  ObservationReport,
  ObservedRequest,
  ObservedRequirement,
  ObservedResponse,
} from './types.ts';

/** Findings kept per requirement with their evidence; the rest are counted. */
const findingsKept = 5;
/** A body in evidence is cut to this many characters: enough to read, never a snapshot's megabytes. */
const bodyPreviewChars = 2_000;

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/**
 * What an observer of traffic saw of each requirement: the judgements of every exchange, counted, and the
 * first findings of each broken one with the exchange as evidence, masked with `secrets`: its owner, who
 * sees every exchange, learns each one's credentials (Secrets.learnExchange) before recording it, so they
 * are masked in all evidence, even where a body echoes them (docs/design.md#secrets-never-leave-the-process). An observer with
 * several recorders learns once for all of them.
 */
export class ObservationRecorder<Id extends AnyRequirementId> {
  private readonly held = new Map<Id, number>();
  private readonly broken = new Map<Id, number>();
  private readonly kept = new Map<Id, Finding[]>();
  private exchanges = 0;
  private startedAt = new Date();

  constructor(
    private readonly requirements: readonly Requirement<Id>[],
    private readonly observer: ObservationReport['observer'],
    private readonly secrets: Secrets,
  ) {}

  /** The judgements of one exchange. */
  record(judgements: readonly Judgement<Id>[], request: ObservedRequest, response?: ObservedResponse): void {
    this.exchanges += 1;
    for (const { requirement, held, message } of judgements) {
      const counts = held ? this.held : this.broken;
      counts.set(requirement, (counts.get(requirement) ?? 0) + 1);
      if (held) continue;
      const kept = this.kept.get(requirement) ?? [];
      if (kept.length < findingsKept) kept.push(this.finding(requirement, message ?? '', request, response));
      this.kept.set(requirement, kept);
    }
  }

  /** The request and answer as evidence: credentials masked, bodies cut to a preview. */
  private finding(
    requirement: Id,
    message: string,
    request: ObservedRequest,
    response: ObservedResponse | undefined,
  ): Finding {
    const preview = (body: Buffer | undefined) =>
      this.secrets.redactWire((body ?? Buffer.alloc(0)).toString('utf8').slice(0, bodyPreviewChars));
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, headerText(value)]),
    );
    return {
      requirement,
      message: this.secrets.redactWire(message),
      request: {
        method: request.method,
        path: this.secrets.redactWire(request.path),
        headers: this.secrets.redactHeaders(headers),
        body: preview(request.body),
      },
      ...(response ? { response: { status: response.status, body: preview(response.body) } } : {}),
      at: new Date().toISOString(),
    };
  }

  /** Every finding kept so far, in the order the requirements are listed. */
  findings(): Finding[] {
    return this.requirements.flatMap((requirement) => this.kept.get(requirement.id) ?? []);
  }

  /** Forgets everything observed, as at the start. */
  reset(): void {
    this.held.clear();
    this.broken.clear();
    this.kept.clear();
    this.exchanges = 0;
    this.startedAt = new Date();
  }

  report(target: ObservationReport['target']): ObservationReport {
    const requirements = this.requirements.map((requirement): ObservedRequirement => {
      const held = this.held.get(requirement.id) ?? 0;
      const broken = this.broken.get(requirement.id) ?? 0;
      return {
        id: requirement.id,
        level: requirement.level,
        group: requirement.group,
        title: requirement.title,
        specRef: requirement.specRef,
        status: broken > 0 ? 'failed' : held > 0 ? 'passed' : 'not-observed',
        held,
        broken,
        findings: this.kept.get(requirement.id) ?? [],
      };
    });
    const count = (status: ObservedRequirement['status']) =>
      requirements.filter((r) => r.status === status).length;
    return {
      tool: { name: 'fds-conformance', version: packageVersion },
      observer: this.observer,
      target,
      startedAt: this.startedAt.toISOString(),
      durationMs: Date.now() - this.startedAt.getTime(),
      exchanges: this.exchanges,
      summary: {
        requirements: requirements.length,
        passed: count('passed'),
        failed: count('failed'),
        notObserved: count('not-observed'),
        verdict: requirements.some((r) => r.status === 'failed' && r.level === 'MUST')
          ? 'nonconformant'
          : 'conformant',
      },
      requirements,
    };
  }
}
