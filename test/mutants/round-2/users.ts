/** Round 2, users. */
import { api, createUser, guarded, token } from '../client.ts';
import type { UserResource } from '../client.ts';
import { obj, readJsonObject, route, str, withJson } from '../mutant.ts';
import type { Mutant, MutantRequest } from '../mutant.ts';
import { editJson, lastSegment, ok } from './helpers.ts';

export const isCreateUser = (request: MutantRequest): boolean =>
  route(request, 'POST', /^\/users\/?$/) !== null;

let previousSelf: string | undefined;

export const userMutants: Mutant[] = [
  {
    name: 'r2-users-no-contact-accepted',
    group: 'users',
    clause: 'required when `mobile` is absent',
    why: 'a user with neither e-mail nor mobile is created (the proxy invents an address), although one of them is required.',
    handle(request, forward) {
      const body = isCreateUser(request) ? readJsonObject(request) : undefined;
      if (body === undefined) return forward(request);
      const missing = (v: unknown) => v === undefined || v === null;
      if (!missing(body.email) || !missing(body.mobile)) return forward(request);
      return forward(
        withJson(request, { ...body, email: `anon.${crypto.randomUUID().slice(0, 8)}@example.com` }),
      );
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, '/users', tok, {
          method: 'POST',
          body: { firstName: 'Solo', lastName: 'Probe' },
        });
        if (ok(reply.status)) return `a user without e-mail or mobile was created (${reply.status})`;
        return null;
      }),
  },
  {
    name: 'r2-users-email-dropped-with-mobile',
    group: 'users',
    clause: 'Success: 201 with the user.',
    why: 'a user created with both e-mail and mobile comes back without its e-mail, so the answer is not the user that was created.',
    async handle(request, forward) {
      const sent = isCreateUser(request) ? readJsonObject(request) : undefined;
      const response = await forward(request);
      if (sent === undefined || typeof sent.email !== 'string' || typeof sent.mobile !== 'string')
        return response;
      return editJson(response, (body) => {
        delete body.email;
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const email = `both.${crypto.randomUUID().slice(0, 8)}@example.com`;
        const mobile = '+61412345678';
        const reply = await createUser(target, tok, { email, mobile });
        if (reply.status !== 201) return `user creation answered ${reply.status}`;
        const user = reply.json as UserResource;
        if (user.email !== email) return `the created user's email is ${String(user.email)}, not ${email}`;
        if (user.mobile !== mobile)
          return `the created user's mobile is ${String(user.mobile)}, not ${mobile}`;
        return null;
      }),
  },
  {
    name: 'r2-users-self-link-previous',
    group: 'users',
    clause:
      'Every resource carries a `type` field naming its kind, and most carry a `links` object with a `self` member.',
    why: "a new user's links.self points at the user created before it (or the collection for the first), not at itself.",
    async handle(request, forward) {
      const response = await forward(request);
      if (!isCreateUser(request)) return response;
      return editJson(response, (body) => {
        const links = obj(body.links);
        const own = str(links.self);
        if (own === undefined) return;
        links.self = previousSelf ?? own.replace(/\/[^/]*\/?$/, '');
        previousSelf = own;
      });
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        for (let i = 0; i < 2; i += 1) {
          const reply = await createUser(target, tok);
          if (reply.status !== 201) return `user creation answered ${reply.status}`;
          const user = reply.json as UserResource;
          if (lastSegment(user.links.self) !== user.id)
            return `user ${user.id} has links.self ${user.links.self}, which does not name it`;
        }
        return null;
      }),
  },
  {
    name: 'r2-users-local-mobile-accepted',
    group: 'users',
    clause: 'required when `email` is absent; international format',
    why: 'a mobile in national format (0412345678) is accepted and silently given a country code, instead of the error for an invalid parameter.',
    handle(request, forward) {
      const body = isCreateUser(request) ? readJsonObject(request) : undefined;
      const mobile = body === undefined ? undefined : str(body.mobile);
      if (body === undefined || mobile === undefined || mobile.trim().startsWith('+'))
        return forward(request);
      const digits = mobile.replace(/\D/g, '').replace(/^0/, '');
      return forward(withJson(request, { ...body, mobile: `+61${digits}` }));
    },
    probe: (target) =>
      guarded(async () => {
        const tok = await token(target);
        const reply = await api(target, '/users', tok, { method: 'POST', body: { mobile: '0412345678' } });
        if (ok(reply.status)) return `a national-format mobile was accepted (${reply.status})`;
        return null;
      }),
  },
];
