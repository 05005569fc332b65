import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrafficCoordinator, TrafficGate } from '../../src/http/traffic.ts';

/**
 * The budget is proved on the coordinator's own clock, faked, so the proof does not depend on how fast
 * the machine delivers a grant; the run-command test shows the same budget end to end, on the arrival
 * times a target records.
 */
// The clock is faked, so the tests' own time bound is generous: a busy machine only slows their steps.
describe('the run-wide traffic budget', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Lets the channel's messages cross (they travel on the event loop, not on the faked timers). */
  async function settle(): Promise<void> {
    for (let turn = 0; turn < 5; turn++) await nextTurn();
  }

  /** The most of these moments that fall within any one second. */
  function busiest(moments: number[]): number {
    return Math.max(...moments.map((t) => moments.filter((u) => u >= t && u < t + 1000).length));
  }

  /** A coordinator of this budget on a faked clock, and a gate per group, closed together. */
  function budget(max: number, groups: string[], answeredBefore?: number[]) {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const channel = `traffic-test-${Math.random()}`;
    const coordinator = new TrafficCoordinator(channel, max, answeredBefore ?? []);
    const gates = groups.map((group) => new TrafficGate(channel, () => group, true));
    const close = () => {
      for (const gate of gates) gate.close();
      coordinator.close();
    };
    return { coordinator, gates, gate: gates[0] as TrafficGate, close };
  }

  it('answers at most --max-rps requests in any second, token requests and all groups together', async () => {
    const { coordinator, gates, close } = budget(10, ['token', 'users']);
    const answeredAt: number[] = [];
    // A target that answers each request 30 ms after its grant (on the faked clock).
    const requests = Array.from({ length: 35 }, async (_, i) => {
      const answered = await (gates[i % 2] as TrafficGate).acquire();
      await new Promise((resolve) => setTimeout(resolve, 30));
      answeredAt.push(Date.now());
      answered();
    });
    for (let step = 0; step < 600 && answeredAt.length < requests.length; step++) {
      await settle();
      vi.advanceTimersByTime(10);
    }
    await Promise.all(requests);
    expect(busiest(answeredAt)).toBeLessThanOrEqual(10);
    expect(coordinator.summary()).toMatchObject({ requests: 35, byGroup: { token: 18, users: 17 } });
    close();
  });

  it('grants no request while N are in flight, however long they take', async () => {
    const { gate, close } = budget(3, ['jobs']);
    const answers: (() => void)[] = [];
    const requests = Array.from({ length: 4 }, () =>
      gate.acquire().then((answered) => answers.push(answered)),
    );
    await settle();
    vi.advanceTimersByTime(5_000);
    await settle();
    // Three granted and not yet answered: the fourth waits, whatever the clock says.
    expect(answers).toHaveLength(3);
    (answers[0] as () => void)();
    await settle();
    // The answer places the first in the window: still three within the last second.
    expect(answers).toHaveLength(3);
    vi.advanceTimersByTime(1_100);
    await settle();
    await Promise.all(requests);
    expect(answers).toHaveLength(4);
    close();
  });

  it('counts the requests sent before it started, such as the reachability probe', async () => {
    const { gate, close } = budget(1, ['token'], [Date.now()]);
    let granted = false;
    const request = gate.acquire().then(() => (granted = true));
    await settle();
    expect(granted).toBe(false);
    vi.advanceTimersByTime(1_100);
    await settle();
    await request;
    expect(granted).toBe(true);
    close();
  });

  it('holds every request while a 429 pauses the run, and counts the wait', async () => {
    const { coordinator, gate, close } = budget(100, ['jobs']);
    gate.pause(2000);
    await settle();
    let granted = false;
    const request = gate.acquire().then(() => (granted = true));
    await settle();
    vi.advanceTimersByTime(1900);
    await settle();
    expect(granted).toBe(false);
    vi.advanceTimersByTime(200);
    await settle();
    await request;
    expect(coordinator.summary()).toMatchObject({ rateLimited: 1, waitedSeconds: 2 });
    close();
  });

  it("gives each operation's answered requests, with the median and the 95th percentile of their times", async () => {
    const { coordinator, gate, close } = budget(100, ['users']);
    // 1..20 ms: the nearest-rank median is the 10th time, the 95th percentile the 19th.
    for (let ms = 20; ms >= 1; ms--) gate.timed('GET /users/{user.id}', ms);
    gate.timed('POST /token', 7);
    await settle();
    expect(coordinator.summary().byOperation).toEqual({
      'GET /users/{user.id}': { count: 20, p50Ms: 10, p95Ms: 19 },
      'POST /token': { count: 1, p50Ms: 7, p95Ms: 7 },
    });
    close();
  });
});
