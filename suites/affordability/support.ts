import type { Exchange } from '../../src/http/exchange.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { expectErrorList } from '../../src/checks/error-list.ts';
import { describeAnswer, describeRequest, Failure } from '../../src/checks/failures.ts';
import { api, perRun, runSettings } from '../../src/checks/run-context.ts';

/*
 * What the affordability checks share besides the walks: the limits, the fixture's path, the class filter's
 * form and how a refusal is judged. The walks of the snapshot are walks.ts; what a page or a transaction
 * breaks, field by field, is field-requirements.ts and order-requirements.ts.
 */

/**
 * Spec, Limits: `limit` maximum, default and page size, in the suite's own words:
 * test/operations/spec-facts.test.ts holds it to the operations table.
 */
export const pageMaximum = 500;
/** An odd limit: pages end mid-account, so ordering is checked across page boundaries. */
export const oddLimit = 137;

/**
 * The forms of a class filter, in the order tried: the connections filter's shape `<property>.<operator>
 * ('<value>')` with the property as the spec writes it, then without the resource's prefix. The spec names
 * the property (`transaction.class`) but shows no expression shape for this endpoint (AMB-AFFORD-01).
 */
export const classFilterForms: readonly ((className: string) => string)[] = [
  (className) => `transaction.class.eq('${className}')`,
  (className) => `class.eq('${className}')`,
];

/**
 * The class filter form the target answers with 200; or why none is judged: every form refused (not
 * exercised), or a form answered neither 200 nor with a 4xx error list (a finding of the filter's).
 */
export type FilterForm = { form: (className: string) => string } | { none: string } | { failure: Failure };

/**
 * The first class filter form the target answers with 200, tried once per run: a form refused with a 4xx
 * error list is a reading, not a failure; an answer that is neither (a 5xx, above all) fails the
 * filter's requirement, as no reading of a filter the spec names allows it.
 */
export function acceptedClassFilter(): Promise<FilterForm> {
  return perRun('affordability:class filter form', async () => {
    const refusals: string[] = [];
    for (const form of classFilterForms) {
      const exchange = await api().get(transactionsPath(), { filter: form('payment'), limit: '1' });
      const status = exchange.response?.status ?? 0;
      if (status === 200) return { form };
      try {
        expectClientRefusal(exchange, 'a class filter not answered 200');
      } catch (error) {
        if (error instanceof Failure) return { failure: error };
        throw error;
      }
      refusals.push(`${form('payment')} (${status})`);
    }
    return { none: `every class filter form tried was refused: ${refusals.join(', ')}` };
  });
}

/** The accepted class filter form; a Failure or NotExercised when there is none to judge. */
export async function expectClassFilter(): Promise<(className: string) => string> {
  const accepted = await acceptedClassFilter();
  if ('failure' in accepted) throw accepted.failure;
  if ('none' in accepted) throw new NotExercised(accepted.none);
  return accepted.form;
}

export function transactionsPath(affordabilityId?: string): string {
  const { userId, affordabilityId: fixture } = runSettings().profile.fixtures;
  return `/users/${encodeURIComponent(userId ?? '')}/affordability/${encodeURIComponent(affordabilityId ?? fixture ?? '')}/transactions`;
}

/** Whether the answer is a client error: the spec shows no status for this endpoint's refusals. */
export function isClientError(exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0;
  return status >= 400 && status < 500;
}

/** Deliberately invalid input (`what`) refused with any 4xx and an error list; a 5xx or a 2xx fails. */
export function expectClientRefusal(exchange: Exchange, what: string): void {
  if (!isClientError(exchange))
    throw new Failure(
      `${describeRequest(exchange)}: ${what} must be refused with a 4xx error list, got ${describeAnswer(exchange)}`,
      exchange,
    );
  expectErrorList(exchange, { status: [exchange.response?.status ?? 0] });
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Most connections read to learn the fixture user's accounts: a bound a hostile list cannot stretch. */
const maxConnections = 50;

/** The ids of a list's entries, or of an object's `data` entries. */
function idsOf(list: unknown): string[] {
  const data = asRecord(list)?.data;
  return (Array.isArray(data) ? data : [])
    .map((entry) => asRecord(entry)?.id)
    .filter((id): id is string => typeof id === 'string' && id !== '');
}

/**
 * The institutions of the fixture user's accounts, by account id: GET /users/{user.id}/connections, then
 * each connection's single retrieval (spec: Connection: `institution` with its `id`, `accounts` a list
 * of accounts on single retrieval). An account listed under connections to several institutions maps to
 * each. Read once per run; `unreadable` says why there is nothing to compare with.
 */
export function accountInstitutions(): Promise<
  { byAccount: Map<string, Set<string>> } | { unreadable: string }
> {
  return perRun('affordability:account institutions', async () => {
    const userId = runSettings().profile.fixtures.userId ?? '';
    const connections = `/users/${encodeURIComponent(userId)}/connections`;
    const list = await api().get(connections);
    if (list.response?.status !== 200)
      return { unreadable: `the connections of user ${userId} could not be listed: ${describeAnswer(list)}` };
    const ids = idsOf(list.response.body);
    if (ids.length > maxConnections)
      return { unreadable: `user ${userId} has more than ${maxConnections} connections to read` };
    const byAccount = new Map<string, Set<string>>();
    for (const id of ids) {
      const exchange = await api().get(`${connections}/${encodeURIComponent(id)}`);
      if (exchange.response?.status !== 200) continue;
      const connection = asRecord(exchange.response.body);
      const institution = asRecord(connection?.institution)?.id;
      if (typeof institution !== 'string' || institution === '') continue;
      for (const account of idsOf(connection?.accounts)) {
        let institutions = byAccount.get(account);
        if (!institutions) byAccount.set(account, (institutions = new Set()));
        institutions.add(institution);
      }
    }
    if (byAccount.size === 0)
      return {
        unreadable: `no connection of user ${userId} could be read with its institution and accounts`,
      };
    return { byAccount };
  });
}
