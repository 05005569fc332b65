/**
 * The names of the declared faults, as a type the router's MockContext can take without importing the
 * registry. The registry (faults/index.ts) fills `DeclaredFaults` with one member per fault it declares
 * (module augmentation, as vitest's ProvidedContext is filled), so the arrow goes from the registry to this
 * file, never back: the faults see the router's types, and the router sees only this leaf.
 */

// Filled by faults/index.ts; empty here by design.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DeclaredFaults {}

/** The name of a declared fault: `context.fault(name)` takes only these, so a misspelt one fails tsc. */
export type FaultName = keyof DeclaredFaults & string;
