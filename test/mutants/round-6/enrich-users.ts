/** Round 6: enrich and users. */
import { api, createUser, guarded, token } from '../client.ts';
import type { Reply } from '../client.ts';
import { isObject, obj, queryOf, readJsonObject, route, str, withJson, withQuery } from '../mutant.ts';
import type { Forward, Mutant, MutantRequest, MutantResponse, Target } from '../mutant.ts';
import { editJson, errorsOf, firstError, isSuccess, sourceParameter } from './util.ts';

const ACCOUNT_TYPES = ['transaction', 'credit-card', 'savings', 'mortgage', 'loan', 'foreign'];

function isEnrich(request: MutantRequest): boolean {
  return route(request, 'GET', /^\/enrich\/?$/) !== null;
}

/** GET /enrich with the fixture's institution and country unless overridden. */
async function enrich(target: Target, tok: string, params: Record<string, string>): Promise<Reply> {
  const { enrich: fixture } = target.profile.fixtures;
  const query = new URLSearchParams({
    q: fixture.matchingQuery,
    institution: fixture.institution,
    country: fixture.country,
    ...params,
  });
  return api(target, `/enrich?${query.toString()}`, tok);
}

function given(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  return value !== null && value.trim() !== '';
}

const enrichQTwoCharacters: Mutant = {
  name: 'r6-enrich-q-two-characters',
  group: 'enrich',
  clause: '| Minimum length of `q` | enrich | 3 characters |',
  why: 'A description of two characters is below the stated minimum of three, so it is an invalid parameter, never a result.',
  handle(request, forward) {
    if (!isEnrich(request)) return forward(request);
    const query = queryOf(request);
    const q = query.get('q');
    if (q === null || [...q].length !== 2) return forward(request);
    query.set('q', `${q} `);
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await enrich(target, tok, { q: 'ab' });
      return reply.status === 400 ? null : `q of two characters answered ${reply.status}`;
    }),
};

const enrichCountrySourceParameter: Mutant = {
  name: 'r6-enrich-country-source-parameter',
  group: 'enrich',
  clause:
    'Enrich: invalid parameter values return 400 with code `parameter-not-valid` and `source.parameter` naming the parameter (for example `accountType`).',
  why: 'When only country is invalid, source.parameter must name country, not another parameter that was fine.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isEnrich(request) || response.status !== 400) return response;
    return editJson(response, (body) => {
      for (const error of errorsOf(body)) {
        const source = obj(error.source);
        if (source.parameter === 'country') error.source = { ...source, parameter: 'institution' };
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await enrich(target, tok, { country: 'A1' });
      if (reply.status !== 400) return `country A1 answered ${reply.status}`;
      const error = firstError(reply);
      if (error?.code !== 'parameter-not-valid') return `country A1 refused with code ${String(error?.code)}`;
      const parameter = sourceParameter(error);
      return parameter === 'country'
        ? null
        : `country A1 refused naming source.parameter ${String(parameter)}`;
    }),
};

const enrichNoMatchThumbPlaceholder: Mutant = {
  name: 'r6-enrich-nomatch-thumb-placeholder',
  group: 'enrich',
  clause:
    'When nothing matches, `data.merchant`, `data.location`, `data.category`, `links.logo-master` and `links.logo-thumb` are null.',
  why: 'With no merchant matched there is no logo at all, and the spec names logo-thumb among the members that are then null.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isEnrich(request) || response.status !== 200) return response;
    return editJson(response, (body) => {
      if (obj(body.data).merchant !== null) return;
      body.links = {
        ...obj(body.links),
        'logo-thumb': 'https://cdn.lenient.invalid/merchants/generic/thumb.png',
      };
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await enrich(target, tok, { q: target.profile.fixtures.enrich.noMatchQuery });
      if (reply.status !== 200) return `no-match query answered ${reply.status}`;
      const body = obj(reply.json);
      const data = obj(body.data);
      const links = obj(body.links);
      const members: [string, unknown][] = [
        ['data.merchant', data.merchant],
        ['data.location', data.location],
        ['data.category', data.category],
        ['links.logo-master', links['logo-master']],
        ['links.logo-thumb', links['logo-thumb']],
      ];
      const set = members.filter(([, value]) => value !== null).map(([name]) => name);
      return set.length === 0 ? null : `no-match query has non-null ${set.join(', ')}`;
    }),
};

const enrichUnclassifiedKeywordClass: Mutant = {
  name: 'r6-enrich-unclassified-keyword-class',
  group: 'enrich',
  clause:
    '`accountType` and `amount` are both needed for transaction classification; when they are not provided the query is treated as a payment transaction and categorised accordingly.',
  why: 'Without accountType and amount the query is a payment by definition, so a description that mentions an ATM must not change its class.',
  async handle(request, forward) {
    const response = await forward(request);
    const query = queryOf(request);
    if (
      !isEnrich(request) ||
      response.status !== 200 ||
      given(query, 'accountType') ||
      given(query, 'amount')
    )
      return response;
    const q = (query.get('q') ?? '').toUpperCase();
    return editJson(response, (body) => {
      if (/\bATM\b|\bCASH\b/.test(q)) body.class = 'cash-withdrawal';
      else if (/\bFEE\b/.test(q)) body.class = 'bank-fee';
      else if (/\bTRANSFER\b/.test(q)) body.class = 'transfer';
      else if (/\bREFUND\b/.test(q)) {
        body.class = 'refund';
        body.direction = 'credit';
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await enrich(target, tok, { q: 'ATM WITHDRAWAL 4821' });
      if (reply.status !== 200) return `query without accountType and amount answered ${reply.status}`;
      const cls = obj(reply.json).class;
      return cls === 'payment' ? null : `query without accountType and amount classed ${String(cls)}`;
    }),
};

const enrichSelfWithoutQuery: Mutant = {
  name: 'r6-enrich-self-without-query',
  group: 'enrich',
  clause: '| self | reference link to the original query |',
  why: 'Two different queries cannot share one reference link to their original query.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isEnrich(request) || response.status !== 200) return response;
    return editJson(response, (body) => {
      const links = obj(body.links);
      const self = str(links.self);
      if (self !== undefined) body.links = { ...links, self: self.split('?')[0] };
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const one = await enrich(target, tok, {});
      const two = await enrich(target, tok, { q: target.profile.fixtures.enrich.noMatchQuery });
      if (one.status !== 200 || two.status !== 200) return `enrich answered ${one.status} and ${two.status}`;
      const a = obj(obj(one.json).links).self;
      const b = obj(obj(two.json).links).self;
      return a === b ? `two different queries have the same links.self ${String(a)}` : null;
    }),
};

/** Searches other countries when the asked one finds nothing. */
async function anyCountry(request: MutantRequest, forward: Forward): Promise<MutantResponse> {
  const response = await forward(request);
  if (!isEnrich(request) || response.status !== 200) return response;
  if (obj(obj(readJsonObject(response)).data).merchant !== null) return response;
  const query = queryOf(request);
  const asked = (query.get('country') ?? '').trim().toUpperCase();
  for (const country of ['AU', 'NZ', 'GB', 'US']) {
    if (country === asked) continue;
    query.set('country', country);
    const other = await forward(withQuery(request, query));
    const merchant = obj(obj(readJsonObject(other)).data).merchant;
    if (other.status === 200 && isObject(merchant)) return other;
  }
  return response;
}

const enrichCountryNotLimiting: Mutant = {
  name: 'r6-enrich-country-not-limiting',
  group: 'enrich',
  clause: '| country | string | yes | ISO 3166 alpha-2; limits the search to that country |',
  why: 'A merchant found when searching its own country cannot also be the answer for a country the search is limited to and it is not in.',
  handle: anyCountry,
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const home = await enrich(target, tok, {});
      if (home.status !== 200) return `matching query answered ${home.status}`;
      const merchant = obj(obj(home.json).data).merchant;
      if (!isObject(merchant)) return 'the matching query found no merchant';
      const other = target.profile.fixtures.enrich.country.toUpperCase() === 'GB' ? 'DE' : 'GB';
      const away = await enrich(target, tok, { country: other });
      const found = obj(obj(away.json).data).merchant;
      return isObject(found) && found.id === merchant.id
        ? `merchant ${String(merchant.id)} also found when the search is limited to ${other}`
        : null;
    }),
};

const enrichBadAccountTypeWithAmount: Mutant = {
  name: 'r6-enrich-bad-account-type-with-amount',
  group: 'enrich',
  clause:
    '| accountType | string | no | one of `transaction`, `credit-card`, `savings`, `mortgage`, `loan`, `foreign` |',
  why: '`checking` is not one of the listed account types, so it is an invalid parameter whether or not an amount comes with it.',
  handle(request, forward) {
    if (!isEnrich(request)) return forward(request);
    const query = queryOf(request);
    const accountType = (query.get('accountType') ?? '').trim().toLowerCase();
    if (accountType === '' || ACCOUNT_TYPES.includes(accountType) || !given(query, 'amount'))
      return forward(request);
    query.delete('accountType');
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await enrich(target, tok, { accountType: 'checking', amount: '-12.50' });
      return reply.status === 400 ? null : `accountType checking with an amount answered ${reply.status}`;
    }),
};

export const enrichMutants: Mutant[] = [
  enrichQTwoCharacters,
  enrichCountrySourceParameter,
  enrichNoMatchThumbPlaceholder,
  enrichUnclassifiedKeywordClass,
  enrichSelfWithoutQuery,
  enrichCountryNotLimiting,
  enrichBadAccountTypeWithAmount,
];

// ---------------------------------------------------------------------------------------------
// Users.

function isUserCreation(request: MutantRequest): boolean {
  return route(request, 'POST', /^\/users\/?$/) !== null;
}

/** Rewrites the created user of a successful POST /users. */
async function editCreated(
  request: MutantRequest,
  forward: Forward,
  edit: (user: Record<string, unknown>, sent: Record<string, unknown>) => void,
): Promise<MutantResponse> {
  const response = await forward(request);
  if (!isUserCreation(request) || !isSuccess(response)) return response;
  const sent = readJsonObject(request) ?? {};
  return editJson(response, (user) => edit(user, sent));
}

const usersNamesSwapped: Mutant = {
  name: 'r6-users-names-swapped',
  group: 'users',
  clause: '| firstName | string | |',
  why: 'The created user must carry the first name it was given as firstName, not its last name.',
  handle: (request, forward) =>
    editCreated(request, forward, (user) => {
      if (typeof user.firstName === 'string' && typeof user.lastName === 'string')
        [user.firstName, user.lastName] = [user.lastName, user.firstName];
    }),
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await createUser(target, tok, { firstName: 'Ada', lastName: 'Lovelace' });
      if (reply.status !== 201) return `user creation answered ${reply.status}`;
      const user = obj(reply.json);
      return user.firstName === 'Ada' && user.lastName === 'Lovelace'
        ? null
        : `created Ada Lovelace came back as firstName ${String(user.firstName)}, lastName ${String(user.lastName)}`;
    }),
};

const usersMobileWithoutPlus: Mutant = {
  name: 'r6-users-mobile-without-plus',
  group: 'users',
  clause: '| mobile | string | international format `+[country-code][mobile number]` |',
  why: 'The international format starts with `+`; a mobile returned with a `00` trunk prefix instead is not in it.',
  handle: (request, forward) =>
    editCreated(request, forward, (user) => {
      if (typeof user.mobile === 'string' && user.mobile.startsWith('+'))
        user.mobile = `00${user.mobile.slice(1)}`;
    }),
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await createUser(target, tok, { mobile: '+61412345678' });
      if (reply.status !== 201) return `user creation answered ${reply.status}`;
      const mobile = obj(reply.json).mobile;
      return typeof mobile === 'string' &&
        mobile.startsWith('+') &&
        mobile.replace(/\D/g, '') === '61412345678'
        ? null
        : `mobile +61412345678 came back as ${String(mobile)}`;
    }),
};

const usersEmptyEmailAccepted: Mutant = {
  name: 'r6-users-empty-email-accepted',
  group: 'users',
  clause: 'Success: 201 with the user. Error when parameters are invalid (for example an empty e-mail).',
  why: 'The spec names an empty e-mail as its example of an invalid parameter, which gets an error, not a user.',
  handle(request, forward) {
    if (!isUserCreation(request)) return forward(request);
    const body = readJsonObject(request);
    if (
      body === undefined ||
      typeof body.email !== 'string' ||
      body.email.trim() !== '' ||
      (body.mobile !== undefined && body.mobile !== null)
    )
      return forward(request);
    return forward(withJson(request, { ...body, email: `anonymous.${Date.now()}@example.com` }));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, '/users', tok, { method: 'POST', body: { email: '' } });
      return isSuccess(reply) ? `user with an empty e-mail answered ${reply.status}` : null;
    }),
};

const usersNoContactAccepted: Mutant = {
  name: 'r6-users-no-contact-accepted',
  group: 'users',
  clause: '| email | string | required when `mobile` is absent |',
  why: 'A body with neither email nor mobile lacks a required member, so no user can be created from it.',
  handle(request, forward) {
    if (!isUserCreation(request)) return forward(request);
    const body = readJsonObject(request);
    if (
      body === undefined ||
      (body.email !== undefined && body.email !== null) ||
      (body.mobile !== undefined && body.mobile !== null)
    )
      return forward(request);
    return forward(withJson(request, { ...body, mobile: '+61400000000' }));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, '/users', tok, {
        method: 'POST',
        body: { firstName: 'Solo', lastName: 'Nobody' },
      });
      return isSuccess(reply) ? `user with neither email nor mobile answered ${reply.status}` : null;
    }),
};

let previousUser: { self: string; at: number } | undefined;

const usersSelfOfPrevious: Mutant = {
  name: 'r6-users-self-of-previous',
  group: 'users',
  clause:
    'Every resource carries a `type` field naming its kind, and most carry a `links` object with a `self` member.',
  why: 'A self link names the resource itself, so two different users created one after the other cannot share it.',
  handle: (request, forward) =>
    editCreated(request, forward, (user) => {
      const links = obj(user.links);
      const self = str(links.self);
      if (self === undefined) return;
      const now = Date.now();
      if (previousUser !== undefined && now - previousUser.at < 5_000)
        user.links = { ...links, self: previousUser.self };
      previousUser = { self, at: now };
    }),
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const one = await createUser(target, tok);
      const two = await createUser(target, tok);
      if (one.status !== 201 || two.status !== 201)
        return `user creation answered ${one.status}, ${two.status}`;
      const a = obj(obj(one.json).links).self;
      const b = obj(obj(two.json).links).self;
      return a === b ? `two created users share links.self ${String(a)}` : null;
    }),
};

const usersMobileOnlyType: Mutant = {
  name: 'r6-users-mobile-only-type',
  group: 'users',
  clause: '| type | string | `user` |',
  why: 'A user created from a mobile number alone is still a user, whose type is `user`.',
  handle: (request, forward) =>
    editCreated(request, forward, (user, sent) => {
      if (sent.email === undefined || sent.email === null) user.type = 'mobile-user';
    }),
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, '/users', tok, { method: 'POST', body: { mobile: '+61412345679' } });
      if (reply.status !== 201) return `user creation with a mobile answered ${reply.status}`;
      const type = obj(reply.json).type;
      return type === 'user' ? null : `user created from a mobile has type ${String(type)}`;
    }),
};

export const userMutants: Mutant[] = [
  usersNamesSwapped,
  usersMobileWithoutPlus,
  usersEmptyEmailAccepted,
  usersNoContactAccepted,
  usersSelfOfPrevious,
  usersMobileOnlyType,
];
