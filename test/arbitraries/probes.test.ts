import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  madeUpCursors,
  malformedClassFilters,
  nearMissClassFilters,
  validLimit,
} from '../../src/checks/arbitraries/affordability.ts';
import {
  accountType,
  accountTypes,
  countryCode,
  description,
  invalidAccountTypes,
  invalidAmounts,
  invalidCountries,
  invalidParameter,
  merchantCategoryCodes,
  optionalParameters,
  signedDecimal,
} from '../../src/checks/arbitraries/enrich.ts';
import {
  accountSelection,
  addMonths,
  monthIndex,
  monthRange,
  nearMonths,
  unparsableMonths,
} from '../../src/checks/arbitraries/expenses.ts';
import { scopeCaseVariant, scopes, unsupportedScope } from '../../src/checks/arbitraries/token.ts';
import {
  bodiesWithoutContact,
  malformedMobiles,
  maxLocalPart,
  runEmail,
  runTag,
  validUserBodies,
  withUniqueSuffix,
} from '../../src/checks/arbitraries/users.ts';
import { truncatedJson, unnamedScope } from '../../suites/shared/token.ts';
import {
  lenientAccountType,
  lenientAmount,
  lenientCountry,
  lenientFilter,
  lenientHasContact,
  lenientMobile,
  lenientMonth,
  lenientScope,
  qLengths,
  strictAmount,
  strictCountry,
  strictEmail,
  strictMobile,
  strictMonth,
  strictQ,
} from './readings.ts';

/**
 * The generators of what the suite sends, held to the spec's readings (CONTRIBUTING.md, the level rule):
 * every value sent expecting a refusal is refused by a deliberately LENIENT validator, written here for
 * the loosest reading of its rule; every value sent as valid is taken by the STRICTEST reading the
 * register knows. A value that fails either is one a conformant server may answer otherwise than the
 * suite expects: the worst kind of failure.
 */

/** Seeds the generators are drawn under: a property holds for each, with many runs per seed. */
const seeds = Array.from({ length: 20 }, (_, i) => 1 + i * 7919);
const numRuns = 200;

function holds<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void): void {
  // The predicate throws on failure; whatever its expression yields is not the verdict.
  const property = fc.property(arbitrary, (value) => {
    predicate(value);
  });
  for (const seed of seeds) fc.assert(property, { seed, numRuns });
}

describe('the lenient and strict validators themselves', () => {
  it('tell the values they are for apart', () => {
    expect(lenientMobile('+123456789012345678901')).toBe(true);
    expect(lenientMobile('+614')).toBe(true);
    expect(lenientMobile('+61 412-345-678')).toBe(true);
    expect(lenientMobile('0412345678')).toBe(false);
    expect(strictMobile('+61412345678')).toBe(true);
    expect(strictMobile('+15555550123')).toBe(false);
    expect(strictEmail(`fds-${'x'.repeat(61)}@example.com`)).toBe(false);
    expect(strictEmail('a..b@example.com')).toBe(false);
    expect(strictEmail('fds-abc-Jo.Doe@example.com')).toBe(true);
    for (const open of ['1e3', '-1E-2', '12,50', '1,000.00', '12 50', '$12.50', 'NaN', 'Infinity', '.5'])
      expect(lenientAmount(open), open).toBe(true);
    expect(lenientCountry('zz')).toBe(true);
    expect(lenientAccountType('Credit_Card')).toBe(true);
    expect(lenientScope(' server_access ')).toBe(true);
    expect(lenientMonth('January')).toBe(true);
    expect(lenientMonth('2024-1')).toBe(true);
    expect(lenientFilter("transaction.class.eq('payment')")).toBe(true);
    expect(lenientFilter('class.eq(payment)')).toBe(true);
    expect(strictCountry('XK')).toBe(false);
    expect(strictAmount('+12.50')).toBe(false);
  });
});

describe('users: what POST /users is sent', () => {
  it('malformedMobiles draws only numbers the shape-only reading refuses (never a plus and digits)', () => {
    for (const seed of seeds)
      fc.assert(
        fc.property(malformedMobiles(seed), (mobile) => {
          expect(lenientMobile(mobile), JSON.stringify(mobile)).toBe(false);
        }),
        { seed, numRuns },
      );
  });

  it('bodiesWithoutContact draws only bodies with no email or mobile string under the loosest reading', () => {
    for (const seed of seeds)
      fc.assert(
        fc.property(bodiesWithoutContact(seed), (body) => {
          expect(lenientHasContact(body as Record<string, unknown>), JSON.stringify(body)).toBe(false);
        }),
        { seed, numRuns },
      );
  });

  const runIds = ['3f9c2a1b', '6f1c3e0a-9b7d-4c51-8e2f-1a2b3c4d5e6f', 'Run ID with_odd+chars', ''];

  it('validUserBodies draws a contact every reading takes: a strict e-mail address and an E.164 mobile in a mobile range', () => {
    for (const runId of runIds)
      for (const seed of seeds)
        fc.assert(
          fc.property(validUserBodies(seed, runId), (body) => {
            expect(body.email !== undefined || body.mobile !== undefined).toBe(true);
            if (body.email !== undefined) {
              expect(strictEmail(body.email), body.email).toBe(true);
              expect(body.email.startsWith(`fds-${runTag(runId)}-`), body.email).toBe(true);
              // Made unique per request as the users suite does, with the largest pid and a long run.
              const unique = withUniqueSuffix(body.email, '4194304-9999999');
              expect(strictEmail(unique), unique).toBe(true);
              expect(unique.startsWith(`fds-${runTag(runId)}-`), unique).toBe(true);
            }
            if (body.mobile !== undefined) expect(strictMobile(body.mobile), body.mobile).toBe(true);
            for (const name of [body.firstName, body.lastName])
              if (name !== undefined) expect(name.trim()).not.toBe('');
          }),
          { seed, numRuns: 50 },
        );
  });

  it('runEmail and withUniqueSuffix keep any mailbox and any run id to a strict address under the run tag', () => {
    holds(
      fc.record({
        runId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.stringMatching(/^[0-9a-f]{8}$/)),
        mailbox: fc.oneof(fc.string({ maxLength: 120 }), fc.string({ unit: 'grapheme', maxLength: 80 })),
        suffix: fc.stringMatching(/^[0-9]{1,7}-[0-9]{1,7}$/),
      }),
      ({ runId, mailbox, suffix }) => {
        const email = runEmail(runId, mailbox);
        expect(strictEmail(email), email).toBe(true);
        expect(email.indexOf('@')).toBeLessThanOrEqual(maxLocalPart);
        expect(email.startsWith(`fds-${runTag(runId)}-`), email).toBe(true);
        const unique = withUniqueSuffix(email, suffix);
        expect(strictEmail(unique), unique).toBe(true);
        expect(unique.startsWith(`fds-${runTag(runId)}-`), unique).toBe(true);
        expect(unique.slice(0, unique.indexOf('@')).endsWith(`-${suffix}`), unique).toBe(true);
      },
    );
  });

  it('keeps a CLI run id whole in the addresses, so a person finds the run by it', () => {
    expect(runTag('3f9c2a1b')).toBe('3f9c2a1b');
    expect(runEmail('3f9c2a1b', 'complete-1234-1')).toBe('fds-3f9c2a1b-complete-1234-1@example.com');
  });
});

describe('enrich: what GET /enrich is sent', () => {
  it('invalidParameter draws only values the loosest reading of their parameter refuses', () => {
    holds(invalidParameter, ({ parameter, value }) => {
      const shown = `${parameter}=${JSON.stringify(value)}`;
      switch (parameter) {
        case 'q':
          // Too short by every count, with nothing to trim.
          expect(Math.max(...qLengths(value)), shown).toBeLessThan(3);
          expect(value.trim(), shown).toBe(value);
          break;
        case 'institution':
          expect(value.startsWith('fds-conformance-unknown-'), shown).toBe(true);
          break;
        case 'country':
          expect(lenientCountry(value), shown).toBe(false);
          break;
        case 'accountType':
          expect(lenientAccountType(value), shown).toBe(false);
          break;
        case 'amount':
          expect(lenientAmount(value), shown).toBe(false);
          break;
      }
    });
  });

  it('the fixed invalid lists hold only values the loosest readings refuse', () => {
    for (const country of invalidCountries) expect(lenientCountry(country), country).toBe(false);
    for (const type of invalidAccountTypes) expect(lenientAccountType(type), type).toBe(false);
    for (const amount of invalidAmounts) expect(lenientAmount(amount), amount).toBe(false);
  });

  it('the valid generators draw only values the strictest readings take', () => {
    holds(description, (q) => expect(strictQ(q), JSON.stringify(q)).toBe(true));
    holds(countryCode, (country) => expect(strictCountry(country), country).toBe(true));
    holds(accountType, (type) => expect(accountTypes).toContain(type));
    holds(signedDecimal, (amount) => expect(strictAmount(amount), amount).toBe(true));
    holds(optionalParameters, (optional) => {
      if (optional.accountType !== undefined) expect(accountTypes).toContain(optional.accountType);
      if (optional.amount !== undefined) expect(strictAmount(optional.amount), optional.amount).toBe(true);
      if (optional.mcc !== undefined) expect(optional.mcc).toMatch(/^[0-9]{4}$/);
    });
    for (const mcc of merchantCategoryCodes) expect(mcc).toMatch(/^[0-9]{4}$/);
  });
});

describe('token: what POST /token is sent', () => {
  it('unsupportedScope draws only values no reading takes for a named scope', () => {
    holds(unsupportedScope, (scope) => expect(lenientScope(scope), scope).toBe(false));
    expect(lenientScope(unnamedScope)).toBe(false);
  });

  it('scopeCaseVariant draws a named scope in another case, which the checks accept both ways', () => {
    holds(scopeCaseVariant, (scope) => {
      expect(lenientScope(scope), scope).toBe(true);
      expect(scopes as readonly string[]).not.toContain(scope);
    });
  });

  it('the truncated body is JSON to no parser', () => {
    expect(() => JSON.parse(truncatedJson) as unknown).toThrow();
  });
});

describe('expenses: what POST /users/{user.id}/expenses is sent', () => {
  it('unparsableMonths holds only values no lenient parser reads as a month', () => {
    for (const month of unparsableMonths) expect(lenientMonth(month), month).toBe(false);
  });

  it('nearMonths, accepted both ways, are refused by the strict reading and read by the lenient one', () => {
    for (const month of nearMonths) {
      expect(strictMonth(month), month).toBe(false);
      expect(lenientMonth(month), month).toBe(true);
    }
  });

  it('monthRange draws ranges inside the default range by every clock: the 12 months before the current one', () => {
    const current = fc
      .record({ year: fc.integer({ min: 1990, max: 2100 }), month: fc.integer({ min: 1, max: 12 }) })
      .map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`);
    holds(
      current.chain((now) => monthRange(now).map((range) => ({ now, range }))),
      ({ now, range }) => {
        expect(strictMonth(range.fromMonth) && strictMonth(range.toMonth), JSON.stringify(range)).toBe(true);
        expect(monthIndex(range.fromMonth)).toBeLessThanOrEqual(monthIndex(range.toMonth));
        // A clock a month ahead starts its default range at now-12; one a month behind ends it at now-1.
        expect(monthIndex(range.fromMonth)).toBeGreaterThanOrEqual(monthIndex(addMonths(now, -12)));
        expect(monthIndex(range.toMonth)).toBeLessThanOrEqual(monthIndex(addMonths(now, -1)));
      },
    );
  });

  it('accountSelection draws a non-empty selection of the accounts given, each once', () => {
    const ids = ['acc-1', 'acc-2', 'acc-3', 'acc-4'];
    holds(accountSelection(ids), (selection) => {
      expect(selection.length).toBeGreaterThan(0);
      expect(new Set(selection).size).toBe(selection.length);
      for (const id of selection) expect(ids).toContain(id);
    });
  });
});

describe('affordability: what GET …/transactions is sent', () => {
  it('validLimit draws whole numbers from 1 to the stated maximum', () => {
    holds(validLimit, (limit) => {
      expect(Number.isInteger(limit)).toBe(true);
      expect(limit).toBeGreaterThanOrEqual(1);
      expect(limit).toBeLessThanOrEqual(500);
    });
  });

  it('validLimit reaches past 50 and up to the maximum, not only the small limits it favours', () => {
    const draws = fc.sample(validLimit, { numRuns: 2000, seed: 7 });
    expect(draws.some((limit) => limit > 450)).toBe(true);
    expect(draws.filter((limit) => limit > 50).length).toBeGreaterThan(200);
  });

  it('madeUpCursors are no value an offset, a page number or an absent cursor could be', () => {
    for (const cursor of madeUpCursors) {
      expect(cursor).not.toMatch(/^\s*[+-]?\d+\s*$/);
      expect(cursor.trim()).not.toBe('');
    }
  });

  it('malformedClassFilters are no expression the loosest filter reading parses', () => {
    for (const filter of malformedClassFilters) expect(lenientFilter(filter), filter).toBe(false);
  });

  it('nearMissClassFilters, taken both ways, are read by the loosest reading and refused by the strict one', () => {
    for (const [nearMiss, meant] of nearMissClassFilters) {
      expect(lenientFilter(nearMiss), nearMiss).toBe(true);
      expect(nearMiss).not.toBe(meant);
    }
  });
});
