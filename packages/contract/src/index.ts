export * from './enums.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './caseload.ts';
export * from './sessions.ts';
export * from './notes.ts';
