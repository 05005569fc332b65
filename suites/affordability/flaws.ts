import type { Exchange } from '../../src/client/exchange.ts';
import type { Page } from '../../src/checks/paging.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { asRecord } from './support.ts';

/** A requirement broken somewhere in a walk: how often, the first examples and the first page showing it. */
export interface Flaw {
  count: number;
  examples: string[];
  exchange: Exchange;
}

const maxExamples = 3;

/** What a walk's pages broke, per requirement; only the first few examples are kept. */
export class Flaws {
  private readonly byRequirement = new Map<RequirementId, Flaw>();

  note(requirement: RequirementId, example: () => string, exchange: Exchange): void {
    let flaw = this.byRequirement.get(requirement);
    if (!flaw) this.byRequirement.set(requirement, (flaw = { count: 0, examples: [], exchange }));
    flaw.count++;
    if (flaw.examples.length < maxExamples) flaw.examples.push(example());
  }

  get(requirement: RequirementId): Flaw | undefined {
    return this.byRequirement.get(requirement);
  }
}

/** Where an entry is, as a message names it: page, position and id. */
export function where(page: Page, entry: number): string {
  const id = asRecord(page.items[entry])?.id;
  return `page ${page.index + 1} entry ${entry + 1}${typeof id === 'string' ? ` (id ${id})` : ''}`;
}
