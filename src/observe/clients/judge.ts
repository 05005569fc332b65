import type { ClientExchange, ObservedRequest } from '../types.ts';
import { profileDefaults } from '../../profile/profile.ts';
import { judgeBodies } from './bodies.ts';
import { judgeFilters } from './filters.ts';
import { judgeHeaders } from './headers.ts';
import { judgeParameters } from './parameters.ts';
import { readRequest, type ClientJudgement, type ClientRequest } from './request.ts';
import { TokenLifetimes } from './token-expiry.ts';

/**
 * What the client was told beside the spec, which the judge holds it to: the name of the version header
 * the service was configured with (the mock's `--version-header`, the proxy's). A client that follows its
 * profile breaks nothing by it.
 */
export interface ClientConfiguration {
  versionHeader: string;
}

export const defaultClientConfiguration: ClientConfiguration = {
  versionHeader: profileDefaults.versionHeader,
};

function judgeRead(request: ClientRequest, configuration: ClientConfiguration): ClientJudgement[] {
  return [
    ...judgeHeaders(request, configuration.versionHeader),
    ...judgeParameters(request),
    ...judgeFilters(request),
    ...judgeBodies(request),
  ];
}

/**
 * The judge of a client's requests against the client group of the catalogue (`CLIENT-NN`,
 * src/requirements/catalogue/client.json): one judgement for each client requirement that applies to the
 * request, held or broken with what departed. It runs on every request the mock serves and the proxy
 * passes, so it compiles nothing per call: the table's routes are compiled once (request.ts) and the body
 * is parsed at most once. Every reading of the client register (`AMB-CLIENT-NN`) is accepted. A body the
 * observer did not read (`body` undefined) is judged by no body rule; a request to no operation of the
 * table gets only the rule that holds for every request, the bearer header. The rules of one request
 * alone; ClientJudge adds the rule that holds over a client's requests in time.
 */
export function judgeClientRequest(
  request: ObservedRequest,
  configuration: ClientConfiguration = defaultClientConfiguration,
): ClientJudgement[] {
  return judgeRead(readRequest(request), configuration);
}

/**
 * The judge of one observer's traffic (the mock's, the proxy's): every rule of judgeClientRequest on each
 * request, and the token answers it has seen, so that a token used after its expires_in is found
 * (token-expiry.ts). One per observer: what it remembers is that observer's clients' tokens.
 */
export class ClientJudge {
  private readonly lifetimes = new TokenLifetimes();

  constructor(private readonly configuration: ClientConfiguration = defaultClientConfiguration) {}

  judge(exchange: ClientExchange): ClientJudgement[] {
    const request = readRequest(exchange.request);
    const judgements = [
      ...judgeRead(request, this.configuration),
      ...this.lifetimes.judge(request, exchange.receivedAt),
    ];
    if (exchange.answer) this.lifetimes.learn(request, exchange.answer);
    return judgements;
  }
}
