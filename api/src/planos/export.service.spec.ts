import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { MSG } from '@planejador/contracts';
import type { PlanosRepository } from '@planejador/db';
import { jobIds, QUEUES } from '@planejador/queue';
import { fakeWorkerDocuments, mockOf, refusal } from '../../test/service-fakes';
import { DOCUMENT_TIMEOUT } from '../core/worker-documents';
import { EXPORT_FAILED, ExportService } from './export.service';

const USER = randomUUID();
const PLAN = randomUUID();
const UPDATED_AT = new Date('2026-03-02T12:00:00Z');
const DOCX = Buffer.from('PK\u0003\u0004 a .docx');

beforeAll(() => Logger.overrideLogger(false));

function setup() {
  const planos = mockOf<PlanosRepository>();
  const { documents, exportFiles, producer, job } = fakeWorkerDocuments({ fileName: 'plano.docx', content: DOCX });
  planos.findPlanoExportState.mockResolvedValue({ updatedAt: UPDATED_AT, generationState: 'done' });
  const service = new ExportService(planos, documents);
  return { service, planos, exportFiles, producer, job };
}

describe('ExportService', () => {
  it("has the worker render this version of the plan, streams the user's file once and removes its job", async () => {
    const { service, exportFiles, producer, job } = setup();
    expect(await service.export(USER, PLAN)).toEqual({ fileName: 'plano.docx', content: DOCX });
    const jobId = jobIds.exportPlan(PLAN, UPDATED_AT);
    expect(producer.enqueue).toHaveBeenCalledWith('export-plan', { planId: PLAN, userId: USER }, jobId);
    expect(job.waitUntilFinished).toHaveBeenCalledWith({ name: 'export events' }, 5000);
    expect(exportFiles.takeExportFile).toHaveBeenCalledWith(USER, 'file-1');
    expect(producer.removeJob).toHaveBeenCalledWith(QUEUES.export, jobId);
  });

  it("answers another user's (or a missing) plan with 404 and a plan still generating with 409, queueing nothing", async () => {
    const { service, planos, producer } = setup();
    planos.findPlanoExportState.mockResolvedValueOnce(null);
    expect(await refusal(service.export(USER, PLAN))).toEqual({ status: 404, message: MSG.planoNotFound });
    planos.findPlanoExportState.mockResolvedValueOnce({ updatedAt: UPDATED_AT, generationState: 'running' });
    expect(await refusal(service.export(USER, PLAN))).toEqual({ status: 409, message: MSG.planoGenerating });
    expect(producer.enqueue).not.toHaveBeenCalled();
  });

  it('tries a version whose earlier export failed again (the failed job is removed first)', async () => {
    const { service, producer } = setup();
    producer.jobState.mockResolvedValueOnce({ state: 'failed', failedReason: 'docx render failed' });
    await service.export(USER, PLAN);
    expect(producer.jobState).toHaveBeenCalledWith(QUEUES.export, jobIds.exportPlan(PLAN, UPDATED_AT));
    expect(producer.removeJob.mock.invocationCallOrder[0]).toBeLessThan(producer.enqueue.mock.invocationCallOrder[0]);
    expect(producer.enqueue).toHaveBeenCalledTimes(1);
  });

  it('renders once more when another request took the file, and gives up with 500 when it is gone again', async () => {
    const { service, exportFiles, producer } = setup();
    exportFiles.takeExportFile.mockResolvedValueOnce(null);
    expect(await service.export(USER, PLAN)).toEqual({ fileName: 'plano.docx', content: DOCX });
    expect(producer.enqueue).toHaveBeenCalledTimes(2);

    exportFiles.takeExportFile.mockResolvedValue(null);
    expect(await refusal(service.export(USER, PLAN))).toEqual({ status: 500, message: EXPORT_FAILED });
  });

  it('refuses a file that is not a whole .docx with 500', async () => {
    const { service, exportFiles } = setup();
    exportFiles.takeExportFile.mockResolvedValueOnce({ fileName: 'plano.docx', content: DOCX, bytes: DOCX.length + 10 });
    expect(await refusal(service.export(USER, PLAN))).toEqual({ status: 500, message: EXPORT_FAILED });
    exportFiles.takeExportFile.mockResolvedValueOnce({ fileName: 'plano.docx', content: Buffer.from('%PDF-1.7'), bytes: 8 });
    expect(await refusal(service.export(USER, PLAN))).toEqual({ status: 500, message: EXPORT_FAILED });
  });

  it('answers a job past the export time-out with 504 and a failed job with 500, taking no file', async () => {
    const { service, job, exportFiles } = setup();
    job.waitUntilFinished.mockRejectedValueOnce(new Error('Job wait export-plan timed out before finishing, no finish notification arrived after 5000ms'));
    expect(await refusal(service.export(USER, PLAN))).toEqual({ status: 504, message: DOCUMENT_TIMEOUT });
    job.waitUntilFinished.mockRejectedValueOnce(new Error('docx render failed'));
    expect(await refusal(service.export(USER, PLAN))).toEqual({ status: 500, message: EXPORT_FAILED });
    expect(exportFiles.takeExportFile).not.toHaveBeenCalled();
  });
});
