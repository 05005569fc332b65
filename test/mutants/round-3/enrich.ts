/** Enrich mutants. */
import { api, guarded, token, affordabilityPath } from '../client.ts';
import type { EnrichResult, Institution } from '../client.ts';
import type { Target } from '../mutant.ts';
import { errorResponse, obj, queryOf, route, withQuery } from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';
import { allTransactions, restoreSelf, rewriteSuccess } from './util.ts';

const ACCOUNT_TYPES = ['transaction', 'credit-card', 'savings', 'mortgage', 'loan', 'foreign'];
const SIGNED_DECIMAL = /^[+-]?\d+(\.\d+)?$/;

const isEnrich = (request: MutantRequest) => route(request, 'GET', /^\/enrich$/) !== null;

function enrichQuery(target: Target, extra: Record<string, string>, q?: string): string {
  const { enrich } = target.profile.fixtures;
  const params = new URLSearchParams({
    q: q ?? enrich.matchingQuery,
    institution: enrich.institution,
    country: enrich.country,
    ...extra,
  });
  return `/enrich?${params.toString()}`;
}

const ampersandRefused: Mutant = {
  name: 'r3-enrich-ampersand-refused',
  group: 'enrich',
  clause: 'transaction description; URL-encoded; at least 3 characters',
  why: 'a description holding &, #, +, % or / (sent URL-encoded, as the rule asks) is refused as an invalid q, although any description of 3 characters or more is valid.',
  async handle(request, forward) {
    const q = isEnrich(request) ? queryOf(request).get('q') : null;
    if (q !== null && /[&#+%/]/.test(q)) {
      return errorResponse(400, 'parameter-not-valid', 'q holds characters that are not allowed.', 'q');
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const q = `${target.profile.fixtures.enrich.matchingQuery} & CO`;
      const reply = await api(target, enrichQuery(target, {}, q), tok);
      if (reply.status !== 200) return `a valid description containing "&" is answered ${reply.status}`;
      return null;
    }),
};

const logoMasterDropped: Mutant = {
  name: 'r3-enrich-logo-master-dropped',
  group: 'enrich',
  clause: 'link to the master logo, or null when no merchant logo exists',
  why: 'logo-master is null while a thumbnail logo of the merchant is given, so a merchant logo exists and the master link must not be null.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isEnrich(request)) return response;
    return rewriteSuccess(response, (body) => {
      const links = obj(body.links);
      if (typeof links['logo-thumb'] === 'string') links['logo-master'] = null;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { fixtures } = target.profile;
      const payments = (await allTransactions(target, tok, affordabilityPath(target))).filter(
        (tx) => tx.class === 'payment',
      );
      const countries = new Map<string, string>();
      const seen = new Set<string>();
      for (const tx of payments) {
        if (seen.has(tx.description) || seen.size >= 20) continue;
        seen.add(tx.description);
        let country = countries.get(tx.institution);
        if (country === undefined) {
          const inst = await api(target, `/institutions/${tx.institution}`, tok);
          country = inst.status === 200 ? (inst.json as Institution).country : fixtures.enrich.country;
          countries.set(tx.institution, country);
        }
        const params = new URLSearchParams({ q: tx.description, institution: tx.institution, country });
        const reply = await api(target, `/enrich?${params.toString()}`, tok);
        if (reply.status !== 200) return `enrich answered ${reply.status} for "${tx.description}"`;
        const links = (reply.json as EnrichResult).links;
        if (links['logo-thumb'] !== null && links['logo-master'] === null) {
          return `"${tx.description}" has a thumbnail logo but logo-master is null`;
        }
      }
      return null;
    }),
};

const halfClassified: Mutant = {
  name: 'r3-enrich-half-classified',
  group: 'enrich',
  clause:
    '`accountType` and `amount` are both needed for transaction classification; when they are not provided the query is treated as a payment transaction and categorised accordingly.',
  why: 'with accountType given but no amount the query is classified anyway (as a debit of its account), instead of being treated as a payment.',
  async handle(request, forward) {
    const query = queryOf(request);
    if (!isEnrich(request) || !query.has('accountType') || query.has('amount')) return forward(request);
    query.set('amount', '-10.00');
    const response = await forward(withQuery(request, query));
    return rewriteSuccess(response, (body) => restoreSelf(body, request.query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(
        target,
        enrichQuery(target, { accountType: 'transaction' }, 'ATM CASH WITHDRAWAL 0042 CITY'),
        tok,
      );
      if (reply.status !== 200) return `enrich with accountType alone answered ${reply.status}`;
      const result = reply.json as EnrichResult;
      if (result.class !== 'payment') {
        return `with accountType but no amount the query is classified ${result.class} instead of payment`;
      }
      return null;
    }),
};

const unknownAccountTypeAccepted: Mutant = {
  name: 'r3-enrich-unknown-account-type-accepted',
  group: 'enrich',
  clause: 'one of `transaction`, `credit-card`, `savings`, `mortgage`, `loan`, `foreign`',
  why: 'an accountType outside the six allowed values is silently dropped and the query answered 200, where invalid parameters return 400.',
  async handle(request, forward) {
    const query = queryOf(request);
    const accountType = query.get('accountType');
    if (!isEnrich(request) || accountType === null || ACCOUNT_TYPES.includes(accountType))
      return forward(request);
    query.delete('accountType');
    const response = await forward(withQuery(request, query));
    return rewriteSuccess(response, (body) => restoreSelf(body, request.query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, enrichQuery(target, { accountType: 'chequing', amount: '-5.00' }), tok);
      if (reply.status !== 400) return `accountType=chequing is answered ${reply.status} instead of 400`;
      return null;
    }),
};

const nonDecimalAmountAccepted: Mutant = {
  name: 'r3-enrich-non-decimal-amount-accepted',
  group: 'enrich',
  clause: 'transaction amount, signed decimal',
  why: 'an amount that is not a decimal number is dropped and the query answered 200, where invalid parameters return 400.',
  async handle(request, forward) {
    const query = queryOf(request);
    const amount = query.get('amount');
    if (!isEnrich(request) || amount === null || SIGNED_DECIMAL.test(amount)) return forward(request);
    query.delete('amount');
    const response = await forward(withQuery(request, query));
    return rewriteSuccess(response, (body) => restoreSelf(body, request.query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(
        target,
        enrichQuery(target, { accountType: 'transaction', amount: 'twelve' }),
        tok,
      );
      if (reply.status !== 400) return `amount=twelve is answered ${reply.status} instead of 400`;
      return null;
    }),
};

export const enrichMutants: Mutant[] = [
  ampersandRefused,
  logoMasterDropped,
  halfClassified,
  unknownAccountTypeAccepted,
  nonDecimalAmountAccepted,
];
