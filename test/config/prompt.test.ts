import { describe, expect, it, vi } from 'vitest';
import { createPrompter } from '../../src/prompt.js';
import { ConfigError, InterruptedError } from '../../src/core/errors.js';
import { fakeTty } from './fake-tty.js';

function setup(isTTY = true) {
  const tty = fakeTty();
  const prompter = createPrompter({ stdin: tty.stdin, stderr: tty.stderr, isTTY });
  return { ...tty, prompter };
}

describe('secret', () => {
  it('reads a line in raw mode without echoing it, and restores the mode', async () => {
    const { stdin, prompter, output, rawCalls } = setup();
    const answer = prompter.secret('Developer key', { instead: 'pipe it to --key-stdin' });
    stdin.write('s3cret-KEY\r');
    await expect(answer).resolves.toBe('s3cret-KEY');
    expect(output()).toBe('Developer key: \n');
    expect(output()).not.toContain('s3cret');
    expect(rawCalls).toEqual([true, false]);
  });

  it('handles backspace (DEL and ^H), including a whole emoji, and Ctrl-U', async () => {
    const { stdin, prompter } = setup();
    const answer = prompter.secret('Key', { instead: 'x' });
    stdin.write('abX\x7fc');
    stdin.write('d😀\x7f');
    stdin.write('ZZ\b\b');
    stdin.write('\r');
    await expect(answer).resolves.toBe('abcd');

    const second = prompter.secret('Key', { instead: 'x' });
    stdin.write('wrong\x15right\r');
    await expect(second).resolves.toBe('right');
  });

  it('Ctrl-C rejects with InterruptedError and leaves raw mode', async () => {
    const { stdin, prompter, rawCalls } = setup();
    const answer = prompter.secret('Key', { instead: 'x' });
    stdin.write('abc\x03');
    await expect(answer).rejects.toBeInstanceOf(InterruptedError);
    expect(rawCalls.at(-1)).toBe(false);
    expect(stdin.listenerCount('keypress')).toBe(0);
  });

  it('ignores arrow keys and other escape sequences', async () => {
    const { stdin, prompter } = setup();
    const answer = prompter.secret('Key', { instead: 'x' });
    stdin.write('a\x1b[Db\x1b[A\r');
    await expect(answer).resolves.toBe('ab');
  });

  it('refuses a terminal without raw mode rather than echoing the key', async () => {
    const { stdin, stderr } = fakeTty();
    const plain = Object.assign(stdin, { setRawMode: undefined });
    const p = createPrompter({ stdin: plain, stderr, isTTY: true });
    await expect(p.secret('Key', { instead: 'use --key-stdin' })).rejects.toThrow(/use --key-stdin/);
  });
});

describe('text and confirm', () => {
  it('text returns the trimmed answer, or the default on an empty line', async () => {
    const { stdin, prompter, output } = setup();
    const a = prompter.text('E-mail', { instead: 'pass --email' });
    stdin.write('  me@example.com \r');
    await expect(a).resolves.toBe('me@example.com');
    expect(output()).toContain('E-mail: ');

    const b = prompter.text('Base URL', { default: 'https://api.example', instead: 'pass --base-url' });
    stdin.write('\r');
    await expect(b).resolves.toBe('https://api.example');
    expect(output()).toContain('Base URL [https://api.example]: ');
  });

  it('text: Ctrl-C rejects with InterruptedError', async () => {
    const { stdin, prompter } = setup();
    const a = prompter.text('E-mail', { instead: 'pass --email' });
    stdin.write('me@\x03');
    await expect(a).rejects.toBeInstanceOf(InterruptedError);
  });

  it('confirm: default no, y/yes/n, asks again on anything else', async () => {
    const { stdin, prompter, output } = setup();
    const a = prompter.confirm('Stop it?', { instead: 'pass --yes' });
    stdin.write('\r');
    await expect(a).resolves.toBe(false);
    expect(output()).toContain('Stop it? [y/N] ');

    const b = prompter.confirm('Stop it?', { instead: 'pass --yes' });
    stdin.write('maybe\r');
    // The second answer once the first has been refused, as a user reads the message first.
    await vi.waitFor(() => expect(output()).toContain('Please answer y or n.'), { timeout: 20_000, interval: 5 });
    stdin.write('YES\r');
    await expect(b).resolves.toBe(true);
    expect(output()).toContain('Please answer y or n.');
  });
});

describe('not interactive', () => {
  it('never reads: every prompt throws ConfigError naming the alternative', async () => {
    const { prompter, stdin } = setup(false);
    expect(prompter.interactive).toBe(false);
    await expect(prompter.text('E-mail', { instead: 'pass --email <address>' })).rejects.toThrow(
      new ConfigError('Cannot prompt for "E-mail" (not a terminal): pass --email <address>.'),
    );
    await expect(prompter.secret('Key', { instead: 'use --key-stdin' })).rejects.toBeInstanceOf(ConfigError);
    await expect(prompter.confirm('Sure?', { instead: 'pass --yes' })).rejects.toThrow(/pass --yes/);
    expect(stdin.listenerCount('data')).toBe(0);
  });
});
