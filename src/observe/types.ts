import type { Requirement } from '../requirements/catalogue.ts';
import type { AnyRequirementId } from '../requirements/requirement-ids.generated.ts';

/**
 * What an observer of live traffic sees of one exchange (the embedded mock of its clients, the proxy of
 * both sides): the bytes as they passed, nothing parsed away, so each rule reads what the spec speaks of.
 */
export interface ObservedRequest {
  method: string;
  /** The path and query relative to the service's base URL, as sent (`/enrich?q=...`). */
  path: string;
  /** Header names in lower case, as node's http module gives them. */
  headers: Record<string, string | string[] | undefined>;
  /**
   * The body's bytes; undefined where the observer did not read them (the embedded mock refuses some
   * requests, a missing token say, before it reads a body), so no rule about the body is judged.
   */
  body?: Buffer;
}

export interface ObservedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * One exchange as the judge of a client reads it (src/observe/clients/judge.ts): the request, when the observer
 * received it, and the answer the client was given, when the observer had it whole. Some client rules
 * hold over time (a token is not used after its expires_in has passed), so the times are the observer's,
 * never the judge's own clock.
 */
export interface ClientExchange {
  request: ObservedRequest;
  /** Epoch milliseconds at which the observer received the request. */
  receivedAt: number;
  /** The answer, where the observer saw one. */
  answer?: {
    status: number;
    /** Epoch milliseconds at which the observer had the whole answer. */
    at: number;
    /** The body read as JSON, undefined when it is not; called only where a rule reads it (a token answer). */
    json(): unknown;
  };
}

/**
 * One requirement judged on one exchange: held, or broken with why. `Id` is the side judged: the proxy's
 * server judge gives `RequirementId`s, the judge of clients `ClientRequirementId`s.
 */
export interface Judgement<Id extends AnyRequirementId = AnyRequirementId> {
  requirement: Id;
  held: boolean;
  /** For a broken requirement: what departed from it, in one or two lines. */
  message?: string;
}

/** A broken requirement with its evidence, secrets masked. */
export interface Finding {
  requirement: AnyRequirementId;
  message: string;
  request: { method: string; path: string; headers: Record<string, string>; body: string };
  response?: { status: number; body: string };
  at: string;
}

/** `passed`: observed to hold and never broken; `failed`: observed broken; `not-observed`: no exchange showed it. */
export type ObservationStatus = 'passed' | 'failed' | 'not-observed';

export interface ObservedRequirement {
  id: AnyRequirementId;
  level: Requirement['level'];
  group: string;
  title: string;
  specRef: string;
  status: ObservationStatus;
  /** Exchanges on which it held. */
  held: number;
  /** Exchanges on which it was broken. */
  broken: number;
  /** The first findings, with their evidence (the count is `broken`). */
  findings: Finding[];
}

/**
 * What an exchange outside the interface asked for: no operation of the spec, a path of one with a method it
 * does not take, or an endpoint the spec references by links without showing it.
 */
export type OutsideKind = 'unknown-operation' | 'method-not-allowed' | 'linked-not-shown';

/** The exchanges outside the interface, which no operation's requirements judged (the proxy's reports). */
export interface OutsideInterface {
  exchanges: number;
  /** By kind, method and path, most frequent first; `statuses` counts the statuses the clients got. */
  requests: {
    kind: OutsideKind;
    method: string;
    path: string;
    count: number;
    statuses: Record<string, number>;
  }[];
  /** Exchanges to further distinct requests, counted but not listed. */
  leftOut?: number;
}

/**
 * The report of an observer: the usual report's shape (docs/design.md#reports), a requirement's status being what
 * the traffic showed of it, never a claim about what it did not show.
 */
export interface ObservationReport {
  tool: { name: 'fds-conformance'; version: string };
  /** `client` for the mock's judgement of its clients; `proxy` for both sides of live traffic. */
  observer: 'client' | 'proxy';
  target: { baseUrl: string };
  startedAt: string;
  durationMs: number;
  exchanges: number;
  summary: {
    requirements: number;
    passed: number;
    failed: number;
    notObserved: number;
    /** `nonconformant` once a MUST requirement was observed broken; else `conformant` as far as observed. */
    verdict: 'conformant' | 'nonconformant';
  };
  requirements: ObservedRequirement[];
  /** The proxy's: the exchanges outside the interface, which no operation's requirements judged. */
  outsideInterface?: OutsideInterface;
}
