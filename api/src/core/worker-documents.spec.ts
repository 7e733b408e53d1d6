import { HttpException, HttpStatus, Logger, ServiceUnavailableException } from '@nestjs/common';
import { MSG, RENDER_CRASHED_REASON, RENDER_LIMIT_REASON } from '@planejador/contracts';
import { QUEUES } from '@planejador/queue';
import { fakeWorkerDocuments, refusal } from '../../test/service-fakes';
import { DOCUMENT_TIMEOUT, type DocumentRequest } from './worker-documents';

const USER = '00000000-0000-4000-8000-0000000000aa';
const TURMA = '00000000-0000-4000-8000-0000000000bb';
const JOB_ID = `export-trimestre-${TURMA}-2-pdf`;
const PDF = Buffer.from('%PDF-1.7 a hand-in');
const PAYLOAD = { turmaId: TURMA, userId: USER, trimestre: 2, formato: 'pdf' } as const;
const UNAVAILABLE = 'sem LibreOffice';

beforeAll(() => Logger.overrideLogger(false));

/** A PDF hand-in as HandinService asks for it: its own 500 message, and a failure of its own answered 503. */
const request: DocumentRequest = {
  failed: 'Falha ao gerar a entrega.',
  magic: '%PDF',
  onFailure: (reason) => (reason.includes(UNAVAILABLE) ? new ServiceUnavailableException({ message: 'PDF indisponível' }) : null),
  context: { turmaId: TURMA },
};

function setup() {
  const { documents, exportFiles, producer, job, slots, slot } = fakeWorkerDocuments({ fileName: 'entrega.pdf', content: PDF });
  const render = () => documents.render(USER, 'export-trimestre', PAYLOAD, JOB_ID, request);
  return { render, exportFiles, producer, job, slots, slot };
}

describe('WorkerDocuments (the one way the api asks the worker for a document)', () => {
  it("streams the user's file of the kind asked for, once, and removes its job", async () => {
    const { render, exportFiles, producer } = setup();
    expect(await render()).toEqual({ fileName: 'entrega.pdf', content: PDF });
    expect(producer.enqueue).toHaveBeenCalledWith('export-trimestre', PAYLOAD, JOB_ID);
    expect(exportFiles.takeExportFile).toHaveBeenCalledWith(USER, 'file-1');
    expect(producer.removeJob).toHaveBeenCalledWith(QUEUES.export, JOB_ID);
  });

  it('renders again after an earlier job of the same id ended, and joins one still running', async () => {
    const { render, producer } = setup();
    producer.jobState.mockResolvedValueOnce({ state: 'completed' });
    await render();
    expect(producer.removeJob.mock.invocationCallOrder[0]).toBeLessThan(producer.enqueue.mock.invocationCallOrder[0]);

    producer.removeJob.mockClear();
    producer.enqueue.mockClear();
    producer.jobState.mockResolvedValueOnce({ state: 'active' });
    await render();
    // Removed only once its file was taken.
    expect(producer.removeJob).toHaveBeenCalledTimes(1);
    expect(producer.removeJob.mock.invocationCallOrder[0]).toBeGreaterThan(producer.enqueue.mock.invocationCallOrder[0]);
  });

  it("answers a failure the caller names in its own way, any other with the caller's 500 and a time-out with 504", async () => {
    const { render, job, exportFiles } = setup();
    job.waitUntilFinished.mockRejectedValueOnce(new Error(`soffice: ${UNAVAILABLE}`));
    expect(await refusal(render())).toEqual({ status: 503, message: 'PDF indisponível' });
    job.waitUntilFinished.mockRejectedValueOnce(new Error('render failed'));
    expect(await refusal(render())).toEqual({ status: 500, message: request.failed });
    job.waitUntilFinished.mockRejectedValueOnce(new Error('Job wait export-trimestre timed out before finishing'));
    expect(await refusal(render())).toEqual({ status: 504, message: DOCUMENT_TIMEOUT });
    job.waitUntilFinished.mockResolvedValueOnce({});
    expect(await refusal(render())).toEqual({ status: 500, message: request.failed });
    expect(exportFiles.takeExportFile).not.toHaveBeenCalled();
  });

  it('refuses a file of another kind than the one asked for (a .docx for a PDF) with 500', async () => {
    const { render, exportFiles } = setup();
    const docx = Buffer.from('PK\u0003\u0004 a .docx');
    exportFiles.takeExportFile.mockResolvedValueOnce({ fileName: 'entrega.docx', content: docx, bytes: docx.length });
    expect(await refusal(render())).toEqual({ status: 500, message: request.failed });
  });

  it('a render past its cap answers 422 with its Portuguese message (never a 504); a render whose child died, the caller\'s 500', async () => {
    const { render, job } = setup();
    job.waitUntilFinished.mockRejectedValueOnce(new Error(`${RENDER_LIMIT_REASON}: render passed its time limit of 24000 ms`));
    expect(await refusal(render())).toEqual({ status: 422, message: MSG.exportGrandeDemais });
    job.waitUntilFinished.mockRejectedValueOnce(new Error(`${RENDER_LIMIT_REASON}: render passed its memory cap of 1024 MB`));
    expect(await refusal(render())).toEqual({ status: 422, message: MSG.exportGrandeDemais });
    job.waitUntilFinished.mockRejectedValueOnce(new Error(`${RENDER_CRASHED_REASON}: render child ended with SIGKILL before answering`));
    expect(await refusal(render())).toEqual({ status: 500, message: request.failed });
  });

  it("holds the user's export slot until the job ends: at once when it ends in the wait, later when the wait ran out first", async () => {
    const { render, job, slots, slot } = setup();
    await render();
    expect(slots.take).toHaveBeenCalledWith(USER);
    expect(slot.release).toHaveBeenCalledTimes(1);

    // The api stops waiting (504) while the job still runs: the slot stays taken until the job ends.
    slot.release.mockClear();
    let end!: () => void;
    job.waitUntilFinished
      .mockRejectedValueOnce(new Error('Job wait export-trimestre timed out before finishing'))
      .mockReturnValueOnce(new Promise((resolve) => (end = () => resolve({ fileId: 'file-1' }))));
    expect(await refusal(render())).toEqual({ status: 504, message: DOCUMENT_TIMEOUT });
    expect(slot.release).not.toHaveBeenCalled();
    end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(slot.release).toHaveBeenCalledTimes(1);

    // Another export in flight: 429 before anything is queued.
    slots.take.mockRejectedValueOnce(new HttpException({ message: MSG.exportInFlight }, HttpStatus.TOO_MANY_REQUESTS));
    job.waitUntilFinished.mockClear();
    expect(await refusal(render())).toEqual({ status: 429, message: MSG.exportInFlight });
    expect(job.waitUntilFinished).not.toHaveBeenCalled();
  });
});
