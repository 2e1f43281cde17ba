// Element events of a statistics body to flat records, one per `<statistics>`. Tolerant, because
// spec and production differ: element order is free, unknown elements are skipped, an outer level
// may be missing, money is a bare decimal or a `{currency, amount}` object.

import { errorFromService, NetworkError } from '../core/errors.js';
import {
  byCountry,
  fieldOf,
  isNoDataPlaceholder,
  shapeFields,
  type EntityKind,
  type StatsField,
  type StatsRecord,
  type StatsShape,
} from './stats-shapes.js';

interface Frame {
  kind: EntityKind;
  depth: number;
  id: string | undefined;
  closed: boolean;
}

const ENTITY_KINDS: ReadonlySet<string> = new Set<EntityKind>(['publication', 'adslot', 'campaign']);

// Named stores, not `record[field] = value`: computed keys are megamorphic in V8 and measured
// about 15 % of a 200,000-record parse. `field` is a constant name, so the switch compares pointers.
function setField(record: StatsRecord, field: StatsField | EntityKind, value: string): void {
  switch (field) {
    case 'country':
      record.country = value;
      break;
    case 'requests':
      record.requests = value;
      break;
    case 'impressions':
      record.impressions = value;
      break;
    case 'clicks':
      record.clicks = value;
      break;
    case 'earnings':
      record.earnings = value;
      break;
    case 'currency':
      record.currency = value;
      break;
    case 'conversions':
      record.conversions = value;
      break;
    case 'conversionsPercent':
      record.conversionsPercent = value;
      break;
    case 'ctr':
      record.ctr = value;
      break;
    case 'ecpm':
      record.ecpm = value;
      break;
    case 'costPerConversion':
      record.costPerConversion = value;
      break;
    case 'spend':
      record.spend = value;
      break;
    case 'publication':
      record.publication = value;
      break;
    case 'adslot':
      record.adslot = value;
      break;
    case 'campaign':
      record.campaign = value;
      break;
  }
}

function getField(record: StatsRecord, field: StatsField): string | undefined {
  switch (field) {
    case 'country':
      return record.country;
    case 'requests':
      return record.requests;
    case 'impressions':
      return record.impressions;
    case 'clicks':
      return record.clicks;
    case 'earnings':
      return record.earnings;
    case 'currency':
      return record.currency;
    case 'conversions':
      return record.conversions;
    case 'conversionsPercent':
      return record.conversionsPercent;
    case 'ctr':
      return record.ctr;
    case 'ecpm':
      return record.ecpm;
    case 'costPerConversion':
      return record.costPerConversion;
    case 'spend':
      return record.spend;
  }
}

export function malformed(detail: string, cause?: unknown): NetworkError {
  return new NetworkError(`The statistics response was cut off or malformed (${detail}).`, { cause });
}

export class RecordBuilder {
  private depth = 0;
  private root: 'response' | 'error' | undefined;
  private text = '';
  private readonly frames: Frame[] = [];
  private statsDepth = 0; // depth of the open <statistics>, 0 when outside one
  private record: StatsRecord = {};
  /** Looked up once, used by its `amount`. */
  private field: StatsField | undefined;
  private fieldHasChildren = false;
  /** Records waiting for an entity `<id>` that comes after them, in document order. */
  private readonly pending: { record: StatsRecord; frames: Frame[] }[] = [];
  private readonly error = { code: '', description: '' };
  private readonly fields: readonly StatsField[];
  private readonly dropPlaceholder: boolean;

  constructor(
    shape: StatsShape,
    private readonly emit: (r: StatsRecord) => void,
    private readonly status = 200,
  ) {
    this.fields = shapeFields(shape);
    this.dropPlaceholder = byCountry(shape);
  }

  open(name: string): void {
    const depth = ++this.depth;
    this.text = '';
    if (this.statsDepth !== 0) {
      if (depth === this.statsDepth + 1) {
        this.field = fieldOf(name);
        this.fieldHasChildren = false;
      } else this.fieldHasChildren = true;
    } else if (depth === 1) this.openRoot(name);
    else if (this.root === 'error') return;
    else if (name === 'statistics') {
      this.statsDepth = depth;
      this.record = {};
    } else if (ENTITY_KINDS.has(name)) {
      this.frames.push({ kind: name as EntityKind, depth, id: undefined, closed: false });
    }
  }

  onText(t: string): void {
    this.text += t;
  }

  close(name: string): void {
    const depth = this.depth--;
    if (this.statsDepth !== 0) this.closeInStats(name, depth);
    else if (this.root === 'error') this.closeInError(name, depth);
    else if (name === 'id') {
      const top = this.frames[this.frames.length - 1];
      if (top !== undefined && top.depth === depth - 1) {
        top.id = this.text;
        if (this.pending.length > 0) this.flushPending();
      }
    } else if (ENTITY_KINDS.has(name)) {
      const top = this.frames[this.frames.length - 1];
      if (top !== undefined && top.depth === depth) {
        top.closed = true;
        this.frames.pop();
        if (this.pending.length > 0) this.flushPending();
      }
    }
  }

  private openRoot(name: string): void {
    if (name === 'masg-response') this.root = 'response';
    else if (name === 'masg-error') this.root = 'error';
    else if (ENTITY_KINDS.has(name)) {
      // A bare entity root, as production's `GET /campaign/{id}` sometimes sends.
      this.root = 'response';
      this.frames.push({ kind: name as EntityKind, depth: 1, id: undefined, closed: false });
    } else throw malformed(`unexpected root element <${name}>`);
  }

  private closeInStats(name: string, depth: number): void {
    const record = this.record;
    if (depth === this.statsDepth + 2) {
      // Inside a money object: {currency, amount}.
      const field = this.field;
      if (name === 'amount' && field !== undefined && field !== 'currency') setField(record, field, this.text);
      else if (name === 'currency') record.currency ??= this.text;
    } else if (depth === this.statsDepth + 1) {
      const field = this.fieldHasChildren ? undefined : this.field;
      if (field === 'currency') record.currency ??= this.text;
      else if (field !== undefined) setField(record, field, this.text);
    } else if (depth === this.statsDepth) {
      this.statsDepth = 0;
      this.finishRecord(record);
    }
  }

  private finishRecord(record: StatsRecord): void {
    const frames = this.frames;
    let known = this.pending.length === 0;
    for (let i = 0; known && i < frames.length; i++) known = frames[i].id !== undefined;
    if (known) {
      for (let i = 0; i < frames.length; i++) setField(record, frames[i].kind, frames[i].id!);
      this.deliver(record);
    } else this.pending.push({ record, frames: [...frames] });
  }

  /** Deliver waiting records, in order, as far as their entities' IDs are known (or closed). */
  private flushPending(): void {
    let n = 0;
    for (; n < this.pending.length; n++) {
      const { record, frames } = this.pending[n];
      if (frames.some((f) => f.id === undefined && !f.closed)) break;
      for (const f of frames) setField(record, f.kind, f.id ?? ''); // an entity that never said its ID
      this.deliver(record);
    }
    this.pending.splice(0, n);
  }

  private deliver(record: StatsRecord): void {
    // completeRecord of shapes.ts, with named accesses.
    const fields = this.fields;
    for (let i = 0; i < fields.length; i++) if (getField(record, fields[i]) === undefined) setField(record, fields[i], '');
    if (this.dropPlaceholder && isNoDataPlaceholder(record)) return;
    this.emit(record);
  }

  private closeInError(name: string, depth: number): void {
    if (depth === 2 && (name === 'code' || name === 'description')) this.error[name] = this.text.trim();
    if (depth !== 1) return;
    const code = Number(this.error.code);
    if (this.error.code === '' || !Number.isInteger(code)) throw malformed('a masg-error without a numeric code');
    throw errorFromService(code, this.error.description, this.status);
  }

  /** After the whole body: anything else than one complete service root is an error. */
  finish(): void {
    if (this.root === undefined || this.depth !== 0) throw malformed('the body ended early');
    if (this.pending.length > 0) this.flushPending();
  }
}
