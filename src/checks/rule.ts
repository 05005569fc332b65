import type { Exchange } from '../http/exchange.ts';
import type { RequirementId } from '../requirements/requirement-ids.generated.ts';
import type { Verdict } from '../rules/verdict.ts';
import { expectThat } from './failures.ts';

/**
 * Fails the check where a shared rule (src/rules) is broken, with the rule's reason and the exchange as
 * evidence, on `requirement` or else the check's primary one; held, or not shown by the answer, passes.
 */
export function expectRule(verdict: Verdict, exchange: Exchange, requirement?: RequirementId): void {
  expectThat(verdict?.held !== false, verdict?.held === false ? verdict.reason : '', exchange, requirement);
}
