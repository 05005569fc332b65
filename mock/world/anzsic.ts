import type { MerchantRecord } from './world.ts';

/** An ANZSIC 2006 class with its division, subdivision and group. */
export type Anzsic = MerchantRecord['anzsic'];

/** data/anzsic.json: the ANZSIC 2006 levels the merchants' categories use, titles by code. */
export interface AnzsicTables {
  divisions: Readonly<Record<string, string>>;
  /** Two-digit codes, each with the letter of its division. */
  subdivisions: Readonly<Record<string, { title: string; division: string }>>;
  /** Three-digit codes; a group's first two digits are its subdivision. */
  groups: Readonly<Record<string, string>>;
  /** Four-digit codes; a class's first three digits are its group. */
  classes: Readonly<Record<string, string>>;
}

/**
 * An ANZSIC 2006 class with its parents, looked up from the class code's first digits: the first three are
 * its group, the first two its subdivision, which names its division.
 */
export function anzsicClass(tables: AnzsicTables, code: string): Anzsic {
  const level = (title: string | undefined, levelCode: string): { code: string; title: string } => {
    if (title === undefined) throw new Error(`ANZSIC class ${code}: ${levelCode} is not in data/anzsic.json`);
    return { code: levelCode, title };
  };
  const subdivision = tables.subdivisions[code.slice(0, 2)];
  const division = subdivision?.division ?? '';
  return {
    division: level(tables.divisions[division], division),
    subdivision: level(subdivision?.title, code.slice(0, 2)),
    group: level(tables.groups[code.slice(0, 3)], code.slice(0, 3)),
    class: level(tables.classes[code], code),
  };
}
