import { z } from 'zod';
import { MATERIA_VALUES } from './domain';

/** One of the subjects of MATERIAS (apart from domain.ts, whose constants the web reads without loading zod). */
export const materiaSchema = z.enum(MATERIA_VALUES);
