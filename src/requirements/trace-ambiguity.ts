import { ambiguities, type Ambiguity } from './ambiguities.ts';
import { requirementById } from './catalogue.ts';

/** One register entry followed to the requirements whose checks accept its every reading. */
export interface AmbiguityTrace extends Omit<Ambiguity, 'requirements'> {
  requirements: { id: string; level: string; title: string }[];
}

/** The trace of one register entry (`AMB-GEN-08`), or undefined for an id the register does not hold. */
export function traceAmbiguity(id: string): AmbiguityTrace | undefined {
  const entry = ambiguities.find((candidate) => candidate.id === id);
  if (!entry) return undefined;
  return {
    ...entry,
    requirements: entry.requirements.map((requirementId) => {
      const requirement = requirementById(requirementId);
      return { id: requirementId, level: requirement?.level ?? '', title: requirement?.title ?? '' };
    }),
  };
}

/**
 * The entry for a person: the spec's words, each reading with the mock options that show it (the first
 * without is the embedded mock's default), and the requirements it touches.
 */
export function ambiguityMarkdown(trace: AmbiguityTrace): string {
  return [
    `# ${trace.id}: ${trace.topic}`,
    '',
    `Spec, ${trace.specRef}:`,
    '',
    ...trace.quote.split('\n').map((line) => `> ${line}`),
    '',
    '## Readings (the suite accepts each)',
    '',
    ...trace.readings.map(
      ({ reading, variant }) =>
        `- ${reading} ${variant ? `Mock: \`startMock(${JSON.stringify(variant)})\`.` : "The embedded mock's default."}`,
    ),
    '',
    '## Requirements it touches',
    '',
    ...trace.requirements.map((r) => `- ${r.id} (${r.level}): ${r.title}`),
  ].join('\n');
}
