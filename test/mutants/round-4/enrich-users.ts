/** Round 4: enrich and users. */
import { api, call, guarded, token } from '../client.ts';
import {
  errorResponse,
  obj,
  queryOf,
  readJson,
  readJsonObject,
  str,
  withJson,
  withQuery,
} from '../mutant.ts';
import type { Mutant, Target } from '../mutant.ts';
import type { Reply } from '../client.ts';
import { editError, editJson, is2xx } from './util.ts';

const ACCOUNT_TYPES = ['transaction', 'credit-card', 'savings', 'mortgage', 'loan', 'foreign'];

const isEnrich = (request: { method: string; path: string }): boolean =>
  request.method.toUpperCase() === 'GET' && /^\/enrich\/?$/.test(request.path);

function enrichCall(target: Target, tok: string, extra: Record<string, string>): Promise<Reply> {
  const { enrich } = target.profile.fixtures;
  const query = new URLSearchParams({ institution: enrich.institution, country: enrich.country, ...extra });
  return api(target, `/enrich?${query.toString()}`, tok);
}

export const qThreeCharsRefused: Mutant = {
  name: 'r4-enrich-q-three-chars-refused',
  group: 'enrich',
  clause: '| Minimum length of `q` | enrich | 3 characters |',
  why: 'A description of exactly 3 characters, the documented minimum, is refused as too short.',
  async handle(request, forward) {
    if (isEnrich(request)) {
      const q = queryOf(request).get('q');
      if (q !== null && [...q].length === 3)
        return errorResponse(400, 'parameter-not-valid', 'q must be longer than 3 characters.', 'q');
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await enrichCall(target, tok, { q: 'ABC' });
      return reply.status === 200 ? null : `q of 3 characters answered ${reply.status}`;
    }),
};

export const badAccountTypeWithAmount: Mutant = {
  name: 'r4-enrich-bad-account-type-with-amount',
  group: 'enrich',
  clause:
    'Enrich: invalid parameter values return 400 with code `parameter-not-valid` and `source.parameter` naming the parameter (for example `accountType`).',
  why: 'An accountType outside the list is silently dropped (200) when amount is also given.',
  async handle(request, forward) {
    if (isEnrich(request)) {
      const query = queryOf(request);
      const type = query.get('accountType');
      if (
        type !== null &&
        type.trim() !== '' &&
        (query.get('amount') ?? '').trim() !== '' &&
        !ACCOUNT_TYPES.includes(type.trim().toLowerCase())
      ) {
        query.delete('accountType');
        return forward(withQuery(request, query));
      }
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await enrichCall(target, tok, {
        q: 'QZX PAYEE 1234',
        accountType: 'checking',
        amount: '-10.00',
      });
      return reply.status === 400 ? null : `accountType=checking with amount answered ${reply.status}`;
    }),
};

export const countryErrorWrongParameter: Mutant = {
  name: 'r4-enrich-country-error-wrong-parameter',
  group: 'enrich',
  clause:
    'Enrich: invalid parameter values return 400 with code `parameter-not-valid` and `source.parameter` naming the parameter (for example `accountType`).',
  why: 'An invalid country is reported with source.parameter naming q instead of country.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isEnrich(request)) return response;
    return editError(response, (body) => {
      for (const e of body.data as Record<string, unknown>[]) {
        const source = obj(e.source);
        if (source.parameter === 'country') e.source = { ...source, parameter: 'q' };
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { enrich } = target.profile.fixtures;
      const query = new URLSearchParams({
        q: enrich.matchingQuery,
        institution: enrich.institution,
        country: 'ZZZ',
      });
      const reply = await api(target, `/enrich?${query.toString()}`, tok);
      if (reply.status !== 400) return `country=ZZZ answered ${reply.status}`;
      const error = obj((obj(reply.json).data as unknown[] | undefined)?.[0]);
      const parameter = obj(error.source).parameter;
      return parameter === 'country' ? null : `country=ZZZ error names ${JSON.stringify(parameter)}`;
    }),
};

export const unclassifiedAtmNotPayment: Mutant = {
  name: 'r4-enrich-unclassified-atm-not-payment',
  group: 'enrich',
  clause:
    '`accountType` and `amount` are both needed for transaction classification; when they are not provided the query is treated as a payment transaction and categorised accordingly.',
  why: 'Without accountType and amount an ATM description is classed cash-withdrawal instead of being treated as a payment.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isEnrich(request)) return response;
    const query = queryOf(request);
    if ((query.get('accountType') ?? '') !== '' || (query.get('amount') ?? '') !== '') return response;
    if (!/\bATM\b/i.test(query.get('q') ?? '')) return response;
    return editJson(response, (body) => {
      body.class = 'cash-withdrawal';
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await enrichCall(target, tok, { q: 'ATM WITHDRAWAL 4821' });
      if (reply.status !== 200) return `ATM query answered ${reply.status}`;
      const cls = obj(reply.json).class;
      return cls === 'payment' ? null : `unclassified ATM query has class ${JSON.stringify(cls)}`;
    }),
};

export const countryGbUnlimited: Mutant = {
  name: 'r4-enrich-country-gb-unlimited',
  group: 'enrich',
  clause: '| country | string | yes | ISO 3166 alpha-2; limits the search to that country |',
  why: 'With country=GB the search falls back to merchants of other countries.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isEnrich(request) || response.status !== 200) return response;
    const query = queryOf(request);
    if ((query.get('country') ?? '').trim().toUpperCase() !== 'GB') return response;
    const body = obj(readJson(response));
    if (obj(body.data).merchant !== null) return response;
    for (const other of ['AU', 'NZ', 'US']) {
      query.set('country', other);
      const retry = await forward(withQuery(request, query));
      const found = obj(readJson(retry));
      if (
        retry.status === 200 &&
        obj(found.data).merchant !== null &&
        obj(found.data).merchant !== undefined
      ) {
        return withJson(response, { ...found, links: { ...obj(found.links), self: obj(body.links).self } });
      }
    }
    return response;
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { enrich } = target.profile.fixtures;
      const home = await enrichCall(target, tok, { q: enrich.matchingQuery });
      const merchant = obj(obj(obj(home.json).data).merchant);
      const location = obj(obj(obj(home.json).data).location);
      if (home.status !== 200 || str(merchant.id) === undefined) return null;
      const other = enrich.country.toUpperCase() === 'GB' ? 'NZ' : 'GB';
      const away = await enrichCall(target, tok, { q: enrich.matchingQuery, country: other });
      if (away.status !== 200) return null;
      const awayMerchant = obj(obj(obj(away.json).data).merchant);
      const awayLocation = obj(obj(obj(away.json).data).location);
      if (
        awayMerchant.id === merchant.id &&
        location.formattedAddress !== undefined &&
        awayLocation.formattedAddress === location.formattedAddress
      )
        return `country=${other} returned the ${enrich.country} merchant ${String(merchant.id)} at the same location`;
      return null;
    }),
};

export const masterOnlyThumbNull: Mutant = {
  name: 'r4-enrich-master-only-thumb-null',
  group: 'enrich',
  clause: 'when no thumbnail exists the master logo is given for both.',
  why: 'When a merchant has only a master logo, logo-thumb is null instead of repeating the master.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isEnrich(request)) return response;
    return editJson(response, (body) => {
      const links = obj(body.links);
      if (typeof links['logo-master'] === 'string' && links['logo-thumb'] === links['logo-master'])
        body.links = { ...links, 'logo-thumb': null };
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { enrich } = target.profile.fixtures;
      const queries: Array<[string, string]> = [
        [enrich.matchingQuery, enrich.country],
        ['BEANSTALK CAFE MELBOURNE 1234', 'AU'],
        ['GREENGROCER CO SYDNEY 1234', 'AU'],
        ['HEALWELL CHEMIST PERTH 1234', 'AU'],
        ['KIWI PANTRY AUCKLAND 1234', 'NZ'],
      ];
      for (const [q, country] of queries) {
        const reply = await enrichCall(target, tok, { q, country });
        if (reply.status !== 200) continue;
        const links = obj(obj(reply.json).links);
        if (typeof links['logo-master'] === 'string' && links['logo-thumb'] === null)
          return `"${q}": logo-master given but logo-thumb null`;
      }
      return null;
    }),
};

export const noMatchClassifiedPlaceholderLogo: Mutant = {
  name: 'r4-enrich-no-match-classified-placeholder-logo',
  group: 'enrich',
  clause:
    'When nothing matches, `data.merchant`, `data.location`, `data.category`, `links.logo-master` and `links.logo-thumb` are null.',
  why: 'A classified query (accountType and amount given) that matches nothing gets placeholder logo links instead of null.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isEnrich(request)) return response;
    const query = queryOf(request);
    if ((query.get('accountType') ?? '') === '' || (query.get('amount') ?? '') === '') return response;
    return editJson(response, (body) => {
      if (obj(body.data).merchant !== null) return;
      body.links = {
        ...obj(body.links),
        'logo-master': 'https://logos.example/placeholder.png',
        'logo-thumb': 'https://logos.example/placeholder.png',
      };
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const { enrich } = target.profile.fixtures;
      const reply = await enrichCall(target, tok, {
        q: enrich.noMatchQuery,
        accountType: 'transaction',
        amount: '-12.50',
      });
      if (reply.status !== 200) return `classified no-match query answered ${reply.status}`;
      const body = obj(reply.json);
      if (obj(body.data).merchant !== null) return null;
      const links = obj(body.links);
      return links['logo-master'] === null && links['logo-thumb'] === null
        ? null
        : `no match but logos ${JSON.stringify(links['logo-master'])} / ${JSON.stringify(links['logo-thumb'])}`;
    }),
};

// ---------------------------------------------------------------------------------------------
// users

const isCreateUser = (request: { method: string; path: string }): boolean =>
  request.method.toUpperCase() === 'POST' && /^\/users\/?$/.test(request.path);

const unique = (): string => `r4.${crypto.randomUUID().slice(0, 8)}@example.com`;

export const nzMobileOnlyRefused: Mutant = {
  name: 'r4-users-nz-mobile-only-refused',
  group: 'users',
  clause: '| email | string | required when `mobile` is absent |',
  why: 'A user given only a mobile number with country code 64 is refused for lacking an e-mail.',
  async handle(request, forward) {
    if (isCreateUser(request)) {
      const body = readJsonObject(request);
      const mobile = str(body?.mobile)?.replace(/[\s\-()]/g, '');
      if (
        body !== undefined &&
        mobile?.startsWith('+64') === true &&
        (body.email === undefined || body.email === null)
      )
        return errorResponse(422, 'parameter-not-valid', 'email is required.', 'email');
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await call(target, '/users', {
        method: 'POST',
        token: tok,
        body: { mobile: '+64211234567' },
      });
      return reply.status === 201 ? null : `mobile-only user +64211234567 answered ${reply.status}`;
    }),
};

export const mobilePlusDroppedWithEmail: Mutant = {
  name: 'r4-users-mobile-plus-dropped-with-email',
  group: 'users',
  clause: '| mobile | string | international format `+[country-code][mobile number]` |',
  why: 'When the user also has an e-mail, the returned mobile loses its leading +.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isCreateUser(request) || response.status !== 201) return response;
    const sent = readJsonObject(request);
    if (typeof sent?.email !== 'string') return response;
    return editJson(response, (body) => {
      if (typeof body.mobile === 'string') body.mobile = body.mobile.replace(/^\+/, '');
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await call(target, '/users', {
        method: 'POST',
        token: tok,
        body: { email: unique(), mobile: '+61412345678' },
      });
      if (reply.status !== 201) return `user with e-mail and mobile answered ${reply.status}`;
      const mobile = obj(reply.json).mobile;
      if (mobile === undefined) return null;
      return typeof mobile === 'string' && /^\+\d+$/.test(mobile)
        ? null
        : `mobile returned as ${JSON.stringify(mobile)}`;
    }),
};

export const emptyEmailWithMobileAccepted: Mutant = {
  name: 'r4-users-empty-email-with-mobile-accepted',
  group: 'users',
  clause: 'Error when parameters are invalid (for example an empty e-mail).',
  why: 'An empty e-mail is accepted (dropped) when a mobile is given too.',
  async handle(request, forward) {
    if (isCreateUser(request)) {
      const body = readJsonObject(request);
      if (
        body !== undefined &&
        typeof body.email === 'string' &&
        body.email.trim() === '' &&
        typeof body.mobile === 'string'
      ) {
        const rest: Record<string, unknown> = { ...body };
        delete rest.email;
        return forward(withJson(request, rest));
      }
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await call(target, '/users', {
        method: 'POST',
        token: tok,
        body: { email: '', mobile: '+61412345679' },
      });
      return is2xx(reply.status) ? `empty e-mail with a mobile answered ${reply.status}` : null;
    }),
};

export const nameOnlyAccepted: Mutant = {
  name: 'r4-users-name-only-accepted',
  group: 'users',
  clause: '| mobile | string | required when `email` is absent; international format |',
  why: 'A user with only a first and last name (neither e-mail nor mobile) is created.',
  async handle(request, forward) {
    if (isCreateUser(request)) {
      const body = readJsonObject(request);
      if (
        body !== undefined &&
        (body.email === undefined || body.email === null) &&
        (body.mobile === undefined || body.mobile === null) &&
        typeof body.firstName === 'string'
      ) {
        return forward(
          withJson(request, { ...body, email: `${crypto.randomUUID().slice(0, 8)}@placeholder.invalid` }),
        );
      }
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await call(target, '/users', {
        method: 'POST',
        token: tok,
        body: { firstName: 'Ada', lastName: 'Lovelace' },
      });
      return is2xx(reply.status) ? `user without e-mail or mobile answered ${reply.status}` : null;
    }),
};

export const namesSwapped: Mutant = {
  name: 'r4-users-names-swapped',
  group: 'users',
  clause: 'Success: 201 with the user.',
  why: 'When both names are given, the created user comes back with firstName and lastName exchanged.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isCreateUser(request) || response.status !== 201) return response;
    return editJson(response, (body) => {
      if (typeof body.firstName === 'string' && typeof body.lastName === 'string') {
        const first = body.firstName;
        body.firstName = body.lastName;
        body.lastName = first;
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await call(target, '/users', {
        method: 'POST',
        token: tok,
        body: { email: unique(), firstName: 'Ada', lastName: 'Lovelace' },
      });
      if (reply.status !== 201) return `user with names answered ${reply.status}`;
      const user = obj(reply.json);
      if (user.firstName !== undefined && user.firstName !== 'Ada')
        return `firstName came back ${JSON.stringify(user.firstName)}`;
      if (user.lastName !== undefined && user.lastName !== 'Lovelace')
        return `lastName came back ${JSON.stringify(user.lastName)}`;
      return null;
    }),
};

export const enrichUserMutants: Mutant[] = [
  qThreeCharsRefused,
  badAccountTypeWithAmount,
  countryErrorWrongParameter,
  unclassifiedAtmNotPayment,
  countryGbUnlimited,
  masterOnlyThumbNull,
  noMatchClassifiedPlaceholderLogo,
  nzMobileOnlyRefused,
  mobilePlusDroppedWithEmail,
  emptyEmailWithMobileAccepted,
  nameOnlyAccepted,
  namesSwapped,
];
