// Tables under a real pseudo-terminal (util-linux `script`, `stty cols N`): the built binary sees
// a real TTY and its real width, as in a user's terminal, and no line it prints is wider. Data:
// `--sandbox` with a fresh MASG_CONFIG_DIR, after creating publications with long CJK names.
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'bin', 'masg.js');
const LONG_NAME = '日本語の非常に長い出版物の名前：東京ニュース・デイリー・スポーツ・エンターテインメント';
const hasScript = spawnSync('script', ['--version']).status === 0;

let env: Record<string, string>;
let campaign = '';
let adv = '';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** `masg --sandbox ARGS` on a pseudo-terminal `cols` wide; its output with CR LF made LF. */
function onTerminal(cols: number, args: string[]): string {
  const line = `stty cols ${cols} rows 50; ${quote(process.execPath)} ${quote(BIN)} --sandbox ${args.map(quote).join(' ')}`;
  const out = execFileSync('script', ['-qfec', line, '/dev/null'], {
    env,
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return out.replace(/\r\n/g, '\n');
}

function sandbox(args: string[]): string {
  return execFileSync(process.execPath, [BIN, '--sandbox', ...args], { env, encoding: 'utf8' });
}

beforeAll(() => {
  env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tempDir('masg-home-'),
    MASG_CONFIG_DIR: tempDir('masg-pty-'),
    NO_COLOR: '1',
    TERM: 'xterm',
  };
  sandbox([
    'pub',
    'create',
    '--type',
    'MOBILE_SITE',
    '--name',
    LONG_NAME,
    '--description',
    'sidebar,größe banner above the fold',
    '--url',
    'https://example.com/a/very/long/path/that/keeps/going',
    '--transparent',
    'true',
    '--languages',
    'en,de,ja,fr',
    '-o',
    'json',
  ]);
  adv = sandbox(['adv', 'list', '-o', 'tsv', '--no-header']).split('\t')[0]!;
  campaign = sandbox(['campaign', 'list', adv, '-o', 'tsv', '--no-header']).split('\t')[0]!;
});
afterAll(removeTempDirs);

describe.skipIf(!hasScript)('tables on a real pseudo-terminal', () => {
  const commands = () => [
    ['pub', 'list'],
    ['slot', 'list'],
    ['adv', 'list'],
    ['campaign', 'list', adv],
    ['campaign', 'view', campaign],
    ['pub', 'stats', '--level', 'adslot', '--by-country', '--date', 'yesterday'],
    ['campaign', 'stats', campaign, '--interval', 'day', '--from', '-7d', '--to', 'yesterday'],
  ];

  it('at 80 columns no line of any list, view or stats table is wider than 80', () => {
    for (const args of commands()) {
      const out = onTerminal(80, args);
      expect(out, args.join(' ')).toMatch(/^┌/m);
      const widest = Math.max(
        ...out
          .trimEnd()
          .split('\n')
          .map((l) => stringWidth(l)),
      );
      expect(widest, `${args.join(' ')}\n${out}`).toBeLessThanOrEqual(80);
    }
  }, 120_000);

  it('at 40 and 120 columns too; the long CJK name is cut, and whole with --wide', () => {
    for (const cols of [40, 120]) {
      for (const args of [commands()[0]!, commands()[4]!, commands()[6]!]) {
        const out = onTerminal(cols, args);
        const widest = Math.max(
          ...out
            .trimEnd()
            .split('\n')
            .map((l) => stringWidth(l)),
        );
        expect(widest, `${args.join(' ')} at ${cols}\n${out}`).toBeLessThanOrEqual(cols);
      }
    }
    expect(onTerminal(80, ['pub', 'list'])).not.toContain(LONG_NAME);
    expect(onTerminal(80, ['pub', 'list', '--wide'])).toContain(LONG_NAME);
  }, 120_000);
});
