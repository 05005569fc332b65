import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { askRunWide, RunWideValues } from '../../src/checks/run-wide.ts';

/**
 * The run-wide values (src/checks/run-wide.ts): whichever thread asks first makes the value, every other
 * waits for it and never makes it, so a trial of the fixture password happens once per run. The keeper
 * and the askers share the channel here as the run's threads do, one process over a BroadcastChannel.
 */

const keepers: RunWideValues[] = [];
afterEach(() => {
  for (const keeper of keepers.splice(0)) keeper.close();
});

function keeper(): string {
  const values = new RunWideValues(`fds-run-wide-test-${randomUUID()}`);
  keepers.push(values);
  return values.channelName;
}

describe('a run-wide value', () => {
  it('is made once by the first asker; the others, then and later, are given it', async () => {
    const channel = keeper();
    let made = 0;
    let release: (value: { refused: string }) => void = () => undefined;
    const first = askRunWide(channel, 'trial', () => {
      made++;
      return new Promise<{ refused: string }>((resolve) => (release = resolve));
    });
    const second = askRunWide(channel, 'trial', () => {
      made++;
      return Promise.resolve({ refused: 'made twice' });
    });
    // The second asker waits while the first makes it. The keeper answers in the order it is asked, so
    // once a later ask is answered, it has answered the second one's too: had it told that one to make the
    // value, the telling would have come first.
    await askRunWide(channel, 'later', () => Promise.resolve('answered'));
    expect(made).toBe(1);
    release({ refused: 'the update answered 400' });
    expect(await Promise.all([first, second])).toEqual([
      { refused: 'the update answered 400' },
      { refused: 'the update answered 400' },
    ]);
    const later = await askRunWide(channel, 'trial', () => Promise.resolve({ refused: 'made again' }));
    expect(later).toEqual({ refused: 'the update answered 400' });
    expect(made).toBe(1);
  });

  it("keeps each key's value apart", async () => {
    const channel = keeper();
    const [a, b] = await Promise.all([
      askRunWide(channel, 'a', () => Promise.resolve('value of a')),
      askRunWide(channel, 'b', () => Promise.resolve('value of b')),
    ]);
    expect([a, b]).toEqual(['value of a', 'value of b']);
  });

  it("gives the maker's error to every asker, none making it again", async () => {
    const channel = keeper();
    let made = 0;
    const failing = () => {
      made++;
      return Promise.reject(new Error('the trial broke'));
    };
    const asks = [askRunWide(channel, 'trial', failing), askRunWide(channel, 'trial', failing)];
    for (const ask of asks) await expect(ask).rejects.toThrow('the trial broke');
    expect(made).toBe(1);
  });
});
