/**
 * What one rule of the spec says of one answer: it held, it was broken (with the reason, in words a user
 * reads), or the answer does not show it (undefined: a value the rule reads is missing or of another type,
 * which is another rule's to fail). The checks turn a broken rule into a failure, the proxy into a
 * judgement; neither decides the rule itself.
 */
export type Verdict = { held: true } | { held: false; reason: string } | undefined;

export const held: Verdict = { held: true };

export const broken = (reason: string): Verdict => ({ held: false, reason });

/** Held where `holds`, else broken with the reason (built only then). */
export const decide = (holds: boolean, reason: () => string): Verdict => (holds ? held : broken(reason()));

/** The reason a verdict gives, where the rule was broken. */
export const reasonOf = (verdict: Verdict): string | undefined =>
  verdict?.held === false ? verdict.reason : undefined;
