import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { PublicUser } from '@planejador/contracts';
import { SessionCache } from '../fast-path/session-cache';
import { userFromCache } from '../fast-path/session-store';
import { UsersService } from './users.service';

/**
 * The signed-in user as PostgreSQL has it now, for the routes that show or decide on what may change under a
 * session (credits, role, e-mail confirmation): GET /api/auth/user, the admin checks, the confirmation resend.
 * Other routes take req.user as the session brought it, from the SessionCache, for who is signed in.
 */
@Injectable()
export class SessionUsers {
  constructor(
    private readonly users: UsersService,
    private readonly cache: SessionCache,
  ) {}

  /**
   * req.user read with this request's session, or read again if it came from the cache (and put in req.user).
   * null when signed out, or when the user no longer exists: then its sessions are dropped from every process's
   * cache, so they sign nobody in on their next request.
   */
  async current(req: Request): Promise<PublicUser | null> {
    const user = req.user as PublicUser | undefined;
    if (!req.isAuthenticated?.() || !user) return null;
    if (!userFromCache(req)) return user;
    const fresh = await this.users.findPublicById(user.id);
    if (!fresh) {
      await this.cache.invalidateUser(user.id);
      return null;
    }
    req.user = fresh;
    return fresh;
  }
}
