// Integer cents, so a range's earnings are exactly the sum of its hours' as printed.

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Rounded half-up to two decimals. */
export function formatRatio(num: number, den: number): string {
  return formatCents(Math.floor((200 * num + den) / (2 * den)));
}
