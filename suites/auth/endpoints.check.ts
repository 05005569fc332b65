import type { Exchange } from '../../src/http/exchange.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { canProbe, check, NotExercised } from '../../src/checks/check.ts';
import { describeAnswer, describeRequest, Failure } from '../../src/checks/failures.ts';
import { api, perRun, perRunValue, probeNotRun, runSettings } from '../../src/checks/run-context.ts';
import { waysIn } from '../../src/operations/ways-in.ts';
import { nearMiss } from '../shared/identifiers.ts';
import { apiKey, garbageCredential, tokens } from '../shared/token.ts';
import { expectAccepted } from '../shared/refusals.ts';
import {
  acceptance,
  expectCredentialRefused,
  met,
  probeOptions,
  requestKinds,
  resolvedTarget,
  type RequestKind,
  type Target,
} from './support.ts';

/**
 * Every endpoint but the token endpoint requires the bearer header (spec: Endpoints; Authentication), on
 * every kind of request the suite makes to each bearer operation of the table (support.ts), each way in
 * (src/operations/ways-in.ts): refused without it, with a token nobody issued, with the API key as Basic
 * credentials and with the Bearer scheme and no token (AUTH-05 … AUTH-07, AUTH-11), and accepted with the run's SERVER_ACCESS token (AUTH-04). Every probe the run may send goes
 * out at once when the first check starts, so the file costs little more than a few round trips.
 */

// Each what is worded so that no word follows a scheme name, which redaction would take for a credential.
// Why each is refused under every reading: "All endpoints except the token endpoint require the bearer
// header", and none of these carries a bearer token the service issued (none at all, a random one, the
// API key under Basic, which the spec gives only for the token endpoint, the API key in place of the token
// it is exchanged for, or the scheme with nothing after it).
// Each way's requirement is read from waysIn; the type takes no table without every refused way.
type RefusedWay = Exclude<keyof typeof waysIn.bearer, 'withServerAccessToken'>;
type Authorization = () => string | undefined | Promise<string>;
interface ProbeWay {
  what: string;
  authorization: Authorization;
  carriesKey?: true;
  /** Query parameters the probe adds to the request (a token where the header should be). */
  query?: () => Promise<Record<string, string>>;
}
const probesByWay: { [Way in RefusedWay]: ProbeWay } = {
  withoutAuthorization: { what: 'no Authorization header', authorization: () => undefined },
  // "All endpoints except the token endpoint require the bearer header": the run's valid token given
  // anywhere else than that header is no bearer header.
  withTokenInQuery: {
    what: "no Authorization header and the run's token in an access_token query parameter",
    authorization: () => undefined,
    query: async () => ({ access_token: await tokens().current() }),
  },
  withTokenWithoutScheme: {
    what: "the run's token in the Authorization header without its scheme",
    authorization: async () => tokens().current(),
  },
  withTokenNobodyIssued: {
    what: 'a token nobody issued',
    authorization: () => `Bearer ${garbageCredential('fds')}`,
  },
  withTokenAltered: {
    what: "the run's own token with its last character changed",
    authorization: async () => {
      // A service that compares only part of a token takes this near miss for the token itself. It is
      // masked like the token, as every credential sent is (src/http/http-client.ts): all but one
      // character of it is a live credential.
      const token = await tokens().current();
      return `Bearer ${nearMiss(token) ?? `${token}x`}`;
    },
  },
  withApiKeyAsBasic: {
    what: 'the API key under the scheme "Basic"',
    authorization: () => `Basic ${apiKey()}`,
    carriesKey: true,
  },
  withApiKeyAsBearer: {
    what: 'the API key in place of an access token',
    authorization: () => `Bearer ${apiKey()}`,
    carriesKey: true,
  },
  withBearerSchemeAlone: {
    what: 'the scheme "Bearer" and no token',
    authorization: () => 'Bearer',
  },
};
const probes: (ProbeWay & { way: RefusedWay; id: RequirementId })[] = (
  Object.keys(probesByWay) as RefusedWay[]
).map((way) => ({
  way,
  id: waysIn.bearer[way],
  ...probesByWay[way],
}));
const accepted = waysIn.bearer.withServerAccessToken;

type Probe = (typeof probes)[number];

function refusal(kind: RequestKind, probe: Probe): Promise<{ target: Target; exchange: Exchange }> {
  return perRun(`auth:refusal ${kind.name} ${probe.way}`, async () => {
    const target = await resolvedTarget(kind);
    const authorization = await probe.authorization();
    const credential = probe.carriesKey ? 'api-key' : 'probe';
    const options = probeOptions(target, authorization, credential);
    const extra = probe.query ? await probe.query() : undefined;
    const sent = extra ? { ...options, query: { ...options.query, ...extra } } : options;
    return { target, exchange: await api().raw(sent) };
  });
}

/**
 * Sends every probe the run allows at once; each check then awaits its own. The checks start it without
 * awaiting it, which is safe as it never rejects.
 */
const sendAhead = perRunValue('auth:send-ahead', async () => {
  const settings = runSettings();
  const pending: Promise<unknown>[] = [];
  for (const kind of requestKinds) {
    if (met(kind.needs, settings)) for (const probe of probes) pending.push(refusal(kind, probe));
    if (met(kind.acceptNeeds, settings)) pending.push(acceptance(kind));
  }
  // Failures surface in the checks that await them; here they only must not go unhandled.
  await Promise.allSettled(pending);
});

for (const probe of probes) {
  for (const kind of requestKinds) {
    check(
      `${kind.name} refuses a request with ${probe.what}`,
      [probe.id],
      async () => {
        void sendAhead();
        const { target, exchange } = await refusal(kind, probe);
        expectCredentialRefused(kind, target, exchange, probe.what);
      },
      // A refused write changes nothing, but --read-only sends no write at all.
      { needs: kind.needs },
    );
  }
}

// Whether each probe is refused, and in which shape, is the rule of its AUTH requirement and of the error
// list's: this check fails only where the evidence is a 5xx, on every kind of request the run may send.
check(
  'No request without valid credentials (none, a token nobody issued, the API key as Basic, the Bearer scheme alone) is answered with a 5xx, on any endpoint',
  ['ERR-11'],
  async () => {
    void sendAhead();
    let judged = 0;
    // A kind the run may not send (a write under --read-only) is a probe not run: the check is then
    // partly exercised, as is one whose kind had nothing to probe (no next page to follow).
    for (const kind of requestKinds.filter((k) => canProbe(`${k.name} without valid credentials`, k.needs))) {
      for (const probe of probes) {
        const sent = await refusal(kind, probe).catch((error: unknown) => {
          if (!(error instanceof NotExercised)) throw error;
          probeNotRun({ probe: `${kind.name} without valid credentials`, reason: error.message });
          return undefined;
        });
        if (!sent) continue;
        judged++;
        const { exchange } = sent;
        if ((exchange.response?.status ?? 0) >= 500) {
          throw new Failure(
            `${describeRequest(exchange)} (${probe.what}): refused credentials were answered with a server error: ${describeAnswer(exchange)}`,
            exchange,
          );
        }
      }
    }
    if (judged === 0) throw new NotExercised('no request without valid credentials could be sent');
  },
);

for (const kind of requestKinds) {
  check(
    `${kind.name} accepts the run's SERVER_ACCESS token`,
    [accepted],
    async () => {
      void sendAhead();
      expectAccepted(await acceptance(kind), "the run's SERVER_ACCESS token");
    },
    { needs: kind.acceptNeeds },
  );
}
