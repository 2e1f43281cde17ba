// A POST is never sent twice (a duplicate, or a newer change undone). When one fails, the honest
// answers are "not sent" or "outcome unknown", with the command that shows what the service holds.
import { InterruptedError, NetworkError } from '../core/errors.js';
import type { ApiRequest } from './types.js';

interface Subject {
  /** "the publication was created", "publication 42 was updated". */
  change: string;
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

export function notSent(base: NetworkError): NetworkError {
  return new NetworkError(`${base.message} The request was not sent: nothing was created or changed.`, {
    cause: base.cause,
    hint: base.hint ?? 'Try again once the service is reachable.',
  });
}

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

/** Ctrl-C during a POST: exit 130 all the same, but say what to check. */
export function interruptedOutcome(req: ApiRequest): InterruptedError {
  const { change, check } = subjectOf(req);
  const err = new InterruptedError(`Interrupted. Whether ${change} is UNKNOWN: the request had been sent.`);
  err.hint = `Check with \`${check}\` before running the command again.`;
  return err;
}
