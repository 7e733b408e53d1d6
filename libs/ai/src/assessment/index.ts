import { openAiOptions, type AiSettings } from '../lesson-generator.factory';
import { silentLogger, type AiLogger } from '../types';
import { OfflineAssessmentDrafter } from './offline-assessment';
import { OpenAiAssessmentWriter } from './openai-assessment';
import type { SkillAssessmentWriter } from './types';

export * from './types';
export { OfflineAssessmentDrafter, skillAction } from './offline-assessment';
export { OpenAiAssessmentWriter, parseAssessmentAnswer, buildAssessmentJsonSchema } from './openai-assessment';

/** The OpenAI-compatible writer when a key is set, else the offline drafter (as for lessons). */
export function createAssessmentWriter(settings: AiSettings, logger: AiLogger = silentLogger): SkillAssessmentWriter {
  const apiKey = settings.OPENAI_API_KEY?.trim();
  if (!apiKey) return new OfflineAssessmentDrafter();
  return new OpenAiAssessmentWriter(openAiOptions(settings, apiKey, logger));
}
