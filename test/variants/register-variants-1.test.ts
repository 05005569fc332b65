import { registerVariantsShare } from './register-variants.ts';

// Share 1 of the register's variants (test/variants/register-variants.ts); the shares run side by side.
registerVariantsShare(0, 2);
