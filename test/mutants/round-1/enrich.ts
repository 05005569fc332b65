/** Round 1, enrich. */
import { affordabilityPath, api, guarded, token, walk } from '../client.ts';
import type { EnrichResult, Institution, Reply } from '../client.ts';
import { obj, queryOf, readJsonObject, route, withJson, withQuery, errorResponse } from '../mutant.ts';
import type { Mutant, MutantRequest, Target } from '../mutant.ts';

const isEnrich = (request: MutantRequest) => route(request, 'GET', /^\/enrich$/) !== null;

function enrichPath(
  q: string,
  institution: string,
  country: string,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ q, institution, country, ...extra });
  return `/enrich?${query.toString()}`;
}

async function enrich(
  target: Target,
  tok: string,
  q: string,
  extra: Record<string, string> = {},
): Promise<Reply> {
  const { institution, country } = target.profile.fixtures.enrich;
  return api(target, enrichPath(q, institution, country, extra), tok);
}

/** The no-match query answers 200 with an enrich result whose five members are null. */
function noMatchProbe(target: Target): Promise<string | null> {
  return guarded(async () => {
    const tok = await token(target);
    const reply = await enrich(target, tok, target.profile.fixtures.enrich.noMatchQuery);
    if (reply.status !== 200) return `no-match query answered ${reply.status}, not 200`;
    const body = reply.json as EnrichResult;
    if (body.type !== 'enrich') return `no-match query answered type ${String(body.type)}`;
    const members = {
      'data.merchant': body.data.merchant,
      'data.location': body.data.location,
      'data.category': body.data.category,
      'links.logo-master': body.links['logo-master'],
      'links.logo-thumb': body.links['logo-thumb'],
    };
    const set = Object.entries(members).filter(([, value]) => value !== null);
    if (set.length > 0) return `nothing matched but ${set.map(([name]) => name).join(', ')} not null`;
    return null;
  });
}

/** Countries the country-ignoring mutant tries when the asked one finds nothing. */
const OTHER_COUNTRIES = ['AU', 'NZ', 'GB', 'US', 'CA', 'IE', 'SG'];

export const enrichMutants: Mutant[] = [
  {
    name: 'r1-enrich-no-match-logos-filled',
    group: 'enrich',
    clause:
      'When nothing matches, `data.merchant`, `data.location`, `data.category`, `links.logo-master` and `links.logo-thumb` are null.',
    why: 'with no merchant matched the logo links carry a placeholder logo instead of null.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = readJsonObject(response);
      if (!isEnrich(request) || response.status !== 200 || !body || obj(body.data).merchant !== null)
        return response;
      const placeholder = 'https://logos.example.com/merchants/unknown/master.svg';
      return withJson(response, {
        ...body,
        links: { ...obj(body.links), 'logo-master': placeholder, 'logo-thumb': placeholder },
      });
    },
    probe: noMatchProbe,
  },
  {
    name: 'r1-enrich-no-match-404',
    group: 'enrich',
    clause: 'Response: always 200 with an enrich result when inputs are valid.',
    why: 'a valid query that matches nothing is answered 404 instead of 200 with null members.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = readJsonObject(response);
      if (!isEnrich(request) || response.status !== 200 || !body || obj(body.data).merchant !== null)
        return response;
      return errorResponse(404, 'resource-not-found', 'No merchant matches this description.');
    },
    probe: noMatchProbe,
  },
  {
    name: 'r1-enrich-amount-sign-ignored',
    group: 'enrich',
    clause: '`accountType` and `amount` are both needed for transaction classification',
    why: 'with accountType and a signed amount given, +X and -X classify alike, so the amount plays no part in the classification.',
    async handle(request, forward) {
      if (!isEnrich(request)) return forward(request);
      const query = queryOf(request);
      const amount = query.get('amount');
      if (amount === null || query.get('accountType') === null) return forward(request);
      query.set('amount', `-${amount.replace(/^[+-]/, '')}`);
      return forward(withQuery(request, query));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const q = target.profile.fixtures.enrich.matchingQuery;
        const debit = await enrich(target, tok, q, { accountType: 'transaction', amount: '-42.50' });
        const credit = await enrich(target, tok, q, { accountType: 'transaction', amount: '42.50' });
        if (debit.status !== 200 || credit.status !== 200) {
          return `classification queries answered ${debit.status} and ${credit.status}`;
        }
        const a = debit.json as EnrichResult;
        const b = credit.json as EnrichResult;
        if (a.direction === b.direction) {
          return `amount -42.50 and 42.50 both classified with direction ${a.direction}`;
        }
        return null;
      }),
  },
  {
    name: 'r1-enrich-unclassified-not-payment',
    group: 'enrich',
    clause:
      'when they are not provided the query is treated as a payment transaction and categorised accordingly',
    why: 'without accountType and amount an ATM description is classified cash-withdrawal instead of being treated as a payment.',
    async handle(request, forward) {
      if (!isEnrich(request)) return forward(request);
      const query = queryOf(request);
      if (query.get('amount') !== null || query.get('accountType') !== null) return forward(request);
      query.set('accountType', 'transaction');
      query.set('amount', '-1.00');
      return forward(withQuery(request, query));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await enrich(target, tok, 'ATM WITHDRAWAL CITY CENTRE');
        if (reply.status !== 200) return `unclassified query answered ${reply.status}`;
        const body = reply.json as EnrichResult;
        if (body.class !== 'payment')
          return `query without accountType and amount classified ${body.class}, not payment`;
        return null;
      }),
  },
  {
    name: 'r1-enrich-country-not-limiting',
    group: 'enrich',
    clause: 'ISO 3166 alpha-2; limits the search to that country',
    why: 'when the asked country has no match, merchants of other countries are returned, so country does not limit the search.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = readJsonObject(response);
      if (!isEnrich(request) || response.status !== 200 || !body || obj(body.data).merchant !== null)
        return response;
      const query = queryOf(request);
      for (const country of OTHER_COUNTRIES) {
        if (country === query.get('country')) continue;
        query.set('country', country);
        const other = await forward(withQuery(request, query));
        if (other.status === 200 && obj(readJsonObject(other)?.data).merchant) return other;
      }
      return response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const { institution, country, matchingQuery } = target.profile.fixtures.enrich;
        const home = await api(target, enrichPath(matchingQuery, institution, country), tok);
        if (home.status !== 200 || (home.json as EnrichResult).data.merchant === null) {
          return `matching query found no merchant in ${country} (${home.status})`;
        }
        const elsewhere = country === 'NZ' ? 'GB' : 'NZ';
        const away = await api(target, enrichPath(matchingQuery, institution, elsewhere), tok);
        if (away.status !== 200) return `matching query with country ${elsewhere} answered ${away.status}`;
        if ((away.json as EnrichResult).data.merchant !== null) {
          return `a ${country} merchant was returned for country=${elsewhere}`;
        }
        return null;
      }),
  },
  {
    name: 'r1-enrich-thumb-dropped',
    group: 'enrich',
    clause:
      'link to the thumbnail logo, or null when none exists; when no thumbnail exists the master logo is given for both.',
    why: 'logo-thumb is null although a master logo exists, whereas a missing thumbnail must be replaced by the master logo.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = readJsonObject(response);
      const links = obj(body?.links);
      if (
        !isEnrich(request) ||
        response.status !== 200 ||
        !body ||
        typeof links['logo-master'] !== 'string'
      ) {
        return response;
      }
      return withJson(response, { ...body, links: { ...links, 'logo-thumb': null } });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const { institution, country, matchingQuery } = target.profile.fixtures.enrich;
        // Candidates: the fixture query, then payment descriptions of the fixture snapshot.
        const candidates: { q: string; institution: string }[] = [{ q: matchingQuery, institution }];
        const { pages } = await walk(target, tok, affordabilityPath(target), 4);
        const seen = new Set<string>([matchingQuery]);
        for (const tx of pages.flatMap((p) => p.data)) {
          if (tx.class !== 'payment' || seen.has(tx.description)) continue;
          seen.add(tx.description);
          candidates.push({ q: tx.description, institution: tx.institution });
        }
        const countries = new Map<string, string>([[institution, country]]);
        for (const candidate of candidates.slice(0, 40)) {
          let cc = countries.get(candidate.institution);
          if (cc === undefined) {
            const one = await api(target, `/institutions/${encodeURIComponent(candidate.institution)}`, tok);
            cc = one.status === 200 ? (one.json as Institution).country : country;
            countries.set(candidate.institution, cc);
          }
          const reply = await api(target, enrichPath(candidate.q, candidate.institution, cc), tok);
          if (reply.status !== 200) continue;
          const links = (reply.json as EnrichResult).links;
          if (links['logo-master'] !== null && links['logo-thumb'] === null) {
            return `"${candidate.q}": logo-master given but logo-thumb null`;
          }
        }
        return null;
      }),
  },
  {
    name: 'r1-enrich-short-q-accepted',
    group: 'enrich',
    clause: 'transaction description; URL-encoded; at least 3 characters',
    why: 'a two-character q is padded and answered 200 although q needs at least 3 characters and invalid parameters return 400.',
    async handle(request, forward) {
      if (!isEnrich(request)) return forward(request);
      const query = queryOf(request);
      const q = query.get('q');
      if (q === null || q.trim().length >= 3) return forward(request);
      query.set('q', q.trim().padEnd(3, '.'));
      return forward(withQuery(request, query));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await enrich(target, tok, 'AB');
        if (reply.status !== 400) return `q=AB answered ${reply.status}, not 400`;
        return null;
      }),
  },
];
