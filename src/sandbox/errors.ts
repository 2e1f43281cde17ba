// masg-errors in production's wording where it is known (docs/service-notes.md).

export class SandboxError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

export const missing = (name: string): SandboxError => new SandboxError(1500, `Required parameter not provided: "${name}"`);

/** 5000 is production's catch-all: the description is the text of the underlying exception. */
export const invalid = (text: string): SandboxError => new SandboxError(5000, text);

export const notFound = (text: string, status = 400): SandboxError => new SandboxError(2000, text, status);

export const otherPublisherAccount = (what: string, id: string): SandboxError =>
  new SandboxError(2001, `${what} ${id} belongs to another account`);

export const otherAdvertiserAccount = (what: string, id: string): SandboxError =>
  new SandboxError(1600, `${what} ${id} belongs to another account`);

export const blankName = (): SandboxError => new SandboxError(2002, 'Name must not be blank');

/** Production crashing while rendering (and the `500` fault). */
export const crash = (): SandboxError => new SandboxError(500, 'Internal Server Error', 500);
