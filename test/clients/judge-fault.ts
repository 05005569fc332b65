import { conformantRequests, type ClientFault } from '../../src/observe/clients/client-faults.ts';
import { ClientJudge } from '../../src/observe/clients/judge.ts';
import type { Judgement } from '../../src/observe/types.ts';

/** Any fixed instant: the judge reads no clock, only the times it is given. */
export const answeredAt = Date.parse('2025-03-01T09:00:00.000Z');

/** A token answer of POST /token, seen whole at `at`, issuing `token` for `expiresIn` seconds. */
export function tokenAnswer(token: string, expiresIn: number, at: number) {
  return {
    request: conformantRequests.issueToken,
    receivedAt: at,
    answer: {
      status: 200,
      at,
      json: () => ({ access_token: token, token_type: 'Bearer', expires_in: expiresIn }),
    },
  };
}

/**
 * The judgements of a fault of the catalogue (src/observe/clients/client-faults.ts) by a fresh judge: for a fault
 * over time, the judge is first shown the token answer of its `issued` (the catalogue's bearer token,
 * `example-access-token`), and the request comes its seconds later.
 */
export function judgeFault(fault: ClientFault, judge = new ClientJudge()): Judgement[] {
  if (!fault.issued) return judge.judge({ request: fault.request, receivedAt: answeredAt });
  judge.judge(tokenAnswer('example-access-token', fault.issued.expiresIn, answeredAt));
  return judge.judge({
    request: fault.request,
    receivedAt: answeredAt + fault.issued.secondsBefore * 1000,
  });
}
