import { describe, expect, it } from 'vitest';
import { checkIndex, filesExercising, leftOutChecks, requirementsHeldBy } from '../../runner/check-index.ts';
import { traceRequirement, traceMarkdown } from '../../cli/trace.ts';
import { suiteGroups } from '../../src/requirements/groups.ts';

/**
 * The check index is what vitest collects from the suites (issue 22): each check with the requirements
 * its declaration names, those it proves and those it holds on its way, read from no source text.
 */
describe('the check index', () => {
  it('holds every check file of every group, each check named as a run names it', async () => {
    const index = await checkIndex();
    const groupsWithFiles = new Set([...index.keys()].map((file) => file.split('/')[1]));
    expect([...groupsWithFiles]).toEqual(suiteGroups);
    for (const [file, checks] of index) {
      expect(file).toMatch(/^suites\/[a-z]+\/[\w-]+\.check\.ts$/);
      expect(checks.length, file).toBeGreaterThan(0);
      for (const check of checks) {
        expect(check.requirements.length, check.name).toBeGreaterThan(0);
        expect(check.name).toBe(`${check.title} [${check.requirements.join(', ')}]`);
        expect(
          check.preconditions.filter((id) => check.requirements.includes(id)),
          check.name,
        ).toEqual([]);
      }
    }
  });

  // The one way a check that did not run is excused (CheckOptions.onlyWhen): each use is a change here,
  // reviewed with the comment beside it that says why the requirement's other checks prove it without it.
  it('holds the checks that apply only under a condition to those listed here', async () => {
    const conditional = [...(await checkIndex()).values()]
      .flat()
      .filter((check) => check.onlyWhen !== undefined)
      .map((check) => [check.name, check.onlyWhen]);
    expect(conditional).toEqual([
      [
        "A token of the run's own key that reports a short life is refused once its expires_in seconds have passed [AUTH-09]",
        "the run's own key's token reports a life short enough to wait out",
      ],
    ]);
  });

  it('names the checks a narrowed run left out, by file and title, with the requirements they prove', async () => {
    const index = await checkIndex();
    const all = [...index.values()].flat().length;
    const [file, checks] = [...index][0] ?? ['', []];
    const ran = checks.map((check) => ({ file, name: check.title }));
    const left = leftOutChecks(index, ran);
    expect(left).toHaveLength(all - checks.length);
    expect(left.some((check) => check.file === file)).toBe(false);
    expect(left[0]?.requirements.length).toBeGreaterThan(0);
    expect(leftOutChecks(index, [])).toHaveLength(all);
  });

  it('lists a check under the requirements it holds on its way, so their faults run it', async () => {
    const index = await checkIndex();
    const fields = index.get('suites/users/fields.check.ts') ?? [];
    const typeCheck = fields.find((check) => check.requirements.includes('USERS-09'));
    expect(typeCheck?.preconditions).toEqual(['USERS-06']);
    expect(typeCheck && requirementsHeldBy(typeCheck)).toEqual(['USERS-09', 'USERS-06']);
    expect(filesExercising('USERS-06', index)).toContain('suites/users/fields.check.ts');
    expect(filesExercising('AFFORD-15', index)).toContain('suites/affordability/edges.check.ts');
    // The paging faults (a transaction lost at a page boundary) run the filter's checks too, so the
    // matrix would count a gap those checks failed under AFFORD-15 as undeclared collateral.
    expect(filesExercising('AFFORD-11', index)).toContain('suites/affordability/filter.check.ts');
    expect(filesExercising('NO-SUCH-01', index)).toEqual([]);
  });

  it('shows such a check in the trace of the requirement it holds on its way', async () => {
    const trace = await traceRequirement('USERS-06');
    const held = trace?.checks.filter((check) => check.precondition) ?? [];
    // Each at its line, a title whose literal escapes its own quote (`'A created user\'s …'`) too.
    // The four of users/fields.check.ts, and the names check of users/create.check.ts (USERS-17).
    expect(held.length).toBe(5);
    for (const check of held)
      expect(check.location).toMatch(/^suites\/users\/(fields|create)\.check\.ts:\d+$/);
    expect(held.filter((check) => check.location?.includes('fields.check.ts'))).toHaveLength(4);
    expect(traceMarkdown(trace!)).toContain('carries type "user" (held on its way to its own)');
  });
});
