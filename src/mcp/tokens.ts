// One-time confirmation tokens of the write tools: random, bound to the exact input of the plan
// they were issued with, used at most once, valid for a few minutes. A token that comes back
// with another input is refused and spent: the caller must ask for a new plan.
import { randomBytes } from 'node:crypto';
import { UsageError } from '../core/errors.js';

export const TOKEN_TTL_MS = 10 * 60_000;

export class ConfirmationTokens {
  private readonly issued = new Map<string, { binding: string; until: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  issue(binding: string): string {
    for (const [token, t] of this.issued) if (t.until <= this.now()) this.issued.delete(token);
    const token = randomBytes(16).toString('hex');
    this.issued.set(token, { binding, until: this.now() + TOKEN_TTL_MS });
    return token;
  }

  /** Spends the token; throws unless it was issued for this very binding and is still valid. */
  redeem(token: string, binding: string): void {
    const found = this.issued.get(token);
    this.issued.delete(token);
    const hint = 'Call the tool again without confirm to get a new plan and token.';
    if (found === undefined || found.until <= this.now())
      throw new UsageError('confirm: this token is unknown, already used or expired.', { field: 'confirm', hint });
    if (found.binding !== binding)
      throw new UsageError('confirm: the input changed since this token was issued; the token is now spent.', { field: 'confirm', hint });
  }
}
