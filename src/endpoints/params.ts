// Only the names an endpoint takes, so a stray key in an input object never reaches the wire.

export function pickParams<T extends object>(input: T, names: readonly (keyof T & string)[]): Record<string, string | undefined> {
  const params: Record<string, string | undefined> = {};
  for (const name of names) {
    const value = input[name];
    if (value !== undefined) params[name] = String(value);
  }
  return params;
}

/** IDs are opaque: everything is escaped. */
export function segment(id: string): string {
  return encodeURIComponent(id);
}
