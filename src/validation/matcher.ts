import { expect } from 'vitest';
import { formatViolations, resourceValidator } from './validator.ts';

/**
 * `expect(body).toMatchResource('enrich')`: the body is valid against that resource's schema.
 * Loaded as a vitest setup file (`setupFiles` in vitest.config.ts) by the project's own tests only; the
 * conformance suites (suites/) do not load it and the CLI's vitest configuration does not name it.
 */
expect.extend({
  toMatchResource(received: unknown, resource: string) {
    const result = resourceValidator().validate(resource, received);
    return {
      pass: result.valid,
      message: () =>
        result.valid
          ? `expected the payload not to be a valid ${resource}`
          : `expected a valid ${resource}:\n${formatViolations(result.violations)}`,
    };
  },
});

interface ResourceMatchers<R = unknown> {
  toMatchResource(resource: string): R;
}

declare module 'vitest' {
  // vitest declares Matchers<T = any>; a merged declaration must repeat its parameters exactly.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface Matchers<T = any> extends ResourceMatchers<T> {}
}
