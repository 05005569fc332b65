import type { RequirementId } from '../requirements/requirement-ids.generated.ts';
import {
  accountRunContiguous,
  pageWithin,
  repeatsNoTransaction,
  subClassOnlyOnPayment,
} from './affordability.ts';
import { answersConnectionAsked, carriesNoCredentials } from './connections.ts';
import { paymentWithoutAccountTypeAndAmount } from './enrich.ts';
import { errorListLabelledJson, errorListNotEmpty, namesNoValidParameter } from './errors.ts';
import {
  averagesWithinTheirMonths,
  divisionsOnce,
  historyWithinRange,
  percentagesShareOneTotal,
  rangeRunsForward,
  reportsRangeAsked,
} from './expenses.ts';
import { totalCountCoversData } from './institutions.ts';
import { answersJobAsked, updatedNotBeforeCreated } from './jobs.ts';
import {
  accessDeniedWhenDisabled,
  internalServerErrorWhenUnexpected,
  noInvalidClient,
  noUnauthorizedClient,
  parameterNotValidWhenDeleted,
} from './token.ts';
import type { Verdict } from './verdict.ts';

/**
 * The shared rule of each requirement that has one, by its id: what the proxy judges with and the checks
 * fail with is looked up here, so a requirement decided in two places shows as a second function.
 */
export const rulesByRequirement = {
  'AFFORD-06': pageWithin,
  'AFFORD-07': pageWithin,
  'AFFORD-09': pageWithin,
  'AFFORD-11': repeatsNoTransaction,
  'AFFORD-12': accountRunContiguous,
  'AFFORD-29': subClassOnlyOnPayment,
  'CONN-21': carriesNoCredentials,
  'CONN-40': answersConnectionAsked,
  'ENRICH-15': paymentWithoutAccountTypeAndAmount,
  'ERR-06': errorListNotEmpty,
  'ERR-13': errorListLabelledJson,
  'ERR-15': namesNoValidParameter,
  'EXP-04': reportsRangeAsked,
  'EXP-11': rangeRunsForward,
  'EXP-13': divisionsOnce,
  'EXP-18': historyWithinRange,
  'EXP-25': averagesWithinTheirMonths,
  'EXP-26': percentagesShareOneTotal,
  'INST-03': totalCountCoversData,
  'JOBS-03': answersJobAsked,
  'JOBS-06': updatedNotBeforeCreated,
  'TOKEN-17': accessDeniedWhenDisabled,
  'TOKEN-18': parameterNotValidWhenDeleted,
  'TOKEN-19': internalServerErrorWhenUnexpected,
  'TOKEN-20': noUnauthorizedClient,
  'TOKEN-21': noInvalidClient,
} as const satisfies Partial<Record<RequirementId, (...args: never[]) => Verdict>>;

export type RuledRequirement = keyof typeof rulesByRequirement;
