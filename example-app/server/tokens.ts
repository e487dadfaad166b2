import { randomBytes } from 'node:crypto';

interface Session {
  userId: number;
  expiresAt: number;
}

/** What a token is worth right now. */
export type TokenCheck = { status: 'valid'; userId: number } | { status: 'unknown' } | { status: 'expired' };

/** Access tokens in memory: issued at login, dropped at logout, expired by the injected clock. */
export class Tokens {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {}

  /** A new token for this user, valid for the TTL from now. */
  issue(userId: number): { token: string; expiresAt: number } {
    const token = randomBytes(24).toString('hex');
    const expiresAt = this.now() + this.ttlMs;
    this.sessions.set(token, { userId, expiresAt });
    return { token, expiresAt };
  }

  /** Whether the token is valid, unknown or older than the TTL. */
  check(token: string | undefined): TokenCheck {
    const session = token === undefined ? undefined : this.sessions.get(token);
    if (!session) return { status: 'unknown' };
    if (this.now() > session.expiresAt) return { status: 'expired' };
    return { status: 'valid', userId: session.userId };
  }

  /** Forgets a token: it answers 'unknown' from now on. */
  revoke(token: string): void {
    this.sessions.delete(token);
  }

  /** Makes every issued token answer 'expired'. */
  expireAll(): void {
    const past = this.now() - 1;
    for (const session of this.sessions.values()) session.expiresAt = Math.min(session.expiresAt, past);
  }

  clear(): void {
    this.sessions.clear();
  }
}
