/** Round 2, enrich. */
import { api, guarded, token } from '../client.ts';
import type { EnrichResult } from '../client.ts';
import { arr, errorResponse, isObject, obj, queryOf, route, str, withQuery } from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';
import { editJson, enrichPath, fetchJson, ok, parameterOf, resolve } from './helpers.ts';

export const isEnrich = (request: MutantRequest): boolean => route(request, 'GET', /^\/enrich\/?$/) !== null;

export const enrichMutants: Mutant[] = [
  {
    name: 'r2-enrich-self-drops-query',
    group: 'enrich',
    clause: 'reference link to the original query',
    why: 'links.self points at the bare enrich path, so the link no longer refers to the query that was asked.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isEnrich(request)) return response;
      return editJson(response, (body) => {
        const links = obj(body.links);
        const self = str(links.self);
        if (self !== undefined) links.self = self.split('?')[0];
      });
    },
    probe: (target) =>
      guarded(async () => {
        const { enrich } = target.profile.fixtures;
        const tok = await token(target);
        const reply = await api(target, enrichPath(target), tok);
        if (reply.status !== 200) return `enrich answered ${reply.status}`;
        const self = new URL(resolve(target, (reply.json as EnrichResult).links.self));
        for (const [name, value] of [
          ['q', enrich.matchingQuery],
          ['institution', enrich.institution],
          ['country', enrich.country],
        ] as const) {
          if (self.searchParams.get(name) !== value)
            return `links.self does not carry the query's ${name} (${self.pathname}${self.search})`;
        }
        return null;
      }),
  },
  {
    name: 'r2-enrich-credit-card-refused',
    group: 'enrich',
    clause: 'one of `transaction`, `credit-card`, `savings`, `mortgage`, `loan`, `foreign`',
    why: 'accountType=credit-card, one of the listed values, is refused as an invalid parameter.',
    handle(request, forward) {
      const accountType = queryOf(request).get('accountType');
      if (isEnrich(request) && accountType?.trim().toLowerCase() === 'credit-card')
        return Promise.resolve(
          errorResponse(
            400,
            'parameter-not-valid',
            'accountType is not a supported account type.',
            'accountType',
          ),
        );
      return forward(request);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(
          target,
          enrichPath(target, { accountType: 'credit-card', amount: '-25.00' }),
          tok,
        );
        if (reply.status !== 200) return `accountType=credit-card was answered ${reply.status}`;
        return null;
      }),
  },
  {
    name: 'r2-enrich-mcc-refused',
    group: 'enrich',
    clause: 'merchant classification code',
    why: 'the optional mcc parameter, when given, makes the request fail although it is a documented optional parameter.',
    handle(request, forward) {
      if (isEnrich(request) && queryOf(request).has('mcc'))
        return Promise.resolve(errorResponse(400, 'parameter-not-valid', 'mcc is not valid.', 'mcc'));
      return forward(request);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, enrichPath(target, { mcc: '5411' }), tok);
        if (reply.status !== 200) return `a query with mcc=5411 was answered ${reply.status}`;
        return null;
      }),
  },
  {
    name: 'r2-enrich-decimal-amount-refused',
    group: 'enrich',
    clause: 'transaction amount, signed decimal',
    why: 'an amount with a fractional part (-12.50), a signed decimal, is refused; only whole numbers get through.',
    handle(request, forward) {
      const amount = queryOf(request).get('amount');
      if (isEnrich(request) && amount !== null && amount.includes('.'))
        return Promise.resolve(errorResponse(400, 'parameter-not-valid', 'amount is not valid.', 'amount'));
      return forward(request);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(
          target,
          enrichPath(target, { accountType: 'transaction', amount: '-12.50' }),
          tok,
        );
        if (reply.status !== 200) return `amount=-12.50 was answered ${reply.status}`;
        return null;
      }),
  },
  {
    name: 'r2-enrich-unknown-institution-accepted',
    group: 'enrich',
    clause: 'a recognised institution identifier',
    why: 'an institution the catalogue does not hold is answered 200 (the proxy substitutes a catalogue entry) instead of the 400 for invalid parameters.',
    async handle(request, forward) {
      const response = await forward(request);
      if (!isEnrich(request) || response.status !== 400 || parameterOf(response) !== 'institution')
        return response;
      const list = obj(await fetchJson(forward, request, '/institutions'));
      const first = arr(list.data).find(isObject);
      const id = first === undefined ? undefined : str(first.id);
      if (id === undefined) return response;
      const query = queryOf(request);
      query.set('institution', id);
      return forward(withQuery(request, query));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, enrichPath(target, { institution: 'no-such-institution-zz' }), tok);
        if (ok(reply.status)) return `an unknown institution was answered ${reply.status}`;
        return null;
      }),
  },
  {
    name: 'r2-enrich-missing-country-defaulted',
    group: 'enrich',
    clause: '| country | string | yes |',
    why: 'a query without the required country is answered as if country=AU had been sent, instead of an error.',
    handle(request, forward) {
      const query = queryOf(request);
      if (!isEnrich(request) || (query.get('country') ?? '').trim() !== '') return forward(request);
      query.set('country', 'AU');
      return forward(withQuery(request, query));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, enrichPath(target, { country: undefined }), tok);
        if (ok(reply.status)) return `a query without country was answered ${reply.status}`;
        return null;
      }),
  },
];
