import fc from 'fast-check';

/** A valid `limit` of GET …/affordability/{affordability.id}/transactions (spec: "maximum 500"), as sent. */
export const validLimit: fc.Arbitrary<number> = fc.integer({ min: 1, max: 500 });
