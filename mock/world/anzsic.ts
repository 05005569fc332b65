import type { Anzsic, AnzsicTables } from './reference-data.ts';

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
