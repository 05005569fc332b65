import type { Exchange } from '../../src/http/exchange.ts';
import type { Page } from '../../src/checks/paging.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { asRecord } from './support.ts';

/** A requirement broken somewhere in a walk: how often, the first examples and the first page showing it. */
export interface WalkFinding {
  count: number;
  examples: string[];
  exchange: Exchange;
}

const maxExamples = 3;

/** What a walk's pages broke, per requirement; only the first few examples are kept. */
export class WalkFindings {
  private readonly byRequirement = new Map<RequirementId, WalkFinding>();

  note(requirement: RequirementId, example: () => string, exchange: Exchange): void {
    let finding = this.byRequirement.get(requirement);
    if (!finding) this.byRequirement.set(requirement, (finding = { count: 0, examples: [], exchange }));
    finding.count++;
    if (finding.examples.length < maxExamples) finding.examples.push(example());
  }

  get(requirement: RequirementId): WalkFinding | undefined {
    return this.byRequirement.get(requirement);
  }
}

/** Where an entry is, as a message names it: page, position and id. */
export function where(page: Page, entry: number): string {
  const id = asRecord(page.items[entry])?.id;
  return `page ${page.index + 1} entry ${entry + 1}${typeof id === 'string' ? ` (id ${id})` : ''}`;
}
