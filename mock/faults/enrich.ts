/**
 * Faults of merchant enrichment (spec: GET {base_url}/enrich, Enrich result, Errors), each breaking one
 * ENRICH requirement: query validation or the shape of the result. Faults exist so the suite can prove
 * its worth: run against the mock with one in force, the suite must fail the check of that requirement.
 */

import type { Fault } from './fault.ts';
import { onSuccess, type Body } from './reply-rewrites.ts';
import { routePaths } from '../routes/paths.ts';

export const enrichFaults = [
  {
    name: 'enrich-classified-no-match-has-logo',
    requirement: 'ENRICH-20',
    description: 'a query that matches nothing but carries accountType and amount gets a placeholder logo',
  },
  {
    name: 'enrich-short-q-accepted',
    requirement: 'ENRICH-03',
    description: 'q of 1 or 2 characters is accepted',
  },
  {
    name: 'enrich-three-char-q-refused',
    requirement: 'ENRICH-04',
    description: 'q of exactly 3 characters is refused',
  },
  {
    name: 'enrich-institution-not-checked',
    requirement: 'ENRICH-06',
    description: 'an unknown institution is accepted',
  },
  {
    name: 'enrich-country-not-checked',
    requirement: 'ENRICH-07',
    description: 'a country that is not ISO alpha-2 is accepted',
  },
  {
    name: 'enrich-account-type-not-checked',
    requirement: 'ENRICH-11',
    description: 'an accountType outside the six values is accepted',
  },
  {
    name: 'enrich-amount-not-checked',
    requirement: 'ENRICH-13',
    description: 'an amount that is not a decimal is accepted',
  },
  {
    name: 'enrich-amount-unchecked-without-account-type',
    requirement: 'ENRICH-13',
    description: 'an amount is checked only beside an accountType: alone, one that is no number is taken',
    collateral: [
      {
        requirement: 'ENRICH-14',
        reason: 'an invalid amount taken is not refused with parameter-not-valid naming amount either',
      },
    ],
  },
  {
    name: 'enrich-partner-not-enabled-served',
    requirement: 'ENRICH-18',
    description: 'a partner not enabled for the enrich service is served enrich results',
  },
  {
    name: 'enrich-error-without-parameter',
    requirement: 'ENRICH-14',
    description: 'refusals of enrich parameters do not name the parameter',
  },
  {
    name: 'enrich-default-not-payment',
    requirement: 'ENRICH-15',
    description: 'a query without accountType and amount is classified as a transfer',
  },
  {
    name: 'enrich-no-match-404',
    requirement: 'ENRICH-19',
    description: 'a valid query that matches nothing is answered 404',
    collateral: [
      {
        requirement: 'ENRICH-05',
        reason: 'the encoded query with reserved characters matches no merchant, so the fault refuses it too',
      },
    ],
    alter: (reply, route) =>
      route?.path === routePaths.enrich &&
      reply.status === 200 &&
      (reply.body as { data: Body }).data.merchant === null
        ? {
            status: 404,
            body: { type: 'list', correlationId: '00000000-0000-4000-8000-000000000000', data: [] },
          }
        : reply,
  },
  {
    name: 'enrich-no-match-has-logo',
    requirement: 'ENRICH-20',
    description: 'a no-match result carries logo links',
  },
  {
    name: 'enrich-geometry-numbers',
    requirement: 'ENRICH-30',
    description: 'geometry lat and lng are numbers instead of strings',
    alter: onSuccess(routePaths.enrich, (body) => {
      const data = body.data as { location: { geometry: { lat: string; lng: string } } | null };
      if (!data.location) return body;
      const { lat, lng } = data.location.geometry;
      return {
        ...body,
        data: { ...data, location: { ...data.location, geometry: { lat: Number(lat), lng: Number(lng) } } },
      };
    }),
  },
  {
    name: 'enrich-thumb-null-with-master',
    requirement: 'ENRICH-33',
    description: 'logo-thumb is null where a master logo exists',
  },
  {
    name: 'enrich-other-country-refused',
    requirement: 'ENRICH-01',
    description: "a valid country other than the institution's own is refused with 400",
  },
  {
    name: 'enrich-country-optional',
    requirement: 'ENRICH-02',
    description: 'a query without country is answered 200, searching every country',
  },
  {
    name: 'enrich-non-ascii-q-refused',
    requirement: 'ENRICH-05',
    description: 'a q holding non-ASCII characters is refused with 400',
  },
  {
    name: 'enrich-mcc-refused',
    requirement: 'ENRICH-09',
    description: 'any mcc is refused with 400',
  },
  {
    name: 'enrich-foreign-account-type-refused',
    requirement: 'ENRICH-10',
    description: 'accountType foreign is refused with 400',
  },
  {
    name: 'enrich-negative-amount-refused',
    requirement: 'ENRICH-12',
    description: 'a negative amount is refused with 400',
  },
  {
    name: 'enrich-type-wrong',
    requirement: 'ENRICH-21',
    description: 'enrich results carry type "enrichment"',
    alter: onSuccess(routePaths.enrich, (body) => ({ ...body, type: 'enrichment' })),
  },
  {
    name: 'enrich-direction-uppercase',
    requirement: 'ENRICH-22',
    description: 'direction is "DEBIT" or "CREDIT"',
    alter: onSuccess(routePaths.enrich, (body) => ({
      ...body,
      direction: String(body.direction).toUpperCase(),
    })),
  },
  {
    name: 'enrich-class-missing',
    requirement: 'ENRICH-23',
    description: 'enrich results carry no class',
    alter: onSuccess(routePaths.enrich, ({ class: _class, ...body }) => body),
  },
  {
    name: 'enrich-category-omitted',
    requirement: 'ENRICH-24',
    description: 'matched results leave the category member out of data',
    alter: onSuccess(routePaths.enrich, (body) => {
      const { category: _category, ...data } = body.data as Body;
      return data.merchant ? { ...body, data } : body;
    }),
  },
  {
    name: 'enrich-self-link-missing',
    requirement: 'ENRICH-25',
    description: 'enrich results carry no links.self',
    alter: onSuccess(routePaths.enrich, (body) => {
      const { self: _self, ...links } = body.links as Body;
      return { ...body, links };
    }),
  },
  {
    name: 'enrich-merchant-id-number',
    requirement: 'ENRICH-27',
    description: 'merchant ids are numbers',
    alter: onSuccess(routePaths.enrich, (body) => {
      const data = body.data as { merchant: Body | null };
      if (!data.merchant) return body;
      const id = Number.parseInt(String(data.merchant.id).slice(0, 6), 16);
      return { ...body, data: { ...data, merchant: { ...data.merchant, id } } };
    }),
  },
  {
    name: 'enrich-phone-number-string',
    requirement: 'ENRICH-28',
    description: 'merchant phoneNumber is the international number as a plain string',
    alter: onSuccess(routePaths.enrich, (body) => {
      const data = body.data as { merchant: { phoneNumber: { international: string } } | null };
      if (!data.merchant) return body;
      const phoneNumber = data.merchant.phoneNumber.international;
      return { ...body, data: { ...data, merchant: { ...data.merchant, phoneNumber } } };
    }),
  },
  {
    name: 'enrich-postal-code-number',
    requirement: 'ENRICH-29',
    description: 'location postalCode is a number',
    alter: onSuccess(routePaths.enrich, (body) => {
      const data = body.data as { location: Body | null };
      if (!data.location) return body;
      const postalCode = Number(data.location.postalCode);
      return { ...body, data: { ...data, location: { ...data.location, postalCode } } };
    }),
  },
  {
    name: 'enrich-category-without-anzsic',
    requirement: 'ENRICH-31',
    description: 'category holds division, subdivision, group and class directly, without anzsic',
    alter: onSuccess(routePaths.enrich, (body) => {
      const data = body.data as { category: { anzsic: Body } | null };
      if (!data.category) return body;
      return { ...body, data: { ...data, category: data.category.anzsic } };
    }),
  },
  {
    name: 'enrich-logo-master-object',
    requirement: 'ENRICH-32',
    description: 'logo-master is an object { href } instead of a link',
    alter: onSuccess(routePaths.enrich, (body) => {
      const links = body.links as Body;
      if (links['logo-master'] === null) return body;
      return { ...body, links: { ...links, 'logo-master': { href: links['logo-master'] } } };
    }),
  },
  {
    name: 'enrich-logo-webp',
    requirement: 'ENRICH-34',
    description: 'logo links point to webp images',
    alter: onSuccess(routePaths.enrich, (body) => {
      const links = body.links as Record<string, string | null>;
      const webp = (link: string | null) => link?.replace(/\.[a-z]+$/, '.webp') ?? null;
      return {
        ...body,
        links: {
          ...links,
          'logo-master': webp(links['logo-master'] ?? null),
          'logo-thumb': webp(links['logo-thumb'] ?? null),
        },
      };
    }),
  },
  {
    name: 'enrich-location-other-country',
    requirement: 'ENRICH-08',
    description: 'a matched location lies in another country than the one the query named',
    alter: onSuccess(routePaths.enrich, (body) => {
      const data = body.data as { location: Body | null };
      if (!data.location) return body;
      const country = data.location.country === 'NZ' ? 'AU' : 'NZ';
      return { ...body, data: { ...data, location: { ...data.location, country } } };
    }),
  },
  {
    name: 'enrich-country-fallback',
    requirement: 'ENRICH-08',
    description:
      'when nothing matches in the country asked for, the search falls back on a merchant of another country',
  },
  {
    name: 'enrich-payment-credit',
    requirement: 'ENRICH-17',
    description: 'payments have direction "credit"',
    alter: onSuccess(routePaths.enrich, (body) =>
      body.class === 'payment' ? { ...body, direction: 'credit' } : body,
    ),
  },
  {
    name: 'enrich-one-of-pair-refused',
    requirement: 'ENRICH-16',
    description: 'accountType without amount, or amount without accountType, is refused with 400',
  },
  {
    name: 'enrich-long-q-fails',
    requirement: 'ENRICH-35',
    description: 'a q longer than 1,000 characters is answered 500',
  },
  {
    name: 'enrich-lower-case-country-422',
    requirement: 'ENRICH-36',
    description:
      'a lower-case country is answered 422, neither read as the code nor refused as an invalid value',
  },
  {
    name: 'enrich-self-without-query',
    requirement: 'ENRICH-26',
    description: 'links.self is the bare enrich path, without the query',
    alter: onSuccess(routePaths.enrich, (body, context) => ({
      ...body,
      links: { ...(body.links as Body), self: `${context.baseUrl}/enrich` },
    })),
  },
] as const satisfies readonly Fault[];
