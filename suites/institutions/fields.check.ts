import { check } from '../../src/checks/check.ts';
import { expectEveryInstitution } from './support.ts';

// Field-level shape (spec: Resources and their fields > Institution), over every institution of the
// list and the single retrieval. Fields the schema does not require are typed when present.

check('Every institution carries type "institution" and an id string', ['INST-10'], () =>
  expectEveryInstitution(['/type', '/id']),
);

check(
  'Every institution gives name, shortName, institutionType, country, serviceName, serviceType, loginIdCaption, passwordCaption, tier and authorization as strings',
  ['INST-11'],
  () =>
    expectEveryInstitution([
      '/name',
      '/shortName',
      '/institutionType',
      '/country',
      '/serviceName',
      '/serviceType',
      '/loginIdCaption',
      '/passwordCaption',
      '/tier',
      '/authorization',
    ]),
);

check('Every institution gives forgottenPasswordUrl as a string', ['INST-12'], () =>
  expectEveryInstitution(['/forgottenPasswordUrl']),
);

check('Every institution gives features.login as an array of strings', ['INST-13'], () =>
  expectEveryInstitution(['/features/login']),
);

check(
  'Every institution maps each field of features.accounts, features.transactions and features.profile to an array of strings',
  ['INST-14'],
  () => expectEveryInstitution(['/features/accounts', '/features/transactions', '/features/profile']),
);

check('Every institution gives stage as a string', ['INST-15'], () => expectEveryInstitution(['/stage']));

check('Every institution gives status as a string', ['INST-16'], () => expectEveryInstitution(['/status']));

check(
  'Every institution gives stats.averageDurationMs verifyCredentials, retrieveAccounts, retrieveTransactions, retrieveMeta and total as numbers',
  ['INST-17'],
  () => expectEveryInstitution(['/stats/averageDurationMs']),
);

check(
  'Every institution gives logo as an object with type, colors (possibly null) and links with square and full',
  ['INST-18'],
  () => expectEveryInstitution(['/logo']),
);

check('Every institution carries links.self', ['INST-19'], () => expectEveryInstitution(['/links']));
