import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrafficCoordinator, TrafficGate } from '../../src/client/traffic.ts';

/**
 * The budget is proved on the coordinator's own clock, faked, so the proof does not depend on how fast
 * the machine delivers a grant: the run-command test shows the same budget end to end.
 */
describe('the run-wide traffic budget', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Lets the channel's messages cross (they travel on the event loop, not on the faked timers). */
  async function settle(): Promise<void> {
    for (let turn = 0; turn < 5; turn++) await nextTurn();
  }

  it('grants at most --max-rps requests in any second, token requests and all groups together', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const channel = `traffic-test-${Math.random()}`;
    const coordinator = new TrafficCoordinator(channel, 10);
    const gates = [
      new TrafficGate(channel, () => 'token', true),
      new TrafficGate(channel, () => 'users', true),
    ];
    const granted: number[] = [];
    const requests = Array.from({ length: 35 }, (_, i) =>
      (gates[i % 2] as TrafficGate).acquire().then(() => granted.push(Date.now())),
    );
    for (let step = 0; step < 100 && granted.length < requests.length; step++) {
      await settle();
      vi.advanceTimersByTime(50);
    }
    await Promise.all(requests);
    const busiest = Math.max(...granted.map((t) => granted.filter((u) => u >= t && u < t + 1000).length));
    expect(busiest).toBe(10);
    expect(coordinator.summary()).toMatchObject({ requests: 35, byGroup: { token: 18, users: 17 } });
    for (const gate of gates) gate.close();
    coordinator.close();
  });

  it('holds every request while a 429 pauses the run, and counts the wait', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const channel = `traffic-test-${Math.random()}`;
    const coordinator = new TrafficCoordinator(channel, 100);
    const gate = new TrafficGate(channel, () => 'jobs', true);
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
    gate.close();
    coordinator.close();
  });
});
