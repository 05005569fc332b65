import { describe, expect, it } from 'vitest';
import { Secrets } from '../../src/http/secrets.ts';

describe('Secrets', () => {
  it('masks every secret whole, one that holds another too, whatever order they were learnt in', () => {
    const secrets = new Secrets();
    secrets.add('abcd');
    secrets.add('abcdefgh');
    secrets.add('x.y+z');
    expect(secrets.redact('1 abcdefgh 2 abcd 3 x.y+z 4 xay+z')).toBe('1 *** 2 *** 3 *** 4 xay+z');
  });

  it('learns the credentials an exchange carries: the Authorization header, an issued token, institution credentials', () => {
    const secrets = new Secrets();
    secrets.learnExchange(
      { authorization: 'Basic key-1234' },
      Buffer.from(JSON.stringify({ password: 'pass-5678', securityCode: 'code-9012' })),
      Buffer.from(JSON.stringify({ access_token: 'token-3456' })),
    );
    expect(secrets.redact('key-1234 pass-5678 code-9012 token-3456')).toBe('*** *** *** ***');
  });
});
