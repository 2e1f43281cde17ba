// A stand-in for libsecret's secret-tool, first on PATH through the injected env: it speaks the real
// tool's protocol (store with the secret on stdin, lookup, clear), keeps secrets in a JSON file
// keyed by their attributes (FAKE_KEYRING_FILE), and logs every argv (FAKE_KEYRING_LOG), so a test
// can see that a secret never appears on a command line. FAKE_KEYRING_MODE=unreachable|hang fails.
export const FAKE = `#!/usr/bin/env node
// A stand-in for libsecret's secret-tool: store (secret on stdin), lookup, clear.
const fs = require('node:fs');
const [cmd, ...rest] = process.argv.slice(2);
fs.appendFileSync(process.env.FAKE_KEYRING_LOG, JSON.stringify(process.argv.slice(2)) + '\\n');
const mode = process.env.FAKE_KEYRING_MODE || 'ok';
if (mode === 'unreachable') { process.stderr.write('secret-tool: Cannot autolaunch D-Bus without X11 $DISPLAY\\n'); process.exit(1); }
if (mode === 'hang') setInterval(() => {}, 1000);
else {
  const attrs = rest.filter((a) => !a.startsWith('--label=')).join(' ');
  const file = process.env.FAKE_KEYRING_FILE;
  const db = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  if (cmd === 'store') {
    db[attrs] = fs.readFileSync(0, 'utf8');
    fs.writeFileSync(file, JSON.stringify(db));
  } else if (cmd === 'lookup') {
    if (db[attrs] === undefined) process.exit(1);
    process.stdout.write(db[attrs]);
  } else if (cmd === 'clear') {
    delete db[attrs];
    fs.writeFileSync(file, JSON.stringify(db));
  } else process.exit(2);
}
`;
