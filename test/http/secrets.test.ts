import { describe, expect, it } from 'vitest';
import { escape } from '../../src/report/escape.ts';
import {
  formsOf,
  sealingKey,
  sealSecrets,
  Secrets,
  secretsOfEnvironment,
  unsealSecrets,
} from '../../src/http/secrets.ts';

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

  // Each character here is one a form writes otherwise: JSON, URLs, forms, HTML and markdown cells.
  const secret = `key+/"<&>|é ${'x'.repeat(8)}`;

  it('masks a secret in every form a view or a target gives it, and nothing else', () => {
    const secrets = new Secrets();
    secrets.add(secret);
    const shown = [
      secret,
      JSON.stringify(secret).slice(1, -1),
      encodeURIComponent(secret),
      new URLSearchParams({ q: secret }).toString().slice(2),
      Buffer.from(secret).toString('base64'),
      Buffer.from(`${secret}:`).toString('base64'),
      escape(secret),
      escape(JSON.stringify(secret)),
      secret.replaceAll('|', '\\|'),
    ];
    expect(new Set(shown).size).toBe(shown.length);
    expect(formsOf(secret).sort()).toEqual(
      [...shown.slice(0, 7), escape(JSON.stringify(secret).slice(1, -1)), shown[8]].sort(),
    );
    for (const form of shown) expect(secrets.redact(`<${form}>`)).not.toContain(form.slice(2, -2));
    // The words of the spec a report quotes stay whole: only what was learnt is masked.
    expect(secrets.redact('Authorization: Bearer <ACCESS_TOKEN>, the Bearer scheme')).toBe(
      'Authorization: Bearer <ACCESS_TOKEN>, the Bearer scheme',
    );
  });

  it('masks the start of a secret a view cut short before its cut mark, and the end after it', () => {
    const secrets = new Secrets();
    const token = 'cf82c7358771491a8278a194d9fb8a97aa56a374cf5d44fdafa099eec9c5f7aa';
    secrets.add(token);
    expect(secrets.redact(`200 {"access_token":"${token.slice(0, 62)}…`)).toBe('200 {"access_token":"***…');
    expect(secrets.redact(`GET /x?t=${token.slice(0, 10)}…${token.slice(-12)}&y=1`)).toBe(
      'GET /x?t=***…***&y=1',
    );
    // A cut that holds no secret's start or end stays as it was.
    expect(secrets.redact('a finding whose middle was cut … and its end')).toBe(
      'a finding whose middle was cut … and its end',
    );
  });

  it('masks on the wire any credential after Bearer or Basic, one never learnt too', () => {
    const secrets = new Secrets();
    expect(secrets.redactWire('{"detail":"you sent Bearer garbage-1"}')).toBe(
      '{"detail":"you sent Bearer ***"}',
    );
    expect(secrets.redact('you sent Bearer garbage-1')).toBe('you sent Bearer garbage-1');
  });

  it('learns the institution credentials a JSON body sends, string ones only', () => {
    const secrets = new Secrets();
    secrets.learnCredentials({
      password: 'the-password',
      securityCode: 'the-code',
      email: 'a@b.c',
      loginId: 7,
    });
    expect(secrets.takeUnreported()).toEqual(['the-password', 'the-code']);
    expect(secrets.takeUnreported()).toEqual([]);
  });

  it("takes the environment's keys, token and credentials", () => {
    const secrets = secretsOfEnvironment({
      FDS_API_KEY: 'env-api-key',
      FDS_EXPIRY_API_KEY: 'env-expiry-key',
      FDS_TOKEN: 'env-token',
      FDS_CONNECTION_PASSWORD: 'env-password',
      FDS_BASE_URL: 'https://staging.example.com',
    });
    expect(secrets.takeUnreported().sort()).toEqual([
      'env-api-key',
      'env-expiry-key',
      'env-password',
      'env-token',
    ]);
  });

  it('seals secrets so that only the key opens them, and a seal altered opens nowhere', () => {
    const key = sealingKey();
    const sealed = sealSecrets(['a-token-1', 'a-password'], key);
    expect(sealed).not.toContain('a-token');
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('a-token');
    expect(unsealSecrets(sealed, key)).toEqual(['a-token-1', 'a-password']);
    expect(() => unsealSecrets(sealed, sealingKey())).toThrow();
    const altered = Buffer.from(sealed, 'base64');
    altered.writeUInt8(altered.readUInt8(altered.length - 1) ^ 1, altered.length - 1);
    expect(() => unsealSecrets(altered.toString('base64'), key)).toThrow();
  });
});
