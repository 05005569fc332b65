import type { Judgement, ObservedRequest } from '../observation/types.ts';
import { judgeBodies } from './bodies.ts';
import { judgeFilters } from './filters.ts';
import { judgeHeaders } from './headers.ts';
import { judgeParameters } from './parameters.ts';
import { readRequest } from './request.ts';

/**
 * The judge of a client's requests against the client group of the catalogue (`CLIENT-NN`,
 * src/requirements/catalogue/client.json): one judgement for each client requirement that applies to the
 * request, held or broken with what departed. It runs on every request the mock serves and the proxy
 * passes, so it compiles nothing per call: the table's routes are compiled once (request.ts) and the body
 * is parsed at most once. Every reading of the client register (`AMB-CLIENT-NN`) is accepted. A body the
 * observer did not read (`body` undefined) is judged by no body rule; a request to no operation of the
 * table gets only the rule that holds for every request, the bearer header.
 */
export function judgeClientRequest(request: ObservedRequest): Judgement[] {
  const read = readRequest(request);
  return [...judgeHeaders(read), ...judgeParameters(read), ...judgeFilters(read), ...judgeBodies(read)];
}
