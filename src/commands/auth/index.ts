// The account commands (login, logout, whoami, profiles, switch, notify-url) in help order: what they take,
// declared for help and parsing; each handler is imported when its command runs.
import { Argument } from 'commander';
import type { CommandSpec } from '../../command-kit/define.js';

export const NOTIFY_URL_ACTIONS = ['set', 'remove'] as const;

export const authCommands: CommandSpec[] = [
  {
    name: 'login',
    summary: 'Save credentials for a profile, after checking them with the service',
    configure: (cmd) =>
      cmd
        .option('--email <address>', "the account's e-mail address")
        .option('--key-stdin', 'read the developer key from stdin instead of a hidden prompt')
        .option(
          '--timezone <zone>',
          "the account's time zone (IANA): the service counts its days in it (asked on a terminal; required without one)",
        )
        .option('--no-keyring', 'keep the key in the config file (mode 0600) instead of the system keyring (also MASG_KEYRING=0)'),
    examples: [
      'masg login --base-url http://127.0.0.1:8080 --email demo@sandbox.masg.test --timezone America/New_York --key-stdin --no-keyring <<< demo-developer-key   # the sandbox of `masg sandbox --port 8080`',
      'masg login --profile ci --email "$MASG_EMAIL" --timezone "$MASG_TIMEZONE" --key-stdin <<< "$MASG_DEVELOPER_KEY"',
    ],
    handler: async () => (await import('./login.js')).login,
  },
  {
    name: 'logout',
    summary: 'Remove the saved credentials of a profile',
    examples: ['masg logout', 'masg logout --profile ci'],
    handler: async () => (await import('./logout.js')).logout,
  },
  {
    name: 'whoami',
    summary: 'Show the profile, e-mail, base URL, time zone, where the key comes from (masked), and check them with the service',
    examples: ['masg whoami', 'MASG_PROFILE=ci masg whoami -o json'],
    handler: async () => (await import('./whoami.js')).whoami,
  },
  {
    name: 'profiles',
    summary: 'List the saved profiles: e-mail, base URL, time zone, where the key lives (never the key), which is active',
    examples: ['masg profiles', 'masg profiles -o json'],
    handler: async () => (await import('./profiles.js')).profiles,
  },
  {
    name: 'switch <profile>',
    summary: 'Make a saved profile the active one (used without --profile or MASG_PROFILE)',
    examples: ['masg switch ci', 'masg switch default'],
    handler: async () => (await import('./switch.js')).switchProfile,
  },
  {
    name: 'notify-url',
    summary: "Save (set) or remove the profile's webhook for masg pulse --notify; the URL is read from stdin or a hidden prompt",
    configure: (cmd) => cmd.addArgument(new Argument('<action>', 'set or remove').choices(NOTIFY_URL_ACTIONS)),
    examples: ['masg notify-url set < slack-webhook.txt    # on a terminal, without <: asks at a hidden prompt', 'masg notify-url remove'],
    handler: async () => (await import('./notify-url.js')).notifyUrl,
  },
];
