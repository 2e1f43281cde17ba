// V8 lets garbage pile up in the old generation up to a limit far above a sync's working set: a
// 90-day first sync's heap reached 110 MB, 80 MB of it garbage. A full collection every 100,000
// rows keeps it near the live size (~30 MB), for ~30 ms each (about 1 % of the sync's time).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: ((options?: { type: 'major' | 'minor' }) => void) | undefined;

function collector(): NonNullable<typeof gc> {
  if (!gc) {
    // --expose-gc set at run time gives `gc` to contexts created after it.
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as NonNullable<typeof gc>;
  }
  return gc;
}

export function collectGarbage(): void {
  collector()();
}

/** Frees short-lived buffers whose memory lies outside the heap, which the heap's own size never triggers. */
export function collectYoungGarbage(): void {
  collector()({ type: 'minor' });
}
