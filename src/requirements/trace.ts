import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../runner/package-root.ts';
import { sourceExtension } from '../runner/run-suites.ts';
import { ambiguities } from './ambiguities.ts';
import { requirementById, type Requirement } from './catalogue.ts';

/** A place in the package's source, `path:line` from the package root. */
type Location = string;

/** One requirement followed through the project: what it says, what proves it and what breaks it. */
export interface RequirementTrace extends Requirement {
  /** The register's entries that touch it, with the readings its checks accept. */
  readings: { ambiguity: string; topic: string; readings: string[] }[];
  /** Each place in a suite file that names it: a check's declaration, or the helper call that makes one. */
  checks: { location: Location; title: string }[];
  /** The faults that violate it: where each is declared, and every place that enacts it. */
  faults: { name: string; description: string; declared: Location; enacted: Location[] }[];
}

interface SourceFile {
  path: string;
  lines: string[];
}

/** Every source file under a folder of the package (suites/, mock/), with its lines. */
function sources(folder: string): SourceFile[] {
  const files = readdirSync(join(packageRoot, folder), { recursive: true, encoding: 'utf8' });
  return files
    .filter((file) => file.endsWith(sourceExtension) && !file.endsWith('.d.ts'))
    .sort()
    .map((file) => ({
      path: `${folder}/${file}`,
      lines: readFileSync(join(packageRoot, folder, file), 'utf8').split('\n'),
    }));
}

function linesNaming(
  files: SourceFile[],
  literal: string,
): { location: Location; line: string; file: SourceFile; index: number }[] {
  return files.flatMap((file) =>
    file.lines.flatMap((line, index) =>
      line.includes(`'${literal}'`)
        ? [{ location: `${file.path}:${index + 1}`, line: line.trim(), file, index }]
        : [],
    ),
  );
}

/** Where the check (or check-making helper call) around a line starts. */
function checkStart(file: SourceFile, from: number): number {
  return Math.max(
    file.lines.slice(0, from + 1).findLastIndex((line) => /(^|\W)(check|\w+Check)\(/.test(line)),
    0,
  );
}

/** The title the check around a line is declared with: the first string after `check(`. */
function checkTitle(file: SourceFile, from: number): string | undefined {
  const text = file.lines.slice(checkStart(file, from), from + 1).join('\n');
  return /(?:check|\w+Check)\(\s*(['"`])([\s\S]*?)\1/.exec(text)?.[2];
}

/** The trace of one requirement, or undefined for an id the catalogue does not hold. */
export async function traceRequirement(id: string): Promise<RequirementTrace | undefined> {
  const requirement = requirementById(id);
  if (!requirement) return undefined;
  const suites = sources('suites');
  const named = linesNaming(suites, id);
  const mock = sources('mock');
  // Loaded only here: tracing is the one use of the requirements command that needs the mock's faults.
  const { faults } = await import('../../mock/faults/index.ts');
  return {
    ...requirement,
    readings: ambiguities
      .filter((entry) => entry.requirements.includes(id))
      .map((entry) => ({
        ambiguity: entry.id,
        topic: entry.topic,
        readings: entry.readings.map(
          ({ reading, variant }) => `${reading}${variant ? '' : ' (the mock’s default)'}`,
        ),
      })),
    checks: named.map(({ location, line, file, index }) => ({
      location,
      title: checkTitle(file, index) ?? line,
    })),
    faults: faults
      .filter((fault) => fault.requirement === id)
      .map((fault) => {
        const places = linesNaming(mock, fault.name);
        const declaration = places.find(({ line }) => line.startsWith('name:'));
        return {
          name: fault.name,
          description: fault.description,
          declared: declaration?.location ?? 'mock/faults/',
          enacted: [
            ...(fault.alter && declaration ? [`${declaration.location} (its alter rewrites the reply)`] : []),
            ...places.filter((place) => place !== declaration).map(({ location }) => location),
          ],
        };
      }),
  };
}

/** The trace for a person: one section per question a maintainer asks. */
export function traceMarkdown(trace: RequirementTrace): string {
  const list = <T>(items: T[], show: (item: T) => string, none: string) =>
    items.length > 0 ? items.map((item) => `- ${show(item)}`) : [`- ${none}`];
  return [
    `# ${trace.id} (${trace.level}, ${trace.group})`,
    '',
    trace.title,
    '',
    `Spec, ${trace.specRef}:`,
    '',
    ...trace.quote.split('\n').map((line) => `> ${line}`),
    '',
    ...(trace.notes ? [`Notes: ${trace.notes}`, ''] : []),
    // Which reasonable reading would not oblige the server (the level rule); MUST requirements only.
    ...(trace.whyMust ? [`Why MUST: ${trace.whyMust}`, ''] : []),
    '## Accepted readings',
    '',
    ...list(
      trace.readings,
      (entry) => `${entry.ambiguity} (${entry.topic}): ${entry.readings.join(' | ')}`,
      'none listed: the spec leaves this requirement one reading',
    ),
    '',
    '## Checks',
    '',
    ...list(trace.checks, (place) => `${place.location}: ${place.title}`, 'none'),
    '',
    '## Faults that violate it',
    '',
    ...list(
      trace.faults,
      (fault) =>
        `${fault.name}: ${fault.description}; declared at ${fault.declared}; enacted at ${fault.enacted.join(', ') || 'its declaration'}`,
      'none',
    ),
    '',
    '## Schemas',
    '',
    ...list(
      (trace.schema ?? []).map((pointer) => `schemas/${pointer}`),
      (pointer) => pointer,
      'none: it is about behaviour, not the shape of a resource',
    ),
  ].join('\n');
}
