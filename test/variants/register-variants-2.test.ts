import { registerVariantsShare } from './register-variants.ts';

// Share 2 of the register's variants (test/variants/register-variants.ts); the shares run side by side.
registerVariantsShare(1, 2);
