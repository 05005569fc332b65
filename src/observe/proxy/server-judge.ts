import { prefixOf, schemaLocationsOf, schemaOwnersOf } from '../../checks/schema-owners.ts';
import type { ObservedResponse } from '../types.ts';
import { operations, type OperationName } from '../../operations/table.ts';
import { profileDefaults } from '../../profile/profile.ts';
import { groupPrefixes } from '../../requirements/groups.ts';
import type { RequirementId } from '../../requirements/requirement-ids.generated.ts';
import {
  formatViolations,
  resourceValidator,
  type SchemaViolation,
  type ValidationResult,
} from '../../validation/validator.ts';
import { contentTypeOf, isJsonMediaType, notJson, parsedJson } from './body.ts';
import { answersWithOf, matchOperation, successOf, type MatchedOperation } from './operation.ts';
import { PageWalks } from './page-walks.ts';
import { meetsPreconditions } from './preconditions.ts';
import { errorCodes } from '../../checks/error-body.ts';
import {
  asRecord,
  broken,
  byRule,
  held,
  withContext,
  type Body,
  type ServerExchange,
  type ServerJudgement,
} from './judgements.ts';
import { successRules } from './success-rules.ts';

/**
 * The server's side of one exchange, judged as it passed (docs/design.md#mock-and-proxy). The proxy sees live traffic
 * it did not choose: it does not know whether the key was valid, whether an id names anything, what the
 * service holds. So it judges only what the exchange alone proves under every reading of the spec (principle
 * 1: a false failure is as bad as a missed violation): the answer's shape for its operation and status, and
 * the few rules one answer (or a walk of pages) shows whatever was asked. Everything else is left to
 * `fds-conformance run`, which chooses its requests.
 */

/** The id prefix of the operation's group, to steer `schemaOwnersOf` to that group's owners. */
function groupPrefixOf(name: OperationName): string | undefined {
  return groupPrefixes[operations[name].group];
}

/** Whether a violation at `pointer` concerns a payload location pattern (below it, at it, or above it). */
function concerns(pointer: string, segments: readonly string[]): boolean {
  const parts = pointer === '' ? [] : pointer.split('/').slice(1);
  const shared = Math.min(parts.length, segments.length);
  for (let i = 0; i < shared; i++) if (segments[i] !== '*' && segments[i] !== parts[i]) return false;
  return true;
}

/** Whether the payload reaches a location pattern: some value sits there. */
function present(payload: unknown, segments: readonly string[]): boolean {
  if (segments.length === 0) return payload !== undefined;
  const [first, ...rest] = segments as [string, ...string[]];
  if (typeof payload !== 'object' || payload === null) return false;
  const members =
    first === '*' ? Object.values(payload) : Object.hasOwn(payload, first) ? [(payload as Body)[first]] : [];
  return members.some((member) => present(member, rest));
}

/**
 * A body judged against its resource's schema: each violation breaks the requirement governing its location
 * (src/checks/schema-owners.ts), the owners of the group whose id prefix is `prefix` preferred; a body that
 * is another kind of thing altogether breaks `answers` (the operation's "answers with" rule), where the
 * request meets its words. Each schema-shaped requirement whose location the payload reaches, with no
 * violation there, held.
 */
function schemaJudgements(
  resource: string,
  body: unknown,
  answers: RequirementId | undefined,
  prefix: string | undefined,
  result: ValidationResult = resourceValidator().validate(resource, body),
): ServerJudgement[] {
  const violations: SchemaViolation[] = result.valid ? [] : result.violations;
  const named = answers ? [answers] : [];
  const judgements: ServerJudgement[] = [];
  const brokenIds = new Set<RequirementId>();
  const breakWith = (id: RequirementId, found: SchemaViolation[]) => {
    if (brokenIds.has(id)) return;
    brokenIds.add(id);
    judgements.push(broken(id, `not a valid ${resource}:\n${formatViolations(found)}`));
  };
  const otherKind = violations.filter((v) => v.pointer === '' || v.pointer === '/type');
  const whole = violations.some((v) => v.pointer === '') || otherKind.length < violations.length;
  if (otherKind.length > 0 && whole) {
    if (answers) breakWith(answers, violations);
    for (const v of otherKind)
      for (const id of schemaOwnersOf(resource, v, named, prefix) ?? []) breakWith(id, [v]);
  } else {
    for (const v of violations) {
      const owners = schemaOwnersOf(resource, v, named, prefix) ?? named;
      for (const id of owners)
        breakWith(
          id,
          violations.filter((w) => w.pointer === v.pointer),
        );
    }
  }
  for (const { segments, owners } of schemaLocationsOf(resource)) {
    if (!present(body, segments) || violations.some((v) => concerns(v.pointer, segments))) continue;
    const sameGroup = owners.filter((id) => prefixOf(id) === prefix);
    for (const id of sameGroup.length > 0 ? sameGroup : owners) {
      if (brokenIds.has(id)) continue;
      brokenIds.add(id); // once per exchange
      judgements.push(held(id));
    }
  }
  return judgements;
}

/** The answer to an error status: an error list, the token endpoint's rows that one answer shows. */
function errorJudgements(
  match: MatchedOperation,
  response: ObservedResponse,
  body: unknown,
): ServerJudgement[] {
  const { status } = response;
  if (body === notJson) {
    const text = response.body.length === 0 ? 'an empty body' : 'a body that is not JSON';
    return [broken('ERR-01', `${status} with ${text} instead of an error list`)];
  }
  const judgements = schemaJudgements('error-list', body, 'ERR-01', prefixOf('ERR-01'));
  if (!judgements.some((j) => !j.held)) judgements.push(held('ERR-01'));
  judgements.push(...withContext(String(status), byRule('ERR-06', body)));
  const type = response.headers['content-type'];
  judgements.push(
    ...withContext(String(status), byRule('ERR-13', Array.isArray(type) ? type.join(', ') : type)),
  );
  if (match.name === 'issueToken') {
    const codes = errorCodes(body);
    for (const requirement of ['TOKEN-17', 'TOKEN-18', 'TOKEN-19', 'TOKEN-20', 'TOKEN-21'] as const)
      judgements.push(...byRule(requirement, status, codes));
  }
  return judgements;
}

/** Judges the server's side of exchanges, remembering what a walk of pages needs. */
export class ServerJudge {
  private readonly walks = new PageWalks();

  /** `versionHeader`: the version header's name the service was configured with (TOKEN-01's precondition). */
  constructor(private readonly versionHeader: string = profileDefaults.versionHeader) {}

  /**
   * The judgements of one exchange; a requirement is observed to hold only where the request meets its
   * preconditions (preconditions.ts).
   */
  judge(exchange: ServerExchange): ServerJudgement[] {
    return this.judged(exchange).filter(
      (judgement) =>
        !judgement.held || meetsPreconditions(judgement.requirement, exchange.request, this.versionHeader),
    );
  }

  private judged(exchange: ServerExchange): ServerJudgement[] {
    const { request, response } = exchange;
    const match = matchOperation(request.method, request.path);
    if (!match) return [];
    const { status } = response;
    if (!exchange.bodyComplete) return [];
    const body = parsedJson(response.body);
    if (status >= 400 && status <= 599) return errorJudgements(match, response, body);
    if (status < 200 || status > 299) return [];
    const success = successOf(match.name);
    const requestBody =
      match.name === 'issueToken' ? request.body?.toString('utf8') : parsedJson(request.body);
    // Neither held nor broken on a request its words do not name: a service may refuse that request.
    const named = answersWithOf(match.name, requestBody === notJson ? undefined : requestBody);
    const answers = named && meetsPreconditions(named, request, this.versionHeader) ? named : undefined;
    const judgements: ServerJudgement[] = [];
    if (answers && status !== success.status)
      judgements.push(broken(answers, `answered ${status} where the spec's success is ${success.status}`));
    if (body === notJson) {
      // A form the spec leaves open (the affordability list's CSV) is labelled so; it is not judged.
      const type = contentTypeOf(response.headers);
      if (answers && match.name !== 'listAffordabilityTransactions' && (type === '' || isJsonMediaType(type)))
        judgements.push(
          broken(answers, `${status} whose body is not JSON, where ${success.resource} is due`),
        );
      return judgements;
    }
    // An error list under a 2xx is a refusal with the wrong status (spec: Errors), not a broken resource.
    const validation = resourceValidator().validate(success.resource, body);
    if (!validation.valid && resourceValidator().validate('error-list', body).valid)
      return [
        ...judgements,
        broken('ERR-01', `an error list answered with status ${status}, not 4xx or 5xx`),
      ];
    judgements.push(
      ...schemaJudgements(success.resource, body, answers, groupPrefixOf(match.name), validation),
    );
    // Once an exchange: the schema's locations may have credited it already (CONN-01 owns some).
    if (answers && status === success.status && !judgements.some((j) => !j.held || j.requirement === answers))
      judgements.push(held(answers));
    const record = asRecord(body);
    if (record) judgements.push(...successRules(exchange, match, record, this.walks));
    return judgements;
  }
}
