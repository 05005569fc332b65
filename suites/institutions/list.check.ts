import { check } from '../../src/checks/check.ts';
import { expectResource } from '../../src/checks/resource.ts';
import { expectStatus } from '../../src/checks/findings.ts';
import { api } from '../../src/checks/run-context.ts';

check('GET /institutions answers 200 with the institution list envelope', ['INST-01'], async () => {
  const exchange = await api().get('/institutions');
  expectStatus(exchange, 200);
  expectResource(exchange, 'institution-list');
});
