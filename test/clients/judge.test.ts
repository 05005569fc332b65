import { describe, expect, it } from 'vitest';
import { bodyRequirements } from '../../src/observe/clients/bodies.ts';
import { clientFaults, conformantRequests } from '../../src/observe/clients/client-faults.ts';
import { judgeClientRequest } from '../../src/observe/clients/judge.ts';
import { judgeFault } from './judge-fault.ts';
import type { Judgement, ObservedRequest } from '../../src/observe/types.ts';
import { operationNames } from '../../src/operations/table.ts';
import { clientAmbiguities } from '../../src/requirements/ambiguities.ts';
import { clientRequirementById, clientRequirements } from '../../src/requirements/catalogue.ts';

const brokenIds = (judgements: Judgement[]) => judgements.filter((j) => !j.held).map((j) => j.requirement);

const withoutBody = ({ body: _body, ...request }: ObservedRequest): ObservedRequest => request;

describe('judgeClientRequest', () => {
  it.each(clientFaults.map((fault) => [fault.name, fault] as const))(
    '%s is judged broken on its requirement and on no other',
    (_name, fault) => {
      const judgements = judgeFault(fault);
      expect(brokenIds(judgements)).toEqual([fault.requirement]);
      const broken = judgements.find((judgement) => !judgement.held)!;
      expect(broken.message).toMatch(/\S/);
      expect(broken.message!.split('\n').length).toBeLessThanOrEqual(2);
    },
  );

  it.each(operationNames)('a conformant %s request breaks no requirement', (name) => {
    const judgements = judgeClientRequest(conformantRequests[name]);
    expect(judgements.filter((judgement) => !judgement.held)).toEqual([]);
    expect(judgements.length).toBeGreaterThan(0);
  });

  it('has a fault for every client requirement, MUST and SHOULD, and names only client requirements', () => {
    const faulted = new Set(clientFaults.map((fault) => fault.requirement));
    expect(clientRequirements.filter(({ id }) => !faulted.has(id)).map(({ id }) => id)).toEqual([]);
    for (const id of faulted) expect(clientRequirementById(id), id).toBeDefined();
    expect(new Set(clientFaults.map((fault) => fault.name)).size).toBe(clientFaults.length);
  });

  it('judges every client requirement on some request, held on a conformant one or broken on its fault', () => {
    const seen = new Set(
      [
        ...Object.values(conformantRequests).flatMap((request) => judgeClientRequest(request)),
        ...clientFaults.flatMap((fault) => judgeFault(fault)),
      ].map((judgement) => judgement.requirement),
    );
    for (const judgement of [...seen]) expect(clientRequirementById(judgement), judgement).toBeDefined();
    expect([...seen].sort()).toEqual(clientRequirements.map(({ id }) => id).sort());
  });

  it('catches the version header sent as x-api-version instead of service-version on POST /token', () => {
    const judgements = judgeClientRequest({
      method: 'POST',
      path: '/token',
      headers: {
        authorization: 'Basic key',
        'content-type': 'application/x-www-form-urlencoded',
        'x-api-version': '2.0',
      },
      body: Buffer.from('scope=SERVER_ACCESS'),
    });
    expect(brokenIds(judgements)).toEqual(['CLIENT-03']);
    expect(judgements.find((j) => !j.held)?.message).toMatch(/service-version.*x-api-version/);
  });

  it('catches GET /enrich without country', () => {
    const judgements = judgeClientRequest({
      method: 'GET',
      path: '/enrich?q=abc&institution=x',
      headers: { authorization: 'Bearer t' },
    });
    expect(brokenIds(judgements)).toEqual(['CLIENT-07']);
    expect(judgements.find((j) => !j.held)?.message).toContain('country');
  });

  it('catches an empty body labelled application/json on POST /users', () => {
    const judgements = judgeClientRequest({
      method: 'POST',
      path: '/users',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: Buffer.alloc(0),
    });
    expect(brokenIds(judgements)).toEqual(['CLIENT-15']);
    expect(judgements.find((j) => !j.held)?.message).toMatch(/empty body labelled application\/json/);
  });

  it('accepts an expenses POST with no body, labelled application/json or not', () => {
    for (const headers of [
      { authorization: 'Bearer t' },
      { authorization: 'Bearer t', 'content-type': 'application/json' },
    ]) {
      const judgements = judgeClientRequest({
        method: 'POST',
        path: '/users/u/expenses',
        headers,
        body: Buffer.alloc(0),
      });
      expect(brokenIds(judgements)).toEqual([]);
      expect(judgements.map((j) => j.requirement)).toContain('CLIENT-15');
    }
  });

  it('judges no body rule on a request whose body was not read', () => {
    const requests = [...Object.values(conformantRequests), ...clientFaults.map((fault) => fault.request)];
    for (const request of requests) {
      const judged = judgeClientRequest(withoutBody(request)).map((judgement) => judgement.requirement);
      expect(
        judged.filter((id) => bodyRequirements.includes(id)),
        request.path,
      ).toEqual([]);
    }
    // and the body rules are judged when it was
    const withBody = new Set(
      requests.flatMap((request) => judgeClientRequest(request).map((j) => j.requirement)),
    );
    for (const id of bodyRequirements) expect(withBody.has(id), id).toBe(true);
  });

  it('judges a request to no operation on the bearer header alone, and never throws', () => {
    const unknown = [
      { method: 'GET', path: '/nowhere?x=%zz&filter=(', headers: { authorization: 'Bearer t' } },
      { method: 'DELETE', path: '/users/u-1', headers: {}, body: Buffer.from('{') },
      { method: 'GET', path: '', headers: { authorization: ['Bearer a', 'Bearer b'] } },
      { method: 'PUT', path: '/token', headers: {}, body: Buffer.from('\u0000') },
    ];
    for (const request of unknown) {
      const judgements = judgeClientRequest(request);
      expect(judgements.map((j) => j.requirement)).toEqual(['CLIENT-06']);
    }
  });

  it('never repeats the Authorization value, a password or a contact in a message', () => {
    const secrets = [
      'example-api-key',
      'example-access-token',
      'correct horse',
      '0412345678',
      'ann.example.com',
    ];
    for (const fault of clientFaults)
      for (const judgement of judgeFault(fault))
        for (const secret of secrets) expect(judgement.message ?? '', fault.name).not.toContain(secret);
  });

  it.each(
    clientAmbiguities.flatMap((entry) => entry.readings.map((reading) => [entry.id, reading] as const)),
  )('%s: the judge accepts the reading "%s"', (_id, { example }) => {
    const request: ObservedRequest = {
      method: example.method,
      path: example.path,
      headers: example.headers,
      ...(example.body === undefined ? {} : { body: Buffer.from(example.body) }),
    };
    const judgements = judgeClientRequest(request);
    expect(judgements.filter((j) => !j.held)).toEqual([]);
  });

  it('accepts the scheme in any case, header values in arrays, and a charset on the content types', () => {
    const token = judgeClientRequest({
      method: 'POST',
      path: '/token',
      headers: {
        authorization: 'BASIC a2V5Og==',
        'content-type': 'Application/X-WWW-Form-Urlencoded; charset=utf-8',
        'service-version': ['2.0'],
      },
      body: Buffer.from('scope=CLIENT_ACCESS'),
    });
    expect(brokenIds(token)).toEqual([]);
    const user = judgeClientRequest({
      method: 'POST',
      path: '/users',
      headers: { authorization: 'bearer t', 'content-type': 'application/json; charset=utf-8' },
      body: Buffer.from('{"mobile":"+61 412 345 678"}'),
    });
    expect(brokenIds(user)).toEqual([]);
  });
});
