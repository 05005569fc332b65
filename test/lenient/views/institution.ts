import { enc, link } from '../server/links.ts';
import type { InstitutionRecord } from '../world/types.ts';

export function institutionView(institution: InstitutionRecord): Record<string, unknown> {
  return {
    type: 'institution',
    ...institution,
    links: { self: link(`/institutions/${enc(institution.id)}`) },
  };
}
