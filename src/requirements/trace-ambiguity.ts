import { ambiguities, clientAmbiguities, type Ambiguity, type ClientReading } from './ambiguities.ts';
import { clientRequirementById, requirementById } from './catalogue.ts';

/**
 * One register entry followed to the requirements whose checks accept its every reading: the server's
 * (each reading with the mock options that show it) or the client's (each with an example request the
 * judge of client requests accepts).
 */
export interface AmbiguityTrace extends Omit<Ambiguity, 'requirements' | 'readings'> {
  readings: (Ambiguity['readings'][number] | ClientReading)[];
  requirements: { id: string; level: string; title: string }[];
}

/** The trace of one register entry (`AMB-GEN-08`, `AMB-CLIENT-01`), or undefined for an id the register does not hold. */
export function traceAmbiguity(id: string): AmbiguityTrace | undefined {
  const entry: (Omit<AmbiguityTrace, 'requirements'> & { requirements: string[] }) | undefined =
    ambiguities.find((candidate) => candidate.id === id) ??
    clientAmbiguities.find((candidate) => candidate.id === id);
  if (!entry) return undefined;
  return {
    ...entry,
    requirements: entry.requirements.map((requirementId) => {
      const requirement = requirementById(requirementId) ?? clientRequirementById(requirementId);
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
    ...trace.readings.map((entry) =>
      'example' in entry
        ? `- ${entry.reading} For example \`${entry.example.method} ${entry.example.path}\`.`
        : `- ${entry.reading} ${entry.variant ? `Mock: \`startMock(${JSON.stringify(entry.variant)})\`.` : "The embedded mock's default."}`,
    ),
    '',
    '## Requirements it touches',
    '',
    ...trace.requirements.map((r) => `- ${r.id} (${r.level}): ${r.title}`),
  ].join('\n');
}
