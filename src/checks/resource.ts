import type { Exchange } from '../http/exchange.ts';
import { formatViolations, resourceValidator, type SchemaViolation } from '../validation/validator.ts';
import type { RequirementId } from '../requirements/requirement-ids.generated.ts';
import { describeRequest, Failure } from './failures.ts';
import { runningCheck } from './run-context.ts';
import { schemaOwnersOf } from './schema-owners.ts';

/**
 * Whether a violation concerns the value at a pattern: `*` stands for one segment (an array index or a
 * key). A violation below the pattern concerns it (`/links/self` under `/links`), and so does one above
 * it (a missing `/links` means a missing `/links/self`).
 */
function concerns(pointer: string, pattern: string): boolean {
  const parts = pointer === '' ? [] : pointer.split('/').slice(1);
  const expected = pattern === '' ? [] : pattern.split('/').slice(1);
  const shared = Math.min(parts.length, expected.length);
  for (let i = 0; i < shared; i++) if (expected[i] !== '*' && expected[i] !== parts[i]) return false;
  return true;
}

/**
 * Schema conformance (schemas/): the body is a valid `resource`. With `pointers`, only violations under
 * those JSON pointers count, so a field-level requirement fails for its own field only.
 */
export function expectResource(exchange: Exchange, resource: string, pointers?: string[]): void {
  const violations = violationsOf(exchange.response?.body, resource, pointers);
  if (violations.length === 0) return;
  throw new Failure(
    `${describeRequest(exchange)}: not a valid ${resource}:\n${formatViolations(violations)}`,
    exchange,
    brokenRequirements(resource, violations),
  );
}

/**
 * The requirements the violations break: each violation fails the requirement whose schema governs its
 * location (src/checks/schema-owners.ts), or the running check's primary one where none does.
 */
export function brokenRequirements(resource: string, violations: SchemaViolation[]): RequirementId[] {
  const named = runningCheck.getStore()?.requirements ?? [];
  // A body that is no object, or of another type and other members, is another kind of thing (a list
  // where a connection was due): it breaks the rule that asked for this resource and its type's rule, not
  // each member's. A wrong type alone is the type rule's finding, as any member's.
  const otherKind = violations.filter((v) => v.pointer === '' || v.pointer === '/type');
  const whole = violations.some((v) => v.pointer === '') || otherKind.length < violations.length;
  if (otherKind.length > 0 && whole) {
    const owners = otherKind.flatMap((v) => schemaOwnersOf(resource, v, named) ?? []);
    return [...new Set([...(named[0] ? [named[0]] : []), ...owners])];
  }
  const broken = violations.flatMap(
    (v) => schemaOwnersOf(resource, v, named) ?? (named[0] ? [named[0]] : []),
  );
  return [...new Set(broken)];
}

export function violationsOf(body: unknown, resource: string, pointers?: string[]): SchemaViolation[] {
  const result = resourceValidator().validate(resource, body);
  if (result.valid) return [];
  return pointers
    ? result.violations.filter((v) => pointers.some((p) => concerns(v.pointer, p)))
    : result.violations;
}
