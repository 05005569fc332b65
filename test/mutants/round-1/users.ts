/** Round 1, users. */
import { api, createUser, guarded, token } from '../client.ts';
import type { UserResource } from '../client.ts';
import { errorResponse, readJsonObject, route, str, withJson } from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';

const isCreate = (request: MutantRequest) => route(request, 'POST', /^\/users$/) !== null;

let firstUserId: string | undefined;

export const userMutants: Mutant[] = [
  {
    name: 'r1-users-created-200',
    group: 'users',
    clause: 'Success: 201 with the user.',
    why: 'a created user is answered 200 where the spec names 201.',
    async handle(request, forward) {
      const response = await forward(request);
      return isCreate(request) && response.status === 201 ? { ...response, status: 200 } : response;
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await createUser(target, tok);
        return reply.status === 201 ? null : `POST /users answered ${reply.status}, not 201`;
      }),
  },
  {
    name: 'r1-users-empty-email-accepted',
    group: 'users',
    clause: 'Error when parameters are invalid (for example an empty e-mail).',
    why: 'an empty e-mail, the spec’s own example of an invalid parameter, is replaced and a user created.',
    async handle(request, forward) {
      const body = readJsonObject(request);
      if (!isCreate(request) || body?.email !== '') return forward(request);
      return forward(withJson(request, { ...body, email: 'anonymous@example.com' }));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, '/users', tok, {
          method: 'POST',
          body: { email: '', firstName: 'Empty' },
        });
        return reply.status >= 400 ? null : `POST /users with an empty e-mail answered ${reply.status}`;
      }),
  },
  {
    name: 'r1-users-mobile-only-refused',
    group: 'users',
    clause: 'required when `email` is absent; international format',
    why: 'a user with a valid mobile and no e-mail is refused, although e-mail is only required when mobile is absent.',
    async handle(request, forward) {
      const body = readJsonObject(request);
      if (!isCreate(request) || !body || body.email !== undefined) return forward(request);
      return errorResponse(400, 'invalid-request', 'email is required.', 'email');
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, '/users', tok, { method: 'POST', body: { mobile: '+61412345678' } });
        return reply.status === 201 ? null : `POST /users with only a mobile answered ${reply.status}`;
      }),
  },
  {
    name: 'r1-users-names-swapped',
    group: 'users',
    clause: 'Success: 201 with the user.',
    why: 'the user returned has firstName and lastName exchanged, so it is not the user that was created.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = readJsonObject(response);
      if (!isCreate(request) || response.status !== 201 || !body) return response;
      const { firstName, lastName, ...rest } = body;
      return withJson(response, {
        ...rest,
        ...(lastName === undefined ? {} : { firstName: lastName }),
        ...(firstName === undefined ? {} : { lastName: firstName }),
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await createUser(target, tok, { firstName: 'Ada', lastName: 'Lovelace' });
        const user = reply.json as UserResource;
        if (reply.status !== 201) return `POST /users answered ${reply.status}`;
        if (user.firstName !== 'Ada' || user.lastName !== 'Lovelace') {
          return `created Ada Lovelace, answered firstName ${String(user.firstName)} lastName ${String(user.lastName)}`;
        }
        return null;
      }),
  },
  {
    name: 'r1-users-id-reused',
    group: 'users',
    clause: 'It creates users, and a user holds connections to financial institutions.',
    why: 'every new user is answered with the identifier of the first one, so distinct users cannot be told apart.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = readJsonObject(response);
      const id = str(body?.id);
      if (!isCreate(request) || response.status !== 201 || !body || id === undefined) return response;
      if (firstUserId === undefined) {
        firstUserId = id;
        return response;
      }
      const reused = firstUserId;
      return withJson(response, JSON.parse(JSON.stringify(body).split(id).join(reused)) as unknown);
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const a = await createUser(target, tok);
        const b = await createUser(target, tok);
        const idA = (a.json as UserResource).id;
        const idB = (b.json as UserResource).id;
        if (a.status !== 201 || b.status !== 201) return `POST /users answered ${a.status}, ${b.status}`;
        return idA === idB ? `two distinct users were both given id ${idA}` : null;
      }),
  },
  {
    name: 'r1-users-mobile-reformatted',
    group: 'users',
    clause: 'international format `+[country-code][mobile number]`',
    why: 'the returned mobile has spaces inserted, which is not the +[country-code][mobile number] form.',
    async handle(request, forward) {
      const response = await forward(request);
      const body = readJsonObject(response);
      const mobile = str(body?.mobile);
      if (!isCreate(request) || response.status !== 201 || !body || mobile === undefined) return response;
      return withJson(response, {
        ...body,
        mobile: `${mobile.slice(0, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)}`,
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await createUser(target, tok, { mobile: '+61412345678' });
        if (reply.status !== 201) return `POST /users answered ${reply.status}`;
        const mobile = (reply.json as UserResource).mobile;
        return typeof mobile === 'string' && /^\+\d+$/.test(mobile)
          ? null
          : `mobile returned as ${String(mobile)}`;
      }),
  },
];
