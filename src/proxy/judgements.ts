import type { Judgement, ObservedRequest, ObservedResponse } from '../observation/types.ts';
import type { RequirementId } from '../requirements/requirement-ids.generated.ts';

// What the proxy's judges of the server's side share: the exchange as they read it, and judgements made.

/** One exchange as the judges read it: the request's path relative to the base URL, bodies decoded. */
export interface ServerExchange {
  request: ObservedRequest;
  response: ObservedResponse;
  /** False where the answer's body went beyond the copy the proxy keeps: nothing is judged on it. */
  bodyComplete: boolean;
  /** The service's base URL, which links are resolved against. */
  baseUrl: string;
}

export type Body = Record<string, unknown>;

export const asRecord = (value: unknown): Body | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : undefined;

/** A judgement of a server requirement, as every judge of the server's side gives. */
export type ServerJudgement = Judgement<RequirementId>;

export const held = (requirement: RequirementId): ServerJudgement => ({ requirement, held: true });
export const broken = (requirement: RequirementId, message: string): ServerJudgement => ({
  requirement,
  held: false,
  message,
});
export const rule = (requirement: RequirementId, holds: boolean, message: () => string): ServerJudgement =>
  holds ? held(requirement) : broken(requirement, message());
