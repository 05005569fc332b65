/**
 * MUST requirements that no fault of the mock violates, each with the reason none can. Every other MUST
 * requirement has a fault, and the project's tests fail when one has neither a fault nor an entry here
 * (test/matrix/fault-detection.test.ts): a MUST the suite never sees broken is a MUST it may not check.
 */
export const faultExemptions: Readonly<Record<string, string>> = {};
