// The floor for list benchmarks (bench/lists.js): the least a streaming client can do. GET the
// list with undici, parse it with saxes as it arrives, write one CSV line per entity (the same
// columns, order and RFC 4180 quoting as `masg … list -o csv`) to stdout, waiting for 'drain'.
// No character-reference pre-pass, no types, no checks: what masg does on top is what is measured.
//
//   node bench/lib/floor-list.js URL AUTH TAG FIELD,FIELD,…
import { request } from 'undici';
import { SaxesParser } from 'saxes';

const [url, auth, tag, fieldList] = process.argv.slice(2);
const fields = fieldList.split(',');
const index = new Map(fields.map((f, i) => [f, i]));
const quote = (v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

const res = await request(url, { headers: { authorization: auth } });
if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} for ${url}`);

let buf = `${fields.join(',')}\n`;
let values = fields.map(() => '');
let field = -1;
let text = '';
let depth = 0;
const parser = new SaxesParser({ position: false });
parser.on('opentag', (t) => {
  depth++;
  if (t.name === tag) values = fields.map(() => '');
  field = depth === 3 ? (index.get(t.name) ?? -1) : -1;
  text = '';
});
parser.on('text', (t) => {
  if (field >= 0) text += t;
});
parser.on('closetag', (t) => {
  depth--;
  if (field >= 0) values[field] = text;
  field = -1;
  if (t.name === tag) buf += values.map(quote).join(',') + '\n';
});

const write = (s) => (process.stdout.write(s) ? undefined : new Promise((r) => process.stdout.once('drain', r)));
const decoder = new TextDecoder();
for await (const chunk of res.body) {
  parser.write(decoder.decode(chunk, { stream: true }));
  if (buf.length >= 64 * 1024) {
    const out = buf;
    buf = '';
    await write(out);
  }
}
parser.write(decoder.decode());
parser.close();
await write(buf);
