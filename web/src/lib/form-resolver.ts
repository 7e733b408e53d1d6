import { zodResolver } from '@hookform/resolvers/zod';
import { configureZodMessages } from '@planejador/contracts';

// Loaded only with the pages that have forms (it brings react-hook-form's resolver and zod): the others load no zod.
configureZodMessages();

/** The forms' resolver: the shared schema of libs/contracts, with zod's own messages in Brazilian Portuguese. */
export const formResolver = zodResolver;
