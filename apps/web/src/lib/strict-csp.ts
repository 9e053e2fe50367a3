/**
 * The portal runs under a Content-Security-Policy without 'unsafe-eval' (docs/security.md).
 * zod, under the contract's schemas, compiles fast parsers with `new Function` unless told not to,
 * and its probe for that alone is reported as a policy violation. zod keeps its settings in this
 * global (what `z.config` writes) and reads them as each schema is built, so this module runs
 * before @tripline/core is loaded: main.tsx imports it first.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
