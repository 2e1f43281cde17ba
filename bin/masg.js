#!/usr/bin/env node
// A shim: everything, including the one place that sets the exit code, lives in the built entry.
import { run } from '../dist/cli.js';

run();
