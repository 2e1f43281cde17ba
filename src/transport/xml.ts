// Service XML into an order-keeping tree of strings. Entities are decoded here: fast-xml-parser
// drops a character written as two surrogate references, which production sends outside the BMP.
import { createRequire } from 'node:module';

export interface XmlElement {
  name: string;
  /** Decoded text content ('' for `<x/>` and `<x></x>`); whitespace between child elements included. */
  text: string;
  children: XmlElement[];
}

const PARSER_OPTIONS = {
  preserveOrder: true, // every element becomes an array entry: a one-element list stays a list
  ignoreAttributes: true, // production writes none
  parseTagValue: false, // "0012" and 9007199254740993 stay exactly as sent
  trimValues: false, // a name with leading or trailing spaces keeps them
  processEntities: false, // decodeXmlText below does it, surrogate pairs included
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata', // kept apart: CDATA text is literal and must not be entity-decoded
};

type Fxp = typeof import('fast-xml-parser');

// Required on first use: a list or a report (read by saxes) never loads fast-xml-parser.
let loaded: { fxp: Fxp; parser: InstanceType<Fxp['XMLParser']> } | undefined;
function fastXmlParser(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const fxp = createRequire(import.meta.url)('fast-xml-parser') as Fxp;
  loaded = { fxp, parser: new fxp.XMLParser(PARSER_OPTIONS) };
  return loaded;
}

export function xmlProblem(body: string): string | undefined {
  const result = fastXmlParser().fxp.XMLValidator.validate(body);
  return result === true ? undefined : `${result.err.msg} (line ${result.err.line})`;
}

export function parseXml(body: string): XmlElement {
  const problem = xmlProblem(body);
  if (problem !== undefined) throw new Error(`Malformed XML: ${problem}`);
  const roots = toElements(fastXmlParser().parser.parse(body) as unknown[]);
  if (roots.length !== 1) throw new Error(`Malformed XML: expected one root element, found ${roots.length}`);
  return roots[0];
}

type OrderedNode = Record<string, unknown>;

function toElements(nodes: unknown[]): XmlElement[] {
  const out: XmlElement[] = [];
  for (const node of nodes as OrderedNode[]) {
    const name = Object.keys(node).find((k) => k !== ':@' && k !== '#text' && k !== '#cdata');
    if (name === undefined) continue;
    const content = (node[name] as OrderedNode[] | undefined) ?? [];
    let text = '';
    for (const part of content) {
      if ('#text' in part) text += decodeXmlText(String(part['#text']));
      else if ('#cdata' in part) text += cdataText(part['#cdata']);
    }
    out.push({ name, text, children: toElements(content) });
  }
  return out;
}

function textOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

function cdataText(value: unknown): string {
  return Array.isArray(value) ? value.map((v: OrderedNode) => textOf(v['#text'])).join('') : String(value);
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const REFERENCE = /&(?:#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6})|(lt|gt|amp|quot|apos));/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** ONE pass, so `&amp;#233;` is not decoded twice; surrogate reference pairs join, a half pair is U+FFFD. */
export function decodeXmlText(raw: string): string {
  if (!raw.includes('&')) return raw;
  const decoded = raw.replace(REFERENCE, (whole, dec?: string, hex?: string, named?: string) => {
    if (named !== undefined) return NAMED[named];
    const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    if (code === 0 || code > 0x10ffff) return whole;
    return code <= 0xffff ? String.fromCharCode(code) : String.fromCodePoint(code);
  });
  return decoded.replace(LONE_SURROGATE, '\uFFFD');
}

export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((child) => child.name === name);
}

/** The leaf children as a record of strings: `<id>1</id><name/>` → { id: '1', name: '' }. */
export function fieldsOf(el: XmlElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const child of el.children) fields[child.name] = child.children.length > 0 ? '' : child.text;
  return fields;
}
