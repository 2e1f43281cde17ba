// A sandbox over a data file edited between two starts: for records the service's own API never
// makes (hostile IDs, IDs chosen to share a prefix). Everything after the edit — the lists over
// HTTP, the XML, the client — is the real path.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import type { SandboxState } from '../../src/sandbox/types.js';

export interface EditedSandbox {
  sandbox: Sandbox;
  close(): Promise<void>;
}

export async function startEditedSandbox(opts: SandboxOptions, edit: (state: SandboxState) => void): Promise<EditedSandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'masg-edited-'));
  const dataFile = join(dir, 'state.json');
  await (await startSandbox({ ...opts, port: 0, dataFile })).close();
  const state = JSON.parse(readFileSync(dataFile, 'utf8')) as SandboxState;
  edit(state);
  writeFileSync(dataFile, JSON.stringify(state));
  const sandbox = await startSandbox({ ...opts, port: 0, dataFile });
  return {
    sandbox,
    close: async () => {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
