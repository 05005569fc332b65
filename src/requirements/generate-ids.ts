import { catalogue, clientRequirements, type Requirement } from './catalogue.ts';

/** The ids of some requirements as the members of a union type. */
function members(requirements: readonly Requirement[]): string {
  return `${requirements.map((requirement) => `  | '${requirement.id}'`).join('\n')};`;
}

/**
 * The source of src/requirements/requirement-ids.generated.ts: the catalogue's ids and the client group's
 * as union types, so that `check()`, every fault and every judgement of an observer name only ids that
 * exist, and a misspelt one fails `tsc`. `npm run gen:ids` rewrites it;
 * test/generated-requirement-ids.test.ts fails when it is stale.
 */
export function generateRequirementIds(): string {
  return [
    '// Generated from src/requirements/catalogue/ by `npm run gen:ids`; do not edit.',
    '',
    '/** The id of a requirement of the catalogue: what the spec obliges a server to do. */',
    'export type RequirementId =',
    members(catalogue.requirements),
    '',
    '/** The id of a client requirement (`catalogue/client.json`): what the spec obliges a client to send. */',
    'export type ClientRequirementId =',
    members(clientRequirements),
    '',
    '/** The id of a requirement of either side, as an observer of both judges them. */',
    'export type AnyRequirementId = RequirementId | ClientRequirementId;',
    '',
  ].join('\n');
}
