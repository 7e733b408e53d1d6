import { renderAssessmentDocx, renderHandinDocx, renderPlanDocx } from '@planejador/documents';
import type { RenderRequest } from './render-protocol';

/** The .docx of one render request: what the render child runs (the worker itself never loads the renderers). */
export function renderDocument(request: RenderRequest): Promise<Buffer> {
  switch (request.kind) {
    case 'plan':
      return renderPlanDocx(request.doc);
    case 'assessment':
      return renderAssessmentDocx(request.doc);
    case 'handin':
      return renderHandinDocx(request.doc);
  }
}
