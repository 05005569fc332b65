import { errorList, MockError } from './errors.ts';
import type { MockContext, MockReply } from './router.ts';
import { routePaths } from './routes/paths.ts';
import type { MockState } from './state.ts';

/** Requests received per mock, kept per state: a change of the mock's faults makes a new context (router.ts). */
const received = new WeakMap<MockState, number>();

/**
 * The 503 the `failEvery` option gives this request, or undefined when it is served: every Nth request
 * of the mock (the token endpoint's aside, so that a run still gets its tokens), counted over all
 * connections, as a shared environment under load fails now and then whoever asks.
 */
export function flakyFailure(path: string, context: MockContext): MockReply | undefined {
  const every = context.options.failEvery;
  if (!every || path === routePaths.token) return undefined;
  const count = (received.get(context.state) ?? 0) + 1;
  received.set(context.state, count);
  if (count % every !== 0) return undefined;
  const error = new MockError(503, 'service-unavailable', 'Service unavailable', 'try again later');
  return { status: 503, body: errorList(error) };
}
