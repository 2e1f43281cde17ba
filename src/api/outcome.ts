// A create or update (POST) is never sent twice: a second copy could create a duplicate
// publication or undo a newer change. When one fails, the only honest answers are "it was not
// sent" (no connection was ever made) or "its outcome is unknown" — with the command that shows
// what the service actually holds, so the user checks before trying again.
import { InterruptedError, NetworkError } from '../core/errors.js';
import type { ApiRequest } from './types.js';

interface Subject {
  /** "the publication was created", "publication 42 was updated". */
  change: string;
  /** The masg command that shows whether it happened. */
  check: string;
}

function subjectOf(req: ApiRequest): Subject {
  const [resource, action] = req.path.replace(/^\/+/, '').split('/');
  const id = action === undefined ? '' : decodeURIComponent(action);
  if (resource === 'publication') {
    return action === 'create'
      ? { change: 'the publication was created', check: 'masg pub list' }
      : { change: `publication ${id} was updated`, check: 'masg pub list' };
  }
  if (resource === 'adslot') {
    const publication = req.params?.publication;
    return action === 'create'
      ? { change: 'the ad slot was created', check: publication ? `masg slot list --publication ${publication}` : 'masg slot list' }
      : { change: `ad slot ${id} was updated`, check: 'masg slot list' };
  }
  return { change: 'the change was applied', check: 'the matching `masg … list` command' };
}

/** The connection failed before anything could reach the service. */
export function notSent(base: NetworkError): NetworkError {
  return new NetworkError(`${base.message} The request was not sent: nothing was created or changed.`, {
    cause: base.cause,
    hint: base.hint ?? 'Try again once the service is reachable.',
  });
}

/** The request may have reached the service, and no answer says what happened. */
export function unknownOutcome(base: NetworkError, req: ApiRequest): NetworkError {
  const { change, check } = subjectOf(req);
  return new NetworkError(
    `${base.message} Whether ${change} is UNKNOWN: masg never re-sends a create or update, so it was sent exactly once.`,
    { cause: base.cause, status: base.status, hint: `Check with \`${check}\` before running the command again.` },
  );
}

/** 429: the service refused to handle the request, so nothing was applied. */
export function rateLimited(base: NetworkError, retryAfterMs: number | undefined): NetworkError {
  const after = retryAfterMs === undefined ? 'later' : `in ${Math.ceil(retryAfterMs / 1000)} s`;
  return new NetworkError(`${base.message} The request was refused, not applied.`, {
    cause: base.cause,
    status: base.status,
    hint: `Run the command again ${after}; masg does not re-send a create or update by itself.`,
  });
}

/** Ctrl-C while a create or update was on its way: exit 130 all the same, but say what to check. */
export function interruptedOutcome(req: ApiRequest): InterruptedError {
  const { change, check } = subjectOf(req);
  const err = new InterruptedError(`Interrupted. Whether ${change} is UNKNOWN: the request had been sent.`);
  err.hint = `Check with \`${check}\` before running the command again.`;
  return err;
}
