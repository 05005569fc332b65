import { decide, type Verdict } from './verdict.ts';

// Spec: Resources and their fields > Institution.

/**
 * INST-03: the list's totalCount is not less than the entries in data, whatever it counts (AMB-INST-03);
 * a totalCount or data of another type is INST-02's.
 */
export function totalCountCoversData(body: unknown): Verdict {
  const { totalCount, data } = (body ?? {}) as { totalCount?: unknown; data?: unknown };
  if (typeof totalCount !== 'number' || !Array.isArray(data)) return undefined;
  return decide(
    totalCount >= data.length,
    () => `totalCount is ${totalCount} but data holds ${data.length} institutions`,
  );
}
