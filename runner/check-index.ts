import type { LeftOutCheck } from '../src/report/model.ts';
import type { RequirementId } from '../src/requirements/requirement-ids.generated.ts';
import { suiteGroups } from '../src/requirements/groups.ts';
import { collectChecks } from './run-suites.ts';

/** One check as its suite file declares it (src/checks/check.ts). */
export interface IndexedCheck {
  /** As a run names it: `title [IDS]`. */
  name: string;
  title: string;
  /** The requirements it proves, its primary first. */
  requirements: RequirementId[];
  /** The requirements it holds on its way to its own (CheckOptions.preconditions). */
  preconditions: RequirementId[];
  /** For a check that applies only under a condition (CheckOptions.onlyWhen): the condition. */
  onlyWhen?: string;
}

/** Every check file (`suites/<group>/<file>.check.ts`) with the checks it declares. */
export type CheckIndex = Map<string, IndexedCheck[]>;

let whole: Promise<CheckIndex> | undefined;

/** Files in the order of their groups (src/requirements/groups.ts), as runs and reports list them. */
const groupOrder = (file: string) => (suiteGroups as readonly string[]).indexOf(file.split('/')[1] ?? '');

/**
 * The check index: what vitest collects from the suites' files, each check with the requirements its
 * declaration names, never read from the source's text. Collected once per process (about half a second):
 * the suites do not change while it runs.
 */
export function checkIndex(): Promise<CheckIndex> {
  whole ??= collectChecks().then(
    (collected) =>
      new Map(
        [...collected]
          .sort(([a], [b]) => groupOrder(a) - groupOrder(b) || a.localeCompare(b))
          .map(([file, checks]) => [
            file,
            checks.map(({ name, meta }) => ({
              name,
              title: name.replace(/ \[[^\]]*\]$/, ''),
              requirements: meta.requirements ?? [],
              preconditions: meta.preconditions ?? [],
              ...(meta.onlyWhen === undefined ? {} : { onlyWhen: meta.onlyWhen }),
            })),
          ]),
      ),
  );
  return whole;
}

/** The requirements a check can fail: those it proves and those it holds on its way. */
export const requirementsHeldBy = (check: IndexedCheck): RequirementId[] => [
  ...check.requirements,
  ...check.preconditions,
];

/** The check files with a check that can fail a requirement: enough to run to see whether it holds. */
export function filesExercising(requirementId: string, index: CheckIndex): string[] {
  return [...index]
    .filter(([, checks]) =>
      checks.some((check) => requirementsHeldBy(check).includes(requirementId as RequirementId)),
    )
    .map(([file]) => file);
}

/** What a run selected by requirement runs (`--only ID`, `--rerun-failed`): check files, and checks in them. */
export interface CheckSelection {
  files: string[];
  /** The selected checks' names, as a run names them (`title [IDS]`). */
  names: string[];
}

/**
 * The checks that can fail one of the requirements (those proving or holding it, so a failure found on
 * the way is found again), and every check of the groups given whole.
 */
export function selectChecks(
  index: CheckIndex,
  groups: readonly string[],
  requirementIds: readonly string[],
): CheckSelection {
  const wanted = new Set(requirementIds);
  const selection: CheckSelection = { files: [], names: [] };
  for (const [file, checks] of index) {
    const whole = groups.includes(file.split('/')[1] ?? '');
    const chosen = checks.filter((check) => whole || requirementsHeldBy(check).some((id) => wanted.has(id)));
    if (chosen.length === 0) continue;
    selection.files.push(file);
    selection.names.push(...chosen.map((check) => check.name));
  }
  return selection;
}

/**
 * The checks of the index a run did not run: those its selection left out (`--only`, `--rerun-failed`,
 * `--shard`), each with the requirements it proves, which the run then exercised only in part.
 */
export function leftOutChecks(
  index: CheckIndex,
  ran: readonly { file: string; name: string }[],
): LeftOutCheck[] {
  const seen = new Set(ran.map((check) => `${check.file}\n${check.name}`));
  return [...index].flatMap(([file, checks]) =>
    checks
      .filter((check) => !seen.has(`${file}\n${check.title}`))
      .map((check) => ({ name: check.title, file, requirements: [...check.requirements] })),
  );
}
