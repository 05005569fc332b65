/** Round 5: enrich and users. */
import { api, createUser, errorCode, guarded, isErrorList, token } from '../client.ts';
import type { ErrorList } from '../client.ts';
import {
  errorResponse,
  jsonResponse,
  obj,
  queryOf,
  readJsonObject,
  route,
  str,
  withJson,
  withQuery,
} from '../mutant.ts';
import type { JsonObject, Mutant, MutantRequest } from '../mutant.ts';
import { enrichPath, jsonOf } from './shared.ts';

function isEnrich(request: MutantRequest): boolean {
  return route(request, 'GET', /^\/enrich$/) !== null;
}

function isUserCreation(request: MutantRequest): boolean {
  return route(request, 'POST', /^\/users$/) !== null;
}

/** The first error's source.parameter of an error-list body. */
function firstParameter(body: JsonObject | undefined): string | undefined {
  const first = obj(Array.isArray(body?.data) ? body.data[0] : undefined);
  return str(obj(first.source).parameter);
}

// ---------------------------------------------------------------------------------------------
// enrich

const noMatchPlaceholderLogo: Mutant = {
  name: 'r5-enrich-no-match-placeholder-logo',
  group: 'enrich',
  clause:
    'When nothing matches, `data.merchant`, `data.location`, `data.category`, `links.logo-master` and `links.logo-thumb` are null.',
  why: 'With no merchant matched both logo links must be null; a placeholder logo is not null.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (!isEnrich(request) || response.status !== 200 || !body || obj(body.data).merchant !== null) {
      return response;
    }
    const placeholder = 'https://logos.example.com/merchants/placeholder.svg';
    return withJson(response, {
      ...body,
      links: { ...obj(body.links), 'logo-master': placeholder, 'logo-thumb': placeholder },
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(
        target,
        enrichPath(target, { q: target.profile.fixtures.enrich.noMatchQuery }),
        tok,
      );
      if (reply.status !== 200) return `a no-match enrich answered ${reply.status}`;
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
      return set.length === 0 ? null : `a no-match enrich has non-null ${set.join(', ')}`;
    }),
};

const threeCharactersRefused: Mutant = {
  name: 'r5-enrich-three-characters-refused',
  group: 'enrich',
  clause: '| Minimum length of `q` | enrich | 3 characters |',
  why: 'Three characters is the minimum length, so a three-character q is valid and must be answered 200.',
  async handle(request, forward) {
    if (isEnrich(request) && (queryOf(request).get('q') ?? '').trim().length === 3) {
      return errorResponse(400, 'parameter-not-valid', 'q must hold more than 3 characters.', 'q');
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, enrichPath(target, { q: 'ATM' }), tok);
      return reply.status === 200 ? null : `q="ATM" (3 characters) answered ${reply.status}`;
    }),
};

const twoCharactersAccepted: Mutant = {
  name: 'r5-enrich-two-characters-accepted',
  group: 'enrich',
  clause: '| q | string | yes | transaction description; URL-encoded; at least 3 characters |',
  why: 'A two-character q is shorter than the minimum of 3, so it is an invalid parameter and must be a 400 error list.',
  async handle(request, forward) {
    const query = queryOf(request);
    const q = query.get('q');
    if (!isEnrich(request) || q === null || q.trim().length === 0 || q.trim().length >= 3)
      return forward(request);
    query.set('q', `${q.trim()}___`.slice(0, 3));
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, enrichPath(target, { q: 'ab' }), tok);
      return reply.status === 400 && isErrorList(reply.json) ? null : `q="ab" answered ${reply.status}`;
    }),
};

const accountTypeMisnamed: Mutant = {
  name: 'r5-enrich-accounttype-parameter-misnamed',
  group: 'enrich',
  clause:
    'Enrich: invalid parameter values return 400 with code `parameter-not-valid` and `source.parameter` naming the parameter (for example `accountType`).',
  why: 'source.parameter must name the offending parameter, accountType, not some other spelling of it.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (!isEnrich(request) || response.status !== 400 || !body || firstParameter(body) !== 'accountType') {
      return response;
    }
    const list = body as unknown as ErrorList;
    return withJson(response, {
      ...list,
      data: list.data.map((e) => ({ ...e, source: { parameter: 'account_type' } })),
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(
        target,
        enrichPath(target, {
          q: target.profile.fixtures.enrich.matchingQuery,
          accountType: 'checking',
          amount: '-12.50',
        }),
        tok,
      );
      const parameter = firstParameter(obj(reply.json));
      if (reply.status !== 400 || errorCode(reply) !== 'parameter-not-valid' || parameter !== 'accountType') {
        return `accountType=checking answered ${reply.status} ${errorCode(reply) ?? ''} naming ${parameter ?? 'nothing'}`;
      }
      return null;
    }),
};

const unclassifiedNotPayment: Mutant = {
  name: 'r5-enrich-unclassified-not-payment',
  group: 'enrich',
  clause:
    '`accountType` and `amount` are both needed for transaction classification; when they are not provided the query is treated as a payment transaction and categorised accordingly.',
  why: 'Without accountType and amount the query is a payment; classifying it as something else breaks that default.',
  async handle(request, forward) {
    const query = queryOf(request);
    if (!isEnrich(request) || query.has('accountType') || query.has('amount')) return forward(request);
    query.set('accountType', 'transaction');
    query.set('amount', '-10.00');
    return forward(withQuery(request, query));
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(target, enrichPath(target, { q: 'ATM WITHDRAWAL FITZROY' }), tok);
      if (reply.status !== 200) return `enrich answered ${reply.status}`;
      const cls = obj(reply.json).class;
      return cls === 'payment'
        ? null
        : `a query without accountType and amount has class ${JSON.stringify(cls)}`;
    }),
};

const countryNotLimiting: Mutant = {
  name: 'r5-enrich-country-not-limiting',
  group: 'enrich',
  clause: '| country | string | yes | ISO 3166 alpha-2; limits the search to that country |',
  why: 'The search is limited to the given country, so a merchant located in another country must not be returned.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (!isEnrich(request) || response.status !== 200 || !body || obj(body.data).merchant !== null) {
      return response;
    }
    const query = queryOf(request);
    for (const country of ['AU', 'NZ', 'GB']) {
      if (country === query.get('country')) continue;
      query.set('country', country);
      const other = await forward(withQuery(request, query));
      const found = jsonOf(other);
      if (other.status === 200 && found && obj(found.data).merchant !== null) {
        return withJson(other, { ...found, links: { ...obj(found.links), self: obj(body.links).self } });
      }
    }
    return response;
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { enrich } = target.profile.fixtures;
      const home = await api(target, enrichPath(target, { q: enrich.matchingQuery }), tok);
      const homeLocation = obj(obj(obj(home.json).data).location);
      const homeCountry = str(homeLocation.country);
      if (home.status !== 200 || homeCountry === undefined)
        return `the matching query answered ${home.status}`;
      const elsewhere = ['NZ', 'GB', 'AU'].find((c) => c !== enrich.country) ?? 'NZ';
      const away = await api(
        target,
        enrichPath(target, { q: enrich.matchingQuery, country: elsewhere }),
        tok,
      );
      if (away.status !== 200) return null;
      const data = obj(obj(away.json).data);
      if (data.merchant === null) return null;
      return str(obj(data.location).country) === homeCountry
        ? `country=${elsewhere} returned the merchant located in ${homeCountry}`
        : null;
    }),
};

const unknownInstitutionAccepted: Mutant = {
  name: 'r5-enrich-unknown-institution-accepted',
  group: 'enrich',
  clause: '| institution | string | yes | a recognised institution identifier |',
  why: 'An institution identifier the catalogue does not hold is not recognised, so it is an invalid parameter (400), not a result.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isEnrich(request) || response.status !== 400 || firstParameter(jsonOf(response)) !== 'institution') {
      return response;
    }
    const query = queryOf(request);
    return jsonResponse(200, {
      type: 'enrich',
      direction: 'debit',
      class: 'payment',
      data: { merchant: null, location: null, category: null },
      links: { self: `/enrich?${query.toString()}`, 'logo-master': null, 'logo-thumb': null },
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await api(
        target,
        enrichPath(target, { q: target.profile.fixtures.enrich.matchingQuery, institution: 'ZZ99999' }),
        tok,
      );
      return reply.status === 400 && isErrorList(reply.json)
        ? null
        : `institution=ZZ99999 answered ${reply.status}`;
    }),
};

const selfWithoutQuery: Mutant = {
  name: 'r5-enrich-self-link-without-query',
  group: 'enrich',
  clause: '| self | reference link to the original query |',
  why: 'A self link that is the same for two different queries cannot reference the original query.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    const self = str(obj(body?.links).self);
    if (!isEnrich(request) || response.status !== 200 || !body || self === undefined) return response;
    const url = new URL(self, 'http://relative.invalid');
    url.search = '';
    const stripped = self.startsWith('http') ? url.toString() : url.pathname;
    return withJson(response, { ...body, links: { ...obj(body.links), self: stripped } });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { enrich } = target.profile.fixtures;
      const one = await api(target, enrichPath(target, { q: enrich.matchingQuery }), tok);
      const two = await api(target, enrichPath(target, { q: enrich.noMatchQuery }), tok);
      if (one.status !== 200 || two.status !== 200) return `enrich answered ${one.status} and ${two.status}`;
      const a = str(obj(obj(one.json).links).self);
      const b = str(obj(obj(two.json).links).self);
      return a !== undefined && a === b ? `two different queries share the self link ${a}` : null;
    }),
};

// ---------------------------------------------------------------------------------------------
// users

const createdAs200: Mutant = {
  name: 'r5-users-created-200',
  group: 'users',
  clause: 'Success: 201 with the user. Error when parameters are invalid (for example an empty e-mail).',
  why: 'Creating a user succeeds with 201; 200 is not the status the spec gives.',
  async handle(request, forward) {
    const response = await forward(request);
    return isUserCreation(request) && response.status === 201 ? { ...response, status: 200 } : response;
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await createUser(target, await token(target));
      return reply.status === 201 ? null : `creating a user answered ${reply.status}`;
    }),
};

function randomEmail(): string {
  return `m.${crypto.randomUUID().slice(0, 8)}@example.com`;
}

const emptyEmailAccepted: Mutant = {
  name: 'r5-users-empty-email-accepted',
  group: 'users',
  clause: 'Success: 201 with the user. Error when parameters are invalid (for example an empty e-mail).',
  why: 'The spec names an empty e-mail as an invalid parameter, so creating a user with it must fail.',
  async handle(request, forward) {
    const body = readJsonObject(request);
    if (!isUserCreation(request) || body?.email !== '') return forward(request);
    return forward(withJson(request, { ...body, email: randomEmail() }));
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await api(target, '/users', await token(target), { method: 'POST', body: { email: '' } });
      return reply.status >= 400 ? null : `a user with an empty e-mail answered ${reply.status}`;
    }),
};

const noContactAccepted: Mutant = {
  name: 'r5-users-no-contact-accepted',
  group: 'users',
  clause: '| email | string | required when `mobile` is absent |',
  why: 'With neither email nor mobile the required email is missing, so the creation must fail.',
  async handle(request, forward) {
    const body = readJsonObject(request);
    if (!isUserCreation(request) || !body || 'email' in body || 'mobile' in body) return forward(request);
    return forward(withJson(request, { ...body, email: randomEmail() }));
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await api(target, '/users', await token(target), {
        method: 'POST',
        body: { firstName: 'Nobody', lastName: 'Reachable' },
      });
      return reply.status >= 400 ? null : `a user with neither email nor mobile answered ${reply.status}`;
    }),
};

const localMobileAccepted: Mutant = {
  name: 'r5-users-local-mobile-accepted',
  group: 'users',
  clause: '| mobile | string | required when `email` is absent; international format |',
  why: 'A mobile number without the + and country code is not in international format, so it is an invalid parameter.',
  async handle(request, forward) {
    const body = readJsonObject(request);
    const mobile = str(body?.mobile);
    if (!isUserCreation(request) || !body || mobile === undefined || mobile.startsWith('+')) {
      return forward(request);
    }
    return forward(withJson(request, { ...body, mobile: `+61${mobile.replace(/^0/, '')}` }));
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await api(target, '/users', await token(target), {
        method: 'POST',
        body: { mobile: '0412345678' },
      });
      return reply.status >= 400 ? null : `a user with mobile 0412345678 answered ${reply.status}`;
    }),
};

const mobileWithoutPlus: Mutant = {
  name: 'r5-users-mobile-without-plus',
  group: 'users',
  clause: '| mobile | string | international format `+[country-code][mobile number]` |',
  why: 'The user resource gives mobile as +[country-code][mobile number]; dropping the + leaves a number that is not in that format.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    const mobile = str(body?.mobile);
    if (!isUserCreation(request) || response.status !== 201 || !body || mobile === undefined) return response;
    return withJson(response, { ...body, mobile: mobile.replace(/^\+/, '') });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await api(target, '/users', await token(target), {
        method: 'POST',
        body: { mobile: '+61412345678' },
      });
      if (reply.status !== 201) return `a user with mobile +61412345678 answered ${reply.status}`;
      const mobile = str(obj(reply.json).mobile);
      return mobile !== undefined && /^\+\d+$/.test(mobile)
        ? null
        : `the user's mobile is ${JSON.stringify(mobile)}`;
    }),
};

const createdIdUnknown: Mutant = {
  name: 'r5-users-created-id-unknown',
  group: 'users',
  clause:
    'It creates users, and a user holds connections to financial institutions. Connections expose accounts and transactions.',
  why: 'The id of a created user must name that user; an id the service does not know means the user was not created.',
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    const id = str(body?.id);
    if (!isUserCreation(request) || response.status !== 201 || !body || id === undefined) return response;
    const fresh = crypto.randomUUID();
    return withJson(response, JSON.parse(JSON.stringify(body).split(id).join(fresh)) as unknown);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const created = await createUser(target, tok);
      const id = str(obj(created.json).id);
      if (created.status !== 201 || id === undefined) return `creating a user answered ${created.status}`;
      const list = await api(target, `/users/${id}/connections`, tok);
      if (list.status !== 200) return `the connections of a just-created user answered ${list.status}`;
      const data = obj(list.json).data;
      return Array.isArray(data) && data.length === 0 ? null : 'a just-created user already has connections';
    }),
};

const lastNameFromFirst: Mutant = {
  name: 'r5-users-last-name-from-first',
  group: 'users',
  clause: '| lastName | string | |',
  why: "The user's lastName is the last name it was created with, not a copy of its first name.",
  async handle(request, forward) {
    const response = await forward(request);
    const body = jsonOf(response);
    if (!isUserCreation(request) || response.status !== 201 || !body || body.firstName === undefined) {
      return response;
    }
    return withJson(response, { ...body, lastName: body.firstName });
  },
  probe: (target) =>
    guarded(async () => {
      const reply = await createUser(target, await token(target), { firstName: 'Ada', lastName: 'Lovelace' });
      if (reply.status !== 201) return `creating a user answered ${reply.status}`;
      const last = obj(reply.json).lastName;
      return last === 'Lovelace' ? null : `lastName Lovelace came back as ${JSON.stringify(last)}`;
    }),
};

export const enrichUsersMutants: Mutant[] = [
  noMatchPlaceholderLogo,
  threeCharactersRefused,
  twoCharactersAccepted,
  accountTypeMisnamed,
  unclassifiedNotPayment,
  countryNotLimiting,
  unknownInstitutionAccepted,
  selfWithoutQuery,
  createdAs200,
  emptyEmailAccepted,
  noContactAccepted,
  localMobileAccepted,
  mobileWithoutPlus,
  createdIdUnknown,
  lastNameFromFirst,
];
