import { answerSummary, requestSummary } from './exchange-summary.ts';
import type { RequirementFailure } from './model.ts';
import type { Report } from './report.ts';
import { replayCommand, rerunCommand, tokenCommand } from './rerun-commands.ts';

/**
 * What reproduces one failure (docs/design.md#a-failure-is-reproducible-by-a-person), each part one line:
 * the request with its parameters, the answer with its errors' codes and details, the command that runs
 * the requirement alone again (a property's replays its counter-example), and against a target that
 * outlives the run, the curl line, after the line that sets the token it carries, and, for a finding
 * between two requests (a page boundary of a walk), the curl line of the request before it just ahead
 * of its own, so the pair is sent in turn. None holds a secret: the key and the token stay variables.
 */
export interface Reproduction {
  request?: string;
  answer?: string;
  rerun: string;
  token?: string;
  before?: string;
  curl?: string;
}

export function reproductionOf(report: Report, id: string, failure: RequirementFailure): Reproduction {
  const { exchange } = failure;
  // The embedded mock stopped with its run: a curl line to its port reaches nothing.
  const curl = report.target.embeddedMock ? undefined : failure.curl;
  const before = curl === undefined ? undefined : failure.before?.curl;
  const token = [curl, before].some((line) => line?.includes('$FDS_TOKEN'))
    ? tokenCommand(report)
    : undefined;
  return {
    ...(exchange ? { request: requestSummary(exchange), answer: answerSummary(exchange) } : {}),
    rerun: replayCommand(report, id, failure) ?? rerunCommand(report, id),
    ...(token ? { token } : {}),
    ...(before ? { before } : {}),
    ...(curl ? { curl } : {}),
  };
}
