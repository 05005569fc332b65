// placeholder: replaced by the client judge at merge
import type { Judgement, ObservedRequest } from '../observation/types.ts';

/** What the spec asks of a client, judged on one request it sent. */
export const judgeClientRequest = (_request: ObservedRequest): Judgement[] => [];
