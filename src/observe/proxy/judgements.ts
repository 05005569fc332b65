import type { Judgement, ObservedRequest, ObservedResponse } from '../types.ts';
import type { RequirementId } from '../../requirements/requirement-ids.generated.ts';
import { rulesByRequirement, type RuledRequirement } from '../../rules/by-requirement.ts';
import type { Verdict } from '../../rules/verdict.ts';

// What the proxy's judges of the server's side share: the exchange as they read it, and judgements made.

/** One exchange as the judges read it: the request's path relative to the base URL, bodies decoded. */
export interface ServerExchange {
  request: ObservedRequest;
  response: ObservedResponse;
  /** False where the answer's body went beyond the copy the proxy keeps: nothing is judged on it. */
  bodyComplete: boolean;
  /** The service's base URL, which links are resolved against. */
  baseUrl: string;
}

export type { Members as Body } from '../../rules/values.ts';
export { asRecord } from '../../rules/values.ts';

/** A judgement of a server requirement, as every judge of the server's side gives. */
export type ServerJudgement = Judgement<RequirementId>;

export const held = (requirement: RequirementId): ServerJudgement => ({ requirement, held: true });
export const broken = (requirement: RequirementId, message: string): ServerJudgement => ({
  requirement,
  held: false,
  message,
});

/**
 * The requirement's shared rule (src/rules) over what the exchange shows, as a judgement: none where the
 * answer does not show the rule. The proxy decides no rule the checks also hold but through this.
 */
export function byRule<R extends RuledRequirement>(
  requirement: R,
  ...given: Parameters<(typeof rulesByRequirement)[R]>
): ServerJudgement[] {
  const rule = rulesByRequirement[requirement] as (...args: typeof given) => Verdict;
  const verdict = rule(...given);
  if (verdict === undefined) return [];
  return [verdict.held ? held(requirement) : broken(requirement, verdict.reason)];
}

/** Broken judgements with what the exchange asked or answered before the rule's reason. */
export function withContext(context: string, judgements: ServerJudgement[]): ServerJudgement[] {
  return judgements.map((j) => (j.held ? j : { ...j, message: `${context}: ${j.message ?? ''}` }));
}
