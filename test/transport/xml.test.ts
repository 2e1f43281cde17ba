import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { childrenNamed, decodeXmlText, fieldsOf, parseXml, xmlProblem } from '../../src/transport/xml.js';
import { fixture } from './fixture-server.js';

const doc = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>\n${inner}\n</masg-response>`;

describe('decodeXmlText', () => {
  it('joins a surrogate pair written as two decimal references', () => {
    expect(decodeXmlText('&#55357;&#56832;')).toBe('😀');
    expect(decodeXmlText('a&#55356;&#57144;b')).toBe('a🌸b');
  });
  it('decodes BMP, hex and astral references and the five named entities', () => {
    expect(decodeXmlText('Caf&#233; &#x41;&#128512; &lt;b&gt; &amp; &quot;q&quot; &apos;')).toBe('Café A😀 <b> & "q" \'');
  });
  it('decodes in one pass: &amp;#233; is the text &#233;', () => {
    expect(decodeXmlText('&amp;#233; &amp;amp; &amp;#55357;&#233;')).toBe('&#233; &amp; &#55357;é');
  });
  it('a lone surrogate half becomes U+FFFD; unknown or invalid references stay as written', () => {
    expect(decodeXmlText('x&#55357;y')).toBe('x\uFFFDy');
    expect(decodeXmlText('&#56832;&#55357;')).toBe('\uFFFD\uFFFD');
    expect(decodeXmlText('&nbsp; &#0; &#99999999; & x')).toBe('&nbsp; &#0; &#99999999; & x');
  });
});

describe('parseXml', () => {
  it('fast-xml-parser on its own drops a surrogate pair (why we decode ourselves)', () => {
    const parsed = new XMLParser({ htmlEntities: true, parseTagValue: false }).parse('<a>x&#55357;&#56832;y</a>') as { a: string };
    expect(parsed.a).not.toBe('x😀y');
  });

  it('keeps every value a string, exactly as sent', () => {
    const root = parseXml(
      doc(
        '<publication>\n<id>0012</id>\n<requests>9007199254740993</requests>\n<transparent>true</transparent>\n<amount>-0.00</amount>\n<x>1e3</x>\n<n> padded </n>\n</publication>',
      ),
    );
    expect(fieldsOf(childrenNamed(root, 'publication')[0]!)).toEqual({
      id: '0012',
      requests: '9007199254740993',
      transparent: 'true',
      amount: '-0.00',
      x: '1e3',
      n: ' padded ',
    });
  });

  it('<x/> and <x></x> are both empty', () => {
    const root = parseXml(doc('<advertiser>\n<description/>\n<dailyBudget></dailyBudget>\n</advertiser>'));
    expect(fieldsOf(root.children[0]!)).toEqual({ description: '', dailyBudget: '' });
  });

  it('a one-element list is a list; an empty list is empty', () => {
    expect(childrenNamed(parseXml(fixture('publication-list-one.xml').toString()), 'publication')).toHaveLength(1);
    expect(childrenNamed(parseXml(fixture('publication-list-empty.xml').toString()), 'publication')).toEqual([]);
    expect(childrenNamed(parseXml('<masg-response/>'), 'publication')).toEqual([]);
  });

  it('decodes references in production bodies and keeps control characters', () => {
    const root = parseXml(fixture('publication-list.xml').toString('utf8'));
    const [first, second] = childrenNamed(root, 'publication').map(fieldsOf);
    expect(first!.name).toBe('Café 😀 & Co <beta>');
    expect(first!.url).toBe('http://example.com/café?a=1&b=2');
    expect(second!.description).toBe('Line one\nLine two with a bell \u0007');
  });

  it('CDATA is literal', () => {
    expect(parseXml('<a><![CDATA[&#233; <b>]]></a>').text).toBe('&#233; <b>');
  });

  it('keeps document order and nested elements', () => {
    const root = parseXml(
      doc(
        '<publication>\n<id>p</id>\n<statistics>\n<earnings>\n<currency>USD</currency>\n<amount>1.50</amount>\n</earnings>\n</statistics>\n</publication>',
      ),
    );
    const stats = childrenNamed(root.children[0]!, 'statistics')[0]!;
    expect(fieldsOf(stats.children[0]!)).toEqual({ currency: 'USD', amount: '1.50' });
  });

  it('rejects malformed and truncated bodies', () => {
    expect(() => parseXml(fixture('malformed.xml').toString())).toThrow(/Malformed XML/);
    expect(() => parseXml(fixture('truncated.xml').toString())).toThrow(/Malformed XML/);
    expect(xmlProblem(fixture('truncated.xml').toString())).toBeDefined();
    expect(xmlProblem('<html><body><p>x<br></body></html>')).toBeDefined();
    expect(xmlProblem(fixture('publication-list.xml').toString())).toBeUndefined();
  });
});
