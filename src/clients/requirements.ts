// placeholder: replaced by the client judge at merge
import type { Requirement } from '../requirements/catalogue.ts';

/** The client requirements of the catalogue: what the spec asks of a client. */
export const clientRequirements: Requirement[] = [];
