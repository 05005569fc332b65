import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../src/package-root.ts';
import { ambiguities, clientAmbiguities } from '../src/requirements/ambiguities.ts';
import { clientRequirementById, requirementById, type Requirement } from '../src/requirements/catalogue.ts';
import type { ClientRequirementId } from '../src/requirements/requirement-ids.generated.ts';
import { checkIndex } from '../runner/check-index.ts';
import { sourceExtension } from '../runner/run-suites.ts';

// Here in the CLI, not in requirements/: a trace collects the suites with the runner and reads the
// mock's faults, both above the engine (docs/decisions/007-layers.md).

/**
 * A place in the package's source, `path:line` from the package root, as the project's repository holds
 * it (`suites/token/fields.check.ts:12`).
 */
type Location = string;

/** One requirement followed through the project: what it says, what proves it and what breaks it. */
export interface RequirementTrace extends Requirement {
  /** The register's entries that touch it, with the readings its checks accept. */
  readings: { ambiguity: string; topic: string; readings: string[] }[];
  /**
   * Each check that names it, titled as a run shows it, and where it is declared; `precondition` when
   * the check holds it only on its way to its own (CheckOptions.preconditions).
   */
  checks: { location: Location; title: string; precondition?: true }[];
  /** The faults that violate it: where each is declared, and every place that enacts it. */
  faults: { name: string; description: string; declared: Location; enacted: Location[] }[];
}

/**
 * A line of a source file as its reader finds it: installed, the package runs the JavaScript compiled to
 * dist/, whose lines match no file the reader has, so the place is the TypeScript file it was compiled
 * from, without a line; in a checkout, the file and its line (when one is known).
 */
export function sourceLocation(path: string, index?: number, extension = sourceExtension): Location {
  if (extension !== '.ts') return path.replace(/\.js$/, '.ts');
  return index === undefined ? path : `${path}:${index + 1}`;
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

function linesNaming(files: SourceFile[], literal: string): { location: Location; line: string }[] {
  return files.flatMap((file) =>
    file.lines.flatMap((line, index) =>
      line.includes(`'${literal}'`)
        ? [{ location: sourceLocation(file.path, index), line: line.trim() }]
        : [],
    ),
  );
}

/**
 * The check declarations of a suite file (`check(` or a check-making helper's call such as
 * `fieldCheck(`) whose title is written there, each with its line and its title as a pattern: a
 * template's `${…}` matches whatever the run filled in.
 */
function declarations(file: SourceFile): { index: number; title: RegExp }[] {
  const text = file.lines.join('\n');
  // A title's literal may hold its own quote escaped (`'A user\'s mobile'`): it runs to the first quote
  // not escaped, and reads as the title without the escapes.
  return [...text.matchAll(/(?:^|\W)(?:check|\w+Check)\(\s*(['"`])((?:\\[\s\S]|(?!\1)[^\\])*)\1/g)].map(
    (match) => ({
      index: text.slice(0, match.index).split('\n').length - 1,
      title: new RegExp(
        `^${(match[2] ?? '')
          .replace(/\\(['"`\\])/g, '$1')
          .split(/\$\{[^}]*\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+?')}$`,
      ),
    }),
  );
}

/**
 * Each check of the suites that names a requirement, from the check index (vitest collects the files, so
 * a title written as a template is shown filled in), at the declaration its title matches.
 */
async function checksNaming(id: string): Promise<RequirementTrace['checks']> {
  const suites = sources('suites');
  return [...(await checkIndex())].flatMap(([path, checks]) => {
    const file = suites.find((source) => source.path === path);
    const places = file ? declarations(file) : [];
    return checks.flatMap(({ title, requirements, preconditions }) => {
      const precondition = preconditions.some((held) => held === id);
      if (!precondition && !requirements.some((proved) => proved === id)) return [];
      const place = places.find((candidate) => candidate.title.test(title));
      return [
        { location: sourceLocation(path, place?.index), title, ...(precondition ? { precondition } : {}) },
      ];
    });
  });
}

/**
 * The trace of a client requirement: its register entries, the rules of the judge of client requests
 * that judge it (src/observe/clients/, as its checks), and the requests of the client-fault catalogue that break
 * it (as its faults: the mock and the proxy must each find them).
 */
async function traceClientRequirement(
  requirement: Requirement<ClientRequirementId>,
): Promise<RequirementTrace> {
  const id = requirement.id;
  const rules = sources('src/observe/clients').filter(
    (file) => !file.path.endsWith(`client-faults${sourceExtension}`),
  );
  const catalogueFile = sources('src/observe/clients').filter((file) =>
    file.path.endsWith(`client-faults${sourceExtension}`),
  );
  const { clientFaults } = await import('../src/observe/clients/client-faults.ts');
  return {
    ...requirement,
    readings: clientAmbiguities
      .filter((entry) => entry.requirements.includes(id))
      .map((entry) => ({
        ambiguity: entry.id,
        topic: entry.topic,
        readings: entry.readings.map((r) => r.reading),
      })),
    checks: linesNaming(rules, id).map(({ location, line }) => ({ location, title: line })),
    faults: clientFaults
      .filter((fault) => fault.requirement === id)
      .map((fault) => ({
        name: fault.name,
        description: `${fault.request.method} ${fault.request.path}`,
        declared:
          linesNaming(catalogueFile, fault.name)[0]?.location ?? 'src/observe/clients/client-faults.ts',
        enacted: [],
      })),
  };
}

/** The trace of one requirement, or undefined for an id the catalogue does not hold. */
export async function traceRequirement(id: string): Promise<RequirementTrace | undefined> {
  const client = clientRequirementById(id);
  if (client) return traceClientRequirement(client);
  const requirement = requirementById(id);
  if (!requirement) return undefined;
  const mock = sources('mock');
  // Loaded only here: tracing is the one use of the requirements command that needs the mock's faults.
  const { faults } = await import('../mock/faults/index.ts');
  return {
    ...requirement,
    readings: ambiguities
      .filter((entry) => entry.requirements.includes(requirement.id))
      .map((entry) => ({
        ambiguity: entry.id,
        topic: entry.topic,
        readings: entry.readings.map(
          ({ reading, variant }) => `${reading}${variant ? '' : ' (the mock’s default)'}`,
        ),
      })),
    checks: await checksNaming(id),
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
    ...list(
      trace.checks,
      (place) =>
        `${place.location}: ${place.title}${place.precondition ? ' (held on its way to its own)' : ''}`,
      'none',
    ),
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
