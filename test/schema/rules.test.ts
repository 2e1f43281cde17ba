import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { validateAdSlot } from '../../src/schema/adslot.js';
import { validatePublication } from '../../src/schema/publication.js';
import * as rule from '../../src/schema/rules.js';

const csvLabel = (line: number) => (field: string) => `${field} (line ${line})`;

function usage(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('field rules', () => {
  it('counts characters, not bytes, against the limits', () => {
    expect(rule.text('--name', 'é'.repeat(255), 255)).toHaveLength(255);
    expect(rule.text('--name', '😀'.repeat(255), 255)).toBe('😀'.repeat(255));
    expect(usage(() => rule.text('--name', 'a'.repeat(256), 255)).message).toBe('--name: is 256 characters long; the limit is 255');
    expect(usage(() => rule.text('--name', '   ', 255, { required: true })).message).toContain('must not be empty');
  });

  it.each(['1,000', '1e3', '-5', ' 12', '12 ', '', '1.5', '０１'])('refuses %j as digits', (v) => {
    expect(usage(() => rule.digits('--requests', v)).field).toBe('--requests');
  });
  it('keeps digits exactly, even beyond 2^53', () => {
    expect(rule.digits('--requests', '9007199254740993')).toBe('9007199254740993');
    expect(rule.digits('--requests', '0012')).toBe('0012');
  });

  it.each([
    ['true', 'true'],
    ['TRUE', 'true'],
    ['yes', 'true'],
    ['1', 'true'],
    ['false', 'false'],
    ['No', 'false'],
    ['0', 'false'],
    ['off', 'false'],
  ])('normalises boolean %j to %j', (input, expected) => {
    expect(rule.bool('--transparent', input)).toBe(expected);
  });
  it('refuses a non-boolean', () => {
    expect(usage(() => rule.bool('--transparent', 'maybe')).message).toBe('--transparent: must be true or false, got "maybe"');
  });

  it('normalises language lists and refuses unknown codes', () => {
    expect(rule.languages('--languages', 'EN, es,en')).toBe('en,es');
    expect(rule.languages('--languages', '')).toBe('');
    expect(usage(() => rule.languages('--languages', 'en,xx')).message).toContain('"xx" is not an ISO 639-1');
    expect(usage(() => rule.languages('--languages', 'eng')).message).toContain('"eng"');
    expect(usage(() => rule.languages('--languages', 'en,,es')).message).toContain('item 2');
  });

  it('accepts http(s) URLs only', () => {
    expect(rule.url('--url', 'https://m.example.com/a?b=c')).toBe('https://m.example.com/a?b=c');
    expect(usage(() => rule.url('--url', 'm.example.com')).message).toContain('is not a URL');
    expect(usage(() => rule.url('--url', 'ftp://example.com')).message).toContain('http(s)');
  });

  it('refuses IDs that cannot be a path segment', () => {
    expect(rule.id('<id>', '0012')).toBe('0012');
    for (const bad of ['', 'a b', 'a\nb', 'tab\t']) expect(() => rule.id('<id>', bad)).toThrow(UsageError);
  });

  it('names flags in kebab case and CSV fields by line', () => {
    expect(rule.flagLabel('autoapprove')).toBe('--autoapprove');
    expect(rule.flagLabel('baseUrl')).toBe('--base-url');
    expect(csvLabel(4)('name')).toBe('name (line 4)');
  });
});

describe('publication input', () => {
  const valid = { name: 'Daily News', type: 'mobile_site', description: 'News', transparent: 'no', url: 'https://m.example.com' };

  it('normalises a valid create', () => {
    expect(validatePublication({ ...valid, languages: 'en, ES', autoapprove: 'yes' }, 'create', rule.flagLabel)).toEqual({
      name: 'Daily News',
      type: 'MOBILE_SITE',
      description: 'News',
      transparent: 'false',
      url: 'https://m.example.com',
      languages: 'en,es',
      autoapprove: 'true',
    });
  });

  it.each(['name', 'type', 'description', 'transparent'])('requires %s on create', (field) => {
    const raw: Record<string, string> = { ...valid };
    delete raw[field];
    expect(usage(() => validatePublication(raw, 'create', rule.flagLabel)).message).toBe(`--${field} is required`);
  });

  it('requires a URL for site types only', () => {
    const noUrl: Record<string, string> = { ...valid };
    delete noUrl.url;
    expect(usage(() => validatePublication(noUrl, 'create', rule.flagLabel)).message).toBe(
      '--url is required for a MOBILE_SITE publication',
    );
    expect(validatePublication({ ...noUrl, type: 'ANDROID_APP' }, 'create', rule.flagLabel).type).toBe('ANDROID_APP');
  });

  it('accepts production types the spec does not list, refuses unknown ones', () => {
    expect(validatePublication({ ...valid, type: 'IPAD_APP' }, 'create', rule.flagLabel).type).toBe('IPAD_APP');
    expect(usage(() => validatePublication({ ...valid, type: 'TV_APP' }, 'create', rule.flagLabel)).message).toContain(
      '"TV_APP" is not one of',
    );
  });

  it('refuses status on create and type on update', () => {
    expect(() => validatePublication({ ...valid, status: 'ACTIVE' }, 'create', rule.flagLabel)).toThrow(/cannot be set on create/);
    expect(() => validatePublication({ type: 'OTHER_APP' }, 'update', rule.flagLabel)).toThrow(/changing a publication's type/);
  });

  it('limits description to 4096 characters and names CSV lines', () => {
    const e = usage(() => validatePublication({ description: 'x'.repeat(4097) }, 'update', csvLabel(7)));
    expect(e.message).toBe('description (line 7): is 4097 characters long; the limit is 4096');
  });

  it('takes only the given fields on update and normalises status', () => {
    expect(validatePublication({ status: 'paused' }, 'update', rule.flagLabel)).toEqual({ status: 'PAUSED' });
    expect(() => validatePublication({ status: 'PENDING' }, 'update', rule.flagLabel)).toThrow(
      /"PENDING" is not one of ACTIVE, PAUSED, STOPPED/,
    );
    expect(() => validatePublication({ name: '' }, 'update', rule.flagLabel)).toThrow(/--name: must not be empty/);
  });
});

describe('ad slot input', () => {
  it('normalises "banner, text" instead of letting the service refuse it', () => {
    expect(validateAdSlot({ publication: 'p1', name: 'Top', formats: 'banner, TEXT, banner' }, 'create', rule.flagLabel)).toEqual({
      publication: 'p1',
      name: 'Top',
      formats: 'banner,text',
    });
  });

  it('refuses unknown or empty formats', () => {
    expect(() => validateAdSlot({ publication: 'p', name: 'n', formats: 'banner,video' }, 'create', rule.flagLabel)).toThrow(
      /"video" is not one of banner, text, iab300x250/,
    );
    expect(() => validateAdSlot({ publication: 'p', name: 'n', formats: '' }, 'create', rule.flagLabel)).toThrow(
      /--formats: give at least one/,
    );
  });

  it('limits each tag to 255 characters and allows clearing tags', () => {
    expect(() => validateAdSlot({ tags: `ok,${'t'.repeat(256)}` }, 'update', rule.flagLabel)).toThrow(/--tags: is 256 characters long/);
    expect(validateAdSlot({ tags: '' }, 'update', rule.flagLabel)).toEqual({ tags: '' });
    expect(validateAdSlot({ tags: 'sports, news' }, 'update', rule.flagLabel)).toEqual({ tags: 'sports,news' });
  });

  it.each(['publication', 'name', 'formats'])('requires %s on create', (field) => {
    const raw: Record<string, string> = { publication: 'p', name: 'n', formats: 'text' };
    delete raw[field];
    expect(() => validateAdSlot(raw, 'create', rule.flagLabel)).toThrow(`--${field} is required`);
  });
});
