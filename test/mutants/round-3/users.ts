/** POST /users mutants. */
import { api, createUser, guarded, token } from '../client.ts';
import type { UserResource } from '../client.ts';
import { errorResponse, readJsonObject, route } from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';
import { rewriteSuccess } from './util.ts';

const isCreate = (request: MutantRequest) => route(request, 'POST', /^\/users$/) !== null;

const accentsMangled: Mutant = {
  name: 'r3-users-accents-mangled',
  group: 'users',
  clause: 'Success: 201 with the user.',
  why: 'names with letters outside ASCII come back with those letters replaced by "?", so the user returned is not the one created.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isCreate(request)) return response;
    return rewriteSuccess(response, (body) => {
      for (const name of ['firstName', 'lastName']) {
        const value = body[name];
        if (typeof value === 'string') body[name] = value.replace(/[^\x20-\x7e]/g, '?');
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await createUser(target, tok, { firstName: 'José', lastName: 'Müller' });
      if (reply.status !== 201) return `creating José Müller answered ${reply.status}`;
      const user = reply.json as UserResource;
      if (user.firstName !== 'José' || user.lastName !== 'Müller') {
        return `José Müller comes back as ${String(user.firstName)} ${String(user.lastName)}`;
      }
      return null;
    }),
};

const bothContactsRefused: Mutant = {
  name: 'r3-users-both-contacts-refused',
  group: 'users',
  clause: '| mobile | string | required when `email` is absent; international format |',
  why: 'a user given both a valid e-mail and a valid international mobile is refused, although each is merely required when the other is absent.',
  async handle(request, forward) {
    if (isCreate(request)) {
      const body = readJsonObject(request);
      if (
        typeof body?.email === 'string' &&
        typeof body.mobile === 'string' &&
        body.email !== '' &&
        body.mobile !== ''
      ) {
        return errorResponse(400, 'invalid-request', 'Give either email or mobile, not both.', 'mobile');
      }
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await createUser(target, tok, { mobile: '+61412345678' });
      if (reply.status !== 201) return `a user with both e-mail and mobile is answered ${reply.status}`;
      return null;
    }),
};

const longNameTruncated: Mutant = {
  name: 'r3-users-long-name-truncated',
  group: 'users',
  clause: 'Success: 201 with the user.',
  why: 'names longer than 12 characters come back cut at 12, so the user returned is not the one created.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isCreate(request)) return response;
    return rewriteSuccess(response, (body) => {
      for (const name of ['firstName', 'lastName']) {
        const value = body[name];
        if (typeof value === 'string' && value.length > 12) body[name] = value.slice(0, 12);
      }
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const lastName = 'Featherstonehaugh-Smythe';
      const reply = await createUser(target, tok, { firstName: 'Ann', lastName });
      if (reply.status !== 201) return `creating a user with a long last name answered ${reply.status}`;
      const user = reply.json as UserResource;
      if (user.lastName !== lastName) return `lastName ${lastName} comes back as ${String(user.lastName)}`;
      return null;
    }),
};

const plusAddressRefused: Mutant = {
  name: 'r3-users-plus-address-refused',
  group: 'users',
  clause: '| email | string | required when `mobile` is absent |',
  why: 'an ordinary e-mail address with a plus sub-address (name+tag@example.com) is refused as invalid.',
  async handle(request, forward) {
    if (isCreate(request)) {
      const body = readJsonObject(request);
      if (typeof body?.email === 'string' && body.email.includes('+')) {
        return errorResponse(400, 'parameter-not-valid', 'email is not a valid e-mail address.', 'email');
      }
    }
    return forward(request);
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const email = `probe+${crypto.randomUUID().slice(0, 8)}@example.com`;
      const reply = await api(target, '/users', tok, { method: 'POST', body: { email } });
      if (reply.status !== 201) return `e-mail ${email} is answered ${reply.status}`;
      return null;
    }),
};

const lastNameInvented: Mutant = {
  name: 'r3-users-lastname-invented',
  group: 'users',
  clause: 'Success: 201 with the user.',
  why: 'a user created with a first name only comes back with that first name copied into lastName, a value never given.',
  async handle(request, forward) {
    const response = await forward(request);
    if (!isCreate(request)) return response;
    const sent = readJsonObject(request);
    if (sent === undefined || sent.lastName !== undefined) return response;
    return rewriteSuccess(response, (body) => {
      if (typeof body.firstName === 'string' && body.lastName === undefined) body.lastName = body.firstName;
    });
  },
  probe: (target) =>
    guarded(async () => {
      const tok = await token(target);
      const reply = await createUser(target, tok, { firstName: 'Ada' });
      if (reply.status !== 201) return `creating a user with a first name answered ${reply.status}`;
      const user = reply.json as UserResource;
      if (typeof user.lastName === 'string' && user.lastName !== '') {
        return `a user created without lastName comes back with lastName ${user.lastName}`;
      }
      return null;
    }),
};

export const userMutants: Mutant[] = [
  accentsMangled,
  bothContactsRefused,
  longNameTruncated,
  plusAddressRefused,
  lastNameInvented,
];
