import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { userRoom, type AssessmentProgressEvent, type AssessmentSkillEvent, type LessonProgressEvent, type PlanProgressEvent, type ServerToClientEvents } from '@planejador/contracts';
import type { Settings } from '@planejador/config';
import { REDIS, SETTINGS } from './tokens';

/** Publishes plan progress through Redis to the room of the plan's owner (socket.io Redis adapter). */
@Injectable()
export class ProgressPublisher implements OnApplicationShutdown {
  private readonly logger = new Logger(ProgressPublisher.name);
  private readonly client: Redis;
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(@Inject(REDIS) redis: Redis, @Inject(SETTINGS) settings: Settings) {
    this.client = redis.duplicate({ maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.client.on('error', () => undefined);
    // The emitter does not await its PUBLISH: give it a client whose failures (Redis down) are swallowed
    // here instead of surfacing as unhandled rejections that would stop the process.
    const client = this.client;
    const safeClient = {
      publish: (channel: string, message: string | Buffer) =>
        client.publish(channel, message).catch((err: Error) => {
          this.logger.debug({ err: err.message }, 'progress event not published');
          return 0;
        }),
    };
    this.emitter = new Emitter<ServerToClientEvents>(safeClient, { key: `${settings.QUEUE_PREFIX}:socket.io` });
  }

  /** Progress is a hint (the API state is the truth): a lost event never fails a job. */
  publish(userId: string, event: Omit<PlanProgressEvent, 'at'>): void {
    try {
      this.emitter.to(userRoom(userId)).emit('plan:progress', { ...event, at: new Date().toISOString() });
    } catch (err) {
      this.logger.debug({ err: (err as Error).message }, 'progress event not published');
    }
  }

  /** A lesson's regeneration progress, to the room of the plan's owner (a hint, as for plans). */
  publishLesson(userId: string, event: Omit<LessonProgressEvent, 'at'>): void {
    try {
      this.emitter.to(userRoom(userId)).emit('lesson:progress', { ...event, at: new Date().toISOString() });
    } catch (err) {
      this.logger.debug({ err: (err as Error).message }, 'lesson event not published');
    }
  }

  /** An assessment's progress, to the room of its owner (a hint, as for plans). */
  publishAssessment(userId: string, event: Omit<AssessmentProgressEvent, 'at'>): void {
    try {
      this.emitter.to(userRoom(userId)).emit('assessment:progress', { ...event, at: new Date().toISOString() });
    } catch (err) {
      this.logger.debug({ err: (err as Error).message }, 'assessment event not published');
    }
  }

  /** A skill of an assessment as the AI writes it (streaming), to the room of its owner (a hint, as for lessons). */
  publishAssessmentSkill(userId: string, event: Omit<AssessmentSkillEvent, 'at'>): void {
    try {
      this.emitter.to(userRoom(userId)).emit('assessment:skill', { ...event, at: new Date().toISOString() });
    } catch (err) {
      this.logger.debug({ err: (err as Error).message }, 'assessment skill event not published');
    }
  }

  onApplicationShutdown(): void {
    this.client.disconnect();
  }
}
