import { z } from 'zod';

// Fields without a message of their own answer in Portuguese too (zod's built-in pt locale).
z.config(z.locales.pt());

export * from './messages';
export * from './domain';
export * from './auth';
export * from './turmas';
export * from './feedback';
export * from './planos';
export * from './curriculum';
export * from './email';
export * from './events';
export * from './jobs';
export * from './documents';
export * from './http';
export * from './files';
