import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Settings } from '@planejador/config';
import { SETTINGS } from '../core/tokens';
import { servedOverHttps } from '../fast-path/session';

export const DEVICE_COOKIE = 'planejador.device';
const DEVICE_MAX_AGE_MS = 365 * 24 * 3600 * 1000;
/** Sent back only to the sign-in: nothing else reads it. */
const DEVICE_COOKIE_PATH = '/api/login';

/**
 * A signed, long-lived cookie that a browser gets when it signs in to an account (`<device id>.<HMAC of the id and
 * the account's e-mail>`): it proves that this browser signed in to that account before, so the per-address login
 * limit does not hold it back (a school or a carrier puts hundreds of people behind one address), and its failed
 * tries are counted per device rather than per address. It grants nothing else: the password is checked as ever.
 */
@Injectable()
export class DeviceCookies {
  /** Its own key: derived from SESSION_SECRET (one per install), else one per process. */
  private readonly key: Buffer;
  private readonly secure: boolean;

  constructor(@Inject(SETTINGS) settings: Settings) {
    this.key = createHmac('sha256', settings.SESSION_SECRET ?? randomBytes(32)).update('planejador device cookie').digest();
    this.secure = servedOverHttps(settings);
  }

  /** The device id of the request's cookie when it was given for `email` (lower-cased), else undefined. */
  recognized(req: Request, email: string): string | undefined {
    const value = readCookie(req.headers.cookie, DEVICE_COOKIE);
    const dot = value?.indexOf('.') ?? -1;
    if (!value || dot < 1) return undefined;
    const device = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64url');
    const expected = this.sign(device, email);
    return given.length === expected.length && timingSafeEqual(given, expected) ? device : undefined;
  }

  /** Gives the browser a device cookie for `email` (a new device id unless it had one for that e-mail). */
  give(req: Request, res: Response, email: string): void {
    // As the session cookie: a Secure cookie is never sent over plain http.
    if (this.secure && !req.secure) return;
    const device = this.recognized(req, email) ?? randomBytes(16).toString('base64url');
    res.cookie(DEVICE_COOKIE, `${device}.${this.sign(device, email).toString('base64url')}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: DEVICE_MAX_AGE_MS,
      path: DEVICE_COOKIE_PATH,
    });
  }

  private sign(device: string, email: string): Buffer {
    return createHmac('sha256', this.key).update(`${device}|${email.toLowerCase()}`).digest();
  }
}

/** The value of the first cookie `name` in a Cookie header (no decoding: the device cookie is base64url). */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
