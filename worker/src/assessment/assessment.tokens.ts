/** The SkillAssessmentWriter (the AI's, or the offline drafter when no key is set). */
export const ASSESSMENT_WRITER = Symbol('ASSESSMENT_WRITER');
