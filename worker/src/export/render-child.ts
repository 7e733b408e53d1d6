import type { RenderReply, RenderRequest } from './render-protocol';
import { renderDocument } from './render-document';

/**
 * The render child (forked by DocumentRenderer with a heap cap): renders the one document it is sent, answers with
 * its bytes and ends. Nothing here survives the request, so no document can grow the worker that asked for it.
 */
function reply(message: RenderReply): void {
  process.send?.(message, undefined, undefined, () => process.disconnect?.());
}

// The worker gone (or done with us): nothing is left to do.
process.once('disconnect', () => process.exit(0));
process.once('message', (request: RenderRequest) => {
  renderDocument(request).then(
    (content) => reply({ ok: true, content, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }),
    (err: unknown) => reply({ ok: false, error: err instanceof Error ? err.message : String(err) }),
  );
});
