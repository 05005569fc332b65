// prepack: the files the compiled code reads beside it, into dist/ (its package root: ../.. from dist/runner).
import { cpSync } from 'node:fs';

cpSync('src', 'dist/src', { recursive: true, filter: (path) => !path.endsWith('.ts') });
cpSync('schemas', 'dist/schemas', { recursive: true });
cpSync('fixtures/world', 'dist/fixtures/world', { recursive: true });
cpSync('mock/world/data', 'dist/mock/world/data', { recursive: true });
cpSync('mock/options-validator.generated.cjs', 'dist/mock/options-validator.generated.cjs');
