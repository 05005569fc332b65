import { check, NotExercised } from '../../src/checks/check.ts';
import { expectRefused } from '../../src/checks/error-list.ts';
import { describeAnswer } from '../../src/checks/failures.ts';
import { api, runSettings } from '../../src/checks/run-context.ts';
import { sendTokenRequest, tokens } from '../shared/token.ts';
import { anyQuery, enrichFixture } from './support.ts';

// Spec: Endpoints > GET {base_url}/enrich — "Only partners enabled for the enrich service may call it."
// No client can take the service from its own partner: the profile names the key of a partner the target
// has not enabled for it. The refusal's status and code are not shown, so any client error in an error
// list will do; the query is valid in every other way, so nothing but the partner can be refused.

check(
  'GET /enrich with the token of a partner not enabled for the enrich service is refused with a client error and an error list',
  ['ENRICH-18', 'ERR-11'],
  async () => {
    const key = runSettings().profile.fixtures.nonEnrichPartnerApiKey ?? '';
    const issued = await sendTokenRequest({
      authorization: `Basic ${key}`,
      form: { scope: 'SERVER_ACCESS' },
    });
    // A key the target refuses stops the run before any check (the pre-flight); another answer without a
    // token leaves nothing to send, and is the token checks' to judge.
    const token = tokens().tokenFrom(issued)?.value;
    if (!token)
      throw new NotExercised(
        `POST /token gave the key of fixtures.nonEnrichPartnerApiKey no access token: ${describeAnswer(issued)}`,
      );
    const { institution, country } = enrichFixture();
    const exchange = await api().raw({
      path: '/enrich',
      query: { q: anyQuery(), institution, country },
      // Another partner's token, for whose requests $FDS_TOKEN would not stand: masked, never named.
      authorization: `Bearer ${token}`,
      credential: 'probe',
    });
    expectRefused(exchange, [403]);
  },
  { needs: ['nonEnrichPartnerApiKey', 'enrich'] },
);
