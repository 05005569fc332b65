import { escape } from './escape.ts';
import { oneLine } from './markdown.ts';
import type { RequirementFailure, RequirementResult } from './model.ts';
import { notRunLines } from './not-run.ts';
import { acceptIncompleteLine, incompleteLine, type Report, type Verdict } from './report.ts';
import { scopeLine } from './selection.ts';

export interface JUnitOptions {
  /** The run's verdict: a requirement it blocks on is a `<failure>`, and no other requirement is. */
  verdict: Verdict;
  /** An incomplete run exits 0 (--allow-incomplete): then it is no failure in junit.xml either. */
  allowIncomplete: boolean;
  /** Errors outside any check (a suite file that failed to load): the run exits 1 on them, so they are `<error>`s. */
  errors?: readonly string[];
}

/** What a test case came to, as the JUnit element inside it; a passed one has none. */
interface Outcome {
  element: 'failure' | 'error' | 'skipped' | 'flakyFailure';
  message: string;
  type?: string;
  /** The evidence: the checks that failed, their findings, seeds and curl lines. */
  body?: string;
}

interface TestCase {
  name: string;
  classname: string;
  /** Seconds. */
  time: number;
  outcome?: Outcome;
}

/** The testsuite of the run itself: the test cases that stand for an incomplete run or suites that did not run. */
const runSuite = 'fds-conformance';

/**
 * Characters XML 1.0 cannot hold, not even as references: C0 controls but tab, line feed and carriage
 * return, lone surrogates, U+FFFE and U+FFFF. A target's answer may hold any of them, and one would make
 * the whole file unreadable to every JUnit consumer.
 */
const notXml =
  // eslint-disable-next-line no-control-regex -- these control characters are what the pattern exists to find
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML character data; a carriage return as a reference, which parsers would otherwise drop. */
function xmlText(text: string): string {
  return escape(text.replace(notXml, '\uFFFD')).replace(/\r/g, '&#13;');
}

/** An attribute value: line breaks and tabs as references, which a parser would otherwise read as spaces. */
function xmlAttribute(text: string): string {
  return xmlText(text).replace(/[\t\n]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${xmlAttribute(String(value))}"`)
    .join('');
}

/** A failure's evidence as text: report.html holds the exchange itself. */
function evidence(failures: readonly RequirementFailure[]): string {
  return failures
    .map((f) =>
      [
        `check: ${f.check}`,
        f.message,
        ...(f.seed !== undefined
          ? [
              `fast-check seed ${f.seed}, path ${f.path ?? ''}, counter-example ${f.counterexample ?? ''} (replay with --seed ${f.seed})`,
            ]
          : []),
        ...(f.before ? [`the request before it: ${f.before.curl}`] : []),
        ...(f.curl ? [`reproduce: ${f.curl}`] : []),
      ].join('\n'),
    )
    .join('\n\n');
}

/**
 * A requirement's test case: a `<failure>` only where the verdict counts it, so that no JUnit consumer
 * fails a build the exit code passes, nor passes one it fails. A failure the verdict does not count
 * (SHOULD without --strict, a baseline entry) is skipped with why; a flaky requirement is Surefire's
 * `<flakyFailure>` (a pass to JUnit consumers), or a `<failure>` when --fail-on-flaky counts it; one
 * partly exercised is skipped, never passed, saying what did not run.
 */
function outcomeOf(r: RequirementResult, verdict: Verdict): Outcome | undefined {
  const counted = verdict.blocking.includes(r.id);
  const finding = oneLine(r.failures[0]?.message ?? 'failed');
  const body = evidence(r.failures);
  if (r.status === 'failed') {
    if (counted) return { element: 'failure', message: finding, type: r.level, body };
    const why = verdict.known.includes(r.id) ? 'in the baseline' : r.level;
    return { element: 'skipped', message: `${why}, not counted: ${finding}`, body };
  }
  if (r.status === 'flaky')
    return {
      element: counted ? 'failure' : 'flakyFailure',
      message: `flaky: ${finding}`,
      type: 'flaky',
      body,
    };
  if (r.status === 'not-exercised') {
    const give = r.enableBy ? ` (give ${r.enableBy.join(' or ')} to run it)` : '';
    return { element: 'skipped', message: `not exercised: ${(r.notExercised ?? []).join('; ')}${give}` };
  }
  // Never a pass: some probe that could show a violation did not run (each line says why and what to give).
  if (r.status === 'partly-exercised') {
    const lines = notRunLines(r);
    return { element: 'skipped', message: `partly exercised: ${lines.join('; ')}`, body: lines.join('\n') };
  }
  return undefined;
}

/** The test cases of the run itself, each standing for what makes it exit non-zero outside any requirement. */
function runCases(report: Report, options: JUnitOptions): TestCase[] {
  const cases: TestCase[] = [];
  const errors = options.errors ?? [];
  if (errors.length > 0)
    cases.push({
      name: 'the suites did not run',
      classname: runSuite,
      time: 0,
      outcome: {
        element: 'error',
        message: oneLine(errors[0] ?? ''),
        type: 'suite error',
        body: errors.join('\n'),
      },
    });
  // An incomplete run that exits 4 is no green build either (docs/design.md#exit-codes, 4).
  const incomplete = incompleteLine(report);
  if (report.summary.verdict === 'incomplete' && !options.allowIncomplete && incomplete)
    cases.push({
      name: 'the run is incomplete',
      classname: runSuite,
      time: 0,
      outcome: {
        element: 'failure',
        message: `${incomplete}; ${acceptIncompleteLine(report)}`,
        type: 'incomplete',
      },
    });
  return cases;
}

function counts(cases: readonly TestCase[]) {
  const count = (element: Outcome['element']) => cases.filter((c) => c.outcome?.element === element).length;
  return {
    tests: cases.length,
    failures: count('failure'),
    errors: count('error'),
    skipped: count('skipped'),
  };
}

/** Seconds as JUnit's `time`: to the millisecond, as a decimal number. */
function seconds(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function testcaseXml({ name, classname, time, outcome }: TestCase): string {
  const open = `    <testcase${attributes({ name, classname, time: seconds(time) })}`;
  if (!outcome) return `${open}/>`;
  const element = `<${outcome.element}${attributes({ message: outcome.message, type: outcome.type })}`;
  // Surefire's schema holds a flaky failure's text in a <stackTrace> of its own.
  const body =
    outcome.body === undefined
      ? '/>'
      : outcome.element === 'flakyFailure'
        ? `><stackTrace>${xmlText(outcome.body)}</stackTrace></flakyFailure>`
        : `>${xmlText(outcome.body)}</${outcome.element}>`;
  return `${open}>\n      ${element}${body}\n    </testcase>`;
}

/**
 * `junit.xml` of a run that stopped before any check ran (a setup error, exit 2; an unreachable target,
 * exit 3): one test case in error, whose message is the console's line, so a CI page that shows only the
 * JUnit results still says why it is empty. `type` names the kind of stop.
 */
export function stoppedRunJunitXml(
  line: string,
  type: string,
  startedAt: string,
  durationMs: number,
): string {
  const cases: TestCase[] = [
    {
      name: 'the run could not start',
      classname: runSuite,
      time: durationMs / 1000,
      outcome: { element: 'error', message: line, type, body: line },
    },
  ];
  const head = attributes({
    name: runSuite,
    ...counts(cases),
    time: durationMs / 1000,
    timestamp: startedAt,
  });
  const suite = `  <testsuite${head}>\n${cases.map(testcaseXml).join('\n')}\n  </testsuite>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${head}>\n${suite}\n</testsuites>\n`;
}

/**
 * `junit.xml`, a view of report.json like report.md and report.html: one testsuite per requirement group,
 * one test case per requirement (`<id>: <title>`), since the verdict is about requirements
 * (docs/decisions/005-junit-from-the-report.md). Its failures and errors are non-zero exactly when the
 * run's exit code is: the run and `merge-reports` write the same file from the same model.
 */
export function junitXml(report: Report, options: JUnitOptions): string {
  const byGroup = new Map<string, TestCase[]>();
  for (const r of report.requirements) {
    const outcome = outcomeOf(r, options.verdict);
    const testCase = {
      name: `${r.id}: ${r.title}`,
      classname: `${runSuite}.${r.group}`,
      time: (r.durationMs ?? 0) / 1000,
      ...(outcome ? { outcome } : {}),
    };
    byGroup.set(r.group, [...(byGroup.get(r.group) ?? []), testCase]);
  }
  const run = runCases(report, options);
  const suites = [...byGroup, ...(run.length > 0 ? [[runSuite, run] as const] : [])];
  // What the verdict covers, in every suite, where a JUnit consumer shows a suite's properties.
  const scope = scopeLine(report);
  const properties =
    scope === undefined
      ? ''
      : `    <properties><property${attributes({ name: 'scope', value: scope })}/></properties>\n`;
  const suitesXml = suites.map(([name, cases]) => {
    // The group's wall time where the run measured it (its checks ran side by side), else its cases' sum.
    const time = report.secondsByGroup?.[name] ?? seconds(cases.reduce((sum, c) => sum + c.time, 0));
    const head = attributes({ name, ...counts(cases), time, timestamp: report.startedAt });
    return `  <testsuite${head}>\n${properties}${cases.map(testcaseXml).join('\n')}\n  </testsuite>`;
  });
  const all = suites.flatMap(([, cases]) => cases);
  const head = attributes({
    name: runSuite,
    ...counts(all),
    time: report.durationMs / 1000,
    timestamp: report.startedAt,
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites${head}>\n${suitesXml.join('\n')}\n</testsuites>\n`;
}
