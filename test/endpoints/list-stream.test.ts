// The streaming list parser against the whole-body one it replaced (entityRecords + pickFields,
// still used for single entities): every production fixture and every tricky value gives the
// same records, however the body is cut into chunks; a broken body is a NetworkError (exit 6).
import { describe, expect, it } from 'vitest';
import { AD_SLOT_RECORD_FIELDS as ADSLOT_FIELDS } from '../../src/schema/adslot.js';
import { ADVERTISER_RECORD_FIELDS as ADVERTISER_FIELDS } from '../../src/schema/advertiser.js';
import { CAMPAIGN_RECORD_FIELDS as CAMPAIGN_FIELDS } from '../../src/schema/campaign.js';
import { entityRecords, pickFields } from '../../src/endpoints/entities.js';
import { entityBatches } from '../../src/endpoints/entity-stream.js';
import { PUBLICATION_RECORD_FIELDS as PUBLICATION_FIELDS } from '../../src/schema/publication.js';
import { NetworkError } from '../../src/core/errors.js';
import { fixture } from '../transport/fixture-server.js';

async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function streamed(bytes: Buffer, tag: string, fields: readonly string[], size: number, contentType = 'text/xml') {
  const out: Array<Record<string, string>> = [];
  for await (const batch of entityBatches(chunked(bytes, size), { tag, fields, contentType })) out.push(...batch);
  return out;
}

const whole = (bytes: Buffer, tag: string, fields: readonly string[], contentType = 'text/xml') =>
  entityRecords(
    { status: 200, contentType, body: new TextDecoder(contentType.includes('8859') ? 'latin1' : 'utf-8').decode(bytes) },
    tag,
  ).map((r) => pickFields(fields, r));

const CASES: Array<[string, string, readonly string[]]> = [
  ['publication-list.xml', 'publication', PUBLICATION_FIELDS],
  ['publication-list-one.xml', 'publication', PUBLICATION_FIELDS],
  ['publication-list-empty.xml', 'publication', PUBLICATION_FIELDS],
  ['adslot-list.xml', 'adslot', ADSLOT_FIELDS],
  ['advertisers-list.xml', 'advertiser', ADVERTISER_FIELDS],
  ['campaigns-list.xml', 'campaign', CAMPAIGN_FIELDS],
  ['campaign-view-bare.xml', 'campaign', CAMPAIGN_FIELDS],
];

describe('the same records as the whole-body parser', () => {
  it.each(CASES)('%s, in chunks of 1, 3, 7, 64 and all bytes', async (file, tag, fields) => {
    const bytes = fixture(file);
    const expected = whole(bytes, tag, fields);
    for (const size of [1, 3, 7, 64, bytes.length]) expect(await streamed(bytes, tag, fields, size)).toEqual(expected);
  });

  it('surrogate pairs, a raw BEL and the empty forms decode exactly (publication-list.xml)', async () => {
    const [first, second] = await streamed(fixture('publication-list.xml'), 'publication', PUBLICATION_FIELDS, 5);
    expect(first!.name).toBe('Café 😀 & Co <beta>');
    expect(first!.description).toBe('');
    expect(second!.description).toBe('Line one\nLine two with a bell \u0007');
  });

  it('tricky values: CRLF in a value (read as LF by both), unknown references, CDATA, nested and repeated fields, unknown fields', async () => {
    const body = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\r\n<masg-response>\r\n<adslot>\r\n' +
        '<id>a</id>\r\n<name>Line one\r\nLine two&nbsp;&#0;&#1114112;&#xD83D;x</name>\r\n<formats><![CDATA[<b>&#233;]]> &amp; &#233;</formats>\r\n' +
        '<tags><x>1</x></tags>\r\n<publication>p1</publication><publication>p2</publication><extra>e</extra>\r\n</adslot>\r\n</masg-response>\r\n',
    );
    const expected = whole(body, 'adslot', ADSLOT_FIELDS);
    expect(expected[0]).toMatchObject({
      name: 'Line one\nLine two&nbsp;&#0;&#1114112;\uFFFDx',
      formats: '<b>&#233; & é',
      tags: '',
      publication: 'p2',
    });
    // `&#0;` is the one difference: the charref pre-pass shared with statistics reads it as NUL.
    const got = await streamed(body, 'adslot', ADSLOT_FIELDS, 4);
    expect(got).toEqual([{ ...expected[0], name: expected[0]!.name.replace('&#0;', '\u0000') }]);
  });

  it('JSON (never asked for, read whole): Latin-1 bytes, numbers kept exactly, an empty list', async () => {
    const json = 'application/json;charset=ISO-8859-1';
    const bytes = fixture('publication-list.json');
    expect(await streamed(bytes, 'publication', PUBLICATION_FIELDS, 10, json)).toEqual(
      whole(bytes, 'publication', PUBLICATION_FIELDS, json),
    );
    expect((await streamed(bytes, 'publication', PUBLICATION_FIELDS, 10, json))[1]!.requests).toBe('9007199254740993');
    expect(await streamed(fixture('publication-list-empty.json'), 'publication', PUBLICATION_FIELDS, 3, json)).toEqual([]);
  });
});

describe('a broken body is a NetworkError (exit 6), never a short list', () => {
  it.each(['truncated.xml', 'malformed.xml'])('%s', async (file) => {
    const err = await streamed(fixture(file), 'publication', PUBLICATION_FIELDS, 16).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).exitCode).toBe(6);
    expect((err as Error).message).toMatch(/list of publications was cut off or malformed/);
  });

  it('a body cut between two entities (well formed so far) is refused too', async () => {
    const text = fixture('publication-list.xml').toString('utf8');
    const cut = Buffer.from(text.slice(0, text.indexOf('<publication>', 100)));
    await expect(streamed(cut, 'publication', PUBLICATION_FIELDS, 64)).rejects.toThrow(NetworkError);
  });

  it('an unexpected root element', async () => {
    await expect(
      streamed(Buffer.from('<other><publication><id>1</id></publication></other>'), 'publication', PUBLICATION_FIELDS, 8),
    ).rejects.toThrow(/unexpected root element <other>/);
  });
});
