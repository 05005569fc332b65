// @module-tag walks

import { randomUUID } from 'node:crypto';
import { check } from '../../src/checks/check.ts';
import { expectErrorList, expectRefused } from '../../src/checks/error-list.ts';
import {
  describeAnswer,
  describeRequest,
  expectStatus,
  expectThat,
  Failure,
} from '../../src/checks/failures.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { api, runSettings } from '../../src/checks/run-context.ts';
import { NotExercised } from '../../src/checks/check.ts';
import { unknownIdOfForm } from '../shared/identifiers.ts';
import { asRecord, transactionsPath } from './support.ts';
import { expectNoFinding } from './walk-findings.ts';
import { allWalks, snapshotWalk, snapshotWalks, walkCheckOptions } from './walks.ts';

const needs = walkCheckOptions;

check(
  'GET /users/{user.id}/affordability/{affordability.id}/transactions answers 200 with the affordability list envelope',
  ['AFFORD-01'],
  async () => {
    const walk = await snapshotWalk('default', allWalks);
    const first = walk.first;
    expectThat(first, 'the walk sent no request');
    expectStatus(first, 200);
    expectResource(first, 'affordability-list');
  },
  needs,
);

check(
  'Every page of the affordability list carries type "list", count and size as non-negative whole numbers, a data array and links.self',
  ['AFFORD-03', 'AFFORD-01'],
  async () => {
    const walks = await snapshotWalks(allWalks);
    const pages = walks.reduce((sum, walk) => sum + walk.pageSizes.length, 0);
    // No page at all is the list not answered (AFFORD-01): there is no envelope to judge.
    expectThat(
      pages > 0,
      `no walk received a page: ${walks[0]?.stop?.message ?? 'no answer'}`,
      walks[0]?.first,
      'AFFORD-01',
    );
    for (const walk of walks) {
      expectNoFinding(walk, 'AFFORD-03', 'every page must be an affordability list envelope');
      // A page without a data array stops the walk before its envelope is looked at.
      const stop = walk.stop;
      if (stop?.reason === 'not-a-list')
        throw new Failure(`the walk ${walk.label}: ${stop.message}`, stop.exchange);
    }
  },
  needs,
);

check(
  'A snapshot without transactions answers 200 with an empty data array and no links.next',
  ['AFFORD-02'],
  async () => {
    const { emptyAffordabilityId } = runSettings().profile.fixtures;
    if (emptyAffordabilityId) {
      // Asked plain and with a limit: no page size makes more pages of nothing.
      for (const query of [undefined, { limit: '10' }]) {
        const exchange = await api().get(transactionsPath(emptyAffordabilityId), query);
        expectStatus(exchange, 200);
        expectResource(exchange, 'affordability-list');
        const body = asRecord(exchange.response.body);
        const data = body?.data as unknown[];
        const next = asRecord(body?.links)?.next;
        // A null next is read as absent (AMB-AFFORD-04).
        expectThat(
          data.length === 0 && (next === undefined || next === null),
          `the snapshot without transactions gave ${data.length} transaction(s) and links.next ${JSON.stringify(next)}`,
          exchange,
        );
      }
      return;
    }
    // Without an empty snapshot in the profile, only an empty fixture snapshot shows the empty state.
    const walk = await snapshotWalk('default', allWalks);
    const first = walk.first;
    expectThat(first, 'the walk sent no request');
    const data = (first.response?.body as { data?: unknown } | undefined)?.data;
    if (!Array.isArray(data))
      throw new NotExercised(
        `the first page shows no data array, so whether the snapshot is empty cannot be seen (${describeAnswer(first)})`,
      );
    if (data.length > 0)
      throw new NotExercised(
        'the fixture snapshot holds transactions and the profile names no emptyAffordabilityId',
      );
    expectStatus(first, 200);
  },
  needs,
);

check(
  'GET /users/{user.id}/affordability/{affordability.id}/transactions for an unknown snapshot is refused with a client error and an error list',
  ['AFFORD-16'],
  async () => {
    // Why invalid under every reading: a snapshot id no service issued names no snapshot to list: a random
    // one, and one of the fixture snapshot's form (unknownIdOfForm), which a service that refuses a
    // malformed id first must look up. Its status is not shown ("Their specific codes and statuses: not
    // shown"): any client error.
    const formed = unknownIdOfForm(runSettings().profile.fixtures.affordabilityId ?? '');
    for (const id of [randomUUID(), ...(formed ? [formed] : [])])
      expectRefused(await api().get(transactionsPath(id)), [400, 404]);
  },
  needs,
);

check(
  'A limit of 0, ten, -1 or 1.5 is refused with a client error and an error list, or answered 200 with an affordability list, never a 5xx',
  ['AFFORD-01', 'ERR-11'],
  async () => {
    // The spec gives limit's maximum and default but not what an invalid value gets: either is conformant
    // (AMB-AFFORD-06). Accepted both ways, so none needs to be invalid under every reading.
    const values = ['0', 'ten', '-1', '1.5'];
    const exchanges = await Promise.all(values.map((limit) => api().get(transactionsPath(), { limit })));
    for (const exchange of exchanges) {
      const status = exchange.response?.status ?? 0;
      if (status >= 400 && status < 500) expectErrorList(exchange, { status: [status] });
      else if (status === 200) expectResource(exchange, 'affordability-list');
      else
        throw new Failure(
          `${describeRequest(exchange)}: expected a 4xx refusal with an error list or 200 with an affordability list, got ${describeAnswer(exchange)}`,
          exchange,
        );
    }
  },
  needs,
);
