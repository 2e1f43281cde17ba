// `npm run lint`: typescript-eslint's type-aware recommended rules over src/, and the plain
// recommended rules over tests, benchmarks and scripts. Formatting is prettier's job, not this;
// the layer and cycle check is dependency-cruiser's (.dependency-cruiser.cjs).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'completions/', 'coverage/'] },
  js.configs.recommended,
  {
    files: ['src/**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Passing on a caught `unknown` unchanged is right (the pool, a rethrow): wrapping it would
      // change what the caller's instanceof checks see. Creating a non-Error is still refused.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // Size limits a reader can live with: no source file over 300 lines, no function over 80, every
    // line counted (blank lines and comments too: what `wc -l` and an editor show). src/ has no
    // generated code; completion scripts are templates written by hand.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  {
    files: ['test/**/*.ts', '*.ts'],
    extends: [...tseslint.configs.recommended],
  },
  {
    files: ['**/*.ts'],
    rules: {
      // `_name` says "unused on purpose" (a mock's typed parameter); `const { url: _url, ...rest }`
      // drops a field by destructuring.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Benchmarks, scripts and test helpers written in plain JavaScript run on Node.
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
);
