import type { Exchange } from '../../src/http/exchange.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { describeRequest, expectStatusOf, expectThat, Failure } from '../../src/checks/failures.ts';
import { violationsOf } from '../../src/checks/resource.ts';
import { api, perRun, runSettings } from '../../src/checks/run-context.ts';
import { formatViolations } from '../../src/validation/validator.ts';

/**
 * Shared by the institution checks: the institution list and each filtered list are fetched once per worker and
 * target (the list does not change while a run looks at it, and a real one can be large), so the
 * field-level checks and the filter algebra cost one request per distinct query.
 */
function once(key: string, send: () => Promise<Exchange>): Promise<Exchange> {
  return perRun(`institutions:${key}`, send);
}

/**
 * The properties GET /institutions filters on (spec: Endpoints > GET {base_url}/institutions), in the
 * suite's own words: test/operations/spec-facts.test.ts holds them to the operations table.
 */
export const filterProperties = ['country', 'tier', 'serviceType', 'institutionType', 'stage'] as const;

/** GET /institutions with the filter (none: the whole institution list). */
export function institutionList(filter?: string): Promise<Exchange> {
  return once(`list ${filter ?? ''}`, () => api().get('/institutions', filter ? { filter } : undefined));
}

/** GET /institutions/{institution.id}. */
export function institution(id: string): Promise<Exchange> {
  return once(`one ${id}`, () => api().get(`/institutions/${encodeURIComponent(id)}`));
}

/**
 * The forms a filter property may be written in (AMB-INST-01): bare, as the spec lists the properties,
 * then with the resource's prefix, as the connections filter writes `institution.id`.
 */
const propertyPrefixes = ['', 'institution.'] as const;

export interface FilterForm {
  /** The prefix of the first form the server answered 2xx; undefined when it took none. */
  prefix: string | undefined;
  /** The answers to the forms tried, in order. */
  tried: Exchange[];
}

/**
 * The form the server accepts for a property: `<form>.eq('<value>')` for each form in turn, the first
 * answered 2xx wins. A form refused with a 4xx is another reading, not a failure; anything else stops the
 * search (the caller judges it). Once per worker and property.
 */
export function filterForm(property: string, value: string): Promise<FilterForm> {
  return perRun(`institutions:form ${property}`, async () => {
    const tried: Exchange[] = [];
    for (const prefix of propertyPrefixes) {
      const exchange = await institutionList(`${prefix}${property}.eq('${value}')`);
      tried.push(exchange);
      const status = exchange.response?.status ?? 0;
      if (status >= 200 && status < 300) return { prefix, tried };
      if (status < 400 || status >= 500) break;
    }
    return { prefix: undefined, tried };
  });
}

/**
 * The accepted form's prefix; a Failure when no form was accepted, eq and ne being stated for these
 * properties: the answer that stopped the search, or the refusal of every form.
 */
export function expectAcceptedForm(property: string, form: FilterForm): string {
  if (form.prefix !== undefined) return form.prefix;
  const last = form.tried.at(-1) as Exchange;
  const answers = form.tried.map((exchange) => exchange.response?.status ?? exchange.failure).join(', ');
  throw new Failure(
    `no form of the ${property} filter was accepted (bare, then institution.${property}: ${answers}), though the spec says eq and ne are supported on it`,
    last,
  );
}

/** An institution as the target answered it, before validation: its members are not yet known to be typed. */
export type AnsweredInstitution = Record<string, unknown>;

/** The unfiltered institution list; a check that needs it fails with the answer when it is not a 200 list. */
export async function allInstitutions(): Promise<{ exchange: Exchange; items: AnsweredInstitution[] }> {
  const exchange = await institutionList();
  // The list every check starts from: another status is INST-01's finding, no data array INST-02's.
  expectStatusOf('INST-01', exchange, 200);
  const data = (exchange.response.body as { data?: unknown } | null)?.data;
  expectThat(
    Array.isArray(data),
    `expected the institution list's data array, got ${JSON.stringify(data)}`,
    exchange,
    'INST-02',
  );
  return { exchange, items: data as AnsweredInstitution[] };
}

/** The institution single retrieval is checked on: the profile's fixture, else the first one listed. */
export async function subjectId(): Promise<string> {
  const fixture = runSettings().profile.fixtures.institutionId;
  if (fixture) return fixture;
  const { items } = await allInstitutions();
  const id = items.map((i) => i.id).find((x) => typeof x === 'string');
  if (id === undefined)
    throw new NotExercised('the profile names no institution and the institution list has none with an id');
  return id as string;
}

/**
 * An id no institution list holds, recognisable as the run's. Why invalid under every reading: no service
 * issued it, and "Error when the identifier is not valid"; the status is a reading (any 4xx is accepted).
 */
export function unknownInstitutionId(): string {
  return `fds-${runSettings().runId}-no-such-institution`;
}

/**
 * Field-level conformance of every institution the suite sees: each entry of the institution list and the single
 * retrieval of the subject (when it answers 200; INST-08 judges that answer). Only violations under the
 * pointers count, so a field-level requirement fails for its own fields only.
 */
export async function expectEveryInstitution(pointers: string[]): Promise<void> {
  const [{ exchange: list, items }, single] = await Promise.all([
    allInstitutions(),
    subjectId().then((id) => institution(id)),
  ]);
  const seen: { where: string; body: unknown; exchange: Exchange }[] = items.map((item, index) => ({
    where: `data[${index}] (id ${JSON.stringify(item?.id)})`,
    body: item,
    exchange: list,
  }));
  if (single.response?.status === 200)
    seen.push({ where: 'the single retrieval', body: single.response.body, exchange: single });
  const offenders = seen
    .map((entry) => ({ ...entry, violations: violationsOf(entry.body, 'institution', pointers) }))
    .filter((entry) => entry.violations.length > 0);
  const first = offenders[0];
  if (!first) return;
  const shown = offenders
    .slice(0, 5)
    .map((o) => `${describeRequest(o.exchange)} ${o.where}:\n${formatViolations(o.violations)}`);
  const more = offenders.length > 5 ? `\n… and ${offenders.length - 5} more institution(s)` : '';
  throw new Failure(
    `${offenders.length} of ${seen.length} institution(s) seen break ${pointers.join(', ')}:\n${shown.join('\n')}${more}`,
    first.exchange,
  );
}
