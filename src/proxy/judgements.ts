import type { Judgement, ObservedRequest, ObservedResponse } from '../observation/types.ts';

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

export const held = (requirement: string): Judgement => ({ requirement, held: true });
export const broken = (requirement: string, message: string): Judgement => ({
  requirement,
  held: false,
  message,
});
export const rule = (requirement: string, holds: boolean, message: () => string): Judgement =>
  holds ? held(requirement) : broken(requirement, message());
