/**
 * The largest request body the mock accepts by default, in bytes; a larger one is answered 413
 * `payload-too-large`. Kept below the mock because the OpenAPI document states it too, and the engine
 * imports nothing above it (docs/decisions/007-layers.md).
 */
export const mockMaxBodyBytes = 64 * 1024;
