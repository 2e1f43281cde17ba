// --sandbox: the service in this process, on an ephemeral loopback port, its state kept between
// runs under the config folder.
import { ensurePrivateDir } from '../config/private-dir.js';
import { startSandbox } from '../sandbox/index.js';
import path from 'node:path';

export interface EmbeddedSandbox {
  url: string;
  email: string;
  key: string;
  timezone: string;
  close(): Promise<void>;
}

export async function startEmbeddedSandbox(configDir: string): Promise<EmbeddedSandbox> {
  // The config folder may be created here first, and a later login keeps the key in it: private from the start.
  const folder = path.join(configDir, 'sandbox');
  await ensurePrivateDir(configDir);
  await ensurePrivateDir(folder);
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, dataFile: path.join(folder, 'state.json') });
  return { url: sandbox.url, ...sandbox.demo, close: () => sandbox.close() };
}
