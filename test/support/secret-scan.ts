import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formsOf } from '../../src/http/secrets.ts';

/** One thing a run wrote: a file of its report folder, or a console stream. */
export interface Written {
  name: string;
  text: string;
}

/** Every file under a folder, by its path below it. */
export function writtenFiles(folder: string, below = ''): Written[] {
  return readdirSync(join(folder, below)).flatMap((entry) => {
    const path = join(below, entry);
    return statSync(join(folder, path)).isDirectory()
      ? writtenFiles(folder, path)
      : [{ name: path, text: readFileSync(join(folder, path), 'utf8') }];
  });
}

/**
 * The shortest start or end of a credential, cut short beside a cut mark, that counts as a leak: fewer
 * characters say next to nothing of a key or a token.
 */
const shortestCut = 8;
const cutMark = '…';

/** A credential as a leak's line names it: its first characters and its length, never all of it. */
function named(credential: string): string {
  return `"${credential.slice(0, 4)}…" (${credential.length} characters)`;
}

/** Every `shortestCut` characters of every form, with where in the form they stand. */
type Windows = Map<string, { form: string; at: number }[]>;

function windowsOf(forms: readonly string[]): Windows {
  const windows: Windows = new Map();
  for (const form of forms)
    for (let at = 0; at + shortestCut <= form.length; at++) {
      const key = form.slice(at, at + shortestCut);
      const known = windows.get(key);
      if (known) known.push({ form, at });
      else windows.set(key, [{ form, at }]);
    }
  return windows;
}

/**
 * The forms a text shows cut short: a start of at least `shortestCut` characters right before a cut
 * mark, or an end right after one (a preview, a line that lost its middle). Each mark's neighbours are
 * looked up among the forms' windows, then followed along the form.
 */
function cutForms(text: string, windows: Windows): Set<string> {
  const cut = new Set<string>();
  for (let mark = text.indexOf(cutMark); mark !== -1; mark = text.indexOf(cutMark, mark + 1)) {
    // The start of a form, ending at the mark: the characters before it are some of the form's first.
    for (const { form, at } of windows.get(text.slice(mark - shortestCut, mark)) ?? []) {
      const start = form.slice(0, at + shortestCut);
      if (start.length < form.length && text.slice(0, mark).endsWith(start)) cut.add(form);
    }
    // The end of a form, from the mark on: the characters after it are some of the form's last.
    const after = mark + cutMark.length;
    for (const { form, at } of windows.get(text.slice(after, after + shortestCut)) ?? []) {
      const end = form.slice(at);
      if (end.length < form.length && text.startsWith(end, after)) cut.add(form);
    }
  }
  return cut;
}

/**
 * Every credential the run saw, in every form the run masks (src/http/secrets.ts, formsOf: as given,
 * JSON-escaped, URL- and form-encoded, base64 and Basic's base64 of `key:`, HTML-escaped, in a markdown
 * cell) and cut short beside a cut mark, looked for in every byte written: one line per credential, form
 * and place it shows in. The search is its own, not the redaction's, so a writer that bypasses the
 * redaction, or a form it misses, is found.
 */
export function credentialLeaks(written: readonly Written[], credentials: Iterable<string>): string[] {
  // Shorter strings are no credential the run masks (src/http/secrets.ts), and occur in any text.
  const forms = [...new Set([...credentials].filter((c) => c.length >= 4))].flatMap((credential) =>
    formsOf(credential).map((form) => ({ credential, form })),
  );
  const windows = windowsOf(forms.map(({ form }) => form));
  return written.flatMap(({ name, text }) => {
    const cut = cutForms(text, windows);
    return forms.flatMap(({ credential, form }) => {
      const how = form === credential ? 'as given' : `as ${JSON.stringify(form.slice(0, 4))}…`;
      if (text.includes(form)) return [`${name}: ${named(credential)} ${how}`];
      return cut.has(form) ? [`${name}: ${named(credential)} ${how}, cut short`] : [];
    });
  });
}
