import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Secrets } from './http/secrets.ts';

/** Where a command's lines go: stdout, the command's result; stderr, what a person reads. */
export interface OutputLines {
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
}

/**
 * Everything the suite writes goes out here: every console line of every command and every file (the
 * report files, junit.xml, checks.json, history, the job summary, the proxy's and the mock's reports),
 * each masked by the secrets the command has seen by then, in every form (src/http/secrets.ts). A
 * secret on a new message path is masked without that path knowing of it
 * (docs/design.md#secrets-never-leave-the-process); the lint refuses a write anywhere else
 * (eslint.config.js).
 */
export class Output {
  constructor(
    readonly secrets: Secrets = new Secrets(),
    private readonly lines: OutputLines = {},
  ) {}

  stdout(line: string): void {
    (this.lines.stdout ?? console.log)(this.secrets.redact(line));
  }

  stderr(line: string): void {
    (this.lines.stderr ?? console.error)(this.secrets.redact(line));
  }

  /**
   * What a command prints because printing it is its purpose, asked for by name, whatever secret it holds:
   * `token`'s access token, `mock`'s profile (the keys of the mock it started). Nothing else goes out
   * unmasked.
   */
  askedFor(text: string): void {
    (this.lines.stdout ?? console.log)(text);
  }

  /** `askedFor` into a file, written in place (`mock --profile-out`). */
  fileAskedFor(path: string, text: string): void {
    writeInPlace(path, text);
  }

  file(path: string, text: string): void {
    writeFileSync(path, this.secrets.redact(text));
  }

  /** Written beside and renamed into place: a reader watching for the file never reads half of it. */
  fileInPlace(path: string, text: string): void {
    writeInPlace(path, this.secrets.redact(text));
  }

  append(path: string, text: string): void {
    appendFileSync(path, this.secrets.redact(text));
  }
}

function writeInPlace(path: string, text: string): void {
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  writeFileSync(partial, text);
  renameSync(partial, path);
}
