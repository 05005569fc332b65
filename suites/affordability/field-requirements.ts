import type { Page } from '../../src/checks/paging.ts';
import type { RequirementId } from '../../src/requirements/requirement-ids.generated.ts';
import { formatViolations, preview, resourceValidator } from '../../src/validation/validator.ts';
import { where, type WalkFindings } from './findings.ts';
import { linkNames } from '../shared/links.ts';
import { emptySubClass, subClassOnlyOnPayment } from '../../src/rules/affordability.ts';
import { reasonOf } from '../../src/rules/verdict.ts';
import { asRecord } from './support.ts';

/*
 * Which requirement a page or a transaction breaks, field by field: the envelope (AFFORD-03), the class a
 * filter asked for (AFFORD-15), each transaction's fields (AFFORD-17..33). The walks (walks.ts) call these
 * on every page as it arrives and keep only the findings.
 */

/**
 * AFFORD-03: the envelope of every page. Validated with the entries left out, so a faulty transaction
 * fails its own field-level requirement and not the envelope's (the page size is checked by the walk).
 */
export function checkEnvelope(page: Page, findings: WalkFindings): void {
  const envelope = { ...page.body, data: Array.isArray(page.body.data) ? [] : page.body.data };
  const result = resourceValidator().validate('affordability-list', envelope);
  if (!result.valid)
    findings.note(
      'AFFORD-03',
      () => `page ${page.index + 1}:\n${formatViolations(result.violations)}`,
      page.exchange,
    );
}

/** AFFORD-15: every entry of a walk filtered on a class has that class. */
export function checkFilteredClass(
  t: Record<string, unknown> | undefined,
  className: string,
  page: Page,
  entry: number,
  findings: WalkFindings,
): void {
  if (t?.class !== className)
    findings.note('AFFORD-15', () => `${where(page, entry)}: class ${preview(t?.class)}`, page.exchange);
}

/** The field-level requirement a schema violation of a transaction belongs to, by the member at fault. */
function requirementOf(
  member: string | undefined,
  transaction: Record<string, unknown> | undefined,
): RequirementId | undefined {
  switch (member) {
    case undefined:
    case 'type':
    case 'id':
      return 'AFFORD-17';
    case 'status':
      return 'AFFORD-18';
    case 'description':
    case 'account':
      return 'AFFORD-19';
    case 'amount':
      return 'AFFORD-20';
    case 'balance':
      return 'AFFORD-21';
    case 'direction':
      return 'AFFORD-22';
    case 'class':
      // Which table applies depends on the direction; a class without a valid direction is AFFORD-22's.
      return transaction?.direction === 'debit'
        ? 'AFFORD-23'
        : transaction?.direction === 'credit'
          ? 'AFFORD-24'
          : undefined;
    case 'institution':
      return 'AFFORD-25';
    case 'transactionDate':
      return 'AFFORD-26';
    case 'postDate':
      return 'AFFORD-27';
    case 'links':
      return 'AFFORD-31';
    default:
      // subClass is judged below (AFFORD-28, 29, 30), where "empty" also admits an empty string.
      return undefined;
  }
}

/** Field-level requirements AFFORD-17..33 for one transaction of the walk. */
export function checkTransaction(item: unknown, page: Page, entry: number, findings: WalkFindings): void {
  const t = asRecord(item);
  const result = resourceValidator().validate('affordability-transaction', item);
  if (!result.valid) {
    const byRequirement = new Map<RequirementId, typeof result.violations>();
    for (const violation of result.violations) {
      const [, member, sub] = violation.pointer.split('/');
      const requirement = member === 'links' && sub === 'self' ? 'AFFORD-32' : requirementOf(member, t);
      if (!requirement) continue;
      byRequirement.set(requirement, [...(byRequirement.get(requirement) ?? []), violation]);
    }
    for (const [requirement, violations] of byRequirement)
      findings.note(
        requirement,
        () => `${where(page, entry)}:\n${formatViolations(violations)}`,
        page.exchange,
      );
  }
  if (!t) return;

  const subClass = t.subClass;
  const populated = asRecord(subClass);
  if (
    !emptySubClass(subClass) &&
    !(typeof populated?.title === 'string' && typeof populated.code === 'string')
  )
    findings.note(
      'AFFORD-28',
      () =>
        `${where(page, entry)}: subClass ${preview(subClass)} is neither null, empty, nor an object with title and code strings`,
      page.exchange,
    );
  const offPayment = reasonOf(subClassOnlyOnPayment(t));
  if (offPayment !== undefined)
    findings.note('AFFORD-29', () => `${where(page, entry)}: ${offPayment}`, page.exchange);
  // A subClass of another shape (a string, a number) is AFFORD-28's finding; this rule holds a payment's
  // subClass left empty, or an object without its title and code.
  const shapeless = !emptySubClass(subClass) && populated === undefined;
  if (
    t.class === 'payment' &&
    !shapeless &&
    !(typeof populated?.title === 'string' && populated.title !== '' && typeof populated.code === 'string')
  )
    findings.note(
      'AFFORD-30',
      () => `${where(page, entry)}: a payment with subClass ${preview(subClass)}`,
      page.exchange,
    );

  const links = asRecord(t.links);
  for (const [member, link] of [
    ['account', links?.account],
    ['institution', links?.institution],
  ] as const) {
    const id = t[member];
    // Named as a whole path segment or query value: a link to another id that begins with this one (an
    // institution AU001 and AU0012) names it nowhere.
    if (typeof link === 'string' && typeof id === 'string' && id !== '' && !linkNames(link, id))
      findings.note(
        'AFFORD-33',
        () =>
          `${where(page, entry)}: links.${member} ${preview(link)} does not name ${member} ${preview(id)}`,
        page.exchange,
      );
  }
}
