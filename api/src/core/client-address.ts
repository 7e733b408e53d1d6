import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * The key a rate limit counts a client by: its IPv4 address, or the /64 of an IPv6 address (one host usually
 * holds a whole /64, so counting single IPv6 addresses would let it rotate through them). req.ip already
 * honours TRUST_PROXY ('trust proxy' is set at start).
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip)) return ip;
  const address = ip.split('%')[0];
  if (!isIPv6(address)) return 'unknown';
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

export const requestClientKey = (req: Request) => clientKey(req.ip);

/**
 * The key of an account's requests from one client (login failures, reset requests): a stranger's tries at an
 * e-mail count apart from its owner's, who signs in or asks for a link from elsewhere.
 */
export const emailClientKey = (email: string, client: string) => `${email}|${client}`;

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // An embedded IPv4 tail (::ffff:1.2.3.4 is handled above; this covers forms like 64:ff9b::1.2.3.4).
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => parseInt(g || '0', 16).toString(16));
}
