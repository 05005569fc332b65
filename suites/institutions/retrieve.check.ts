import { check, NotExercised } from '../../src/checks/check.ts';
import { expectErrorList, expectRefused } from '../../src/checks/error-list.ts';
import { expectStatus, expectThat } from '../../src/checks/failures.ts';
import { api } from '../../src/checks/run-context.ts';
import { invalidIds, unknownIdOfForm } from '../shared/identifiers.ts';
import { expectResource } from '../../src/checks/resource.ts';
import {
  allInstitutions,
  institution,
  subjectId,
  unknownInstitutionId,
  type AnsweredInstitution,
} from './support.ts';

/**
 * Fields that describe an institution rather than its moment-to-moment state: the single retrieval must
 * agree with the list on them. status and stats may change between two requests on a live service.
 */
const stableFields = [
  'id',
  'name',
  'shortName',
  'institutionType',
  'country',
  'serviceName',
  'serviceType',
  'tier',
] as const;

check(
  'GET /institutions/{institution.id} answers 200 with that institution, as the list gives it',
  ['INST-08'],
  async () => {
    const id = await subjectId();
    const [exchange, { items }] = await Promise.all([institution(id), allInstitutions()]);
    expectStatus(exchange, 200);
    expectResource(exchange, 'institution');
    const body = exchange.response.body as Record<string, unknown>;
    expectThat(
      body.id === id,
      `asked for institution ${JSON.stringify(id)}, got id ${JSON.stringify(body.id)}`,
      exchange,
    );
    // A fixture the list does not show (a paged or partial list) is compared on its id alone.
    const listed = items.find((item) => item.id === id);
    if (!listed) return;
    const differing = stableFields.filter(
      (field) =>
        field in listed && field in body && JSON.stringify(listed[field]) !== JSON.stringify(body[field]),
    );
    expectThat(
      differing.length === 0,
      `the single retrieval differs from the listed institution ${id} in ${differing
        .map((f) => `${f} (listed ${JSON.stringify(listed[f])}, retrieved ${JSON.stringify(body[f])})`)
        .join(', ')}`,
      exchange,
    );
  },
);

/** The first, a middle and the last institution of the unfiltered list that carry an id. */
async function spreadOfList(): Promise<AnsweredInstitution[]> {
  const { items } = await allInstitutions();
  const withId = items.filter((item) => typeof item.id === 'string' && item.id !== '');
  if (withId.length === 0) throw new NotExercised('the institution list holds no institution with an id');
  const picks = [0, Math.floor(withId.length / 2), withId.length - 1].map((i) => withId[i]);
  return [...new Set(picks)].filter((item): item is AnsweredInstitution => item !== undefined);
}

check(
  'GET /institutions/{institution.id} answers the first, a middle and the last institution of the list each with itself',
  ['INST-08'],
  async () => {
    const picks = await spreadOfList();
    const exchanges = await Promise.all(picks.map((item) => institution(item.id as string)));
    exchanges.forEach((exchange, i) => {
      const id = picks[i]?.id;
      expectStatus(exchange, 200);
      const answered = (exchange.response.body as { id?: unknown } | null)?.id;
      expectThat(
        answered === id,
        `asked for institution ${JSON.stringify(id)}, got id ${JSON.stringify(answered)}`,
        exchange,
      );
    });
  },
);

check(
  "An institution's links.self, followed as given, answers 200 with that institution",
  ['INST-22'],
  async () => {
    const linked = (await spreadOfList()).filter(
      (item) => typeof (item.links as { self?: unknown } | undefined)?.self === 'string',
    );
    // A missing self link is INST-19's finding.
    if (linked.length === 0) throw new NotExercised('no institution of the list carries a links.self string');
    for (const item of linked) {
      const self = (item.links as { self: string }).self;
      const exchange = await api().get(self);
      if (exchange.failure?.startsWith('refused to follow'))
        throw new NotExercised(
          `institution ${String(item.id)}'s links.self leads to another origin: ${self}`,
        );
      expectStatus(exchange, 200);
      const answered = (exchange.response.body as { id?: unknown; type?: unknown } | null) ?? {};
      expectThat(
        answered.id === item.id,
        `institution ${JSON.stringify(item.id)}'s links.self (${self}) answers ${
          answered.type === 'list' ? 'a list' : `the id ${JSON.stringify(answered.id)}`
        }`,
        exchange,
      );
    }
  },
);

/** Any client error: the spec shows no status for an invalid identifier (INST-09 notes). */
const clientErrors = Array.from({ length: 100 }, (_, i) => 400 + i);

check(
  'GET /institutions/{institution.id} for an unknown institution is refused with an error list',
  ['INST-09'],
  async () => {
    // One of the run's own, and one of the form of an institution the list gives (unknownIdOfForm), which
    // a service that refuses a malformed id first must look up.
    const formed = unknownIdOfForm(await subjectId());
    for (const id of [unknownInstitutionId(), ...(formed ? [formed] : [])])
      expectErrorList(await institution(id), { status: clientErrors });
  },
);

check(
  'GET /institutions/{institution.id} for an id no institution could have (quotes, a NUL, 300 characters) is refused with a 4xx error list, never a 5xx',
  ['INST-09', 'ERR-11'],
  async () => {
    const exchanges = await Promise.all(invalidIds('institution').map((id) => institution(id)));
    for (const exchange of exchanges) expectRefused(exchange);
  },
);

check(
  'GET /institutions/{institution.id} shows the status the list shows, for the institutions whose status is not the most common one',
  ['INST-08'],
  async () => {
    const { items } = await allInstitutions();
    const statuses = items.map((item) => item.status).filter((s): s is string => typeof s === 'string');
    const counts = new Map<string, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    const common = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    // The rarer statuses (under maintenance, say) are where a retrieval that reads another source shows.
    const picks = items
      .filter(
        (item) => typeof item.id === 'string' && typeof item.status === 'string' && item.status !== common,
      )
      .slice(0, 5);
    if (picks.length === 0) throw new NotExercised('every institution of the list has the same status');
    for (const item of picks) {
      const exchange = await institution(item.id as string);
      expectStatus(exchange, 200);
      const status = (exchange.response.body as { status?: unknown } | null)?.status;
      if (status === item.status) continue;
      // A status may change between two requests on a live service: only a disagreement that holds when
      // both are asked again is one.
      const [again, relisted] = await Promise.all([institution(item.id as string), allInstitutions()]);
      const listedNow = relisted.items.find((other) => other.id === item.id)?.status;
      const retrievedNow = (again.response?.body as { status?: unknown } | null | undefined)?.status;
      expectThat(
        retrievedNow === listedNow,
        `institution ${String(item.id)} is ${JSON.stringify(listedNow)} in the list and ${JSON.stringify(retrievedNow)} retrieved singly, twice over`,
        again,
      );
    }
  },
);
