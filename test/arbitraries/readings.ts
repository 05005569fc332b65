import countries from 'i18n-iso-countries';
import { scopes } from '../../src/checks/arbitraries/token.ts';
import { accountTypes } from '../../src/checks/arbitraries/enrich.ts';

// The validators of the spec's readings that test/arbitraries/probes.test.ts holds the generators to: the
// loosest, for what the suite sends as invalid, and the strictest, for what it sends as valid.

// -------------------------------------------------------------------------------------------------------
// The loosest readings: what a lenient server takes.

/**
 * Mobile, shape-only reading of "international format `+[country-code][mobile number]`": a plus and
 * digits of any number, after the formatting characters people write (blanks, hyphens, dots, brackets)
 * are dropped. Nothing else is asked: no length, no country list, no mobile range.
 */
export const lenientMobile = (value: string) => /^\+\d+$/.test(value.replace(/[\s\-.()]/g, ''));

/** A body has a contact under the loosest reading: an email or mobile string that is not blank. */
export function lenientHasContact(body: Record<string, unknown>): boolean {
  const given = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  return given(body.email) || given(body.mobile);
}

/** Every way of counting q's length (AMB-ENRICH-02): characters, UTF-16 units, UTF-8 bytes, encoded. */
export function qLengths(q: string): number[] {
  const encoded = new URLSearchParams({ q }).toString().slice('q='.length);
  return [[...q].length, q.length, Buffer.byteLength(q), encoded.length, encodeURIComponent(q).length];
}

/** Country, loosest reading (AMB-ENRICH-04, AMB-ENRICH-05): any two letters in any case, blanks trimmed. */
export const lenientCountry = (value: string) => /^[A-Za-z]{2}$/.test(value.trim());

/** accountType, loosest reading: one of the six ignoring case and separators (creditcard, Credit_Card). */
const lettersOf = (value: string) => value.toLowerCase().replace(/[^a-z]/g, '');
export const lenientAccountType = (value: string) =>
  accountTypes.some((listed) => lettersOf(listed) === lettersOf(value.trim()));

/**
 * amount, loosest reading of "signed decimal" (AMB-ENRICH-08 and beyond): anything some decimal parser
 * reads: a sign, digits with or without a fraction or leading digit, an exponent, a decimal comma, digits
 * grouped by commas, blanks or apostrophes, a currency sign, and the words NaN and Infinity.
 */
export function lenientAmount(value: string): boolean {
  const trimmed = value.trim().replace(/^[$€£¥]\s*/, '');
  const plain = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
  const words = /^[+-]?(s?nan|inf|infinity)$/i;
  const ungrouped = trimmed.replace(/(?<=\d)[\s,'_](?=\d)/g, '');
  const decimalComma = trimmed.replace(/\./g, '').replace(',', '.');
  return [trimmed, ungrouped, decimalComma].some((form) => plain.test(form) || words.test(form));
}

/** Scope, loosest reading (AMB-TOKEN-06): a named scope in any case, blanks trimmed. */
export const lenientScope = (value: string) =>
  (scopes as readonly string[]).includes(value.trim().toUpperCase());

const monthNames = /jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec/i;

/**
 * A month, loosest reading (AMB-EXP-05 and a natural-language date parser): a month name, two groups of
 * digits (a year and a month in any order or width), or anything JavaScript's date parser reads.
 */
export const lenientMonth = (value: string) =>
  monthNames.test(value) || /\d+\D+\d+/.test(value) || !Number.isNaN(Date.parse(value));

/**
 * A filter, loosest reading: a dotted property, an operator, and a call holding one value, quoted with
 * single or double quotes or not at all, blanks allowed around the parts; several joined by commas.
 */
export const lenientFilter = (value: string) =>
  value.split(',').every((term) =>
    // A call left open or a quote left open is forgiven: the loosest parser reads up to where it can.
    /^\s*[A-Za-z_][\w.-]*\.[A-Za-z]+\s*\(\s*(?:'[^']*'?|"[^"]*"?|[^'"()]*)\s*\)?\s*$/.test(term),
  );

// -------------------------------------------------------------------------------------------------------
// The strictest readings: what a strict server still takes.

/** E.164: a plus, a first digit that is not 0, and 8 to 15 digits in all. */
const e164 = /^\+[1-9]\d{7,14}$/;

/**
 * Mobile ranges of the countries the suite draws from, with their national lengths: a service checking
 * that a number is a mobile one (by libphonenumber's tables, say) takes these.
 */
const mobileRanges = [
  /^\+614\d{8}$/, // Australia: 04 and eight digits
  /^\+447[1-57-9]\d{8}$/, // United Kingdom: 071-075, 077-079 and eight digits
  /^\+642[127]\d{7}$/, // New Zealand: 021, 022, 027 and seven digits
  /^\+659\d{7}$/, // Singapore: 9 and seven digits
];
export const strictMobile = (value: string) => e164.test(value) && mobileRanges.some((r) => r.test(value));

/**
 * E-mail, strictest reading: RFC 5321's lengths (local part 64 octets, address 254) and a conservative
 * dot-atom of ASCII letters, digits and hyphens between single dots, with one @ and a host name.
 */
export function strictEmail(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 0 || value.indexOf('@', at + 1) >= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  return (
    Buffer.byteLength(local) <= 64 &&
    Buffer.byteLength(value) <= 254 &&
    /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/.test(local) &&
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(domain)
  );
}

/** Codes ISO 3166 leaves to users: never a country under the strictest reading. */
const userAssigned = /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/;
export const strictCountry = (value: string) =>
  /^[A-Z]{2}$/.test(value) && countries.isValid(value) && !userAssigned.test(value);

/** amount, strictest reading (AMB-ENRICH-08, strict): only a minus, digits, a point and a fraction. */
export const strictAmount = (value: string) => /^-?(0|[1-9]\d*)\.\d{1,2}$/.test(value);

/** q, strictest reading: at least 3 characters by every count, even with the blanks around it trimmed. */
export const strictQ = (q: string) => q === q.trim() && [...q].length >= 3 && q.length <= 1000;

/** A month as `YYYY-MM` writes it, month 01 to 12. */
export const strictMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
