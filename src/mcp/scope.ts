// What one HTTP token may reach: a view of the server's Accounts that offers only the token's
// profiles. list_accounts lists only those, and any other `account` is refused before its Context
// is made, so nothing is ever sent to that account's service. The view shares the server's
// contexts (one client per account for every caller); it only narrows which ones are reachable.
import type { Context } from '../context.js';
import { UsageError } from '../core/errors.js';
import type { AccountInfo, Accounts } from './accounts.js';

export function scopedAccounts(accounts: Accounts, allowed: readonly string[] | '*'): Accounts {
  if (allowed === '*') return accounts;
  const names = [...allowed];
  const refuse = (what: string) =>
    new UsageError(`account: ${what}. This token may use ${names.map((n) => `"${n}"`).join(', ')}.`, {
      field: 'account',
      hint: 'Pass one of them as account, or call list_accounts.',
    });
  const view = Object.create(accounts) as Accounts;
  view.context = async (account: string | undefined): Promise<Context> => {
    const name = account?.trim() || undefined;
    if (name !== undefined) {
      if (!names.includes(name)) throw refuse(`"${name}" is not one of this token's accounts`);
      return accounts.context(name);
    }
    // The server's default account, when the token may use it; else the token's only account.
    const own = await accounts
      .context(undefined)
      .then((c) => c.credentials())
      .then((c) => c.profile)
      .catch(() => undefined);
    if (own !== undefined && names.includes(own)) return accounts.context(undefined);
    if (names.length === 1) return accounts.context(names[0]);
    throw refuse("none given, and the server's default account is not one of this token's");
  };
  view.list = async (): Promise<AccountInfo[]> => {
    const all = await accounts.list();
    const listed = all.filter((a) => names.includes(a.name));
    const hasDefault = listed.some((a) => a.default);
    return listed.map((a) => ({ ...a, default: hasDefault ? a.default : listed.length === 1 }));
  };
  return view;
}
