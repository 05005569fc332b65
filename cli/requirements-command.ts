import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Output } from '../src/output.ts';
import { ambiguities, clientAmbiguities } from '../src/requirements/ambiguities.ts';
import { catalogue, clientGroup, clientRequirements } from '../src/requirements/catalogue.ts';
import { parseOptions, type OptionTable } from './options.ts';
import { exitCodes } from './exit-codes.ts';
import { UsageError } from '../src/usage-error.ts';
import { packageRoot } from '../src/package-root.ts';

const formats = ['md', 'json'] as const;

/** Where CI keeps the spec, which is not part of the package: beside the package's folder. */
const defaultSpecPath = '../shared/spec/financial-data-service.md';

/** The flags of `requirements`, as its parser reads them and its help lists them. */
export const requirementsOptions = {
  format: {
    type: 'string',
    value: formats.join('|'),
    default: 'md',
    description: 'md for people (the default) or json for tools',
  },
  trace: {
    type: 'string',
    value: 'ID',
    description: 'one requirement: spec text, notes, readings, checks, faults, schemas',
  },
  'spec-coverage': {
    type: 'boolean',
    description: 'the spec annotated: each sentence, item and table row with the requirements that test it',
  },
  spec: {
    type: 'string',
    value: 'PATH',
    description: `the spec for --spec-coverage (default: FDS_SPEC, else ${defaultSpecPath} from the package's folder)`,
  },
} as const satisfies OptionTable;

/** Markdown cells cannot hold a bare pipe or a line break. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

export function catalogueMarkdown(): string {
  const lines = ['# Requirement catalogue', ''];
  for (const group of catalogue.groups) {
    const entries = catalogue.requirements.filter((r) => r.group === group);
    if (entries.length === 0) continue;
    lines.push(`## ${group}`, '', '| id | level | requirement | spec section |', '|---|---|---|---|');
    for (const r of entries) lines.push(`| ${r.id} | ${r.level} | ${cell(r.title)} | ${cell(r.specRef)} |`);
    lines.push('');
  }
  // What the spec obliges a client to send: judged by the observers of clients, never by a run.
  lines.push(
    `## ${clientGroup}`,
    '',
    'What a client sends; judged on the requests an observer of clients sees (the mock, the proxy), not by a run.',
    '',
  );
  lines.push('| id | level | requirement | spec section |', '|---|---|---|---|');
  for (const r of clientRequirements)
    lines.push(`| ${r.id} | ${r.level} | ${cell(r.title)} | ${cell(r.specRef)} |`);
  lines.push('');
  lines.push('## Out of scope (the spec says "not shown")', '');
  for (const item of catalogue.outOfScope) lines.push(`- ${item.topic} (${item.specRef})`);
  lines.push('', "## Ambiguity register (every reading listed passes; the first is the embedded mock's)", '');
  for (const entry of ambiguities) {
    lines.push(`### ${entry.id}: ${entry.topic}`, '', `${entry.specRef}: "${entry.quote}"`, '');
    lines.push(`Requirements: ${entry.requirements.join(', ')}`, '');
    for (const { reading, variant } of entry.readings) {
      lines.push(
        `- ${reading}${variant ? ` (mock variant: \`${JSON.stringify(variant)}\`)` : ' (mock default)'}`,
      );
    }
    lines.push('');
  }
  for (const entry of clientAmbiguities) {
    lines.push(`### ${entry.id}: ${entry.topic}`, '', `${entry.specRef}: "${entry.quote}"`, '');
    lines.push(`Requirements: ${entry.requirements.join(', ')}`, '');
    for (const { reading } of entry.readings)
      lines.push(`- ${reading} (accepted by the judge of client requests)`);
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * The spec annotated with what accounts for each of its units. The spec is not shipped with the package,
 * so it is read from where the user says, and its absence is the user's to fix: a usage error.
 */
async function specCoverageOutput(flag: string | undefined, format: string): Promise<string> {
  const path = resolve(flag ?? (process.env.FDS_SPEC || join(packageRoot, defaultSpecPath)));
  if (!existsSync(path))
    throw new UsageError(`--spec-coverage: no spec at ${path}; give its path with --spec PATH or FDS_SPEC`);
  const { annotate, specCoverageMarkdown, summarise } = await import('../src/requirements/spec-coverage.ts');
  const units = annotate(readFileSync(path, 'utf8'));
  if (format === 'md') return specCoverageMarkdown(units);
  return JSON.stringify({ summary: summarise(units), units }, null, 2);
}

/**
 * `requirements [--format md|json] [--trace ID] [--spec-coverage [--spec PATH]]`: the catalogue and the
 * ambiguity register, for people (md, the default) or tools (json); with `--trace`, one requirement
 * followed through the project: its spec text, notes and readings, the checks that exercise it, the faults
 * that violate it and its schemas; or one register entry (`AMB-…`): its readings, the mock options that
 * show each, the requirements it touches; with `--spec-coverage`, every sentence, item and table row of
 * the spec with the requirements that test it.
 */
export async function requirementsCommand(args: string[], output: Output): Promise<number> {
  const { values } = parseOptions('requirements', requirementsOptions, args);
  const format = values.format;
  if (!formats.includes(format as (typeof formats)[number])) {
    throw new UsageError(`--format must be one of ${formats.join(', ')}, got "${format}"`);
  }
  if (values.spec !== undefined && !values['spec-coverage'])
    throw new UsageError('--spec names the spec for --spec-coverage; give --spec-coverage too');
  if (values['spec-coverage']) {
    if (values.trace !== undefined) throw new UsageError('--trace and --spec-coverage cannot be combined');
    output.stdout(await specCoverageOutput(values.spec, format));
    return exitCodes.ok;
  }
  if (values.trace !== undefined) {
    // Ids are written in capitals; `--trace err-11` means ERR-11.
    const id = values.trace.trim().toUpperCase();
    if (id.startsWith('AMB-')) {
      const { ambiguityMarkdown, traceAmbiguity } = await import('../src/requirements/trace-ambiguity.ts');
      const trace = traceAmbiguity(id);
      if (!trace) throw new UsageError(`--trace: no entry "${values.trace}" in the ambiguity register`);
      output.stdout(format === 'json' ? JSON.stringify(trace, null, 2) : ambiguityMarkdown(trace));
      return exitCodes.ok;
    }
    const { traceMarkdown, traceRequirement } = await import('./trace.ts');
    const trace = await traceRequirement(id);
    if (!trace) throw new UsageError(`--trace: no requirement "${values.trace}" in the catalogue`);
    output.stdout(format === 'json' ? JSON.stringify(trace, null, 2) : traceMarkdown(trace));
    return exitCodes.ok;
  }
  // The client group follows the server groups, its register entries the server's.
  const json = {
    ...catalogue,
    groups: [...catalogue.groups, clientGroup],
    requirements: [...catalogue.requirements, ...clientRequirements],
    ambiguities: [...ambiguities, ...clientAmbiguities],
  };
  output.stdout(format === 'json' ? JSON.stringify(json, null, 2) : catalogueMarkdown());
  return exitCodes.ok;
}
